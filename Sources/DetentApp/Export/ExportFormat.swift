import Detent

/// `detent export` formats: code or configuration reproducing a tuning's settle spring, notches,
/// dimming and policy thresholds in another platform's own terms.
enum ExportFormat: String, CaseIterable {
  case swiftui, uikit, floatingpanel, compose, android, css, framer, json

  /// The exported text for `tuning`.
  /// The name the panel's "copy as" row shows.
  var label: String {
    switch self {
    case .swiftui: "SwiftUI"
    case .uikit: "UIKit"
    case .floatingpanel: "FloatingPanel"
    case .compose: "Compose"
    case .android: "Android"
    case .css: "CSS"
    case .framer: "Framer"
    case .json: "JSON"
    }
  }

  func render(_ tuning: Tuning) -> String {
    let text = body(tuning)
    // A sheet on another edge than the bottom: one line under the opening comment says how (or
    // whether) the platform attaches it there.
    guard let note = edgeNote(tuning.layout.edge) else { return text }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let after = self == .css ? (lines.firstIndex { $0.contains("*/") } ?? 0) : 0
    lines.insert(note, at: min(after + 1, lines.count))
    return lines.joined(separator: "\n")
  }

  /// One comment line on how the platform expresses `edge` (nil: the bottom edge, everyone's
  /// default, or JSON, which states `layout.edge` itself).
  func edgeNote(_ edge: SheetEdge) -> String? {
    guard edge != .bottom else { return nil }
    let e = edge.rawValue
    let size = edge.isVertical ? "height" : "width"
    return switch self {
    case .swiftui:
      "// Edge \(e): SwiftUI's .sheet and presentationDetents rise from the bottom only; drive an overlay's \(size) with this spring."
    case .uikit:
      "// Edge \(e): UISheetPresentationController rises from the bottom only; a custom container animates its \(size) with this spring."
    case .floatingpanel:
      "// Edge \(e): set `position` to .\(e) (FloatingPanel positions .top, .left, .right) and the anchors' `edge:` to .\(e)."
    case .compose:
      "// Edge \(e): Compose's sheets are bottom-only (ModalNavigationDrawer has no notches); use AnchoredDraggable with Orientation.\(edge.isVertical ? "Vertical" : "Horizontal") and these anchors."
    case .android:
      "// Edge \(e): BottomSheetBehavior is bottom-only; \(edge.isVertical ? "a top sheet needs a custom behavior" : "SideSheetBehavior attaches left/right but has no notches"); these springs still apply."
    case .css:
      "/* Edge \(e): the sheet is fixed to \(e): 0 and its \(size) takes the notch values below. */"
    case .framer:
      "// Edge \(e): drag=\"\(edge.isVertical ? "y" : "x")\" and animate the sheet's \(size) from the \(e) edge with detentSettle."
    case .json: nil
    }
  }

  private func body(_ tuning: Tuning) -> String {
    let e = ExportValues(tuning)
    switch self {
    case .swiftui: return AppleExport.swiftUI(e)
    case .uikit: return AppleExport.uiKit(e)
    case .floatingpanel: return AppleExport.floatingPanel(e)
    case .compose: return AndroidExport.compose(e)
    case .android: return AndroidExport.views(e)
    case .css: return WebExport.css(e)
    case .framer: return WebExport.framer(e)
    case .json: return JSONWriter.write(TuningCoding.encode(tuning)) + "\n"
    }
  }
}

/// The numbers every exporter needs, computed once from the tuning.
struct ExportValues {
  let tuning: Tuning
  var spring: Spring { tuning.spring }
  var notches: [NotchSpec] { tuning.notches }

  init(_ tuning: Tuning) { self.tuning = tuning }

  /// `x` with at most `decimals` places and no trailing zeros.
  static func n(_ x: Double, _ decimals: Int = 3) -> String { EventLog.number(x, decimals: decimals) }

  /// One line per notch, in the tuning file's own terms, for comments.
  func describe(_ spec: NotchSpec) -> String {
    if let content = spec.content { return "\(spec.name): fits its \(content.rawValue)" }
    if let h = spec.height { return "\(spec.name): \(Self.n(h)) px" }
    let inset = spec.inset == 0 ? "" : " − \(Self.n(spec.inset)) px"
    return "\(spec.name): \(Self.n(spec.fraction ?? 0)) × height\(inset)"
  }

  /// The dimming start and end notch names (the second-highest and highest when not named).
  var dimmingNotches: (start: String, end: String) {
    let names = notches.map(\.name)
    return (
      tuning.dimming.startNotch ?? names[max(names.count - 2, 0)],
      tuning.dimming.endNotch ?? names[names.count - 1]
    )
  }

  /// The release policy in words, for a comment where a platform has no such setting.
  var policySummary: String {
    switch tuning.policy {
    case .nearest: "nearest notch to the release height"
    case .rushingForward(let v, let d):
      "projects h + \(Self.n(d))·v; above \(Self.n(v)) px/s moves on to the next notch in the direction of motion"
    case .projection(let r, let skips):
      "projects h + (v/1000)·\(Self.n(r, 4))/(1−\(Self.n(r, 4))), nearest notch\(skips ? "" : " of the release segment")"
    case .free(let r): "no snapping: coasts with deceleration \(Self.n(r, 4)) per ms and rests where it stops"
    }
  }

  /// The velocity (pt/s) above which a release moves on to the next notch, where the policy has one.
  var velocityThreshold: Double? {
    if case .rushingForward(let v, _) = tuning.policy { return v }
    return nil
  }

  /// Unit-mass stiffness and damping.
  var stiffness: String { Self.n(spring.stiffness, 3) }
  var damping: String { Self.n(spring.damping, 3) }
}
