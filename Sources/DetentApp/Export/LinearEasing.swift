import Detent

/// The settle spring as a CSS `linear()` easing: its exact step response 1 − x(t)/x0 over the
/// 0.1 % settling time, as points placed where the curve bends, so that a browser interpolating
/// them linearly stays within `tolerance` of the curve everywhere.
///
/// Each point is a progress at a position of the duration (`0.5427 12.345%`). The positions are
/// rounded first (to 0.001 % of the duration) and the curve evaluated there, so a point lies on
/// the curve whatever the rounding; progress values are rounded to 4 decimals. From each point
/// the next is the farthest whose chord stays within `tolerance` of the curve, checked at 64
/// instants between them (a bend narrow enough to hide between those is far below 0.01 %). The
/// duration is whole milliseconds, so the browser's time scale is the sampled one. Evenly spaced
/// points checked on a 1 ms grid had missed 4.5 % between two points 1 ms apart on a 10-ms spring.
struct LinearEasing {
  /// Seconds: the spring's 0.1 % settling time, to the millisecond (at least 1 ms).
  let duration: Double
  /// The points: position as a fraction of the duration (a multiple of `step`) and progress.
  let points: [(position: Double, value: Double)]
  /// The largest gap between the points interpolated linearly and the exact curve.
  let maxError: Double

  /// Positions are multiples of this fraction of the duration (0.001 %).
  static let step = 1e-5
  /// Instants each chord is checked at.
  static let checks = 64

  /// Points for `spring` within `tolerance` of its curve (0.39 %: measured in Chromium the largest
  /// gap is then under 0.4 %, the 0.01 % left for the rounding of values and positions).
  init(_ spring: Spring, tolerance: Double = 0.0039) {
    let duration = max((spring.settlingTime() * 1000).rounded(), 1) / 1000
    let last = Int((1 / Self.step).rounded())
    /// Progress at grid position `i`, as printed (the end is 1: the transition's final value).
    func value(_ i: Int) -> Double {
      i == last ? 1 : (spring.progress(at: duration * Double(i) * Self.step) * 10_000).rounded() / 10_000
    }
    /// The largest gap between the chord from grid position `a` to `b` and the curve.
    func gap(_ a: Int, _ b: Int) -> Double {
      let (va, vb) = (value(a), value(b))
      var worst = 0.0
      for k in 1..<Self.checks {
        let f = Double(k) / Double(Self.checks)
        let t = duration * (Double(a) + f * Double(b - a)) * Self.step
        worst = max(worst, abs(va + f * (vb - va) - spring.progress(at: t)))
      }
      return worst
    }
    var indices = [0]
    var worst = 0.0
    while let a = indices.last, a < last {
      // Double the chord while it fits, then bisect between the last fit and the first misfit
      // (one grid step always fits: 0.001 % of the duration).
      var span = 1
      while a + span * 2 <= last, gap(a, a + span * 2) <= tolerance { span *= 2 }
      var good = a + span
      var bad = a + span * 2
      if bad > last {
        // The doubling ran past the end: the end itself fits, or bisect up to it.
        if gap(a, last) <= tolerance { good = last } else { bad = last }
      }
      while bad - good > 1, good < last {
        let mid = (good + bad) / 2
        if gap(a, mid) <= tolerance { good = mid } else { bad = mid }
      }
      worst = max(worst, gap(a, good))
      indices.append(good)
    }
    self.duration = duration
    points = indices.map { (Double($0) * Self.step, value($0)) }
    maxError = worst
  }

  /// `maxError` in percent, rounded up to 2 decimals (the bound the CSS header states).
  var maxErrorPercent: String { ExportValues.n((maxError * 10_000).rounded(.up) / 100, 2) }

  /// The points as `linear()` arguments, `perRow` a row: "0" and "1" at the ends, "value pos%"
  /// between them.
  func rows(perRow: Int = 8) -> [String] {
    let items = points.enumerated().map { i, p -> String in
      if i == 0 || i == points.count - 1 { return ExportValues.n(p.value, 4) }
      return "\(ExportValues.n(p.value, 4)) \(ExportValues.n(p.position * 100, 3))%"
    }
    return stride(from: 0, to: items.count, by: perRow).map {
      items[$0..<min($0 + perRow, items.count)].joined(separator: ", ")
    }
  }
}
