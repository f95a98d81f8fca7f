import Detent
import Foundation

/// The FloatingPanel (scenee/FloatingPanel 2.x) export: a layout and a behavior.
///
/// FloatingPanel's settle spring takes `springResponseTime` T and `springDecelerationRate` r and
/// uses angular frequency 2π/T and damping ratio ζ = ln(r) / (−2π · 0.001 / T) (its
/// NumericSpringAnimator), so Detent's response and ratio map exactly to T = response and
/// r = exp(−2π · 0.001 · ζ / response).
enum FloatingPanelExport {
  private static func n(_ x: Double, _ d: Int = 3) -> String { ExportValues.n(x, d) }

  /// The deceleration rate that gives `spring`'s damping ratio at its response time.
  static func decelerationRate(_ spring: Spring) -> Double {
    exp(-2 * Double.pi * 0.001 * spring.dampingRatio / spring.response)
  }

  /// FloatingPanel's damping ratio for a response time `time` and a deceleration rate `rate`:
  /// ln(rate) · time / (−2π · 0.001).
  static func dampingRatio(time: Double, rate: Double) -> Double {
    log(rate) * time / (-2 * Double.pi * 0.001)
  }

  /// `springResponseTime` and `springDecelerationRate` as text, each with the fewest decimals
  /// (the response to 5 significant digits, the rate to at least 6 decimals) whose values give the
  /// damping ratio back to 1 part in 10,000 through FloatingPanel's formula (a slow, barely damped
  /// spring needs more: 6 decimals of 0.9999686 give 0.0493 for 0.05), and the ratio they give back.
  static func springTerms(_ spring: Spring) -> (time: String, rate: String, ratio: Double) {
    let time = ExportValues.precise(spring.response)
    let t = Double(time) ?? spring.response
    let rate = decelerationRate(Spring(response: t, dampingRatio: spring.dampingRatio))
    var decimals = 6
    while decimals < 15 {
      let back = dampingRatio(time: t, rate: Double(n(rate, decimals)) ?? rate)
      if abs(back - spring.dampingRatio) <= 1e-4 * spring.dampingRatio { break }
      decimals += 1
    }
    let text = n(rate, decimals)
    return (time, text, dampingRatio(time: t, rate: Double(text) ?? rate))
  }

  /// The state name for enabled notch `i` of `count`: tip/half/full when they fit, else custom.
  private static func state(_ e: ExportValues, _ spec: NotchSpec, index i: Int, count: Int) -> String {
    let names = ["tip", "half", "full"]
    return count <= 3
      ? "." + names[3 - count + i]
      : ".detent" + e.identifier(spec, .upperCamel)
  }

  /// `extension FloatingPanelState` with a state per enabled notch, when tip/half/full are too few.
  private static func customStates(_ e: ExportValues) -> String {
    let enabled = e.enabled
    guard enabled.count > 3 else { return "" }
    let lets = enabled.enumerated().map { i, spec in
      "  static let detent\(e.identifier(spec, .upperCamel)) = "
        + "FloatingPanelState(rawValue: \(ExportValues.quoted(spec.name)), order: \((i + 1) * 100))"
    }
    return "\n/// A state per notch (FloatingPanel's tip/half/full are three).\n"
      + "extension FloatingPanelState {\n" + lets.joined(separator: "\n") + "\n}\n"
  }

  /// The panel's `position` and its anchors' edges for Detent's `edge`: `near` the edge the
  /// panel is attached to (insets measured from it), `far` the opposite one (a fraction with
  /// an inset measured from there). FloatingPanel positions a panel at any of the four.
  static func edges(of edge: SheetEdge) -> (near: String, far: String) {
    switch edge {
    case .bottom: ("bottom", "top")
    case .top: ("top", "bottom")
    case .left: ("left", "right")
    case .right: ("right", "left")
    }
  }

  /// A Swift Bool expression in `edge` for the edges that stretch: Detent's `top` (past the
  /// highest notch) is the far side, its `bottom` (past the lowest) the near one.
  private static func edges(_ band: RubberBand, _ sides: (near: String, far: String)) -> String {
    guard band.kind != .none else { return "false" }
    let list = (band.top ? ["edge == .\(sides.far)"] : []) + (band.bottom ? ["edge == .\(sides.near)"] : [])
    return list.isEmpty ? "false" : list.joined(separator: " || ")
  }

  /// Whether per-anchor alphas reproduce Detent's dimming: only when both dimming notches are
  /// anchors (Detent's ramp is linear between them, flat outside).
  private static func dimmingExactness(_ e: ExportValues) -> String {
    let d = e.dimmingNotches
    return e.index(of: d.start, in: e.enabled) != nil && e.index(of: d.end, in: e.enabled) != nil
      ? "exact: both dimming notches are anchors"
      : "not exact: a dimming notch is disabled, so not an anchor"
  }

  static func render(_ e: ExportValues) -> String {
    let s = e.spring
    let terms = springTerms(s)
    let enabled = e.enabled
    let sides = edges(of: e.tuning.layout.edge)
    var anchors: [String] = []
    var alphas: [String] = []
    for (i, spec) in enabled.enumerated() {
      let state = state(e, spec, index: i, count: enabled.count)
      let anchor: String
      if let h = spec.height {
        anchor =
          "FloatingPanelLayoutAnchor(absoluteInset: \(n(h)), edge: .\(sides.near), referenceGuide: .superview)"
      } else if let content = spec.content {
        anchors.append(
          "    // \(ExportValues.safe(spec.name)): fits its \(content.rawValue) (the panel's intrinsic height)."
        )
        anchor = "FloatingPanelIntrinsicLayoutAnchor(fractionalOffset: 0, referenceGuide: .superview)"
      } else if spec.inset == 0 {
        anchor =
          "FloatingPanelLayoutAnchor(fractionalInset: \(n(spec.fraction ?? 0)), edge: .\(sides.near), referenceGuide: .superview)"
      } else if spec.fraction == 1 {
        anchor =
          "FloatingPanelLayoutAnchor(absoluteInset: \(n(spec.inset)), edge: .\(sides.far), referenceGuide: .superview)"
      } else {
        anchors.append(
          "    // \(ExportValues.safe(spec.name)): \(n(spec.fraction ?? 0)) × \(e.axisNoun) − \(n(spec.inset)) px, "
            + "worked out for a superview \(n(e.axisLength)) pt \(e.axisAdjective) (not exact at other \(e.axisNoun)s)."
        )
        anchor =
          "FloatingPanelLayoutAnchor(absoluteInset: \(n(e.height(spec))), edge: .\(sides.near), referenceGuide: .superview)"
      }
      anchors.append("    \(state): \(anchor),")
      alphas.append("    case \(state): \(n(e.dimmingAlpha(at: e.height(spec)), 4))")
    }
    let initial = e.start(in: enabled)?.index ?? 0
    let initialNote =
      e.startNote(in: enabled, what: "anchors").map { "\n  // \(ExportValues.safe($0))" } ?? ""
    var behavior: [String] = []
    if case .projection(let r, _) = e.tuning.policy {
      behavior += [
        "  // Projection: FloatingPanel projects h + (v/1000)·r/(1−r) like Detent (with skipsNotches: false",
        "  // Detent keeps to the release segment; FloatingPanel's redirectionalProgress differs: not exact).",
        "  let momentumProjectionRate: CGFloat = \(n(r, 6))",
        "  func shouldProjectMomentum(_ fpc: FloatingPanelController, to proposedState: FloatingPanelState) -> Bool {",
        "    true",
        "  }",
      ]
    }
    let band = e.tuning.rubberBand
    behavior += [
      "  // Rubber band on/off per edge (FloatingPanel's own resistance curve, not Detent's \(band.kind.rawValue)).",
      "  func allowsRubberBanding(for edge: UIRectEdge) -> Bool {",
      "    \(edges(band, sides))",
      "  }",
    ]
    return """
      // Detent export for FloatingPanel 2.x. 1 Detent px = 1 pt.
      import FloatingPanel
      import UIKit
      \(customStates(e))
      /// Notches: \(e.notchSummary).
      final class DetentLayout: FloatingPanelLayout {
        let position: FloatingPanelPosition = .\(sides.near)\(initialNote)
        let initialState: FloatingPanelState = \(state(e, enabled[initial], index: initial, count: enabled.count))
        let anchors: [FloatingPanelState: FloatingPanelLayoutAnchoring] = [
      \(anchors.joined(separator: "\n"))
        ]

        /// Detent's dimming at each notch, \(e.dimmingSummary); FloatingPanel interpolates linearly
        /// between anchors (worked out for a superview \(n(e.axisLength)) pt \(e.axisAdjective); \(dimmingExactness(e))).
        func backdropAlpha(for state: FloatingPanelState) -> CGFloat {
          switch state {
      \(alphas.joined(separator: "\n"))
          default: 0
          }
        }
      }

      final class DetentBehavior: FloatingPanelBehavior {
        // The settle spring: response \(n(s.response)) s, damping ratio \(n(s.dampingRatio)). FloatingPanel's damping ratio
        // is ln(springDecelerationRate) · springResponseTime / (−2π · 0.001), so this rate gives \(ExportValues.precise(terms.ratio)) back.
        // Not exact: FloatingPanel integrates the spring in steps per frame, and uses a critically
        // damped spring (ratio 1) for releases slower than 300 pt/s.
        let springResponseTime: CGFloat = \(terms.time)
        let springDecelerationRate: CGFloat = \(terms.rate)
      \(behavior.joined(separator: "\n"))
      }

      // FloatingPanel chooses the state with its own projection and redirectionalProgress; Detent's rule:
      \(AppleExport.comments(e.policyRule))

      """
  }
}
