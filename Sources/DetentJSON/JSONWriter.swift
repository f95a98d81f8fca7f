import Detent

/// Writes `JSONValue`s as indented, stable text (keys in their stored order).
public enum JSONWriter {
  /// The text of `value`, indented by two spaces per level, with a trailing newline.
  public static func write(_ value: JSONValue) -> String {
    var out = ""
    write(value, indent: 0, into: &out)
    out += "\n"
    return out
  }

  /// A number as JSON: integers without a fraction, others with the shortest round-trip form.
  public static func number(_ x: Double) -> String { ConfigError.numberText(x) }

  /// A string as a JSON literal with escapes.
  public static func quote(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  private static func write(_ value: JSONValue, indent: Int, into out: inout String) {
    let pad = String(repeating: " ", count: indent + 2)
    switch value {
    case .null: out += "null"
    case .bool(let b, _): out += b ? "true" : "false"
    case .number(let x, _): out += number(x)
    case .string(let s, _): out += quote(s)
    case .array(let items, _):
      if items.isEmpty {
        out += "[]"
        return
      }
      let simple = items.allSatisfy {
        if case .object = $0 { return false }
        if case .array = $0 { return false }
        return true
      }
      if simple {
        out += "["
        for (i, item) in items.enumerated() {
          if i > 0 { out += ", " }
          write(item, indent: indent, into: &out)
        }
        out += "]"
        return
      }
      out += "[\n"
      for (i, item) in items.enumerated() {
        out += pad
        write(item, indent: indent + 2, into: &out)
        out += i == items.count - 1 ? "\n" : ",\n"
      }
      out += String(repeating: " ", count: indent) + "]"
    case .object(let members, _):
      if members.isEmpty {
        out += "{}"
        return
      }
      out += "{\n"
      for (i, member) in members.enumerated() {
        out += pad + quote(member.key) + ": "
        write(member.value, indent: indent + 2, into: &out)
        out += i == members.count - 1 ? "\n" : ",\n"
      }
      out += String(repeating: " ", count: indent) + "}"
    }
  }
}
