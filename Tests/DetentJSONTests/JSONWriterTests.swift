import Detent
import DetentJSON
import Testing

/// JSONWriter.swift: numbers, string escapes and the indented layout, and that what it writes
/// parses back to the same value.
struct JSONWriterTests {
  @Test(
    "numbers: integers without a fraction, the rest in the shortest form that reads back",
    arguments: [
      (0.0, "0"), (-0.0, "0"), (3.0, "3"), (-42.0, "-42"), (0.5, "0.5"), (0.1, "0.1"),
      (1e15, "1000000000000000.0"),
      (999_999_999_999_999.0, "999999999999999"), (1.0 / 3, "0.3333333333333333"), (-2.5e-7, "-2.5e-07"),
    ])
  func number(x: Double, text: String) {
    #expect(JSONWriter.number(x) == text)
  }

  @Test(
    "strings: quotes, backslashes and control characters are escaped; the rest is kept",
    arguments: [
      ("", #""""#), ("plain", #""plain""#), ("a\"b", #""a\"b""#), ("back\\slash", #""back\\slash""#),
      ("line\nbreak\ttab\rret", #""line\nbreak\ttab\rret""#), ("\u{01}\u{1f}", #""\u0001\u001f""#),
      ("ζ 0.85 · ✕", #""ζ 0.85 · ✕""#),
    ])
  func quote(s: String, text: String) {
    #expect(JSONWriter.quote(s) == text)
  }

  @Test("objects and arrays of objects indent by two spaces; flat arrays stay on one line")
  func layout() throws {
    let value = JSONValue.object(
      [
        ("name", .string("x", line: 0)),
        ("flat", .array([.number(1, line: 0), .bool(true, line: 0)], line: 0)),
        ("empty", .object([], line: 0)), ("none", .array([], line: 0)), ("nothing", .null(line: 0)),
        ("nested", .array([.object([("a", .number(0.25, line: 0))], line: 0)], line: 0)),
      ], line: 0)
    let text = JSONWriter.write(value)
    #expect(
      text == """
        {
          "name": "x",
          "flat": [1, true],
          "empty": {},
          "none": [],
          "nothing": null,
          "nested": [
            {
              "a": 0.25
            }
          ]
        }

        """)
    #expect(try JSONParser.parse(text) == value)
  }
}

/// `Config/JSONWriter.swift`: numbers, string escapes and the indented layout, as literal text
/// worked out by hand from JSON's grammar (the forms at and above 1e15 and the exponents are
/// Swift's shortest round-trip text, read once from a run).
struct JSONWriterTableTests {
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
