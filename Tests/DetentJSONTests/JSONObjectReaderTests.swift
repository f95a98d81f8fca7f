import Detent
import DetentJSON
import Testing

/// `JSONObjectReader.swift`: the typed reads, each refusal with its exact key, line and reason
/// (worked out by hand from the messages' forms).
struct JSONObjectReaderTests {
  /// (what, the value of "n" in an object at path "p" (on line 2), read, reason)
  static let refused: [(String, String, @Sendable (JSONObjectReader) throws -> Void, String)] = [
    ("number out of range", "2", { _ = try $0.number("n", in: 0...1) }, "2 is outside 0...1"),
    ("number from a string", "\"2\"", { _ = try $0.number("n") }, "expected a number, found a string"),
    (
      "integer with a fraction", "2.5", { _ = try $0.integer("n", in: 0...5) },
      "expected a whole number in 0...5, found 2.5"
    ),
    (
      "integer out of range", "6", { _ = try $0.integer("n", in: 0...5) },
      "expected a whole number in 0...5, found 6"
    ),
    ("bool from a number", "1", { _ = try $0.bool("n") }, "expected true or false, found a number"),
    ("string from null", "null", { _ = try $0.string("n") }, "expected a string, found null"),
    ("array from an object", "{}", { _ = try $0.array("n") }, "expected an array, found an object"),
    ("object from an array", "[]", { _ = try $0.object("n") }, "expected an object, found an array"),
    (
      "choice not among the cases", "\"up\"", { _ = try $0.choice("n", LayoutSide.self) },
      "unknown value \"up\" (expected one of \"left\", \"right\")"
    ),
    ("a key not known", "1", { try $0.rejectUnknown(["x"]) }, "unknown key (known: x)"),
  ]

  @Test("typed reads refuse the wrong kind or range, naming p.n and its line", arguments: refused)
  func refuses(what: String, value: String, read: @Sendable (JSONObjectReader) throws -> Void, reason: String)
    throws
  {
    let reader = try JSONObjectReader(try JSONParser.parse("{\"x\": 0,\n\"n\": \(value)}"), path: "p")
    #expect(reader.keyPath("n") == "p.n")
    do {
      try read(reader)
      Issue.record("\(what): accepted")
    } catch let error as ConfigError {
      #expect(error == ConfigError(key: "p.n", line: 2, reason: reason), "\(what)")
    }
  }

  @Test("absent keys read as nil; present ones as their value")
  func reads() throws {
    let r = try JSONObjectReader(
      try JSONParser.parse(#"{"a": 0.5, "b": 3, "c": true, "d": "right", "e": [1], "f": {}}"#), path: "")
    #expect(try r.number("a", in: 0...1) == 0.5)
    #expect(try r.integer("b", in: 0...5) == 3)
    #expect(try r.bool("c") == true)
    #expect(try r.choice("d", LayoutSide.self) == .right)
    #expect(try r.array("e")?.count == 1)
    #expect(try r.object("f")?.path == "f")
    #expect(try r.number("z") == nil && r.bool("z") == nil && r.string("z") == nil && r.array("z") == nil)
    #expect(try r.object("z") == nil)
  }

  /// (text, path, key, line, reason): the reader itself refuses non-objects and repeated keys.
  static let nonObjects: [(String, String, String, Int, String)] = [
    ("3", "", "", 1, "expected an object, found a number"),
    ("\n[]", "spring", "spring", 2, "expected an object, found an array"),
    ("{\"a\": 1,\n\"a\": 2}", "", "a", 2, "duplicate key"),
    ("{\"a\": 1, \"a\": 2}", "list", "list.a", 1, "duplicate key"),
  ]

  @Test("a reader needs an object without repeated keys", arguments: nonObjects)
  func notReadable(text: String, path: String, key: String, line: Int, reason: String) throws {
    let value = try JSONParser.parse(text)
    #expect(throws: ConfigError(key: key, line: line, reason: reason)) {
      try JSONObjectReader(value, path: path)
    }
  }
}
