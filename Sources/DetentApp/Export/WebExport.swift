import Detent

/// CSS and Framer Motion exports (CSS px = Detent's pixels).
enum WebExport {
  private static func n(_ x: Double, _ d: Int = 3) -> String { ExportValues.n(x, d) }

  /// `lines` as CSS comments.
  private static func cssComments(_ lines: [String]) -> String {
    lines.map { "/* \(ExportValues.safe($0)) */" }.joined(separator: "\n")
  }

  static func css(_ e: ExportValues) -> String {
    let s = e.spring
    let easing = LinearEasing(s)
    let rows = easing.rows()
    // Fractions are of the viewport along the sheet's axis: vh for a bottom or top sheet, vw for a drawer.
    let unit = e.tuning.layout.edge.isVertical ? "vh" : "vw"
    let notches = e.notches.map { spec -> String in
      var lines: [String] = []
      if !spec.enabled { lines.append("  /* \(ExportValues.safe(spec.name)): disabled */") }
      let value: String
      if let content = spec.content {
        lines.append(
          "  /* \(ExportValues.safe(spec.name)): fits its \(content.rawValue); Detent's demo measures this */"
        )
        value = "\(n(e.height(spec)))px;"
      } else if let h = spec.height {
        value = "\(n(h))px;"
      } else {
        let share = "\(n((spec.fraction ?? 0) * 100))\(unit)"
        value =
          spec.inset == 0
          ? "\(share);"
          : spec.inset > 0 ? "calc(\(share) - \(n(spec.inset))px);" : "calc(\(share) + \(n(-spec.inset))px);"
      }
      lines.append("  --detent-notch-\(e.identifier(spec, .kebab)): \(value)")
      return lines.joined(separator: "\n")
    }
    let size = e.tuning.layout.edge.isVertical ? "height" : "width"
    return """
      /* Detent export for CSS. The settle spring (response \(n(s.response)) s, damping ratio \(n(s.dampingRatio)))
         as linear() over its 0.1 % settling time: \(easing.points.count) points on the exact curve, placed where it
         bends, within \(easing.maxErrorPercent) % of the curve between them (under 0.4 % measured in Chromium).
         Not exact: a CSS transition starts from rest, so the release velocity is not carried over. */
      :root {
      \(notches.joined(separator: "\n"))
        --detent-settle-duration: \(n(easing.duration * 1000, 0))ms;
        --detent-settle-easing: linear(
          \(rows.joined(separator: ",\n    "))
        );
        /* Backdrop opacity = \(ExportValues.safe(e.dimmingSummary)). */
        --detent-dim-max: \(n(e.tuning.dimming.maxAlpha));
      }
      .sheet {
        transition: \(size) var(--detent-settle-duration) var(--detent-settle-easing);
      }
      /* Script the release on pointerup with Detent's rule: */
      \(cssComments(e.policyRule))

      """
  }

  /// Motion's `dragElastic` for the tuning's rubber band, and why it is not exact.
  static func dragElastic(_ band: RubberBand) -> (value: String, note: [String]) {
    guard band.kind != .none, band.top || band.bottom else {
      return ("0", ["No rubber band: dragElastic 0 clamps at the limits (exact)."])
    }
    let value = n(min(max(band.factor, 0), 1))
    var note: [String]
    switch band.kind {
    case .elastic:
      note = [
        "Not exact: Motion's dragElastic shows pull × e past a limit (linear); Detent's elastic band shows",
        "(1 − 1/(x·\(n(band.factor))/H + 1))·H for a pull x in a window H high, which starts at slope \(n(band.factor))",
        "and never passes H: the two agree only for small pulls.",
      ]
    default:
      note = [
        "Not exact: Motion's dragElastic shows pull × e past a limit (linear); Detent's logarithmic band shows",
        "limit·(1 + \(n(band.factor))·log10(t/limit)) for a raw height t: \(value) only approximates its start.",
      ]
    }
    if band.factor > 1 { note.append("dragElastic is at most 1; the factor \(n(band.factor)) was capped.") }
    if !(band.top && band.bottom) {
      note.append(
        "Detent stretches only the \(band.top ? "top" : "bottom") edge; pass dragElastic as {top, bottom} for that."
      )
    }
    return (value, note)
  }

  /// The spring as Motion's visualDuration/bounce, where Motion can express its damping ratio.
  private static func visual(_ s: Spring) -> String {
    guard let bounce = s.motionBounce else {
      return "// Motion's visualDuration/bounce cannot express damping ratio \(n(s.dampingRatio))"
        + " (only 0.05 to 1): use detentSettle."
    }
    return """
      /** The same spring in Motion's visualDuration/bounce terms (exact: response = 1.2 × visualDuration,
       *  ratio = 1 − bounce). Motion drops the release velocity on these, so settle with detentSettle. */
      export const detentSettleVisual = { type: "spring", visualDuration: \(n(s.visualDuration, 6)), bounce: \(n(bounce, 4)) } as const
      """
  }

  /// The drag axis, the release velocity along it (growing the sheet > 0) and the viewport's
  /// size along it, as Motion's `onDragEnd` usage reads them for the sheet's edge.
  private static func dragUsage(_ edge: SheetEdge) -> (axis: String, velocity: String, size: String) {
    switch edge {
    case .bottom: ("y", "-info.velocity.y", "window.innerHeight")
    case .top: ("y", "info.velocity.y", "window.innerHeight")
    case .left: ("x", "info.velocity.x", "window.innerWidth")
    case .right: ("x", "-info.velocity.x", "window.innerWidth")
    }
  }

  static func framer(_ e: ExportValues) -> String {
    let s = e.spring
    let vp = ScriptPolicy.viewport(e)
    let usage = dragUsage(e.tuning.layout.edge)
    let elastic = dragElastic(e.tuning.rubberBand)
    return """
      // Detent export for Motion (Framer Motion) in React, TypeScript. 1 Detent px = 1 CSS px.
      import { animate } from "motion"

      /** The settle spring: response \(n(s.response)) s, damping ratio \(n(s.dampingRatio)) (exact: unit mass). */
      export const detentSettle = { type: "spring", stiffness: \(e.stiffness), damping: \(e.damping), mass: 1 } as const

      \(visual(s))

      \(ScriptPolicy.notches(e))

      \(ScriptPolicy.target(e))

      \(ScriptPolicy.dimming(e))

      \(AppleExport.comments(elastic.note))
      export const detentDragElastic = \(elastic.value)

      /** Settles `height` (a motion value's setter) to Detent's target, carrying the release velocity. */
      export function detentSettleTo(from: number, velocity: number, \(vp): number, set: (h: number) => void) {
        const target = detentTarget(from, velocity, detentNotches(\(vp)))
        return animate(from, target, { ...detentSettle, velocity, onUpdate: set })
      }

      // Usage: <motion.div drag="\(usage.axis)" dragElastic={detentDragElastic} dragMomentum={false}
      //   onDragEnd={(e, info) => detentSettleTo(height.get(), \(usage.velocity), \(usage.size), (h) => height.set(h))} />
      \(ScriptPolicy.comments(e))

      """
  }
}
