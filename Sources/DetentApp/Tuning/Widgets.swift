/// Small widgets drawn with the canvas. They only draw: what a press on them does is decided by
/// the model from the same layout (`PanelLayout`).
struct Widgets {
  let canvas: Canvas
  let text: TextCache
  static let label = Color(hex: 0xE8EAED)
  static let dim = Color(hex: 0x9AA0A6)
  static let track = Color(hex: 0x3C4043)
  static let accent = Color(hex: 0x8AB4F8)

  /// A labelled slider showing `value`.
  func slider(_ slider: PanelSlider, value: Double, in r: PanelRect, focused: Bool, dragged: Bool) {
    text.draw(canvas, slider.label, x: r.x, y: r.y, .small, focused ? Self.accent : Self.label)
    let step = slider.step
    let decimals = step >= 1 ? 0 : step >= 0.1 ? 1 : step >= 0.01 ? 2 : 4
    text.drawRight(
      canvas, "\(EventLog.number(value, decimals: decimals))\(slider.unit.isEmpty ? "" : " \(slider.unit)")",
      right: r.x + r.w, y: r.y, .small, Self.label)
    let trackY = r.y + 19
    canvas.fillRoundedRect(r.x, trackY, r.w, 4, radius: 2, Self.track)
    let range = slider.range
    let f =
      (min(max(value, range.lowerBound), range.upperBound) - range.lowerBound)
      / (range.upperBound - range.lowerBound)
    canvas.fillRoundedRect(r.x, trackY, r.w * f, 4, radius: 2, Self.accent)
    canvas.fillCircle(r.x + r.w * f, trackY + 2, 7, dragged ? Self.accent : .white)
  }

  /// Space kept clear on each side of a button's label, px.
  static let labelInset = 6.0

  /// The style that fits `label` in `width` with `labelInset` on each side: the small style,
  /// else one or two points smaller (the least that fits, 9 pt at the smallest).
  func fitting(_ label: String, width: Double) -> TextStyle {
    for size in [11, 10, 9] where text.measure(label, TextStyle(size: size)) <= width - 2 * Self.labelInset {
      return TextStyle(size: size)
    }
    return TextStyle(size: 9)
  }

  /// Words that do not end a shortened label.
  static let connectors: Set<String> = ["at", "of", "every", "the", "a", "to"]

  /// `name` for a button `width` wide: the whole name when it fits at 10 pt or more, else its
  /// first words that do ("Critically damped" → "Critically", "iOS 26 floating" → "iOS 26"),
  /// never ending on a connector ("Scrolls at every notch" → "Scrolls"); at least the first
  /// word. The status line says the whole name when it is pressed.
  func shortLabel(_ name: String, width: Double) -> String {
    let words = name.split(separator: " ").map(String.init)
    guard words.count > 1 else { return name }
    for n in stride(from: words.count, through: 2, by: -1) {
      var kept = Array(words[..<n])
      while kept.count > 1, Self.connectors.contains(kept[kept.count - 1].lowercased()) { kept.removeLast() }
      let label = kept.joined(separator: " ")
      if text.measure(label, TextStyle(size: 10)) <= width - 2 * Self.labelInset { return label }
    }
    return words[0]
  }

  /// One button of a segmented choice.
  func segment(_ label: String, selected: Bool, in r: PanelRect) {
    canvas.fillRoundedRect(r.x + 1, r.y, r.w - 2, r.h, radius: 5, selected ? Self.accent : Self.track)
    text.drawCentered(
      canvas, label, cx: r.x + r.w / 2, cy: r.y + r.h / 2, fitting(label, width: r.w - 2),
      selected ? Color(hex: 0x202124) : Self.label)
  }

  /// A push button.
  func button(_ title: String, in r: PanelRect, prominent: Bool = false) {
    canvas.fillRoundedRect(r.x, r.y, r.w, r.h, radius: 6, prominent ? Self.accent : Self.track)
    text.drawCentered(
      canvas, title, cx: r.x + r.w / 2, cy: r.y + r.h / 2, fitting(title, width: r.w),
      prominent ? Color(hex: 0x202124) : Self.label)
  }

  /// A checkbox at the rectangle's left edge, with a label beside it.
  func checkbox(_ on: Bool, label: String, in r: PanelRect, dimmed: Bool = false) {
    canvas.fillRoundedRect(r.x, r.y, 16, 16, radius: 4, on ? Self.accent : Self.track)
    if on {
      canvas.line(r.x + 4, r.y + 8, r.x + 7, r.y + 11, width: 2, Color(hex: 0x202124))
      canvas.line(r.x + 7, r.y + 11, r.x + 12, r.y + 5, width: 2, Color(hex: 0x202124))
    }
    text.draw(canvas, label, x: r.x + 24, y: r.y + 1, .small, dimmed ? Self.dim : Self.label)
  }
}
