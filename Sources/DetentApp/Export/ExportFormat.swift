import Detent
import DetentJSON

/// `detent export` formats: code or configuration reproducing a tuning's settle spring, notches,
/// dimming and policy thresholds in another platform's own terms.
enum ExportFormat: String, CaseIterable {
  case swiftui, uikit, floatingpanel, compose, android, css, framer, reactnative, flutter, vaul, json

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
    case .reactnative: "React Native"
    case .flutter: "Flutter"
    case .vaul: "vaul"
    case .json: "JSON"
    }
  }

  /// The exported text for `tuning`, with fractions and thresholds worked out for a window
  /// `windowWidth`×`windowHeight` where a number is needed (along the sheet's axis: its height
  /// for a bottom or top sheet, its width for a left or right drawer).
  func render(_ tuning: Tuning, windowWidth: Double = 1280, windowHeight: Double = 800) -> String {
    let e = ExportValues(tuning, windowWidth: windowWidth, windowHeight: windowHeight)
    let text = body(e)
    // A sheet on another edge than the bottom: one line under the opening comment says how (or
    // whether) the platform attaches it there.
    // Then one line per content key the tuning sets (sheet, footer, list, keyboard, dismiss, inset),
    // and one per notch the engine rests elsewhere than its formula says in this window.
    let adapted =
      self == .json ? [] : e.adaptNotes.map { self == .css ? "/* \(ExportValues.safe($0)) */" : "// \($0)" }
    let notes = (edgeNote(tuning.layout.edge).map { [$0] } ?? []) + contentNotes(tuning) + adapted
    guard !notes.isEmpty else { return text }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let after = self == .css ? (lines.firstIndex { $0.contains("*/") } ?? 0) : 0
    lines.insert(contentsOf: notes, at: min(after + 1, lines.count))
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
      "// Edge \(e): the panel's position is .\(e) and its anchors measure from .\(e) (FloatingPanel positions a panel at any edge)."
    case .compose:
      "// Edge \(e): Compose's sheets are bottom-only (ModalNavigationDrawer has no notches); use AnchoredDraggable with Orientation.\(edge.isVertical ? "Vertical" : "Horizontal") and these anchors."
    case .android:
      "// Edge \(e): BottomSheetBehavior is bottom-only; \(edge.isVertical ? "a top sheet needs a custom behavior" : "SideSheetBehavior attaches left/right but has no notches"); these springs still apply."
    case .css:
      "/* Edge \(e): the sheet is fixed to \(e): 0 and its \(size) takes the notch values below. */"
    case .framer:
      "// Edge \(e): drag=\"\(edge.isVertical ? "y" : "x")\" and animate the sheet's \(size) from the \(e) edge with detentSettle."
    case .reactnative:
      "// Edge \(e): gorhom's bottom sheet rises from the bottom only; animate an Animated.View's \(size) from the \(e) edge with this withSpring config."
    case .flutter:
      "// Edge \(e): DraggableScrollableSheet grows from the bottom only; a \(edge.isVertical ? "top sheet" : "side drawer") needs its own drag on the \(edge.isVertical ? "vertical" : "horizontal") axis with this SpringDescription."
    case .vaul:
      "// Edge \(e): <Drawer.Root direction=\"\(e)\"> (vaul's direction prop); snapPoints then measure the drawer's \(size)."
    case .json: nil
    }
  }

  private func body(_ e: ExportValues) -> String {
    switch self {
    case .swiftui: return AppleExport.swiftUI(e)
    case .uikit: return AppleExport.uiKit(e)
    case .floatingpanel: return FloatingPanelExport.render(e)
    case .compose: return AndroidExport.compose(e)
    case .android: return AndroidExport.views(e)
    case .css: return WebExport.css(e)
    case .framer: return WebExport.framer(e)
    case .reactnative: return ReactNativeExport.render(e)
    case .flutter: return FlutterExport.render(e)
    case .vaul: return VaulExport.render(e)
    case .json: return JSONWriter.write(TuningCoding.encode(e.tuning)) + "\n"
    }
  }
}
