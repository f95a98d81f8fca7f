import Detent
import DetentJSON
import Testing

/// The tuning decoder (TuningCoding.swift, with ConfigError and the JSON parser under it),
/// called directly: every bad file gives one error with its exact key, line and reason
/// (checked against an 800-px window). The command line's part (file name, exit 2) is in
/// BadInputTests.
struct TuningCodingTests {
  /// Decodes `text` over the defaults and checks it for an 800-px window.
  static func error(_ text: String) -> ConfigError? {
    do {
      _ = try TuningCoding.decode(text: text).validate(availableHeight: 800)
      return nil
    } catch {
      return error
    }
  }

  static let known =
    "backdropTap, dimming, dismiss, dragRegion, footer, header, initialNotch, keyboard, layout, list, notches, "
    + "policy, "
    + "reduceMotion, rubberBand, sheet, spring, style"
  static let defaultNotches = #""minimum", "medium", "maximum""#

  /// (what, file text, key, line, reason); read once from a run and checked by reading each.
  static let cases: [(String, String, String, Int?, String)] = [
    // Syntax: the parser's line and column.
    ("malformed JSON", #"{"spring": {"response": 0.4,}}"#, "", 1, #"column 29: expected a "key""#),
    ("truncated JSON", #"{"spring": "#, "", 1, "column 12: unexpected end of file"),
    ("number overflow", #"{"spring": {"response": 1e999}}"#, "", 1, "column 30: number out of range: 1e999"),
    ("not an object", "[1, 2]", "", 1, "expected an object, found an array"),
    // Keys and types.
    (
      "wrong type", "{\n  \"spring\": {\"response\": \"fast\"}\n}", "spring.response", 2,
      "expected a number, found a string"
    ),
    ("unknown top-level key", "{\n\"springs\": {}\n}", "springs", 2, "unknown key (known: \(known))"),
    (
      "unknown nested key", #"{"list": {"rowz": 3}}"#, "list.rowz", 1,
      "unknown key (known: bounces, decelerationRate, interaction, resetOnCollapse, rowHeight, rowHeights, rows)"
    ),
    ("duplicate key", #"{"style": "rigid", "style": "rigid"}"#, "style", 1, "duplicate key"),
    (
      "rows not whole", #"{"list": {"rows": 2.5}}"#, "list.rows", 1,
      "expected a whole number in 0...10000000, found 2.5"
    ),
    // Ranges.
    ("huge number", #"{"spring": {"response": 1e308}}"#, "spring.response", 1, "1e+308 is outside 0.01...10"),
    ("negative response", #"{"spring": {"response": -1}}"#, "spring.response", 1, "-1 is outside 0.01...10"),
    ("zero damping", #"{"spring": {"dampingRatio": 0}}"#, "spring.dampingRatio", 1, "0 is outside 0.05...10"),
    ("alpha above 1", #"{"dimming": {"maxAlpha": 2}}"#, "dimming.maxAlpha", 1, "2 is outside 0...1"),
    (
      "fraction above 1", #"{"notches": [{"name": "a", "fraction": 1.5}]}"#, "notches[0].fraction", 1,
      "1.5 is outside 0...1"
    ),
    (
      "negative fraction", #"{"notches": [{"name": "a", "fraction": -0.1}]}"#, "notches[0].fraction", 1,
      "-0.1 is outside 0...1"
    ),
    // Enumerations.
    (
      "unknown policy", #"{"policy": {"kind": "magnetic"}}"#, "policy.kind", 1,
      #"unknown policy "magnetic" (expected "nearest", "rushingForward", "projection" or "free")"#
    ),
    (
      "unknown style", #"{"style": "stretchy"}"#, "style", 1,
      #"unknown value "stretchy" (expected one of "rigid", "flexibleHeight", "expandableHeight")"#
    ),
    // Notches.
    ("empty notches", #"{"notches": []}"#, "notches", 1, "at least one notch is required"),
    (
      "unsorted notches",
      "{\"notches\": [{\"name\": \"a\", \"height\": 300},\n {\"name\": \"b\", \"height\": 100}]}",
      "notches[1]", 2, "heights must be strictly ascending (100 after 300)"
    ),
    (
      "duplicate names", #"{"notches": [{"name": "a", "height": 100}, {"name": "a", "height": 200}]}"#,
      "notches[1].name", 1, #"duplicate notch name "a""#
    ),
    (
      "notch above window", #"{"notches": [{"name": "a", "height": 5000}]}"#, "notches[0]", 1,
      "height 5000 is above the window's 800 px"
    ),
    (
      "negative after inset", #"{"notches": [{"name": "a", "fraction": 0.1, "inset": 500}]}"#, "notches[0]",
      1,
      "height -420 is negative"
    ),
    (
      "height and fraction", #"{"notches": [{"name": "a", "height": 10, "fraction": 0.5}]}"#, "notches[0]", 1,
      "give either height or fraction, not both"
    ),
    (
      "nameless notch", #"{"notches": [{"height": 10}]}"#, "notches[0].name", 1,
      "missing (every notch needs a name)"
    ),
    (
      "all notches disabled", #"{"notches": [{"name": "a", "height": 100, "enabled": false}]}"#, "notches",
      nil,
      "at least one notch must be enabled"
    ),
    // Names that must exist.
    (
      "unknown initialNotch", #"{"initialNotch": "top"}"#, "initialNotch", 1,
      #"no notch is named "top" (notches: \#(defaultNotches))"#
    ),
    (
      "unknown dimming notch", #"{"dimming": {"startNotch": "half"}}"#, "dimming.startNotch", 1,
      #"no notch is named "half" (notches: \#(defaultNotches))"#
    ),
  ]

  @Test("each bad tuning file gives its exact key, line and reason", arguments: cases)
  func badFile(what: String, text: String, key: String, line: Int?, reason: String) throws {
    let error = try #require(Self.error(text), "\(what) was accepted")
    #expect(error == ConfigError(key: key, line: line, reason: reason), "\(what)")
  }

  @Test(
    "the message reads `line L: key: reason`, without the parts it lacks",
    arguments: [
      (ConfigError(key: "spring.response", line: 2, reason: "r"), "line 2: spring.response: r"),
      (ConfigError(key: "", line: 1, reason: "column 3: x"), "line 1: column 3: x"),
      (ConfigError(key: "notches", line: nil, reason: "r"), "notches: r"),
      (ConfigError(key: "", line: nil, reason: "r"), "r"),
    ])
  func description(error: ConfigError, text: String) {
    #expect(error.description == text)
  }

  @Test(
    "a partial file changes only what it names; the rest keeps the base",
    arguments: [
      (#"{"spring": {"response": 0.5}}"#, 0.5, 0.85, 3),
      (#"{"spring": {"dampingRatio": 1}}"#, 0.4, 1.0, 3),
      (#"{"notches": [{"name": "x", "height": 100}, {"name": "y", "fraction": 0.5}]}"#, 0.4, 0.85, 2),
      ("{}", 0.4, 0.85, 3),
    ])
  func partial(text: String, response: Double, damping: Double, notches: Int) throws {
    let t = try TuningCoding.decode(text: text).tuning
    #expect(t.spring.response == response)
    #expect(t.spring.dampingRatio == damping)
    #expect(t.notches.count == notches)
    #expect(t.list == Tuning().list)
  }
}
