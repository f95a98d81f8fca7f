import Detent
import DetentJSON

/// Writing inputs back as script steps (`--record`): points to 0.01 px, wheel fractions and time
/// scales to 1e-6, the precision a recording keeps.
extension AppInputCodec {
  /// The step `{"KIND": VALUE}` for `s`; nil for a status line, which no step writes. A release's
  /// velocity is not written: a script gives one only through a `drag`.
  static func write(_ s: ScriptInput) -> JSONValue? {
    guard let kind = InputKind(of: s.input) else { return nil }
    let value: JSONValue
    switch s.input {
    case .press(let x, let y), .move(let x, let y), .release(let x, let y, _):
      value = point(s.aim, x, y)
    case .wheel(let x, let y, let dy):
      value = object([("at", point(s.aim, x, y)), ("dy", number(Double(dy)))])
    case .fineWheel(let x, let y, let dy):
      value = object([("at", point(s.aim, x, y)), ("dy", number(dy, decimals: 6))])
    case .hwheel(let x, let y, let dx):
      value = object([("at", point(s.aim, x, y)), ("dx", number(Double(dx)))])
    case .key(let name): value = .string(name, line: 0)
    case .text(let text): value = .string(text, line: 0)
    case .resize(let w, let h): value = .array([number(Double(w)), number(Double(h))], line: 0)
    case .moveTo(let notch, let animated):
      value = object(
        [("notch", .string(notch, line: 0))] + (animated ? [] : [("animated", .bool(false, line: 0))]))
    case .tune(let overlay): value = overlay
    case .timeScale(let scale): value = number(scale, decimals: 6)
    case .compare(let name): value = name.map { .string($0, line: 0) } ?? .null(line: 0)
    case .status: return nil
    }
    return object([(kind.rawValue, value)])
  }

  /// A step on one line, as recordings write it: compact JSON (`{"wheel": {"at": [1, 2], "dy": 1}}`),
  /// except a `tune` overlay, written as the tuning file writer writes it with its lines joined
  /// by spaces.
  static func line(_ step: JSONValue) -> String {
    var out = ""
    write(step, into: &out)
    return out
  }

  private static func write(_ value: JSONValue, into out: inout String) {
    switch value {
    case .array(let items, _):
      out += "["
      for (i, item) in items.enumerated() {
        if i > 0 { out += ", " }
        write(item, into: &out)
      }
      out += "]"
    case .object(let members, _):
      out += "{"
      for (i, member) in members.enumerated() {
        if i > 0 { out += ", " }
        out += JSONWriter.quote(member.key) + ": "
        if member.key == InputKind.tune.rawValue, case .object = member.value {
          out += JSONWriter.write(member.value).split(separator: "\n").joined(separator: " ")
        } else {
          write(member.value, into: &out)
        }
      }
      out += "}"
    default:
      // A scalar is written as the tuning file writer writes it.
      out += JSONWriter.write(value).dropLast()
    }
  }

  /// `[x, y]` in pixels, or the aim as written (`"grabber"`, `["50%", 10]`, `{"by": [dx, dy]}`).
  private static func point(_ aim: ScenarioPoint?, _ x: Double, _ y: Double) -> JSONValue {
    switch aim ?? .at(x, y) {
    case .point(let px, let py): .array([coordinate(px), coordinate(py)], line: 0)
    case .target(let target): .string(target.description, line: 0)
    case .by(let dx, let dy):
      object([("by", .array([number(dx, decimals: 2), number(dy, decimals: 2)], line: 0))])
    }
  }

  private static func coordinate(_ c: ScenarioPoint.Coordinate) -> JSONValue {
    switch c {
    case .pixels(let p): number(p, decimals: 2)
    case .percent(let p): .string(EventLog.number(p) + "%", line: 0)
    }
  }

  private static func object(_ members: [(key: String, value: JSONValue)]) -> JSONValue {
    .object(members, line: 0)
  }

  private static func number(_ x: Double, decimals: Int = 0) -> JSONValue {
    .number(decimals == 0 ? x : rounded(x, decimals: decimals), line: 0)
  }

  /// `x` rounded to `decimals` places: written, it reads as `EventLog.number(x, decimals:)`.
  static func rounded(_ x: Double, decimals: Int) -> Double {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    return (x * scale).rounded() / scale
  }
}
