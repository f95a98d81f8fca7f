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
    let startIndex = enabled.firstIndex { $0.name == d.start }
    let endIndex = enabled.firstIndex { $0.name == d.end }
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
      backdrop = [
        "  // Detent's dimming (\(ExportValues.safe(e.dimmingSummary))) starts or ends at a disabled notch,",
        "  // which has no snap index here: not expressible with BottomSheetBackdrop.",
        "  const renderBackdrop = undefined",
      ]
    }
    let band = e.tuning.rubberBand
    let overDrag = band.kind != .none && (band.top || band.bottom)
    let initial = enabled.firstIndex { $0.name == e.initialNotch.name } ?? 0
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
        // Rubber band: gorhom's overDragResistanceFactor is its own curve (not exact); on/off matches.
        // \(closeNote(e))
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
