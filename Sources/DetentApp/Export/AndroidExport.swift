import Detent

/// Jetpack Compose and Android (views) exports (dp = Detent's pixels).
enum AndroidExport {
  private static func n(_ x: Double, _ d: Int = 3) -> String { ExportValues.n(x, d) }

  /// A Kotlin expression for a notch's offset from the top of a container `h` dp high.
  private static func offset(_ spec: NotchSpec) -> String {
    if let content = spec.content { return "h - measured\(content == .header ? "Header" : "Content")Height" }
    if let height = spec.height { return "h - \(n(height))f" }
    let inset = spec.inset == 0 ? "" : " + \(n(spec.inset))f"
    return "h - h * \(n(spec.fraction ?? 0))f\(inset)"
  }

  private static func constant(_ name: String) -> String {
    name.uppercased().map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
  }

  static func compose(_ e: ExportValues) -> String {
    let s = e.spring
    let enabled = e.notches.filter(\.enabled)
    let values = enabled.map { constant($0.name) }.joined(separator: ", ")
    let anchors = enabled.map { "    Notch.\(constant($0.name)) at (\(offset($0))).dp.toPx()" }
    let velocity =
      e.velocityThreshold.map { "\(n($0)).dp.toPx()" }
      ?? "Float.POSITIVE_INFINITY  // no velocity rule in this policy"
    let dim = e.dimmingNotches
    return """
      // Detent export for Jetpack Compose (foundation 1.7+ AnchoredDraggable). 1 Detent px = 1 dp.
      import androidx.compose.animation.core.spring
      import androidx.compose.foundation.gestures.*

      enum class Notch { \(values) }

      /// The settle spring: response \(n(s.response)) s, damping ratio \(n(s.dampingRatio)) (unit mass).
      val detentSettleSpec = spring<Float>(dampingRatio = \(n(s.dampingRatio, 4))f, stiffness = \(e.stiffness)f)

      // Offsets from the container's top; h = container height in dp.
      fun Density.detentAnchors(h: Float) = DraggableAnchors {
      \(anchors.joined(separator: "\n"))
      }

      fun Density.detentState(h: Float) = AnchoredDraggableState(
        initialValue = Notch.\(constant(e.tuning.notches[e.tuning.startingNotch].name)),
        anchors = detentAnchors(h),
        positionalThreshold = { distance -> distance * 0.5f },  // nearest notch when slow
        velocityThreshold = { \(velocity) },
        snapAnimationSpec = detentSettleSpec,
        decayAnimationSpec = exponentialDecay(),
      )
      // Release policy: \(e.policySummary).
      // Dimming: scrim alpha = \(n(e.tuning.dimming.maxAlpha)) × clamp((height − \(dim.start)) / (\(dim.end) − \(dim.start)), 0, 1),
      // computed from state.requireOffset() in the scrim's graphicsLayer.

      """
  }

  static func views(_ e: ExportValues) -> String {
    let s = e.spring
    let enabled = e.notches.filter(\.enabled)
    let peek = enabled.first
    let half = enabled.count >= 3 ? enabled[enabled.count / 2] : nil
    let top = enabled.last
    var lines: [String] = []
    if let peek, let h = peek.height { lines.append("behavior.peekHeight = dp(\(n(h)))  // \(peek.name)") }
    if let half, let f = half.fraction, half.inset == 0 {
      lines.append("behavior.halfExpandedRatio = \(n(f))f  // \(half.name)")
      lines.append("behavior.isFitToContents = false")
    }
    if let top, let f = top.fraction {
      let offset = f == 1 ? n(top.inset) : "\(n(1 - f)) * parentHeightDp + \(n(top.inset))"
      lines.append("behavior.expandedOffset = dp(\(offset))  // \(top.name)")
    }
    return """
      // Detent export for Android views (Material BottomSheetBehavior + AndroidX DynamicAnimation).
      // 1 Detent px = 1 dp. BottomSheetBehavior has three states (collapsed, half-expanded, expanded).
      import androidx.dynamicanimation.animation.SpringForce

      // Notches: \(e.notches.map(e.describe).joined(separator: "; ")).
      \(lines.joined(separator: "\n"))

      /// The settle spring for custom settles (SpringAnimation on translationY):
      /// response \(n(s.response)) s, damping ratio \(n(s.dampingRatio)), unit mass.
      val detentSettleSpring = SpringForce()
        .setStiffness(\(e.stiffness)f)
        .setDampingRatio(\(n(s.dampingRatio, 4))f)
      // BottomSheetBehavior uses its own settle animation and cannot take this spring.
      // Release policy: \(e.policySummary).
      // Dimming: Material draws no scrim for a standard sheet; set one to
      // \(n(e.tuning.dimming.maxAlpha)) × clamp((h − \(e.dimmingNotches.start))/(\(e.dimmingNotches.end) − \(e.dimmingNotches.start)), 0, 1) in BottomSheetCallback.onSlide.

      """
  }
}
