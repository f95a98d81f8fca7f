import Detent

/// TypeScript code for the parts every web export shares: notch heights, the release rule
/// (the engine's `TargetPolicy`, transcribed), and the dimming.
enum ScriptPolicy {
  private static func n(_ x: Double, _ d: Int = 3) -> String { ExportValues.n(x, d) }

  /// The parameter naming the viewport's size along the sheet's axis: `vh` (its height, for a
  /// bottom or top sheet) or `vw` (its width, for a left or right drawer).
  static func viewport(_ e: ExportValues) -> String { e.tuning.layout.edge.isVertical ? "vh" : "vw" }

  /// A TypeScript expression for a notch's height in a viewport `vh` px high (`vw` px wide for
  /// a drawer).
  static func height(_ e: ExportValues, _ spec: NotchSpec) -> String {
    let viewport = viewport(e)
    if spec.content != nil { return "Math.min(\(n(e.height(spec))), \(viewport))" }
    if let h = spec.height { return n(h) }
    let base = "\(viewport) * \(n(spec.fraction ?? 0))"
    return ExportValues.minusInset(base, spec.inset) { n($0) }
  }

  /// `detentNotches(vh)`: the enabled notches' heights, ascending (`vw` for a drawer).
  static func notches(_ e: ExportValues) -> String {
    var lines = ["/** The enabled notches' heights in px, lowest first: \(e.notchSummary). */"]
    for spec in e.notches where spec.content != nil {
      lines.append(
        "// \(ExportValues.safe(spec.name)) fits its \(spec.content!.rawValue): Detent's demo measures \(n(e.height(spec))) px."
      )
    }
    lines.append("export function detentNotches(\(viewport(e)): number): number[] {")
    lines.append("  return [\(e.enabled.map { height(e, $0) }.joined(separator: ", "))]")
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  /// `detentTarget(height, velocity, notches)`: the height a release settles to (`free`: where
  /// the coast stops, inside the range).
  static func target(_ e: ExportValues) -> String {
    let nearest = """
      function detentNearest(p: number, notches: number[], skip = -1): number {
        let best = -1
        for (let i = 0; i < notches.length; i++) {
          if (i !== skip && (best < 0 || Math.abs(p - notches[i]) < Math.abs(p - notches[best]))) best = i
        }
        return best
      }
      """
    let header = [
      "/**",
      " * Detent's release rule (the engine's, transcribed): the height to settle to for a release at",
      " * `height` px with `velocity` px/s (up > 0); `notches` ascending, as detentNotches returns them.",
      " */",
      "export function detentTarget(height: number, velocity: number, notches: number[]): number {",
    ].joined(separator: "\n")
    var body: String
    var helpers = nearest
    switch e.tuning.policy {
    case .nearest:
      body = "  return notches[detentNearest(height, notches)]"
    case .rushingForward(let v, let d):
      body = """
          const p = height + \(n(d)) * velocity
          const first = detentNearest(p, notches)
          const second = detentNearest(p, notches, first)
          if (Math.abs(velocity) <= \(n(v)) || second < 0) return notches[first]
          return notches[velocity > 0 ? Math.max(first, second) : Math.min(first, second)]
        """
    case .projection(let r, let skips):
      let rate = n(min(max(r, 0), 0.999_999), 6)
      if skips {
        body =
          "  return notches[detentNearest(height + (velocity / 1000) * \(rate) / (1 - \(rate)), notches)]"
      } else {
        helpers += "\n\n" + segment
        body = """
            const p = height + (velocity / 1000) * \(rate) / (1 - \(rate))
            const [a, b] = detentSegment(height, velocity, notches)
            return Math.abs(p - notches[a]) <= Math.abs(p - notches[b]) ? notches[a] : notches[b]
          """
      }
    case .free(let r):
      let rate = n(min(max(r, 0), 0.999_999), 6)
      body = """
          const stop = height + (velocity / 1000) * \(rate) / (1 - \(rate))
          return Math.min(Math.max(stop, notches[0]), notches[notches.length - 1])
        """
    }
    return helpers + "\n\n" + header + "\n" + body + "\n}"
  }

  /// The segment between adjacent notches that holds the release height (`TargetPolicy.segment`).
  private static let segment = """
    function detentSegment(h: number, v: number, n: number[]): [number, number] {
      const last = n.length - 1
      if (last < 1) return [0, 0]
      if (h <= n[0]) return [0, 1]
      if (h >= n[last]) return [last - 1, last]
      for (let k = 0; k < last; k++) {
        if (h === n[k + 1] && k + 2 <= last) {
          if (v > 0) return [k + 1, k + 2]
          if (v < 0) return [k, k + 1]
          return [k + 1, k + 1]
        }
        if (h >= n[k] && h < n[k + 1]) return [k, k + 1]
      }
      return [last - 1, last]
    }
    """

  /// `detentBackdropOpacity(height, vh)`: Detent's dimming, exact.
  static func dimming(_ e: ExportValues) -> String {
    let d = e.dimmingNotches
    let start = e.notches.first { $0.name == d.start }.map { height(e, $0) } ?? "0"
    let end = e.notches.first { $0.name == d.end }.map { height(e, $0) } ?? "0"
    let max = n(e.tuning.dimming.maxAlpha)
    return """
      /** Detent's backdrop opacity (exact) for a sheet `height` px tall: \(e.dimmingSummary). */
      export function detentBackdropOpacity(height: number, \(viewport(e)): number): number {
        const start = \(start)
        const end = \(end)
        if (end === start) return height > start ? \(max) : 0
        return \(max) * Math.min(Math.max((height - start) / (end - start), 0), 1)
      }
      """
  }

  /// The rule in `//` comments.
  static func comments(_ e: ExportValues) -> String { AppleExport.comments(e.policyRule) }
}
