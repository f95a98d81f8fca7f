import Detent
import Testing

@testable import DetentApp

/// The CSS export's `linear()` easing: over the spring's whole 0.1 % settling time, and within
/// 0.4 % of the exact curve between its points for every allowed spring (response 0.01–10 s,
/// ratio 0.05–10), short springs included.
@Suite struct ExportCSSEasingTests {
  /// The duration (ms) and the points (position as a fraction of the duration, progress) a CSS
  /// export states.
  static func easing(_ text: String) throws -> (duration: Double, points: [(Double, Double)]) {
    let duration = try #require(text.firstMatch(of: /--detent-settle-duration: ([0-9.]+)ms;/)).1
    let body = try #require(text.firstMatch(of: /--detent-settle-easing: linear\(([^)]*)\)/)).1
    let items = body.split(separator: ",").map { $0.split(whereSeparator: \.isWhitespace) }
    var points: [(Double, Double)] = []
    for (i, item) in items.enumerated() {
      let value = try #require(Double(item[0]))
      let position =
        item.count > 1 ? try #require(Double(item[1].dropLast())) / 100 : i == 0 ? 0 : 1
      points.append((position, value))
    }
    return (try #require(Double(duration)), points)
  }

  @Test(
    "linear() within 0.4 % of the exact step response, read at 20,001 instants, over the settling time",
    arguments: [
      (0.5, 0.7, 818.0), (0.4, 0.85, 557), (0.01, 0.06, 181), (0.011, 1.0, 16), (0.02, 0.08, 272),
      (0.01, 0.85, 13), (1, 0.05, 21_611), (10, 10, 219_409), (0.01, 10, 219), (10, 0.05, 216_112),
    ])
  func withinBound(response: Double, ratio: Double, durationMs: Double) throws {
    var t = Tuning()
    t.spring = Spring(response: response, dampingRatio: ratio)
    let (duration, points) = try Self.easing(ExportFormat.css.render(t))
    #expect(duration == durationMs)
    #expect(points.first! == (0, 0) && points.last! == (1, 1))
    #expect(zip(points, points.dropFirst()).allSatisfy { $0.0 < $1.0 })
    var worst = 0.0
    var k = 0
    let samples = 20_000
    for i in 0...samples {
      let u = Double(i) / Double(samples)
      while k < points.count - 2, points[k + 1].0 <= u { k += 1 }
      let (a, b) = (points[k], points[k + 1])
      let value = a.1 + (b.1 - a.1) * (u - a.0) / (b.0 - a.0)
      worst = max(worst, abs(value - t.spring.progress(at: u * duration / 1000)))
    }
    #expect(worst <= 0.004, "largest gap \(worst)")
  }

  @Test("the header states the points and the bound the easing keeps")
  func header() {
    let lines = ExportTests.lines(ExportFormat.css.render(Tuning()))
    #expect(
      lines.contains(
        "as linear() over its 0.1 % settling time: 13 points on the exact curve, placed where it"))
    #expect(
      lines.contains(
        "bends, within 0.39 % of the curve between them (under 0.4 % measured in Chromium)."))
    #expect(LinearEasing(Tuning().spring).maxError <= 0.0039)
  }
}
