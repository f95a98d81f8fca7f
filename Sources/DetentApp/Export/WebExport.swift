import Detent

/// CSS and Framer Motion exports (CSS px = Detent's pixels).
enum WebExport {
  private static func n(_ x: Double, _ d: Int = 3) -> String { ExportValues.n(x, d) }

  /// The spring as CSS: a duration (the 0.1 % settling time) and `linear()` points of its
  /// progress, sampled evenly in time until piecewise-linear interpolation stays within
  /// `maxError` of the exact curve everywhere (checked on a 1 ms grid).
  static func linearEasing(_ spring: Spring, maxError: Double = 0.004) -> (duration: Double, points: [Double])
  {
    let duration = max(spring.settlingTime(), 0.001)
    var count = 16
    while true {
      let points = (0...count).map { i -> Double in
        i == count
          ? 1 : (spring.progress(at: duration * Double(i) / Double(count)) * 10_000).rounded() / 10_000
      }
      if count >= 2000 || linearError(spring, duration: duration, points: points) <= maxError {
        return (duration, points)
      }
      count = count * 3 / 2
    }
  }

  /// The largest gap between the exact progress and `points` interpolated linearly.
  static func linearError(_ spring: Spring, duration: Double, points: [Double]) -> Double {
    let steps = Int((duration * 1000).rounded(.up))
    var worst = 0.0
    for i in 0...steps {
      let t = min(Double(i) / 1000, duration)
      let u = t / duration * Double(points.count - 1)
      let k = min(Int(u), points.count - 2)
      let value = points[k] + (points[k + 1] - points[k]) * (u - Double(k))
      worst = max(worst, abs(value - spring.progress(at: t)))
    }
    return worst
  }

  static func css(_ e: ExportValues) -> String {
    let s = e.spring
    let easing = linearEasing(s)
    let points = easing.points.map { n($0, 4) }
    var rows: [String] = []
    var row: [String] = []
    for p in points {
      row.append(p)
      if row.count == 12 {
        rows.append(row.joined(separator: ", "))
        row = []
      }
    }
    if !row.isEmpty { rows.append(row.joined(separator: ", ")) }
    let notches = e.notches.map { spec -> String in
      let value: String
      if let content = spec.content {
        value = "fit-content; /* \(content.rawValue)-sized */"
      } else if let h = spec.height {
        value = "\(n(h))px;"
      } else {
        value =
          spec.inset == 0
          ? "\(n((spec.fraction ?? 0) * 100))vh;"
          : "calc(\(n((spec.fraction ?? 0) * 100))vh - \(n(spec.inset))px);"
      }
      return "  --detent-notch-\(spec.name): \(value)"
    }
    let dim = e.dimmingNotches
    return """
      /* Detent export for CSS. The settle spring (response \(n(s.response)) s, damping ratio \(n(s.dampingRatio)))
         sampled exactly as linear() over its 0.1 % settling time, within 0.5 % of the curve.
         A CSS transition starts from rest: the release velocity is not carried over. */
      :root {
      \(notches.joined(separator: "\n"))
        --detent-settle-duration: \(n(easing.duration * 1000, 0))ms;
        --detent-settle-easing: linear(
          \(rows.joined(separator: ",\n    "))
        );
        --detent-dim-max: \(n(e.tuning.dimming.maxAlpha));  /* × clamp((h − \(dim.start))/(\(dim.end) − \(dim.start)), 0, 1) */
      }
      .sheet {
        transition: height var(--detent-settle-duration) var(--detent-settle-easing);
      }
      /* Release policy (script it on pointerup): \(e.policySummary). */

      """
  }

  static func framer(_ e: ExportValues) -> String {
    let s = e.spring
    let snaps = e.notches.filter(\.enabled).map { spec -> String in
      if let h = spec.height { return "\(n(h))" }
      if spec.content != nil { return "measured\(spec.content == .header ? "Header" : "Content")Height" }
      let inset = spec.inset == 0 ? "" : " - \(n(spec.inset))"
      return "window.innerHeight * \(n(spec.fraction ?? 0))\(inset)"
    }
    let band = e.tuning.rubberBand
    let elastic = band.kind == .none ? "0" : n(min(band.factor, 1))
    return """
      // Detent export for Framer Motion / Motion (React). 1 Detent px = 1 CSS px.
      import { animate } from "motion"

      /** The settle spring: response \(n(s.response)) s, damping ratio \(n(s.dampingRatio)). */
      export const detentSettle = { type: "spring", stiffness: \(e.stiffness), damping: \(e.damping), mass: 1 }

      /** Notch heights (from the bottom), ascending. */
      export const detentNotches = (measuredHeaderHeight = 0, measuredContentHeight = 0) => [\(snaps.joined(separator: ", "))]

      // <motion.div drag="y" dragElastic={\(elastic)} dragMomentum={false}
      //   onDragEnd={(e, info) => animate(height, target(height.get(), -info.velocity.y), { ...detentSettle, velocity: -info.velocity.y })} />
      // Release policy for target(): \(e.policySummary).
      // Dimming: backdrop opacity = \(n(e.tuning.dimming.maxAlpha)) × clamp((h − \(e.dimmingNotches.start))/(\(e.dimmingNotches.end) − \(e.dimmingNotches.start)), 0, 1).

      """
  }
}
