import Detent

/// The panel's graphs: the spring's step response and dim alpha against height.
struct Curves {
  let canvas: Canvas
  let text: TextCache
  /// Each graph's label has its own line of this height above the plot, so no curve or marker
  /// runs under it.
  static let labelLine = 16.0

  /// Height against time for a settle from the lowest to the highest notch, with overshoot and
  /// settle time marked; `ghost` (the previous spring) is drawn faintly behind, or B in
  /// orange with its name while an A/B comparison is on (`compared`); a fitted `reference`
  /// is drawn under them in violet, named at the bottom left.
  func stepResponse(
    spring: Spring, ghost: Spring?, compared: String? = nil, reference: ReferenceCurve? = nil,
    x: Double, y: Double, w: Double, h: Double
  ) {
    canvas.fillRect(x, y, w, h, Color(hex: 0x202124))
    let duration = 1.5
    let lo = -0.05
    let hi = 1.35
    let label = Self.labelLine
    func py(_ v: Double) -> Double { y + h - (v - lo) / (hi - lo) * (h - label) }
    canvas.fillRect(x, py(1), w, 1, Color(hex: 0x5F6368))
    func curve(_ s: Spring, _ color: Color) {
      var points: [(Double, Double)] = []
      for i in 0...120 {
        let t = duration * Double(i) / 120
        points.append(
          (x + w * Double(i) / 120, py(1 - s.state(displacement: 1, velocity: 0, at: t).displacement)))
      }
      canvas.polyline(points, width: 2, color)
    }
    if let reference {
      curve(reference.spring, Color(hex: 0xC58AF9))
      text.drawRight(
        canvas, "reference · \(reference.name)", right: x + w - 4, y: y + h - 16, .small, Color(hex: 0xC58AF9)
      )
    }
    if let ghost, ghost != spring {
      curve(ghost, compared == nil ? Color(hex: 0xFFFFFF, alpha: 60) : Color(hex: 0xE8710A))
      if let compared {
        text.drawRight(
          canvas, "B · \(compared)", right: x + w - 4, y: y + h - (reference == nil ? 16 : 30), .small,
          Color(hex: 0xE8710A))
      }
    }
    curve(spring, Widgets.accent)
    var peak = 0.0
    var peakT = 0.0
    for i in 0...1500 {
      let t = Double(i) / 1000
      let v = 1 - spring.state(displacement: 1, velocity: 0, at: t).displacement
      if v > peak { (peak, peakT) = (v, t) }
    }
    let overshoot = max(peak - 1, 0)
    if overshoot > 0.001 {
      canvas.fillCircle(x + w * peakT / duration, py(peak), 3.5, Color(hex: 0xF28B82))
    }
    // One settling time in the whole panel: to within 0.1 % of the move, as the summary line
    // and the "settling" sliders say.
    let settle = spring.settlingTime()
    if settle <= duration {
      canvas.fillRect(x + w * settle / duration, y + label, 1, h - label, Color(hex: 0x81C995))
    }
    text.draw(
      canvas,
      "step response: overshoot \(EventLog.number(overshoot * 100, decimals: 1)) %, settles \(EventLog.number(settle, decimals: 2)) s",
      x: x + 4, y: y + 1, .small, Widgets.label)
  }

  /// Dim alpha against sheet height, with the current height marked.
  func dimming(_ sheet: OverlaySheet, x: Double, y: Double, w: Double, h: Double) {
    canvas.fillRect(x, y, w, h, Color(hex: 0x202124))
    let top = max(sheet.notches.last?.height ?? 1, 1)
    let range = sheet.dimmingRange
    let maxAlpha = max(sheet.tuning.dimming.maxAlpha, 0.01)
    var points: [(Double, Double)] = []
    for i in 0...80 {
      let height = top * Double(i) / 80
      let a = Dimming.alpha(
        height: height, start: range.start, end: range.end, maxAlpha: sheet.tuning.dimming.maxAlpha)
      points.append((x + w * Double(i) / 80, y + h - 4 - a / maxAlpha * (h - Self.labelLine - 4)))
    }
    canvas.polyline(points, width: 2, Color(hex: 0xFDD663))
    let cx = x + w * min(sheet.height / top, 1)
    canvas.fillRect(cx, y + Self.labelLine, 1, h - Self.labelLine, Color(hex: 0xF28B82))
    text.draw(
      canvas,
      "dim alpha vs height: \(EventLog.number(sheet.dimAlpha, decimals: 2)) at \(Int(sheet.height)) px",
      x: x + 4, y: y + 2,
      .small, Widgets.label)
  }
}
