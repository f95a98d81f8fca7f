import Detent

/// The frame HUD, the toast and the simulated on-screen keyboard.
struct OverlayChrome {
  let canvas: Canvas
  let text: TextCache

  /// HUD in a strip at the top-left, above the highest default notch (the sheet's drag area stays clear).
  /// A/B: the ghost sheet playing B's release: its outline with its name, and a light fill
  /// where it stands above the real sheet (whose top is `aTop`).
  func drawGhost(x: Double, top: Double, width: Double, bottom: Double, aTop: Double, label: String) {
    guard bottom > top + 4 else { return }
    let edge = Color(hex: 0xE8710A)
    if aTop > top { canvas.fillRect(x, top, width, min(aTop, bottom) - top, Color(hex: 0xE8710A, alpha: 40)) }
    canvas.fillRect(x, top, width, 3, edge)
    canvas.fillRect(x, top, 2, bottom - top, edge)
    canvas.fillRect(x + width - 2, top, 2, bottom - top, edge)
    let w = 12 + 7 * Double(label.count)
    canvas.fillRoundedRect(x + width - w - 8, top + 6, w, 20, radius: 10, edge)
    text.drawCentered(canvas, label, cx: x + width - 8 - w / 2, cy: top + 16, .small, .white)
  }

  /// The keyboard focus ring: a 2-px blue outline 3 px outside the focused control.
  func drawFocusRing(_ f: (x: Double, y: Double, w: Double, h: Double)) {
    let ring = Color(hex: 0x1A73E8)
    let (x, y, w, h) = (f.x - 3, f.y - 3, f.w + 6, f.h + 6)
    canvas.fillRect(x, y, w, 2, ring)
    canvas.fillRect(x, y + h - 2, w, 2, ring)
    canvas.fillRect(x, y + 2, 2, h - 4, ring)
    canvas.fillRect(x + w - 2, y + 2, 2, h - 4, ring)
  }

  /// Slow motion or a pause, shown top right of the scene whether or not the HUD is on; `top`
  /// is the scene's first row free of the panel (below a docked panel).
  func drawTimeBadge(_ label: String, sceneWidth: Double, top: Double = 0) {
    guard !label.isEmpty else { return }
    let w = 110.0
    canvas.fillRoundedRect(sceneWidth - w - 10, top + 10, w, 26, radius: 13, Color(hex: 0x000000, alpha: 170))
    text.drawCentered(canvas, label, cx: sceneWidth - 10 - w / 2, cy: top + 23, .small, .white)
  }

  func drawHUD(
    _ s: SheetSnapshot, stats: FrameStats, fps: Double, renderer: String = "", time: String = "",
    width: Double
  ) {
    let w = min(560.0, width - 16)
    guard w > 120 else { return }
    canvas.fillRoundedRect(8, 6, w, 46, radius: 8, Color(hex: 0x000000, alpha: 170))
    let line1 = String(
      format: "%@ %.0f Hz  draw+present %.2f ms  %@  notch %@%@", renderer.isEmpty ? "" : renderer, fps,
      stats.meanMilliseconds, s.phase.rawValue,
      s.notch ?? "–",
      s.targetNotch.map { " → \($0)" } ?? "")
    let line2 =
      String(
        format: "h %.1f px   v %.0f px/s   list %.0f   dim %.2f", s.height, s.velocity, s.listOffset,
        s.dimAlpha)
      + (time.isEmpty ? "" : "   time \(time)")
    text.draw(canvas, line1, x: 16, y: 10, .small, .white)
    text.draw(canvas, line2, x: 16, y: 28, .small, Color(hex: 0xD0D0D0))
    // Frame-time graph: the last 120 frames, 16.7 ms at the top line.
    let gx = 8 + w - 128
    let graphW = 120.0
    canvas.fillRect(gx, 10, graphW, 38, Color(hex: 0xFFFFFF, alpha: 25))
    canvas.fillRect(gx, 10, graphW, 1, Color(hex: 0xFF6B6B, alpha: 160))
    for i in 0..<min(stats.filled, 120) {
      let ms = stats.recent(i) * 1000
      let h = min(ms / 16.7, 1) * 38
      canvas.fillRect(
        gx + graphW - Double(i) - 1, 48 - h, 1, h, ms > 16.7 ? Color(hex: 0xFF6B6B) : Color(hex: 0x7CD992))
    }
  }

  /// The simulated keyboard across the bottom, `shown` px of it visible (it slides in and out).
  func drawKeyboard(width: Double, windowHeight: Double, shown: Double, height h: Double) {
    guard shown > 0 else { return }
    let slide = h - shown
    let top = windowHeight - shown
    canvas.fillRect(0, top.rounded(), width, shown.rounded(.up), Color(hex: 0xD1D4DA))
    for key in KeyboardLayout.keys(width: width, windowHeight: windowHeight, height: h) {
      canvas.fillRoundedRect(key.x, key.y + slide + 1, key.w, key.h, radius: 6, Color(hex: 0x8C8F96))
      canvas.fillRoundedRect(key.x, key.y + slide, key.w, key.h, radius: 6, .white)
      let style: TextStyle = key.label.count > 1 ? .caption : .body
      let color = key.label.count > 1 ? SheetRenderer.secondary : SheetRenderer.primary
      text.drawCentered(canvas, key.label, cx: key.x + key.w / 2, cy: key.y + slide + key.h / 2, style, color)
    }
  }

  /// A toast: `message` in a dark rounded box at the top centre of the scene, at opacity `alpha`
  /// (it fades in and out), below the HUD's strip.
  func drawToast(_ message: String, alpha: Double, width: Double, top: Double = 0) {
    guard alpha > 0, let t = text.texture(message, .body, .white) else { return }
    let w = min(t.width + 40, width - 16)
    let x = ((width - w) / 2).rounded()
    let y = top + 60
    canvas.fillRoundedRect(x, y, w, 44, radius: 22, Color(hex: 0x1C1C1E).opacity(0.88 * alpha))
    canvas.draw(
      t.texture, x: (x + (w - t.width) / 2).rounded(), y: (y + (44 - t.height) / 2).rounded(), w: t.width,
      h: t.height, alpha: UInt8((255 * alpha).rounded()))
  }
}

extension OverlayChrome {
  /// The Keep / Discard dialog over a scene `width`×`height`: a veil, a white box, the
  /// question, and the two buttons with a ring on the focused one.
  func drawDismissDialog(_ dialog: DismissDialog, width: Double, height: Double, top: Double = 0) {
    canvas.fillRect(0, 0, width.rounded(), height.rounded(), Color(hex: 0x000000, alpha: 90))
    let box = DismissDialog.box(width: width, height: height, top: top)
    canvas.fillRoundedRect(box.x, box.y, box.w, box.h, radius: 14, Color(hex: 0xFFFFFF))
    text.drawCentered(
      canvas, dialog.sheet > 0 ? "Close this place?" : "Hide the sheet?", cx: box.x + box.w / 2,
      cy: box.y + 24,
      .bodyBold, Color(hex: 0x1C1C1E))
    text.drawCentered(
      canvas, "Escape keeps it · D discards", cx: box.x + box.w / 2, cy: box.y + 50, .caption,
      Color(hex: 0x6E6E73))
    for button in [DismissDialog.Button.keep, .discard] {
      let f = DismissDialog.frame(button, width: width, height: height, top: top)
      let discard = button == .discard
      canvas.fillRoundedRect(
        f.x, f.y, f.w, f.h, radius: 10, discard ? Color(hex: 0xFDECEA) : Color(hex: 0x1A73E8))
      text.drawCentered(
        canvas, discard ? "Discard" : "Keep", cx: f.x + f.w / 2, cy: f.y + f.h / 2, .bodyBold,
        discard ? Color(hex: 0xD93025) : .white)
      if dialog.focused == button { drawFocusRing(f) }
    }
  }
}
