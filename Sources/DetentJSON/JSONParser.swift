/// An error in JSON text, with the 1-based line and column where it was found.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Line of the problem.
  public var line: Int
  /// Column of the problem.
  public var column: Int
  /// What is wrong.
  public var reason: String
  /// `line L, column C: reason`.
  public var description: String { "line \(line), column \(column): \(reason)" }
}

/// A strict JSON (RFC 8259) parser that tracks lines; nesting deeper than 200 is refused.
public struct JSONParser {
  private let bytes: [UInt8]
  private var index = 0
  private var line = 1
  private var lineStart = 0
  private var depth = 0

  /// Parses one JSON document from `text`.
  public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    var parser = JSONParser(bytes: Array(text.utf8))
    parser.skipSpace()
    let value = try parser.parseValue()
    parser.skipSpace()
    if parser.index < parser.bytes.count { throw parser.error("unexpected text after the JSON value") }
    return value
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private func error(_ reason: String) -> JSONSyntaxError {
    JSONSyntaxError(line: line, column: index - lineStart + 1, reason: reason)
  }

  private mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09: index += 1
      case 0x0D:
        // A CR alone ends a line too (old Mac files); CRLF is one line break, counted at the LF.
        index += 1
        if index >= bytes.count || bytes[index] != 0x0A {
          line += 1
          lineStart = index
        }
      case 0x0A:
        index += 1
        line += 1
        lineStart = index
      default: return
      }
    }
  }

  private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
    guard index < bytes.count else { throw error("unexpected end of file") }
    let startLine = line
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString(), line: startLine)
    case UInt8(ascii: "t"): try literal("true"); return .bool(true, line: startLine)
    case UInt8(ascii: "f"): try literal("false"); return .bool(false, line: startLine)
    case UInt8(ascii: "n"): try literal("null"); return .null(line: startLine)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default:
      throw error("unexpected character '\(Character(Unicode.Scalar(bytes[index])))'")
    }
  }

  private mutating func literal(_ word: String) throws(JSONSyntaxError) {
    for byte in word.utf8 {
      guard index < bytes.count, bytes[index] == byte else {
        throw error("invalid literal, expected \(word)")
      }
      index += 1
    }
  }

  private mutating func enter() throws(JSONSyntaxError) {
    depth += 1
    if depth > 200 { throw error("nesting deeper than 200 levels") }
  }

  private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
    let startLine = line
    try enter()
    index += 1
    var members: [(key: String, value: JSONValue)] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return .object(members, line: startLine)
    }
    while true {
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a \"key\"") }
      let key = try parseString()
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw error("expected ':' after key")
      }
      index += 1
      skipSpace()
      let value = try parseValue()
      members.append((key, value))
      skipSpace()
      guard index < bytes.count else { throw error("unexpected end of file inside an object") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if bytes[index] == UInt8(ascii: "}") {
        index += 1
        depth -= 1
        return .object(members, line: startLine)
      }
      throw error("expected ',' or '}' in an object")
    }
  }

  private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
    let startLine = line
    try enter()
    index += 1
    var items: [JSONValue] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return .array(items, line: startLine)
    }
    while true {
      skipSpace()
      items.append(try parseValue())
      skipSpace()
      guard index < bytes.count else { throw error("unexpected end of file inside an array") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if bytes[index] == UInt8(ascii: "]") {
        index += 1
        depth -= 1
        return .array(items, line: startLine)
      }
      throw error("expected ',' or ']' in an array")
    }
  }

  private mutating func parseString() throws(JSONSyntaxError) -> String {
    index += 1
    var scalars = String.UnicodeScalarView()
    var raw: [UInt8] = []
    func flush() {
      if !raw.isEmpty {
        scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
        raw.removeAll()
      }
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        flush()
        return String(scalars)
      }
      if byte < 0x20 { throw error("control character in a string") }
      if byte == UInt8(ascii: "\\") {
        flush()
        index += 1
        guard index < bytes.count else { break }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{08}")
        case UInt8(ascii: "f"): scalars.append("\u{0C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          scalars.append(try unicodeEscape())
        default:
          // Point at the backslash: the escaped byte may be a line break.
          index -= 2
          throw error("invalid escape in a string")
        }
        continue
      }
      raw.append(byte)
      index += 1
    }
    throw error("unterminated string")
  }

  /// The scalar of a `\\uXXXX` escape (the `\\u` already read): a surrogate pair must be a high
  /// surrogate followed at once by an escaped low one; a lone surrogate is an error (it encodes
  /// no character, and a tuning file has no use for one).
  private mutating func unicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
    let escapeStart = index - 2
    let code = try hex4(escape: escapeStart)
    switch code {
    case 0xD800...0xDBFF:
      guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
      else {
        index = escapeStart
        throw error("lone high surrogate \\u\(Self.hex(code)) (a low surrogate \\uDC00-\\uDFFF must follow)")
      }
      index += 2
      let low = try hex4(escape: index - 2)
      guard (0xDC00...0xDFFF).contains(low) else {
        index -= 6
        throw error(
          "\\u\(Self.hex(low)) after the high surrogate \\u\(Self.hex(code)) is not a low surrogate")
      }
      return Unicode.Scalar(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00))!
    case 0xDC00...0xDFFF:
      index = escapeStart
      throw error("lone low surrogate \\u\(Self.hex(code))")
    default:
      return Unicode.Scalar(code)!
    }
  }

  private static func hex(_ code: UInt32) -> String {
    let digits = String(code, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// The four hex digits of a `\\u` escape whose backslash is at `escape` (where an error
  /// points, as for every bad escape).
  private mutating func hex4(escape: Int) throws(JSONSyntaxError) -> UInt32 {
    var code: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count, let digit = Self.hexDigit(bytes[index]) else {
        index = escape
        throw error("invalid \\u escape")
      }
      code = code * 16 + digit
      index += 1
    }
    return code
  }

  private static func hexDigit(_ b: UInt8) -> UInt32? {
    switch b {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(b - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(b - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
    let startLine = line
    let begin = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    func digits() -> Int {
      let s = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
      return index - s
    }
    let intStart = index
    let intDigits = digits()
    guard intDigits > 0 else { throw error("invalid number") }
    if intDigits > 1, bytes[intStart] == UInt8(ascii: "0") {
      index = intStart
      throw error("invalid number: leading zeros are not allowed")
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { throw error("invalid number: digits expected after '.'") }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard digits() > 0 else { throw error("invalid number: digits expected in the exponent") }
    }
    let text = String(decoding: bytes[begin..<index], as: UTF8.self)
    guard let value = Double(text), value.isFinite else { throw error("number out of range: \(text)") }
    return .number(value, line: startLine)
  }
}
