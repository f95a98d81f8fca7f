/// Pointer state for immediate-mode widgets, fed by the model's panel routing.
struct WidgetInput {
  var x = 0.0
  var y = 0.0
  var down = false
  /// Pressed during this frame.
  var pressed = false
  /// Id of the slider being dragged.
  var active: String?
}

/// Small immediate-mode widgets drawn with the canvas: each call draws and reports interaction.
struct Widgets {
  let canvas: Canvas
  let text: TextCache
  static let label = Color(hex: 0xE8EAED)
  static let dim = Color(hex: 0x9AA0A6)
  static let track = Color(hex: 0x3C4043)
  static let accent = Color(hex: 0x8AB4F8)

  static func inside(_ input: WidgetInput, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Bool {
    input.x >= x && input.x < x + w && input.y >= y && input.y < y + h
  }

  /// A labelled slider; returns the new value while dragged (snapped to `step`).
  func slider(
    id: String, label: String, value: Double, range: ClosedRange<Double>, step: Double, unit: String,
    x: Double, y: Double,
    w: Double, focused: Bool, input: inout WidgetInput
  ) -> Double? {
    text.draw(canvas, label, x: x, y: y, .small, focused ? Self.accent : Self.label)
    let decimals = step >= 1 ? 0 : step >= 0.1 ? 1 : step >= 0.01 ? 2 : 4
    text.drawRight(
      canvas, "\(EventLog.number(value, decimals: decimals))\(unit.isEmpty ? "" : " \(unit)")", right: x + w,
      y: y, .small, Self.label)
    let trackY = y + 19
    canvas.fillRoundedRect(x, trackY, w, 4, radius: 2, Self.track)
    let f =
      (min(max(value, range.lowerBound), range.upperBound) - range.lowerBound)
      / (range.upperBound - range.lowerBound)
    canvas.fillRoundedRect(x, trackY, w * f, 4, radius: 2, Self.accent)
    canvas.fillCircle(x + w * f, trackY + 2, 7, input.active == id ? Self.accent : .white)
    if input.pressed, Self.inside(input, x - 6, y, w + 12, 30) { input.active = id }
    guard input.active == id, input.down else { return nil }
    let t = min(max((input.x - x) / w, 0), 1)
    let raw = range.lowerBound + t * (range.upperBound - range.lowerBound)
    let snapped = (raw / step).rounded() * step
    return min(max(snapped, range.lowerBound), range.upperBound)
  }

  /// A row of mutually exclusive buttons; returns the clicked index.
  func segmented(_ options: [String], selected: Int, x: Double, y: Double, w: Double, input: WidgetInput)
    -> Int?
  {
    let bw = w / Double(options.count)
    var clicked: Int?
    for (i, option) in options.enumerated() {
      let bx = x + Double(i) * bw
      canvas.fillRoundedRect(bx + 1, y, bw - 2, 22, radius: 5, i == selected ? Self.accent : Self.track)
      text.drawCentered(
        canvas, option, cx: bx + bw / 2, cy: y + 11, .small, i == selected ? Color(hex: 0x202124) : Self.label
      )
      if input.pressed, Self.inside(input, bx, y, bw, 22) { clicked = i }
    }
    return clicked
  }

  /// A push button; returns true when clicked.
  func button(_ title: String, x: Double, y: Double, w: Double, input: WidgetInput, prominent: Bool = false)
    -> Bool
  {
    canvas.fillRoundedRect(x, y, w, 24, radius: 6, prominent ? Self.accent : Self.track)
    text.drawCentered(
      canvas, title, cx: x + w / 2, cy: y + 12, .small, prominent ? Color(hex: 0x202124) : Self.label)
    return input.pressed && Self.inside(input, x, y, w, 24)
  }

  /// A checkbox; returns true when clicked.
  func checkbox(_ on: Bool, x: Double, y: Double, input: WidgetInput) -> Bool {
    canvas.fillRoundedRect(x, y, 16, 16, radius: 4, on ? Self.accent : Self.track)
    if on {
      canvas.line(x + 4, y + 8, x + 7, y + 11, width: 2, Color(hex: 0x202124))
      canvas.line(x + 7, y + 11, x + 12, y + 5, width: 2, Color(hex: 0x202124))
    }
    return input.pressed && Self.inside(input, x - 2, y - 2, 20, 20)
  }
}
