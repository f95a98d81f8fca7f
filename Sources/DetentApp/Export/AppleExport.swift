import Detent

/// SwiftUI and UIKit exports (points = Detent's pixels).
enum AppleExport {
  private static func n(_ x: Double, _ d: Int = 3) -> String { ExportValues.n(x, d) }

  /// `lines` as `//` comments indented by `indent`.
  static func comments(_ lines: [String], indent: String = "") -> String {
    lines.map { "\(indent)// \(ExportValues.safe($0))" }.joined(separator: "\n")
  }

  /// Whether SwiftUI needs a `CustomPresentationDetent` for the notch.
  private static func needsCustom(_ spec: NotchSpec) -> Bool {
    spec.content != nil || (spec.height == nil && spec.inset != 0)
  }

  /// A SwiftUI detent expression for a notch.
  private static func swiftUIDetent(_ e: ExportValues, _ spec: NotchSpec) -> String {
    if needsCustom(spec) { return ".custom(\(e.identifier(spec, .upperCamel))Detent.self)" }
    if let h = spec.height { return ".height(\(n(h)))" }
    return ".fraction(\(n(spec.fraction ?? 0)))"
  }

  /// A Swift expression for a fractional notch's height, `maximum` being the full height.
  private static func fractional(_ spec: NotchSpec, maximum: String) -> String {
    let base = "\(maximum) * \(n(spec.fraction ?? 0))"
    return ExportValues.minusInset(base, spec.inset) { n($0) }
  }

  /// A comment line when the dimming start notch is disabled (so not among the detents).
  private static func startNote(_ e: ExportValues, indent: String = "") -> String {
    let start = e.dimmingNotches.start
    guard e.index(of: start, in: e.enabled) == nil else { return "" }
    return
      "\n\(indent)// \(ExportValues.safe(start)) is disabled, so not among the detents: the platform dims from"
      + " its own choice (not exact)."
  }

  static func swiftUI(_ e: ExportValues) -> String {
    let s = e.spring
    var out = """
      // Detent export for SwiftUI (iOS 17+). 1 Detent px = 1 pt.
      import SwiftUI

      extension Animation {
        /// The settle spring: response \(n(s.response)) s, damping ratio \(n(s.dampingRatio)) (exact:
        /// duration = response, bounce = 1 − damping ratio, or 1/ratio − 1 when overdamped).
        static let detentSettle = Animation.spring(duration: \(ExportValues.precise(s.duration)), bounce: \(ExportValues.precise(s.bounce)))
      }

      """
    for spec in e.notches where needsCustom(spec) {
      let name = e.identifier(spec, .upperCamel) + "Detent"
      let note: String
      let body: String
      if let content = spec.content {
        note =
          "  // Fits its \(content.rawValue) (SwiftUI has no content detent): Detent's demo measures "
          + "\(n(e.height(spec))) pt; put your measured height here.\n"
        body = "min(\(n(e.height(spec))), context.maxDetentValue)"
      } else {
        note = ""
        body = fractional(spec, maximum: "context.maxDetentValue")
      }
      out += """

        /// The notch "\(ExportValues.safe(spec.name))".
        struct \(name): CustomPresentationDetent {
        \(note)  static func height(in context: Context) -> CGFloat? { \(body) }
        }

        """
    }
    let detents = e.enabled.map { swiftUIDetent(e, $0) }.joined(separator: ", ")
    let dim = e.dimmingNotches
    let start = e.notches.first { $0.name == dim.start }.map { swiftUIDetent(e, $0) } ?? ".large"
    let first = e.start(in: e.enabled).map { e.enabled[$0.index] } ?? e.startNotch
    let firstNote =
      e.startNote(in: e.enabled, what: "detents").map { "\n  // \(ExportValues.safe($0))" } ?? ""
    out += """

      extension PresentationDetent {
        /// Where Detent's sheet starts (initialNotch, else the first enabled notch): \(ExportValues.safe(first.name)).\(firstNote)
        static var detentStart: PresentationDetent { \(swiftUIDetent(e, first)) }
      }

      extension View {
        /// The tuning's notches (disabled ones left out) and dimming start, on the sheet's content;
        /// `selection` starts at `.detentStart` (`@State var detent = PresentationDetent.detentStart`).
        func detentPresentation(selection: Binding<PresentationDetent>) -> some View {
          presentationDetents([\(detents)], selection: selection)
            .presentationBackgroundInteraction(.enabled(upThrough: \(start)))
        }
      }

      // Notches: \(e.notchSummary).
      // Dimming: SwiftUI dims above `upThrough` with its own curve (not exact); Detent's is
      // \(e.dimmingSummary).\(startNote(e))
      // SwiftUI picks detents itself; Detent's rule (not expressible here):
      \(comments(e.policyRule))

      """
    return out
  }

  static func uiKit(_ e: ExportValues) -> String {
    let s = e.spring
    var detents: [String] = []
    for spec in e.enabled {
      let id = "UISheetPresentationController.Detent.Identifier(\(ExportValues.quoted(spec.name)))"
      let value: String
      if let content = spec.content {
        detents.append(
          "    // Fits its \(content.rawValue): Detent's demo measures \(n(e.height(spec))) pt; put your measured height here."
        )
        value = "min(\(n(e.height(spec))), context.maximumDetentValue)"
      } else if let h = spec.height {
        value = n(h)
      } else {
        value = fractional(spec, maximum: "context.maximumDetentValue")
      }
      detents.append("    .custom(identifier: \(id)) { context in \(value) },")
    }
    let dim = e.dimmingNotches
    // The detent at the dimming start's height (an adapted default notch listed once with another).
    let undimmed = e.index(of: dim.start, in: e.enabled).map { e.enabled[$0].name } ?? dim.start
    let first = e.start(in: e.enabled).map { e.enabled[$0.index] } ?? e.startNotch
    let firstNote =
      e.startNote(in: e.enabled, what: "detents").map { "\n  // \(ExportValues.safe($0))" } ?? ""
    return """
      // Detent export for UIKit (iOS 16+). 1 Detent px = 1 pt.
      import UIKit

      /// The settle spring: response \(n(s.response)) s, damping ratio \(n(s.dampingRatio)) (exact: unit mass).
      /// `initialVelocity` is relative: the release velocity divided by the distance to travel.
      func detentSettleTiming(initialVelocity: CGVector = .zero) -> UISpringTimingParameters {
        UISpringTimingParameters(mass: 1, stiffness: \(e.stiffness), damping: \(e.damping), initialVelocity: initialVelocity)
      }

      /// The notches (disabled ones left out): \(e.notchSummary).
      @MainActor func detentDetents() -> [UISheetPresentationController.Detent] {
        [
      \(detents.joined(separator: "\n"))
        ]
      }

      /// Applies the notches and the dimming start to a sheet.
      @MainActor func applyDetent(to sheet: UISheetPresentationController) {
        sheet.detents = detentDetents()
        // UIKit dims above this detent with its own curve (not exact); Detent's is
        // \(e.dimmingSummary).\(startNote(e, indent: "  "))
        sheet.largestUndimmedDetentIdentifier = .init(\(ExportValues.quoted(undimmed)))
        // Where Detent's sheet starts (initialNotch, else the first enabled notch).\(firstNote)
        sheet.selectedDetentIdentifier = .init(\(ExportValues.quoted(first.name)))
      }

      // UIKit picks detents itself; Detent's rule (not expressible here):
      \(comments(e.policyRule))

      """
  }
}
