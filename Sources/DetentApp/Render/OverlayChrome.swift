import Detent

/// The frame HUD and the simulated on-screen keyboard.
struct OverlayChrome {
  let canvas: Canvas
  let text: TextCache

  /// HUD in a strip at the top-left, above the highest default notch (the sheet's drag area stays clear).
  func drawHUD(_ s: SheetSnapshot, stats: FrameStats, fps: Double, width: Double) {
    let w = min(560.0, width - 16)
    guard w > 120 else { return }
    canvas.fillRoundedRect(8, 6, w, 46, radius: 8, Color(hex: 0x000000, alpha: 170))
    let line1 = String(
      format: "%.0f fps  %.2f ms  %@  notch %@%@", fps, stats.meanMilliseconds, s.phase.rawValue,
      s.notch ?? "–",
      s.targetNotch.map { " → \($0)" } ?? "")
    let line2 = String(
      format: "h %.1f px   v %.0f px/s   list %.0f   dim %.2f", s.height, s.velocity, s.listOffset, s.dimAlpha
    )
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

  /// The simulated keyboard across the bottom.
  func drawKeyboard(width: Double, windowHeight: Double) {
    let h = DemoModel.keyboardHeight
    let top = windowHeight - h
    canvas.fillRect(0, top, width, h, Color(hex: 0xD1D4DA))
    let rows = ["QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM"]
    let keyW = min((width - 20) / 10, 64)
    for (r, keys) in rows.enumerated() {
      let rowW = Double(keys.count) * keyW
      var x = (width - rowW) / 2
      let y = top + 10 + Double(r) * 54
      for k in keys {
        canvas.fillRoundedRect(x + 3, y + 1, keyW - 6, 46, radius: 6, Color(hex: 0x8C8F96))
        canvas.fillRoundedRect(x + 3, y, keyW - 6, 46, radius: 6, .white)
        text.drawCentered(canvas, String(k), cx: x + keyW / 2, cy: y + 23, .body, SheetRenderer.primary)
        x += keyW
      }
    }
    let spaceW = min(width * 0.5, 420)
    canvas.fillRoundedRect((width - spaceW) / 2, top + 172, spaceW, 46, radius: 6, .white)
    text.drawCentered(canvas, "space", cx: width / 2, cy: top + 195, .caption, SheetRenderer.secondary)
  }
}
