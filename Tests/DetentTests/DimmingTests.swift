import Detent
import Testing

/// Dimming.swift: the backdrop alpha for a height, as a table and as a sheet moves.
@Suite struct DimmingTests {
  @Test(
    "alpha = maxAlpha · clamp((h − start)/(end − start), 0, 1)",
    arguments: [(0.0, 0.0), (400, 0), (570, 0.2), (740, 0.4), (900, 0.4)])
  func formula(height: Double, alpha: Double) {
    expectClose(Dimming.alpha(height: height, start: 400, end: 740, maxAlpha: 0.4), alpha, 1e-12)
  }

  @Test("alpha is monotonic in height, during drags too")
  func monotonicDuringDrag() throws {
    var sheet = try OverlaySheet(tuning: Tuning(), windowWidth: 400, windowHeight: 800)
    sheet.pointerDown(x: 200, y: 690)
    var last = -1.0
    for y in stride(from: 690.0, through: 0, by: -10) {
      sheet.pointerMove(x: 200, y: y)
      #expect(sheet.dimAlpha >= last)
      last = sheet.dimAlpha
    }
    #expect(last == 0.4)
  }

  /// (height, start, end, maxAlpha, alpha)
  static let dimming: [(Double, Double, Double, Double, Double)] = [
    (399, 400, 740, 0.4, 0), (400, 400, 740, 0.4, 0), (570, 400, 740, 0.4, 0.2), (740, 400, 740, 0.4, 0.4),
    (800, 400, 740, 0.4, 0.4), (655, 400, 740, 1, 0.75),
    // end = start: a step just above start (the ratio is 0/0 there).
    (400, 400, 400, 0.5, 0), (400.5, 400, 400, 0.5, 0.5),
    // end below start: the same formula, the backdrop darkening as the sheet goes down
    // (start the highest notch, 740; end the lowest, 120).
    (740, 740, 120, 0.4, 0), (800, 740, 120, 0.4, 0), (400, 740, 120, 0.4, 0.4 * 340 / 620),
    (120, 740, 120, 0.4, 0.4), (60, 740, 120, 0.4, 0.4), (300, 400, 200, 0.5, 0.25),
  ]

  @Test("dimming: maxAlpha · clamp((h − start)/(end − start), 0, 1)", arguments: dimming)
  func dimmingAlpha(h: Double, start: Double, end: Double, max: Double, alpha: Double) {
    #expect(abs(Dimming.alpha(height: h, start: start, end: end, maxAlpha: max) - alpha) < 1e-12)
  }
}
