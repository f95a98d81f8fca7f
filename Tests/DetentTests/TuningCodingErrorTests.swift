import Detent
import Testing

/// `Config/TuningCoding.swift` and `Tuning.validate`: every refused tuning document, decoded
/// directly and checked against an 800-px window, with the exact key, line and reason of its
/// `ConfigError`. The reasons were read once from a run and checked by hand against the text
/// (columns counted, numbers worked out: 0.1 · 800 − 500 = −420).
struct TuningCodingErrorTests {
  /// (what, tuning text, key, line, reason)
  static let refused: [(String, String, String, Int?, String)] = [
    // JSON syntax: no key, the line, and the column in the reason.
    ("malformed JSON", "{\"spring\": {\"response\": 0.4,}}", "", 1, "column 29: expected a \"key\""),
    ("truncated JSON", "{\"spring\": ", "", 1, "column 12: unexpected end of file"),
    // The column is the one after the number, as JSONParserTests records.
    (
      "number overflow", "{\"spring\": {\"response\": 1e999}}", "", 1, "column 30: number out of range: 1e999"
    ),
    ("not an object", "[1, 2]", "", 1, "expected an object, found an array"),
    // Types and keys.
    (
      "wrong type", "{\n  \"spring\": {\"response\": \"fast\"}\n}", "spring.response", 2,
      "expected a number, found a string"
    ),
    (
      "unknown top-level key", "{\n\"springs\": {}\n}", "springs", 2,
      "unknown key (known: backdropTap, dimming, dismiss, dragRegion, header, initialNotch, layout, list, "
        + "notches, policy, reduceMotion, rubberBand, spring, style)"
    ),
    (
      "unknown nested key", "{\"list\": {\"rowz\": 3}}", "list.rowz", 1,
      "unknown key (known: bounces, decelerationRate, resetOnCollapse, rowHeight, rows)"
    ),
    ("duplicate key", "{\"style\": \"rigid\", \"style\": \"rigid\"}", "style", 1, "duplicate key"),
    // Ranges.
    (
      "huge number", "{\"spring\": {\"response\": 1e308}}", "spring.response", 1,
      "1e+308 is outside 0.01...10"
    ),
    (
      "negative response", "{\"spring\": {\"response\": -1}}", "spring.response", 1, "-1 is outside 0.01...10"
    ),
    (
      "zero damping", "{\"spring\": {\"dampingRatio\": 0}}", "spring.dampingRatio", 1,
      "0 is outside 0.05...10"
    ),
    ("alpha above 1", "{\"dimming\": {\"maxAlpha\": 2}}", "dimming.maxAlpha", 1, "2 is outside 0...1"),
    (
      "rows not whole", "{\"list\": {\"rows\": 2.5}}", "list.rows", 1,
      "expected a whole number in 0...10000000, found 2.5"
    ),
    // Notches.
    ("empty notches", "{\"notches\": []}", "notches", 1, "at least one notch is required"),
    (
      "unsorted notches",
      "{\"notches\": [{\"name\": \"a\", \"height\": 300},\n {\"name\": \"b\", \"height\": 100}]}",
      "notches[1]", 2, "heights must be strictly ascending (100 after 300)"
    ),
    (
      "duplicate names",
      "{\"notches\": [{\"name\": \"a\", \"height\": 100}, {\"name\": \"a\", \"height\": 200}]}",
      "notches[1].name", 1, "duplicate notch name \"a\""
    ),
    (
      "fraction above 1", "{\"notches\": [{\"name\": \"a\", \"fraction\": 1.5}]}", "notches[0].fraction", 1,
      "1.5 is outside 0...1"
    ),
    (
      "negative fraction", "{\"notches\": [{\"name\": \"a\", \"fraction\": -0.1}]}", "notches[0].fraction", 1,
      "-0.1 is outside 0...1"
    ),
    (
      "notch above window", "{\"notches\": [{\"name\": \"a\", \"height\": 5000}]}", "notches[0]", 1,
      "height 5000 is above the window's 800 px"
    ),
    (
      "negative after inset", "{\"notches\": [{\"name\": \"a\", \"fraction\": 0.1, \"inset\": 500}]}",
      "notches[0]", 1, "height -420 is negative"
    ),
    (
      "height and fraction", "{\"notches\": [{\"name\": \"a\", \"height\": 10, \"fraction\": 0.5}]}",
      "notches[0]", 1, "give either height or fraction, not both"
    ),
    (
      "nameless notch", "{\"notches\": [{\"height\": 10}]}", "notches[0].name", 1,
      "missing (every notch needs a name)"
    ),
    // No line: the check runs on the decoded notches, after the document is gone.
    (
      "all notches disabled", "{\"notches\": [{\"name\": \"a\", \"height\": 100, \"enabled\": false}]}",
      "notches", nil, "at least one notch must be enabled"
    ),
    // Names and choices.
    (
      "unknown initialNotch", "{\"initialNotch\": \"top\"}", "initialNotch", 1,
      "no notch is named \"top\" (notches: \"minimum\", \"medium\", \"maximum\")"
    ),
    (
      "unknown dimming notch", "{\"dimming\": {\"startNotch\": \"half\"}}", "dimming.startNotch", 1,
      "no notch is named \"half\" (notches: \"minimum\", \"medium\", \"maximum\")"
    ),
    (
      "unknown policy", "{\"policy\": {\"kind\": \"magnetic\"}}", "policy.kind", 1,
      "unknown policy \"magnetic\" (expected \"nearest\", \"rushingForward\", \"projection\" or \"free\")"
    ),
    (
      "unknown style", "{\"style\": \"stretchy\"}", "style", 1,
      "unknown value \"stretchy\" (expected one of \"rigid\", \"flexibleHeight\", \"expandableHeight\")"
    ),
  ]

  @Test("refused tuning documents: exact key, line and reason", arguments: refused)
  func refuses(what: String, text: String, key: String, line: Int?, reason: String) {
    do {
      let decoded = try TuningCoding.decode(text: text)
      _ = try decoded.validate(availableHeight: 800)
      Issue.record("\(what): accepted")
    } catch {
      #expect(error == ConfigError(key: key, line: line, reason: reason), "\(what)")
    }
  }
}
