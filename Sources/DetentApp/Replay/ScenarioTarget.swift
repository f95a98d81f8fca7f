import Detent
import DetentJSON

/// A named element of the screen a step can point at instead of a pixel: resolved at that
/// step's frame from the current state, so a script survives a change of window size or layout.
enum ScenarioTarget: Equatable, Sendable, CustomStringConvertible {
  /// The top sheet's grabber strip.
  case grabber
  /// A part of the top sheet's header that drags it (not the search field, a chip or a button).
  case header
  /// The root's search field.
  case search
  /// The top sheet's footer.
  case footer
  /// A point of the backdrop beside or above the top sheet.
  case backdrop
  /// The centre of row N (from 0) of the top sheet's list.
  case row(Int)
  /// A filter chip by its label ("All", "Food", …).
  case chip(String)

  /// The names a script may write, for error messages.
  static let forms = "\"grabber\", \"header\", \"search\", \"footer\", \"backdrop\", \"row:N\", \"chip:NAME\""

  /// The target a script names `text`, or nil when it names none.
  init?(_ text: String) {
    switch text {
    case "grabber": self = .grabber
    case "header": self = .header
    case "search": self = .search
    case "footer": self = .footer
    case "backdrop": self = .backdrop
    default:
      if text.hasPrefix("row:"), let n = Int(text.dropFirst(4)), n >= 0, n <= 1_000_000 {
        self = .row(n)
      } else if text.hasPrefix("chip:"), text.count > 5 {
        self = .chip(String(text.dropFirst(5)))
      } else {
        return nil
      }
    }
  }

  /// As written in a script.
  var description: String {
    switch self {
    case .grabber: "grabber"
    case .header: "header"
    case .search: "search"
    case .footer: "footer"
    case .backdrop: "backdrop"
    case .row(let n): "row:\(n)"
    case .chip(let name): "chip:\(name)"
    }
  }
}

/// Where a step points: pixels, percentages of the window, a named target, or an offset from
/// the point of the last press (`{"by": [dx, dy]}`).
enum ScenarioPoint: Equatable, Sendable, CustomStringConvertible {
  /// One coordinate: pixels, or a percentage of the window's width or height.
  enum Coordinate: Equatable, Sendable {
    case pixels(Double)
    case percent(Double)

    /// The coordinate in pixels along a window side `size` long.
    func resolved(in size: Double) -> Double {
      switch self {
      case .pixels(let p): p
      case .percent(let p): size * p / 100
      }
    }

    var text: String {
      switch self {
      case .pixels(let p): EventLog.number(p)
      case .percent(let p): "\"\(EventLog.number(p))%\""
      }
    }
  }

  case point(Coordinate, Coordinate)
  case target(ScenarioTarget)
  /// An offset from the point of the last press (from `drag.from` for `drag.to`).
  case by(Double, Double)

  /// Pixels (x, y).
  static func at(_ x: Double, _ y: Double) -> ScenarioPoint { .point(.pixels(x), .pixels(y)) }

  /// As written in a script.
  var description: String {
    switch self {
    case .point(let x, let y): "[\(x.text), \(y.text)]"
    case .target(let t): "\"\(t)\""
    case .by(let dx, let dy): "{\"by\": [\(EventLog.number(dx)), \(EventLog.number(dy))]}"
    }
  }
}

extension ScenarioParser {
  /// A point as a step takes it: `[x, y]` (each a number or `"N%"`), a target name, or, where
  /// `relative` allows, `{"by": [dx, dy]}`.
  static func point(_ value: JSONValue, key: String, relative: Bool) throws(ConfigError) -> ScenarioPoint {
    let forms =
      "[x, y] (numbers or \"N%\" of the window), a target (\(ScenarioTarget.forms))"
      + (relative ? " or {\"by\": [dx, dy]}" : "")
    switch value {
    case .string(let name, let line):
      guard let target = ScenarioTarget(name) else {
        throw ConfigError(key: key, line: line, reason: "unknown target \"\(name)\" (expected \(forms))")
      }
      if case .chip(let label) = target, !HeaderLayout.chipLabels.contains(label) {
        let known = HeaderLayout.chipLabels.map { "\"chip:\($0)\"" }.joined(separator: ", ")
        throw ConfigError(key: key, line: line, reason: "no chip is labelled \"\(label)\" (chips: \(known))")
      }
      return .target(target)
    case .object(let members, let line):
      guard relative, members.count == 1, members[0].key == "by" else {
        throw ConfigError(key: key, line: line, reason: "expected \(forms)")
      }
      let d = try pair(members[0].value, key: "\(key).by")!
      return .by(d.0, d.1)
    case .array(let items, let line) where items.count == 2:
      var coords: [ScenarioPoint.Coordinate] = []
      for item in items {
        switch item {
        case .number(let p, _) where p >= -100_000 && p <= 100_000:
          coords.append(.pixels(p))
        case .string(let s, _) where s.hasSuffix("%"):
          guard let p = Double(s.dropLast()), p >= 0, p <= 100 else {
            throw ConfigError(
              key: key, line: line, reason: "a percentage is \"0%\" to \"100%\", found \"\(s)\"")
          }
          coords.append(.percent(p))
        default:
          throw ConfigError(key: key, line: line, reason: "expected \(forms)")
        }
      }
      return .point(coords[0], coords[1])
    default:
      throw ConfigError(key: key, line: value.line, reason: "expected \(forms), found \(value.typeName)")
    }
  }
}
