import Detent

/// The React Native export: Reanimated `withSpring` and @gorhom/bottom-sheet (v5), in TSX.
enum ReactNativeExport {
  private static func n(_ x: Double, _ d: Int = 3) -> String { ExportValues.n(x, d) }

  /// A gorhom snap point: px, or a percentage string for a fraction without inset.
  static func snapPoint(_ e: ExportValues, _ spec: NotchSpec) -> String {
    if spec.content == nil, spec.height == nil, spec.inset == 0 {
      return "\"\(n((spec.fraction ?? 0) * 100, 4))%\""
    }
    return n(e.height(spec))
  }

  /// What gorhom does with a 0-height notch.
  private static func closeNote(_ e: ExportValues) -> String {
    e.closes
      ? "The 0-height notch is gorhom's pan down to close (its own threshold: not exact)."
      : "No 0-height notch: the sheet does not close."
  }

  static func render(_ e: ExportValues) -> String {
    let s = e.spring
    let enabled = e.shown
    let notes = e.pixelNotes(container: "container")
    let d = e.dimmingNotches
    let startIndex = e.index(of: d.start, in: enabled)
    let endIndex = e.index(of: d.end, in: enabled)
    var backdrop: [String] = []
    if let startIndex, let endIndex, endIndex > startIndex {
      backdrop = [
        "  // Detent's dimming, \(ExportValues.safe(e.dimmingSummary)): gorhom fades linearly by snap index,",
        "  // which equals Detent's linear-in-height fade only when the two notches are adjacent"
          + (endIndex == startIndex + 1 ? " (they are: exact)." : " (they are not: not exact)."),
        "  const renderBackdrop = (props: BottomSheetBackdropProps) => (",
        "    <BottomSheetBackdrop {...props} disappearsOnIndex={\(startIndex)} appearsOnIndex={\(endIndex)} opacity={\(n(e.tuning.dimming.maxAlpha))} />",
        "  )",
      ]
    } else {
      let why: String
      if let startIndex, let endIndex {
        why =
          endIndex == startIndex
          ? "starts and ends at the same notch (a step, not a fade)"
          : "ends below where it starts (it fades out going up)"
      } else {
        let missing = [d.start, d.end].first { e.index(of: $0, in: enabled) == nil } ?? d.start
        let spec = e.notches.first { $0.name == missing }
        let kind = spec?.enabled == false ? "a disabled notch" : "a notch that is no snap point (0 px high)"
        why = "starts or ends at \(kind), \(ExportValues.safe(missing)), which has no snap index here"
      }
      backdrop = [
        "  // Detent's dimming (\(ExportValues.safe(e.dimmingSummary))) \(why):",
        "  // not expressible with BottomSheetBackdrop, which fades in from one snap index up to a higher one.",
        "  const renderBackdrop = undefined",
      ]
    }
    let band = e.tuning.rubberBand
    let overDrag = band.kind != .none && (band.top || band.bottom)
    // gorhom's enableOverDrag is one switch for both ends; Detent switches each edge.
    let overDragNote =
      band.kind == .none || band.top == band.bottom
      ? "on/off matches."
      : "not exact: it is one switch for both ends, and Detent stretches the \(band.top ? "top" : "bottom") edge only."
    // Where Detent's sheet starts: a snap point, or closed (index -1) at the 0-height notch.
    var initial = "\(e.start(in: enabled)?.index ?? 0)"
    var initialNote = e.startNote(in: enabled, what: "snap points")
    if e.startNotch.enabled, e.height(e.startNotch) == 0 {
      initial = "-1"
      initialNote = "Detent starts at the 0-height notch, closed: gorhom's index -1."
    }
    let initialLines =
      "  // index: where Detent's sheet starts (initialNotch, else the first enabled notch)."
      + (initialNote.map { "\n  // \(ExportValues.safe($0))" } ?? "")
    return """
      // Detent export for React Native: Reanimated withSpring and @gorhom/bottom-sheet v5 (TSX).
      // 1 Detent px = 1 dp.
      import React, { useMemo } from "react"
      import { withSpring } from "react-native-reanimated"
      import BottomSheet, { BottomSheetBackdrop, useBottomSheetSpringConfigs } from "@gorhom/bottom-sheet"
      import type { BottomSheetBackdropProps } from "@gorhom/bottom-sheet"

      /** The settle spring: response \(n(s.response)) s, damping ratio \(n(s.dampingRatio)) (exact: Reanimated's physics config, unit mass). */
      export const detentSpring = { damping: \(e.damping), stiffness: \(e.stiffness), mass: 1 } as const

      /** Settles a shared value to `target` with Detent's spring, carrying the release velocity (px/s). */
      export function detentSettle(target: number, velocity: number) {
        "worklet"
        return withSpring(target, { ...detentSpring, velocity })
      }

      /** Snap points, lowest first (disabled notches left out): \(e.notchSummary). */
      \(AppleExport.comments(notes))
      export const detentSnapPoints: (number | string)[] = [\(enabled.map { snapPoint(e, $0) }.joined(separator: ", "))]

      /** A gorhom sheet with Detent's notches, spring and dimming. */
      export function DetentSheet({ children }: { children: React.ReactNode }) {
        const snapPoints = useMemo(() => detentSnapPoints, [])
        const animationConfigs = useBottomSheetSpringConfigs(detentSpring)
      \(backdrop.joined(separator: "\n"))
        // Rubber band: gorhom's overDragResistanceFactor is its own curve (not exact); enableOverDrag \(overDragNote)
        // \(closeNote(e))
      \(initialLines)
        return (
          <BottomSheet
            index={\(initial)}
            snapPoints={snapPoints}
            enableDynamicSizing={false}
            animationConfigs={animationConfigs}
            backdropComponent={renderBackdrop}
            enableOverDrag={\(overDrag)}
            enablePanDownToClose={\(e.closes)}
          >
            {children}
          </BottomSheet>
        )
      }

      // gorhom picks the snap point itself (not exact); Detent's rule:
      \(AppleExport.comments(e.policyRule))

      """
  }
}
