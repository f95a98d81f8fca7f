import Detent

/// Draws the live tuning panel (T) from the model: presets, sliders, choices, the notch list
/// with enable toggles, the curves, replay and save. It only reads; presses on it are the
/// model's (`DemoModel+Panel.swift`), laid out by the same `PanelLayout`.
struct TuningPanel {
  let canvas: Canvas
  let text: TextCache

  /// Draws the panel in its frame (`model.panelFrame`), its items as the model lays them out.
  func draw(_ model: DemoModel) {
    let frame = model.panelFrame
    let docked = PanelLayout.isDocked(windowWidth: model.windowWidth)
    canvas.fillRect(frame.x, frame.y, frame.w, frame.h, Color(hex: 0x28292C))
    let maxScroll = PanelLayout.maxScroll(model, frame: frame)
    // Items scrolled partly out of the frame are cut at its edges.
    if maxScroll > 0 { canvas.clip((frame.x, frame.y, frame.w, frame.h)) }
    drawItems(model)
    if maxScroll > 0 {
      canvas.clip(nil)
      // The scroll bar: where the frame's view lies in the items' height.
      let total = frame.h + maxScroll
      let length = max(frame.h * frame.h / total, 24)
      // `currentPanelScroll` without laying the panel out a third time.
      let scroll = min(max(model.panel.scroll, 0), maxScroll)
      let y = frame.y + (frame.h - length) * scroll / maxScroll
      canvas.fillRoundedRect(frame.x + frame.w - 5, y + 2, 3, length - 4, radius: 1.5, Widgets.dim)
    }
    if docked {
      // The docked panel's bottom edge over the scene, with a soft shadow below it.
      canvas.fillRect(frame.x, frame.y + frame.h - 1, frame.w, 1, Color(hex: 0x5F6368))
      for i in 0..<6 {
        canvas.fillRect(
          frame.x, frame.y + frame.h + Double(i), frame.w, 1, Color.black.opacity(0.22 * Double(6 - i) / 6))
      }
    }
  }

  private func drawItems(_ model: DemoModel) {
    let ui = Widgets(canvas: canvas, text: text)
    let state = model.panel
    let sheet = model.stack.root
    for item in model.panelItems {
      let r = item.rect
      switch item.kind {
      case .title:
        let title = text.draw(
          canvas, "Tuning", x: r.x, y: r.y, TextStyle(size: 15, bold: true), Widgets.label)
        // The keys' hint where it fits beside the title (not in the narrowest windows).
        let hint = "T hide  S save  ←/→ adjust"
        if title + 12 + text.measure(hint, .small) <= r.w {
          text.drawRight(canvas, hint, right: r.x + r.w, y: r.y + 3, .small, Widgets.dim)
        }
      case .status:
        if !state.status.isEmpty {
          text.draw(
            canvas, String(state.status.prefix(58)), x: r.x, y: r.y, .small,
            state.statusIsError ? Color(hex: 0xF28B82) : Color(hex: 0x81C995))
        }
      case .preset(_, let name):
        ui.button(ui.shortLabel(name, width: r.w), in: r)
      case .slider(let slider, let value):
        ui.slider(
          slider, value: value, in: r, focused: state.focused == slider.id, dragged: state.active == slider.id
        )
      case .segment(let label, let selected, _):
        ui.segment(label, selected: selected, in: r)
      case .caption(let caption):
        text.draw(canvas, caption, x: r.x, y: r.y, .small, Widgets.label)
      case .skipsNotches(let on):
        ui.checkbox(on, label: "projection skips notches", in: r)
      case .reduceMotion(let on):
        ui.checkbox(on, label: "reduce motion", in: r)
      case .dimmingNotch(let isStart, let name, _):
        ui.button(name, in: r)
        if isStart { text.drawCentered(canvas, "to", cx: r.x + r.w + 15, cy: r.y + 12, .small, Widgets.dim) }
      case .notch(let index, let name, let height, let enabled):
        ui.checkbox(enabled, label: "\(index + 1)  \(name)", in: r, dimmed: !enabled)
        text.drawRight(
          canvas, "\(EventLog.number(height, decimals: 1)) px", right: r.x + r.w, y: r.y + 1, .small,
          Widgets.label)
      case .stepResponse:
        Curves(canvas: canvas, text: text).stepResponse(
          spring: sheet.tuning.spring, ghost: model.playback.comparison?.tuning.spring ?? state.ghost,
          compared: model.playback.comparison?.name, reference: model.panel.reference, x: r.x, y: r.y,
          w: r.w, h: r.h)
      case .useReference(let reference):
        ui.button(reference.buttonLabel, in: r)
      case .dimmingCurve:
        Curves(canvas: canvas, text: text).dimming(sheet, x: r.x, y: r.y, w: r.w, h: r.h)
      case .replayButton:
        ui.button(r.w < 170 ? "Replay (R)" : "Replay last release (R)", in: r)
      case .saveButton:
        ui.button("Save (S)", in: r, prominent: true)
      case .springTerms(let terms, let selected):
        ui.segment(terms.label, selected: selected, in: r)
      case .springPreset(let preset, let selected):
        ui.segment(preset.buttonLabel, selected: selected, in: r)
      case .timeScale(let scale, let selected):
        ui.segment(scale == 1 ? "1×" : "\(EventLog.number(scale))×", selected: selected, in: r)
      case .pauseButton(let paused):
        ui.segment(paused ? "▶ P" : "❚❚ P", selected: paused, in: r)
      case .stepButton:
        ui.segment("step N", selected: false, in: r)
      case .copyAs(let format):
        ui.segment(format.label, selected: false, in: r)
      case .compare(let name, let selected):
        ui.segment(name.map { ui.shortLabel($0, width: r.w - 2) } ?? "off", selected: selected, in: r)
      }
    }
  }

}
