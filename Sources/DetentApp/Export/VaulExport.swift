import Detent

/// The vaul (React drawer) export: snapPoints and fadeFromIndex, with what vaul cannot express.
enum VaulExport {
  private static func n(_ x: Double, _ d: Int = 3) -> String { ExportValues.n(x, d) }

  /// A vaul snap point: a fraction of the viewport, or a "Npx" string.
  static func snapPoint(_ e: ExportValues, _ spec: NotchSpec) -> String {
    if spec.content == nil, spec.height == nil, spec.inset == 0 { return n(spec.fraction ?? 0, 4) }
    return "\"\(n(e.height(spec)))px\""
  }

  /// vaul's `closeThreshold` for Detent's `dismiss.threshold`, when the sheet closes at all.
  private static func closeThreshold(_ e: ExportValues) -> String {
    guard e.closes, e.tuning.dismiss.threshold > 0 else { return "" }
    return "\n      closeThreshold={\(n(e.tuning.dismiss.threshold, 4))}"
  }

  static func render(_ e: ExportValues) -> String {
    let s = e.spring
    let enabled = e.shown
    var notes = e.pixelNotes(container: "viewport")
    let d = e.dimmingNotches
    let fade = e.index(of: d.end, in: enabled)
    let fadeLine: String
    if let fade {
      fadeLine = "\n      fadeFromIndex={\(fade)}"
      notes.append(
        "The overlay fades in towards \(d.end) (fadeFromIndex \(fade)) with vaul's own curve; Detent's is \(e.dimmingSummary) (not exact): style the overlay's colour with the maximum."
      )
    } else {
      fadeLine = ""
      let end = e.notches.first { $0.name == d.end }
      let kind = end?.enabled == false ? "a disabled notch" : "the 0-height notch (vaul's close)"
      notes.append("Detent's dimming ends at \(kind), which has no snap point here: no fadeFromIndex.")
    }
    if e.closes {
      notes.append(
        "The 0-height notch is vaul's close (dismissible); dismiss.threshold maps to closeThreshold, which vaul"
          + " measures against the drawer's height, Detent against the lowest notch (not exact).")
    } else {
      notes.append("No 0-height notch: the drawer does not close (dismissible false).")
    }
    let skips: Bool
    switch e.tuning.policy {
    case .rushingForward, .projection(_, true): skips = true
    default: skips = false
    }
    // Where Detent's sheet starts: open at a snap point, or closed at the 0-height notch.
    let closed = e.startNotch.enabled && e.height(e.startNotch) == 0
    let initial = e.start(in: enabled)?.index ?? 0
    let startLines =
      [
        "Where Detent's sheet starts (initialNotch, else the first enabled notch): "
          + (closed
            ? "closed, at the 0-height notch (defaultOpen false); it opens at detentSnapPoints[\(initial)]."
            : "open (defaultOpen) at detentSnapPoints[\(initial)].")
      ]
      + (closed ? [] : e.startNote(in: enabled, what: "snap points").map { [$0] } ?? [])
    return """
      // Detent export for vaul (React drawer, TSX). 1 Detent px = 1 CSS px.
      import React, { useState } from "react"
      import { Drawer } from "vaul"

      /** Snap points, lowest first (disabled notches left out): \(e.notchSummary). */
      \(AppleExport.comments(notes))
      export const detentSnapPoints: (number | string)[] = [\(enabled.map { snapPoint(e, $0) }.joined(separator: ", "))]

      // Not expressible in vaul: its settle is a fixed CSS transition, not Detent's spring (response \(n(s.response)) s,
      // damping ratio \(n(s.dampingRatio)); the CSS export has it as linear()); its rubber band and velocity rule are its own.
      // snapToSequentialPoint \(skips ? "off: Detent's policy may skip notches" : "on: Detent's policy never skips a notch").

      /** A vaul drawer with Detent's notches and fade. */
      export function DetentDrawer({ children }: { children: React.ReactNode }) {
      \(AppleExport.comments(startLines, indent: "  "))
        const [snap, setSnap] = useState<number | string | null>(detentSnapPoints[\(initial)])
        return (
          <Drawer.Root
            defaultOpen={\(!closed)}
            snapPoints={detentSnapPoints}
            activeSnapPoint={snap}
            setActiveSnapPoint={setSnap}\(fadeLine)
            snapToSequentialPoint={\(!skips)}
            dismissible={\(e.closes)}\(closeThreshold(e))
          >
            <Drawer.Portal>
              <Drawer.Overlay style={{ background: "rgba(0, 0, 0, \(n(e.tuning.dimming.maxAlpha)))" }} />
              <Drawer.Content>{children}</Drawer.Content>
            </Drawer.Portal>
          </Drawer.Root>
        )
      }

      // vaul picks the snap point itself; Detent's rule:
      \(AppleExport.comments(e.policyRule))

      """
  }
}
