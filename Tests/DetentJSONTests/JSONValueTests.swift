import Detent
import DetentJSON
import Testing

/// `Config/JSONValue.swift`: lines, type names, member lookup, the deep merge of a script's
/// `config` over a tuning file, and equality that ignores lines. Values worked out by hand.
struct JSONValueTests {
  /// (text, type name, line of the value under "a")
  static let types: [(String, String, Int)] = [
    (#"{"a": null}"#, "null", 1), ("{\n\"a\": true}", "a boolean", 2), (#"{"a": 1}"#, "a number", 1),
    ("{\n\n\"a\": \"s\"}", "a string", 3), (#"{"a": []}"#, "an array", 1), ("{\"a\":\n{}}", "an object", 2),
  ]

  @Test("type names and lines", arguments: types)
  func typeAndLine(text: String, name: String, line: Int) throws {
    let a = try #require(try JSONParser.parse(text)["a"])
    #expect(a.typeName == name)
    #expect(a.line == line)
  }

  @Test("subscript: the last of repeated keys, nil off objects; stringValue only for strings")
  func lookup() throws {
    let v = try JSONParser.parse(#"{"k": "x", "n": 3}"#)
    #expect(v["k"]?.stringValue == "x")
    #expect(v["n"]?.stringValue == nil)
    #expect(v["missing"] == nil)
    #expect(try JSONParser.parse("[1]")["k"] == nil)
    let repeated = JSONValue.object([("k", .number(1, line: 1)), ("k", .number(2, line: 1))], line: 1)
    #expect(repeated["k"] == .number(2, line: 1))
  }

  /// (base, overlay, merged)
  static let merges: [(String, String, String)] = [
    (#"{"a": 1, "b": 2}"#, #"{"b": 3}"#, #"{"a": 1, "b": 3}"#),
    (#"{"a": 1}"#, #"{"c": 3}"#, #"{"a": 1, "c": 3}"#),
    (#"{"s": {"r": 1, "d": 2}}"#, #"{"s": {"d": 5}}"#, #"{"s": {"r": 1, "d": 5}}"#),
    // Arrays and scalars are replaced whole; an object over a scalar replaces it too.
    (#"{"n": [1, 2]}"#, #"{"n": [3]}"#, #"{"n": [3]}"#),
    (#"{"s": 1}"#, #"{"s": {"r": 2}}"#, #"{"s": {"r": 2}}"#),
    ("[1]", #"{"a": 1}"#, #"{"a": 1}"#),
    (#"{"a": 1}"#, "{}", #"{"a": 1}"#),
  ]

  @Test("merged: overlay keys replace, objects merge key by key, order kept", arguments: merges)
  func merge(base: String, overlay: String, merged: String) throws {
    let m = try JSONParser.parse(base).merged(with: try JSONParser.parse(overlay))
    #expect(m == (try JSONParser.parse(merged)))
  }

  @Test("equality ignores lines but not key order")
  func equality() throws {
    #expect(try JSONParser.parse("{\"a\":\n1}") == (try JSONParser.parse(#"{"a": 1}"#)))
    #expect(try JSONParser.parse(#"{"a": 1, "b": 2}"#) != (try JSONParser.parse(#"{"b": 2, "a": 1}"#)))
    #expect(JSONValue.number(1, line: 1) != .string("1", line: 1))
  }
}
