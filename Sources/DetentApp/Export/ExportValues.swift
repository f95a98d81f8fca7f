import Detent
import Foundation

/// The numbers every exporter needs, computed once from the tuning and the window it is
/// checked against (`detent export --size`).
struct ExportValues {
  let tuning: Tuning
  /// The window the fractions and thresholds are worked out for.
  let windowWidth: Double
  let windowHeight: Double
  /// The engine's notches in that window: what the demo's root sheet resolves (the default
  /// notches adapt to a small window, each clamped into it, none below the one before).
  let resolved: [Notch]
  /// The tuning's notches as the exports state them: each as written, except that a notch the
  /// engine resolves elsewhere than its own formula gives in this window (an adapted default
  /// notch) is a fixed height where the engine rests it (`ExportNotches`).
  let notches: [NotchSpec]
  var spring: Spring { tuning.spring }

  init(_ tuning: Tuning, windowWidth: Double = 1280, windowHeight: Double = 800) {
    self.tuning = tuning
    self.windowWidth = windowWidth
    self.windowHeight = windowHeight
    let axis = tuning.layout.edge.isVertical ? windowHeight : windowWidth
    let content = ContentHeights(tuning)
    let engine = try? DemoModel.rootSheet(tuning, width: windowWidth, height: windowHeight).notches
    resolved =
      engine
      ?? tuning.notches.map {
        Notch(
          name: $0.name, height: $0.resolvedHeight(available: axis, content: content), enabled: $0.enabled)
      }
    notches = zip(tuning.notches, resolved).map { spec, notch in
      guard spec.resolvedHeight(available: axis, content: content) != notch.height else { return spec }
      return NotchSpec(name: spec.name, height: notch.height, enabled: spec.enabled)
    }
  }

  /// `x` with at most `decimals` places and no trailing zeros.
  static func n(_ x: Double, _ decimals: Int = 3) -> String { EventLog.number(x, decimals: decimals) }

  /// `x` to 5 significant digits (at least 3 decimals, no trailing zeros): a stiffness or damping
  /// that gives the spring back to 1 part in 10,000 however small it is (0.063 for a damping of
  /// 0.0628 would be 0.3 % off; this writes 0.062832).
  static func precise(_ x: Double) -> String {
    guard x.isFinite, x != 0 else { return n(x) }
    let magnitude = Int(log10(abs(x)).rounded(.down))
    return n(x, min(max(3, 4 - magnitude), 12))
  }

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

  /// Unit-mass stiffness and damping, to 5 significant digits (`precise`).
  var stiffness: String { Self.precise(spring.stiffness) }
  var damping: String { Self.precise(spring.damping) }
}
