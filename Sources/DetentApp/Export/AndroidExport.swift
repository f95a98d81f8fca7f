import Detent

/// Jetpack Compose and Android (views) exports (dp = Detent's pixels).
enum AndroidExport {
  private static func n(_ x: Double, _ d: Int = 3) -> String { ExportValues.n(x, d) }

  /// A Kotlin Float literal.
  static func f(_ x: Double, _ d: Int = 3) -> String { n(x, d) + "f" }

  /// A Kotlin expression (dp, Float) for a notch's height in a container `h` dp high.
  static func height(_ e: ExportValues, _ spec: NotchSpec) -> String {
    if spec.content != nil { return "\(f(e.height(spec))).coerceAtMost(h)" }
    if let height = spec.height { return f(height) }
    let base = "h * \(f(spec.fraction ?? 0))"
    if spec.inset == 0 { return base }
    return "(" + ExportValues.minusInset(base, spec.inset) { f($0) } + ")"
  }

  /// The Kotlin expression for Detent's dimming at a sheet `height` dp high.
  static func scrim(_ e: ExportValues) -> String {
    let d = e.dimmingNotches
    let start = e.notches.first { $0.name == d.start }.map { height(e, $0) } ?? "0f"
    let end = e.notches.first { $0.name == d.end }.map { height(e, $0) } ?? "0f"
    let max = f(e.tuning.dimming.maxAlpha)
    return """
      val start = \(start)
        val end = \(end)
        return if (end != start) \(max) * ((height - start) / (end - start)).coerceIn(0f, 1f)
        else if (height > start) \(max) else 0f
      """
  }

  /// The container's side the anchors are measured from: the one opposite the sheet's edge.
  private static func farSide(_ edge: SheetEdge) -> String {
    switch edge {
    case .bottom: "top"
    case .top: "bottom"
    case .left: "right"
    case .right: "left"
    }
  }

  static func compose(_ e: ExportValues) -> String {
    let s = e.spring
    let enabled = e.enabled
    let initial = e.start(in: enabled).map { enabled[$0.index] } ?? e.startNotch
    let initialNote =
      e.startNote(in: enabled, what: "anchors").map { "\n  // \(ExportValues.safe($0))" } ?? ""
    let values = enabled.map { e.identifier($0, .constant) }.joined(separator: ", ")
    let anchors = enabled.map { spec -> String in
      let note =
        spec.content.map {
          "    // Fits its \($0.rawValue): Detent's demo measures \(n(e.height(spec))) dp.\n"
        } ?? ""
      return "\(note)    Notch.\(e.identifier(spec, .constant)) at (h - \(height(e, spec))).dp.toPx()"
    }
    let velocity: String
    let velocityNote: String
    if let v = e.velocityThreshold {
      velocity = "\(n(v)).dp.toPx()"
      velocityNote =
        "  // Above this speed Compose moves to the next anchor from the current offset; Detent projects first (not exact)."
    } else {
      velocity = "Float.POSITIVE_INFINITY"
      velocityNote =
        "  // No velocity threshold: this policy is not velocity-gated in Compose's terms (not exact)."
    }
    return """
      // Detent export for Jetpack Compose (foundation 1.7 AnchoredDraggable). 1 Detent px = 1 dp.
      import androidx.compose.animation.core.SpringSpec
      import androidx.compose.animation.core.exponentialDecay
      import androidx.compose.animation.core.spring
      import androidx.compose.foundation.ExperimentalFoundationApi
      import androidx.compose.foundation.gestures.AnchoredDraggableState
      import androidx.compose.foundation.gestures.DraggableAnchors
      import androidx.compose.ui.unit.Density
      import androidx.compose.ui.unit.dp

      /** The enabled notches, lowest first: \(e.notchSummary). */
      enum class Notch { \(values) }

      /** The settle spring: response \(n(s.response)) s, damping ratio \(n(s.dampingRatio)) (exact: unit mass). */
      val detentSettleSpec: SpringSpec<Float> = spring(dampingRatio = \(f(s.dampingRatio, 4)), stiffness = \(e.stiffness)f)

      /** Anchors as offsets from the container's \(farSide(e.tuning.layout.edge)), in px; h = the container's \(e.axisNoun) in dp. */
      @OptIn(ExperimentalFoundationApi::class)
      fun Density.detentAnchors(h: Float): DraggableAnchors<Notch> = DraggableAnchors {
      \(anchors.joined(separator: "\n"))
      }

      /** The sheet's drag state; h = the container's \(e.axisNoun) in dp. */
      @OptIn(ExperimentalFoundationApi::class)
      fun Density.detentState(h: Float): AnchoredDraggableState<Notch> = AnchoredDraggableState(
        // Where Detent's sheet starts (initialNotch, else the first enabled notch).\(initialNote)
        initialValue = Notch.\(e.identifier(initial, .constant)),
        anchors = detentAnchors(h),
        // Slow releases go to the nearest anchor (Detent: the notch nearest the projection).
        positionalThreshold = { distance -> distance * 0.5f },
      \(velocityNote)
        velocityThreshold = { \(velocity) },
        snapAnimationSpec = detentSettleSpec,
        decayAnimationSpec = exponentialDecay(),
      )

      /** Detent's scrim alpha (exact) for a sheet `height` dp tall in a container `h` dp \(e.axisAdjective): \(e.dimmingSummary). */
      fun detentScrimAlpha(height: Float, h: Float): Float {
        \(scrim(e))
      }

      // Compose picks the anchor with its own thresholds; Detent's rule:
      \(AppleExport.comments(e.policyRule))

      """
  }

  static func views(_ e: ExportValues) -> String {
    let s = e.spring
    let enabled = e.enabled
    let peek = enabled.first
    let half = enabled.count >= 3 ? enabled[enabled.count / 2] : nil
    let top = enabled.last
    let parent = "a parent \(n(e.axisLength)) dp \(e.axisAdjective)"
    var lines: [String] = []
    if let peek {
      lines.append(
        "  // \(ExportValues.safe(peek.name)), in px (worked out for \(parent) unless absolute)."
      )
      lines.append("  peekHeight = dpToPx(\(f(e.height(peek))))")
    }
    if let half, half.content == nil {
      let exact = half.height == nil && half.inset == 0
      let ratio = exact ? (half.fraction ?? 0) : e.height(half) / e.axisLength
      lines.append(
        "  // \(ExportValues.safe(half.name)) as a ratio of the parent"
          + (exact ? " (exact)." : ", worked out for \(parent) (not exact at other \(e.axisNoun)s)."))
      lines.append("  isFitToContents = false")
      lines.append("  halfExpandedRatio = \(f(min(max(ratio, 0.001), 0.999), 4))")
    }
    if let top, top.name != peek?.name {
      lines.append(
        "  // \(ExportValues.safe(top.name)): offset from the parent's \(farSide(e.tuning.layout.edge)) (worked out for \(parent))."
      )
      lines.append("  expandedOffset = dpToPx(\(f(max(e.axisLength - e.height(top), 0))))")
    }
    // The state BottomSheetBehavior starts in: where Detent's sheet starts, among the three.
    let states = [
      peek.map { ($0, "STATE_COLLAPSED") }, half.map { ($0, "STATE_HALF_EXPANDED") },
      top.flatMap { $0.name == peek?.name ? nil : ($0, "STATE_EXPANDED") },
    ].compactMap { $0 }
    if let start = e.start(in: states.map(\.0)) {
      lines.append("  // Where Detent's sheet starts (initialNotch, else the first enabled notch).")
      if let note = e.startNote(in: states.map(\.0), what: "three states") {
        lines.append("  // \(ExportValues.safe(note))")
      }
      lines.append("  state = BottomSheetBehavior.\(states[start.index].1)")
    }
    return """
      // Detent export for Android views (Material BottomSheetBehavior + AndroidX DynamicAnimation).
      // 1 Detent px = 1 dp. BottomSheetBehavior has three states (collapsed, half-expanded, expanded):
      // more notches than that are not expressible.
      import android.content.res.Resources
      import android.view.View
      import androidx.dynamicanimation.animation.SpringForce
      import com.google.android.material.bottomsheet.BottomSheetBehavior
      import kotlin.math.roundToInt

      private fun dpToPx(dp: Float): Int = (dp * Resources.getSystem().displayMetrics.density).roundToInt()

      /** Notches: \(e.notchSummary). */
      fun BottomSheetBehavior<out View>.applyDetent() {
      \(lines.joined(separator: "\n"))
      }

      /**
       * The settle spring for custom settles (SpringAnimation on translationY): response \(n(s.response)) s,
       * damping ratio \(n(s.dampingRatio)) (exact: unit mass). BottomSheetBehavior settles with its own
       * animation and cannot take it.
       */
      val detentSettleSpring: SpringForce = SpringForce()
        .setStiffness(\(e.stiffness)f)
        .setDampingRatio(\(f(s.dampingRatio, 4)))

      /** Detent's scrim alpha (exact) for a sheet `height` dp tall in a parent `h` dp \(e.axisAdjective): \(e.dimmingSummary). */
      fun detentScrimAlpha(height: Float, h: Float): Float {
        \(scrim(e))
      }

      // BottomSheetBehavior picks the state itself; Detent's rule:
      \(AppleExport.comments(e.policyRule))

      """
  }
}
