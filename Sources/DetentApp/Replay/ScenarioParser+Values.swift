import Detent
import DetentJSON

/// Values several step kinds share: pairs of numbers, file names, values quoted in errors.
extension ScenarioParser {
  /// A value as an error quotes it: a number or string as written, otherwise its type.
  static func describe(_ value: JSONValue) -> String {
    if case .number(let x, _) = value { return JSONWriter.number(x) }
    if case .string(let s, _) = value { return JSONWriter.quote(s) }
    return value.typeName
  }

  /// A name that stays inside the folder it is written to: not empty, no separator, not `.`/`..`.
  static func isPlainFileName(_ name: String) -> Bool {
    !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\\")
      && !name.contains("\0")
  }

  /// Two numbers `[a, b]`; `shape` names them in the error (`[x, y]`, `[width, height]` for
  /// whole numbers).
  static func pair(
    _ value: JSONValue, key: String, integer: Bool = false, range: ClosedRange<Double> = -100_000...100_000,
    shape: String? = nil
  ) throws(ConfigError) -> (Double, Double)? {
    guard case .array(let items, let line) = value, items.count == 2, case .number(let a, _) = items[0],
      case .number(let b, _) = items[1]
    else {
      let found: String
      if case .array(let items, _) = value, items.count != 2 {
        found = "an array of \(items.count) item\(items.count == 1 ? "" : "s")"
      } else {
        found = value.typeName
      }
      throw ConfigError(
        key: key, line: value.line,
        reason:
          "expected \(shape ?? (integer ? "[width, height] (two numbers)" : "[x, y] (two numbers)")), found \(found)"
      )
    }
    guard range.contains(a), range.contains(b) else {
      throw ConfigError(
        key: key, line: line,
        reason:
          "numbers must be within \(JSONWriter.number(range.lowerBound))...\(JSONWriter.number(range.upperBound))"
      )
    }
    if integer, a != a.rounded() || b != b.rounded() {
      throw ConfigError(key: key, line: line, reason: "expected whole numbers")
    }
    return (a, b)
  }

  /// The phase named at `"phase"` in `r` (nil when the key is absent); an unknown name is refused
  /// with the names it may be.
  static func phase(in r: JSONObjectReader) throws(ConfigError) -> PhaseName? {
    guard let name = try r.string("phase") else { return nil }
    guard let phase = PhaseName(rawValue: name) else {
      let known = PhaseName.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      throw ConfigError(
        key: r.keyPath("phase"), line: r.value("phase")?.line,
        reason: "unknown phase \"\(name)\" (expected one of \(known))")
    }
    return phase
  }
}
