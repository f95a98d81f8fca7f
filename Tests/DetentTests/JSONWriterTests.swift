import Detent
import Testing

/// `Config/JSONWriter.swift`: numbers, string escapes and the indented layout, as literal text
/// worked out by hand from JSON's grammar (the forms at and above 1e15 and the exponents are
/// Swift's shortest round-trip text, read once from a run).
struct JSONWriterTests {
  /// (number, text): whole numbers below 1e15 without a fraction, others round-trip text.
  static let numbers: [(Double, String)] = [
    (0, "0"), (-0.0, "0"), (1, "1"), (-30, "-30"), (0.5, "0.5"), (-0.1, "-0.1"), (2.5, "2.5"),
    (999_999_999_999_999, "999999999999999"), (1e15, "1000000000000000.0"), (1e16, "1e+16"),
    (1e308, "1e+308"), (0.000_001_5, "1.5e-06"),
  ]

  @Test("numbers: integers without a fraction, others in their shortest form", arguments: numbers)
  func number(x: Double, text: String) {
    #expect(JSONWriter.number(x) == text)
  }

  /// (string, literal)
  static let quotes: [(String, String)] = [
    ("", #""""#), ("plain", #""plain""#), ("a\"b", #""a\"b""#), ("a\\b", #""a\\b""#),
    ("line\nbreak", #""line\nbreak""#), ("\r\t", #""\r\t""#), ("\u{1}", #""\u0001""#),
    ("\u{1F}", #""\u001f""#),
    // Slash, DEL and non-ASCII need no escape.
    ("a/b", #""a/b""#), ("\u{7F}", "\"\u{7F}\""), ("é ✓ 😀", "\"é ✓ 😀\""),
  ]

  @Test("strings: quotes, backslashes and control characters escaped, the rest as is", arguments: quotes)
  func quote(s: String, literal: String) {
    #expect(JSONWriter.quote(s) == literal)
  }

  /// (what, value, text)
  static let documents: [(String, JSONValue, String)] = [
    ("null", .null(line: 1), "null\n"),
    ("empty object", .object([], line: 1), "{}\n"),
    ("empty array", .array([], line: 1), "[]\n"),
    (
      "scalars", .array([.bool(true, line: 1), .bool(false, line: 1), .number(2, line: 1)], line: 1),
      "[true, false, 2]\n"
    ),
    (
      "object, keys in stored order",
      .object([("b", .number(1, line: 1)), ("a", .string("x", line: 1))], line: 1),
      "{\n  \"b\": 1,\n  \"a\": \"x\"\n}\n"
    ),
    (
      "nested object, two more spaces a level",
      .object(
        [("s", .object([("r", .number(0.4, line: 1))], line: 1)), ("e", .object([], line: 1))], line: 1),
      "{\n  \"s\": {\n    \"r\": 0.4\n  },\n  \"e\": {}\n}\n"
    ),
    (
      "an array of objects, one a line",
      .object(
        [("n", .array([.object([("h", .number(1, line: 1))], line: 1), .null(line: 1)], line: 1))], line: 1),
      "{\n  \"n\": [\n    {\n      \"h\": 1\n    },\n    null\n  ]\n}\n"
    ),
  ]

  @Test("documents: indented by two spaces a level, simple arrays on one line", arguments: documents)
  func write(what: String, value: JSONValue, text: String) throws {
    #expect(JSONWriter.write(value) == text, "\(what)")
    #expect(try JSONParser.parse(text) == value, "\(what): reads back")
  }
}
