import Detent

/// SwiftUI, UIKit and FloatingPanel exports (points = Detent's pixels).
enum AppleExport {
  private static func n(_ x: Double, _ d: Int = 3) -> String { ExportValues.n(x, d) }

  /// A SwiftUI detent expression for a notch.
  private static func swiftUIDetent(_ spec: NotchSpec) -> String {
    if spec.content != nil { return ".custom(\(typeName(spec)).self)" }
    if let h = spec.height { return ".height(\(n(h)))" }
    if spec.inset == 0 { return ".fraction(\(n(spec.fraction ?? 0)))" }
    return ".custom(\(typeName(spec)).self)"
  }

  private static func typeName(_ spec: NotchSpec) -> String {
    let letters = spec.name.filter { $0.isLetter || $0.isNumber }
    return (letters.prefix(1).uppercased() + letters.dropFirst()) + "Detent"
  }

  static func swiftUI(_ e: ExportValues) -> String {
    let s = e.spring
    var out = """
      // Detent export for SwiftUI (iOS 17+). 1 Detent px = 1 pt.
      import SwiftUI

      extension Animation {
        /// The settle spring: response \(n(s.response)) s, damping ratio \(n(s.dampingRatio)).
        static let detentSettle = Animation.spring(duration: \(n(s.duration, 4)), bounce: \(n(s.bounce, 4)))
      }

      """
    for spec in e.notches where spec.content != nil || (spec.height == nil && spec.inset != 0) {
      let body: String
      if let content = spec.content {
        body =
          "nil  // \(content.rawValue)-sized: SwiftUI has no content detent; return your measured \(content.rawValue) height"
      } else {
        body = "context.maxDetentValue * \(n(spec.fraction ?? 0)) - \(n(spec.inset))"
      }
      out += """
        struct \(typeName(spec)): CustomPresentationDetent {
          static func height(in context: Context) -> CGFloat? { \(body) }
        }

        """
    }
    let detents = e.notches.filter(\.enabled).map(swiftUIDetent).joined(separator: ", ")
    let dim = e.dimmingNotches
    let start = e.notches.first { $0.name == dim.start }.map(swiftUIDetent) ?? ".large"
    out += """

      // Notches: \(e.notches.map(e.describe).joined(separator: "; ")).
      // Apply to the sheet's content:
      //   .presentationDetents([\(detents)])
      //   .presentationBackgroundInteraction(.enabled(upThrough: \(start)))
      // Dimming: SwiftUI dims above `upThrough` with its own curve; Detent's is
      // \(n(e.tuning.dimming.maxAlpha)) × clamp((h − \(dim.start))/(\(dim.end) − \(dim.start)), 0, 1).
      // Release policy (not expressible in SwiftUI, which picks detents itself): \(e.policySummary).

      """
    return out
  }

  static func uiKit(_ e: ExportValues) -> String {
    let s = e.spring
    var detents: [String] = []
    for spec in e.notches where spec.enabled {
      let id = "UISheetPresentationController.Detent.Identifier(\"\(spec.name)\")"
      let value: String
      if let content = spec.content {
        value = "nil /* \(content.rawValue)-sized: return your measured height */"
      } else if let h = spec.height {
        value = n(h)
      } else {
        value =
          "context.maximumDetentValue * \(n(spec.fraction ?? 0))"
          + (spec.inset == 0 ? "" : " - \(n(spec.inset))")
      }
      detents.append("  .custom(identifier: \(id)) { context in \(value) },")
    }
    let dim = e.dimmingNotches
    return """
      // Detent export for UIKit (iOS 16+). 1 Detent px = 1 pt.
      import UIKit

      /// The settle spring: response \(n(s.response)) s, damping ratio \(n(s.dampingRatio)) (unit mass).
      func detentSettleTiming(initialVelocity: CGVector = .zero) -> UISpringTimingParameters {
        UISpringTimingParameters(mass: 1, stiffness: \(e.stiffness), damping: \(e.damping), initialVelocity: initialVelocity)
      }

      // Notches: \(e.notches.map(e.describe).joined(separator: "; ")).
      let detentDetents: [UISheetPresentationController.Detent] = [
      \(detents.joined(separator: "\n"))
      ]
      // sheet.detents = detentDetents
      // sheet.largestUndimmedDetentIdentifier = .init("\(dim.start)")  // dims above \(dim.start), up to \(n(e.tuning.dimming.maxAlpha)) at \(dim.end)
      // Release policy (UIKit picks detents itself): \(e.policySummary).
      // initialVelocity is relative: the release velocity divided by the distance to travel.

      """
  }

  private static func initialState(_ e: ExportValues, enabled: [NotchSpec], names: [String]) -> String {
    let name = e.tuning.notches[e.tuning.startingNotch].name
    let i = enabled.firstIndex { $0.name == name } ?? 0
    return enabled.count <= 3
      ? "." + names[max(0, 3 - enabled.count) + i]
      : "FloatingPanelState(rawValue: \"\(name)\", order: \((i + 1) * 100))"
  }

  static func floatingPanel(_ e: ExportValues) -> String {
    let s = e.spring
    let names = ["tip", "half", "full"]
    var anchors: [String] = []
    let enabled = e.notches.filter(\.enabled)
    for (i, spec) in enabled.enumerated() {
      let state =
        enabled.count <= 3
        ? "." + names[max(0, 3 - enabled.count) + i]
        : "FloatingPanelState(rawValue: \"\(spec.name)\", order: \((i + 1) * 100))"
      let anchor: String
      var note = spec.name
      if let h = spec.height {
        anchor =
          "FloatingPanelLayoutAnchor(absoluteInset: \(n(h)), edge: .bottom, referenceGuide: .superview)"
      } else if spec.content != nil {
        anchor = "FloatingPanelIntrinsicLayoutAnchor(fractionalOffset: 0, referenceGuide: .superview)"
      } else if spec.inset == 0 {
        anchor =
          "FloatingPanelLayoutAnchor(fractionalInset: \(n(spec.fraction ?? 0)), edge: .bottom, referenceGuide: .superview)"
      } else {
        anchor =
          "FloatingPanelLayoutAnchor(absoluteInset: \(n(spec.inset)), edge: .top, referenceGuide: .superview)"
        if spec.fraction != 1 {
          note += " (\(n(spec.fraction ?? 0)) × height − \(n(spec.inset)): approximated)"
        }
      }
      anchors.append("    \(state): \(anchor),  // \(note)")
    }
    let threshold =
      e.velocityThreshold.map { "\n  // A release faster than \(n($0)) px/s moves on one notch." } ?? ""
    return """
      // Detent export for FloatingPanel. 1 Detent px = 1 pt.
      import FloatingPanel

      final class DetentLayout: FloatingPanelLayout {
        let position: FloatingPanelPosition = .bottom
        let initialState: FloatingPanelState = \(initialState(e, enabled: enabled, names: names))
        let anchors: [FloatingPanelState: FloatingPanelLayoutAnchoring] = [
      \(anchors.joined(separator: "\n"))
        ]
        func backdropAlpha(for state: FloatingPanelState) -> CGFloat {
          // Detent dims \(n(e.tuning.dimming.maxAlpha)) × clamp((h − \(e.dimmingNotches.start))/(\(e.dimmingNotches.end) − \(e.dimmingNotches.start)), 0, 1).
          state == .full ? \(n(e.tuning.dimming.maxAlpha)) : 0
        }
      }

      final class DetentBehavior: FloatingPanelBehavior {
        // FloatingPanel's settle spring is set by a response time and a deceleration rate; it has
        // no damping ratio. Response \(n(s.response)) s; damping ratio \(n(s.dampingRatio)) cannot be set exactly.
        let springResponseTime: CGFloat = \(n(s.response))
        let springDecelerationRate: CGFloat = UIScrollView.DecelerationRate.fast.rawValue\(threshold)
        // Release policy: \(e.policySummary).
      }

      """
  }
}
