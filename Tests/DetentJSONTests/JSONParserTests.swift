import Detent
import DetentJSON
import Testing

/// RFC 8259, one row per rule: what is accepted (and its value) and what is refused (where, why).
struct JSONParserTests {
  /// (rule, text, the string value of key "a")
  static let accepted: [(String, String, String)] = [
    ("plain string", #"{"a": "x"}"#, "x"),
    ("BMP escape", #"{"a": "\u00e9"}"#, "é"),
    ("surrogate pair", #"{"a": "\uD83D\uDE00"}"#, "😀"),
    ("lowercase hex pair", #"{"a": "\ud834\udd1e"}"#, "𝄞"),
    ("all simple escapes", #"{"a": "\"\\\/\b\f\n\r\t"}"#, "\"\\/\u{08}\u{0C}\n\r\t"),
    ("raw UTF-8", "{\"a\": \"ünïcödé ✓\"}", "ünïcödé ✓"),
    ("U+0000 escaped", #"{"a": "\u0000"}"#, "\u{0}"),
    ("DEL unescaped", "{\"a\": \"\u{7F}\"}", "\u{7F}"),
  ]

  @Test("accepted strings", arguments: accepted)
  func acceptsString(rule: String, text: String, expected: String) throws {
    let value = try JSONParser.parse(text)
    guard case .string(let s, _)? = value["a"] else {
      Issue.record("\(rule): no string")
      return
    }
    #expect(s == expected, "\(rule)")
  }

  /// (rule, text, number)
  static let numbers: [(String, String, Double)] = [
    ("zero", "0", 0),
    ("negative zero", "-0", -0.0),
    ("fraction", "0.5", 0.5),
    ("exponent", "1e3", 1000),
    ("signed exponent", "2.5E-3", 0.0025),
    ("plus exponent", "1e+2", 100),
    ("underflow to zero", "1e-400", 0),
    ("largest double", "1.7976931348623157e308", 1.797_693_134_862_315_7e308),
  ]

  @Test("accepted numbers", arguments: numbers)
  func acceptsNumber(rule: String, text: String, expected: Double) throws {
    guard case .number(let x, _) = try JSONParser.parse(text) else {
      Issue.record("\(rule): not a number")
      return
    }
    #expect(x == expected, "\(rule)")
  }

  /// (rule, text, line, column, words the reason contains)
  static let refused: [(String, String, Int, Int, String)] = [
    ("high surrogate then non-surrogate", #"{"a": "\uD800\u0041"}"#, 1, 14, "not a low surrogate"),
    ("lone high surrogate at the end", #"{"a": "\uD800"}"#, 1, 8, "lone high surrogate"),
    ("high surrogate then text", #"{"a": "\uD800x"}"#, 1, 8, "lone high surrogate"),
    ("lone low surrogate", #"{"a": "\uDC00"}"#, 1, 8, "lone low surrogate"),
    ("two high surrogates", #"{"a": "\uD800\uD800"}"#, 1, 14, "not a low surrogate"),
    ("truncated escape", #"{"a": "\u00"}"#, 1, 8, #"invalid \u escape"#),
    ("truncated pair", #"{"a": "\uD800\u12"}"#, 1, 14, #"invalid \u escape"#),
    ("bad hex digit", #"{"a": "\u00G0"}"#, 1, 8, #"invalid \u escape"#),
    ("unknown escape", #"{"a": "\x41"}"#, 1, 8, "invalid escape"),
    // Found by the json fuzz target: the column pointed past the end of the line.
    ("backslash before a line break", "{\"a\": \"\\\n\"}", 1, 8, "invalid escape"),
    ("leading zero", #"{"a": 01}"#, 1, 7, "leading zeros"),
    ("negative leading zero", #"{"a": -012}"#, 1, 8, "leading zeros"),
    ("number overflow", #"{"a": 1e400}"#, 1, 12, "out of range"),
    ("bare dot", #"{"a": .5}"#, 1, 7, "unexpected character"),
    ("trailing dot", #"{"a": 1.}"#, 1, 9, "after '.'"),
    ("empty exponent", #"{"a": 1e}"#, 1, 9, "exponent"),
    ("plus sign", #"{"a": +1}"#, 1, 7, "unexpected character"),
    ("hex number", #"{"a": 0x10}"#, 1, 8, "expected ',' or '}'"),
    ("NaN", #"{"a": NaN}"#, 1, 7, "unexpected character"),
    ("raw tab in string", "{\"a\": \"x\ty\"}", 1, 9, "control character"),
    ("raw newline in string", "{\"a\": \"x\ny\"}", 1, 9, "control character"),
    ("single quotes", "{'a': 1}", 1, 2, "expected a \"key\""),
    ("trailing comma in object", #"{"a": 1,}"#, 1, 9, "expected a \"key\""),
    ("trailing comma in array", #"[1,]"#, 1, 4, "unexpected character"),
    ("missing colon", #"{"a" 1}"#, 1, 6, "expected ':'"),
    ("unterminated string", #"{"a": "x"#, 1, 9, "unterminated string"),
    ("unterminated object", #"{"a": 1"#, 1, 8, "end of file"),
    ("text after the value", #"{} {}"#, 1, 4, "after the JSON value"),
    ("comment", "{} // no", 1, 4, "after the JSON value"),
    ("empty document", "", 1, 1, "end of file"),
    ("bad literal", "tru", 1, 4, "expected true"),
    ("error on a later line", "{\n  \"a\": 1,\n  \"b\": 01\n}", 3, 8, "leading zeros"),
    ("CRLF line ends", "{\r\n  \"a\": 1,\r\n  \"b\": 01\r\n}", 3, 8, "leading zeros"),
    ("CR-only line ends", "{\r  \"a\": 1,\r  \"b\": 01\r}", 3, 8, "leading zeros"),
    (
      "nesting 201 deep", String(repeating: "[", count: 201) + String(repeating: "]", count: 201), 1, 201,
      "nesting"
    ),
  ]

  @Test("refused documents name line and column", arguments: refused)
  func refuses(rule: String, text: String, line: Int, column: Int, words: String) {
    do {
      _ = try JSONParser.parse(text)
      Issue.record("\(rule): accepted")
    } catch {
      #expect(error.line == line, "\(rule): line")
      #expect(error.column == column, "\(rule): column")
      #expect(error.reason.contains(words), "\(rule): \(error.reason)")
    }
  }

  @Test("nesting 200 deep is accepted")
  func deepNesting() throws {
    let text = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
    guard case .array = try JSONParser.parse(text) else {
      Issue.record("not an array")
      return
    }
  }
}
