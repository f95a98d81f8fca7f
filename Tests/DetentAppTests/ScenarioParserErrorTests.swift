import Detent
import Foundation
import Testing

@testable import DetentApp

/// `ScenarioParser`: every refused script, parsed directly, with the exact key, line and reason
/// of its `ConfigError`; and `ScenarioParser.load` / `TuningFile.load`, whose one-line message
/// names the file. The reasons were read once from a run and checked by hand against the text.
struct ScenarioParserErrorTests {
  static let stepKinds =
    "press, move, release, click, drag, wheel, wait, key, type, resize, moveTo, tune, timeScale, compare, "
    + "frame, shot, expect"

  /// (what, script text, key, line, reason)
  static let refused: [(String, String, String, Int, String)] = [
    // The script's own keys.
    ("missing steps", "{\"name\": \"x\"}", "steps", 1, "missing (a script needs a list of steps)"),
    (
      "unknown top-level key", "{\"stepz\": []}", "stepz", 1,
      "unknown key (known: config, fps, name, steps, window)"
    ),
    ("fps zero", "{\"fps\": 0, \"steps\": []}", "fps", 1, "0 is outside 1...1000"),
    ("fps negative", "{\"fps\": -30, \"steps\": []}", "fps", 1, "-30 is outside 1...1000"),
    (
      "zero window", "{\"window\": [0, 0], \"steps\": []}", "window", 1, "width and height must be 1 to 16384"
    ),
    (
      "bad config in script", "{\"config\": {\"spring\": {\"response\": 0}}, \"steps\": []}",
      "config.spring.response", 1, "0 is outside 0.01...10"
    ),
    // Steps.
    (
      "unknown step kind", "{\"steps\": [\n{\"hover\": [1, 2]}\n]}", "steps[0].hover", 2,
      "unknown step kind \"hover\" (expected one of: \(stepKinds))"
    ),
    (
      "two keys in a step", "{\"steps\": [{\"wait\": 1, \"key\": \"Up\"}]}", "steps[0]", 1,
      "a step is an object with exactly one key, one of: \(stepKinds)"
    ),
    (
      "negative wait", "{\"steps\": [{\"wait\": -1}]}", "steps[0].wait", 1,
      "expected seconds from 0 to 3600, found -1"
    ),
    (
      "drag without to", "{\"steps\": [{\"drag\": {\"from\": [1, 2]}}]}", "steps[0].drag", 1,
      "needs from and to"
    ),
    (
      "point not a pair", "{\"steps\": [{\"press\": [1]}]}", "steps[0].press", 1,
      "expected [x, y] (two numbers), found an array"
    ),
    // Expectations.
    (
      "expect on an unknown field", "{\"steps\": [\n {\"expect\": {\"colour\": \"red\"}}]}",
      "steps[0].expect.colour", 2,
      "unknown key (known: dimAlpha, headerOffset, height, image, listOffset, notch, phase, sheetWidth, "
        + "sheetX, stack)"
    ),
    (
      "unknown phase", "{\"steps\": [{\"expect\": {\"phase\": \"flying\"}}]}", "steps[0].expect.phase", 1,
      "unknown phase \"flying\" (expected one of \"idle\", \"pressed\", \"dragging\", \"scrolling\", \"settling\")"
    ),
    (
      "range upside down", "{\"steps\": [{\"expect\": {\"height\": [300, 100]}}]}", "steps[0].expect.height",
      1,
      "range [lo, hi] needs lo ≤ hi"
    ),
  ]

  @Test("refused scripts: exact key, line and reason", arguments: refused)
  func refuses(what: String, text: String, key: String, line: Int, reason: String) throws {
    let value = try JSONParser.parse(text)
    do {
      _ = try ScenarioParser.parse(value, path: "bad.json", base: nil, fps: nil)
      Issue.record("\(what): accepted")
    } catch {
      #expect(error == ConfigError(key: key, line: line, reason: reason), "\(what)")
    }
  }

  /// (what, script text, the message after the file's path)
  static let loaded: [(String, String, String)] = [
    ("NaN-like text", "{\"steps\": [{\"wait\": NaN}]}", ":1: column 21: unexpected character 'N'"),
    (
      "a step's error", "{\"steps\": [\n{\"hover\": [1, 2]}\n]}",
      ":2: steps[0].hover: unknown step kind \"hover\" (expected one of: \(stepKinds))"
    ),
  ]

  @Test("a script's message is path:line: key: reason, for syntax errors too", arguments: loaded)
  func loadMessage(what: String, text: String, message: String) throws {
    let path = try write(text, "bad.json", in: try temporaryFolder())
    do {
      _ = try ScenarioParser.load(path, base: nil, fps: nil)
      Issue.record("\(what): accepted")
    } catch let error as CLIError {
      #expect(error.code == 2, "\(what)")
      #expect(error.message == path + message, "\(what)")
    }
  }

  /// (what, tuning text, the message after the file's path)
  static let tuningFiles: [(String, String, String)] = [
    (
      "a line and a key", "{\n  \"spring\": {\"response\": \"fast\"}\n}",
      ":2: spring.response: expected a number, found a string"
    ),
    ("a syntax error", "{\"spring\": ", ":1: column 12: unexpected end of file"),
    (
      "no line", "{\"notches\": [{\"name\": \"a\", \"height\": 100, \"enabled\": false}]}",
      ": notches: at least one notch must be enabled"
    ),
    (
      "the window's height", "{\"notches\": [{\"name\": \"a\", \"height\": 700}]}",
      ":1: notches[0]: height 700 is above the window's 600 px"
    ),
  ]

  @Test("a tuning file's message is path:line: key: reason", arguments: tuningFiles)
  func tuningFileMessage(what: String, text: String, message: String) throws {
    let path = try write(text, "tuning.json", in: try temporaryFolder())
    do {
      _ = try TuningFile.load(path, windowHeight: 600)
      Issue.record("\(what): accepted")
    } catch let error as CLIError {
      #expect(error.code == 2, "\(what)")
      #expect(error.message == path + message, "\(what)")
    }
  }
}
