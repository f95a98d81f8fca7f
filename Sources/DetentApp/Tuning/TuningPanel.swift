import Detent

/// Draws the live tuning panel (T) from the model: presets, sliders, choices, the notch list
/// with enable toggles, the curves, replay and save. It only reads; presses on it are the
/// model's (`DemoModel+Panel.swift`), laid out by the same `PanelLayout`.
struct TuningPanel {
  let canvas: Canvas
  let text: TextCache

  /// Draws the panel at `x` (its left edge), `width` × `height`.
  func draw(_ model: DemoModel, x: Double, width: Double, height: Double) {
    let ui = Widgets(canvas: canvas, text: text)
    canvas.fillRect(x, 0, width, height, Color(hex: 0x28292C))
    let state = model.panel
    let sheet = model.stack.root
    for item in PanelLayout.items(model, x: x, width: width) {
      let r = item.rect
      switch item.kind {
      case .title:
        text.draw(canvas, "Tuning", x: r.x, y: r.y, TextStyle(size: 15, bold: true), Widgets.label)
        text.drawRight(
          canvas, "T hide  S save  ←/→ adjust", right: r.x + r.w, y: r.y + 3, .small, Widgets.dim)
      case .status:
        if !state.status.isEmpty {
          text.draw(
            canvas, String(state.status.prefix(58)), x: r.x, y: r.y, .small,
            state.statusIsError ? Color(hex: 0xF28B82) : Color(hex: 0x81C995))
        }
      case .preset(_, let name):
        ui.button(Self.shortName(name), in: r)
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
          spring: sheet.tuning.spring, ghost: model.comparison?.tuning.spring ?? state.ghost,
          compared: model.comparison?.name, reference: model.reference, x: r.x, y: r.y,
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
        ui.segment(name.map(Self.shortName) ?? "off", selected: selected, in: r)
      }
    }
  }

  /// A preset's name short enough for a segment ("Critically damped" → "Critically").
  static func shortName(_ name: String) -> String { String(name.split(separator: " ").first ?? "") }
}
