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
  /// `windowHeight` px high where a number is needed.
  func render(_ tuning: Tuning, windowHeight: Double = 800) -> String {
    let text = body(tuning, windowHeight: windowHeight)
    // A sheet on another edge than the bottom: one line under the opening comment says how (or
    // whether) the platform attaches it there.
    // Then one line per content key the tuning sets (sheet, footer, list, keyboard, dismiss, inset).
    let notes = (edgeNote(tuning.layout.edge).map { [$0] } ?? []) + contentNotes(tuning)
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
      "// Edge \(e): set `position` to .\(e) (FloatingPanel positions .top, .left, .right) and the anchors' `edge:` to .\(e)."
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

  private func body(_ tuning: Tuning, windowHeight: Double) -> String {
    let e = ExportValues(tuning, windowHeight: windowHeight)
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
    case .json: return JSONWriter.write(TuningCoding.encode(tuning)) + "\n"
    }
  }
}

/// The numbers every exporter needs, computed once from the tuning.
struct ExportValues {
  let tuning: Tuning
  /// The window height fractions and thresholds are worked out for.
  let windowHeight: Double
  var spring: Spring { tuning.spring }
  var notches: [NotchSpec] { tuning.notches }
  /// The notches a release may choose.
  var enabled: [NotchSpec] { tuning.notches.filter(\.enabled) }

  init(_ tuning: Tuning, windowHeight: Double = 800) {
    self.tuning = tuning
    self.windowHeight = windowHeight
  }

  /// `x` with at most `decimals` places and no trailing zeros.
  static func n(_ x: Double, _ decimals: Int = 3) -> String { EventLog.number(x, decimals: decimals) }

  /// `base` less a notch's `inset`, as source text: "base - 60", "base + 20" for a negative
  /// inset, or `base` alone for none; `literal` writes a number in the target language.
  static func minusInset(_ base: String, _ inset: Double, literal: (Double) -> String) -> String {
    if inset == 0 { return base }
    return inset > 0 ? "\(base) - \(literal(inset))" : "\(base) + \(literal(-inset))"
  }

  /// Text safe inside any comment: no line breaks or control characters, and a space between
  /// every `/` and `*` that touch, so it never closes a block comment (`*/`) nor opens a nested
  /// one (`/*`: Kotlin, Swift and Dart block comments nest, so an opened one would comment out
  /// the rest of the file).
  static func safe(_ text: String) -> String {
    var out = ""
    var previous: Character?
    for c in text {
      let c: Character = c.isNewline || (c.asciiValue.map { $0 < 32 || $0 == 127 } ?? false) ? " " : c
      if (previous == "/" && c == "*") || (previous == "*" && c == "/") { out.append(" ") }
      out.append(c)
      previous = c
    }
    return out
  }

  /// `text` as a Swift string literal (`\u{…}` for control characters).
  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case _ where scalar.value < 32 || scalar.value == 127:
        out += "\\u{\(String(scalar.value, radix: 16))}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// A valid identifier from a notch name: ASCII letters and digits in the given case, never
  /// starting with a digit, unique among the tuning's notches (the index is appended on a clash).
  func identifier(_ spec: NotchSpec, _ style: IdentifierStyle) -> String {
    func make(_ name: String) -> String {
      let words = name.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
      var id: String
      switch style {
      case .upperCamel: id = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
      case .lowerCamel:
        id = words.enumerated().map { i, w in
          i == 0 ? w.prefix(1).lowercased() + w.dropFirst() : w.prefix(1).uppercased() + w.dropFirst()
        }
        .joined()
      case .constant: id = words.map { $0.uppercased() }.joined(separator: "_")
      case .kebab: id = words.map { $0.lowercased() }.joined(separator: "-")
      }
      if id.isEmpty { id = style == .constant ? "NOTCH" : style == .upperCamel ? "Notch" : "notch" }
      if id.first!.isNumber { id = (style == .constant ? "N_" : style == .upperCamel ? "N" : "n") + id }
      return id
    }
    let ids = notches.map { make($0.name) }
    guard let i = notches.firstIndex(where: { $0.name == spec.name }) else { return make(spec.name) }
    return ids.filter({ $0 == ids[i] }).count > 1 ? ids[i] + (style == .kebab ? "-\(i)" : "\(i)") : ids[i]
  }

  /// How an identifier is spelled.
  enum IdentifierStyle { case upperCamel, lowerCamel, constant, kebab }

  /// One line per notch, in the tuning file's own terms, for comments.
  func describe(_ spec: NotchSpec) -> String {
    let name = Self.safe(spec.name) + (spec.enabled ? "" : " (disabled)")
    if let content = spec.content {
      return "\(name): fits its \(content.rawValue) (\(Self.n(height(spec))) px in Detent's demo)"
    }
    if let h = spec.height { return "\(name): \(Self.n(h)) px" }
    let inset = spec.inset == 0 ? "" : " − \(Self.n(spec.inset)) px"
    return "\(name): \(Self.n(spec.fraction ?? 0)) × height\(inset)"
  }

  /// All notches, for a comment.
  var notchSummary: String { notches.map(describe).joined(separator: "; ") }

  /// The notch's height in the export's window (content notches measure Detent's demo content).
  func height(_ spec: NotchSpec) -> Double {
    spec.resolvedHeight(available: windowHeight, content: ContentHeights(tuning))
  }

  /// The enabled notches above 0 px: what a sheet library lists as snap points, where a
  /// 0-height notch is its close gesture instead.
  /// One note per shown notch that is not a fixed pixel height (a fraction with an inset, or
  /// content): the pixels it was worked out as for this window, in a `container` that many px
  /// high, which a platform taking pixels cannot follow at other sizes.
  func pixelNotes(container: String) -> [String] {
    shown.filter { $0.content != nil || ($0.height == nil && $0.inset != 0) }.map { spec in
      "\(describe(spec)): worked out as \(Self.n(height(spec))) px for a \(container) \(Self.n(windowHeight)) px high (not exact at other heights)."
    }
  }

  var shown: [NotchSpec] {
    let shown = enabled.filter { height($0) > 0 }
    return shown.isEmpty ? enabled : shown
  }

  /// Whether an enabled notch is 0 px high: a release there (or a dismissal) closes the sheet.
  var closes: Bool { shown.count < enabled.count }

  /// The notch a fresh sheet rests at (`Tuning.startingNotch`); the exports leave disabled
  /// notches out, so a disabled one gives way to the lowest enabled one.
  var initialNotch: NotchSpec {
    let start = tuning.notches[tuning.startingNotch]
    return start.enabled ? start : enabled.first ?? start
  }

  /// The dimming start and end notches (the second-highest and highest when not named).
  var dimmingNotches: (start: String, end: String) {
    let range = tuning.dimmingNotches
    return (tuning.notches[range.start].name, tuning.notches[range.end].name)
  }

  /// The dimming rule in words (names made comment-safe).
  var dimmingSummary: String {
    let d = dimmingNotches
    let (s, e) = (Self.safe(d.start), Self.safe(d.end))
    return "\(Self.n(tuning.dimming.maxAlpha)) × clamp((h − \(s))/(\(e) − \(s)), 0, 1)"
  }

  /// Detent's backdrop alpha at `height` in the export's window.
  func dimmingAlpha(at height: Double) -> Double {
    let d = dimmingNotches
    let start = notches.first { $0.name == d.start }.map(self.height) ?? 0
    let end = notches.first { $0.name == d.end }.map(self.height) ?? 0
    return Dimming.alpha(height: height, start: start, end: end, maxAlpha: tuning.dimming.maxAlpha)
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
