import Detent
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
