import Detent
import DetentJSON
import Foundation
import Testing

@testable import DetentApp

/// Scripts are checked against their config before the first frame: names, keys, required
/// fields and file names, with the step's key path, line and the known names.
struct ScenarioResolveTests {
  static let rootNotches = #""minimum", "medium", "maximum", "peek", "full""#

  /// (what, steps text, key, line, reason)
  static let refusedCases: [(String, String, String, Int, String)] = [
    (
      "moveTo names a missing notch", #"[{"wait": 0},\n{"moveTo": {"notch": "top"}}]"#,
      "steps[1].moveTo.notch", 2, "no notch is named \"top\" (notches: \(rootNotches))"
    ),
    (
      "expect names a missing notch", #"[{"expect": {"notch": "half"}}]"#,
      "steps[0].expect.notch", 1, "no notch is named \"half\" (notches: \(rootNotches))"
    ),
    (
      "unknown key", #"[{"key": "Upp"}]"#, "steps[0].key", 1,
      "unknown key \"Upp\" (known: \"Up\", \"Down\", \"Left\", \"Right\", \"Escape\", \"Return\", \"Backspace\", \"Tab\", \"Shift+Tab\", \"Space\", "
        + "\"1\", \"2\", \"3\", \"4\", \"5\", \"6\", \"7\", \"8\", \"9\", \"D\", \"F\", \"H\", \"K\", \"M\", \"N\", \"P\", \"Q\", \"R\", \"S\", \"T\")"
    ),
    (
      "drag without duration", #"[{"drag": {"from": [1, 700], "to": [1, 300]}}]"#, "steps[0].drag", 1,
      "needs duration: seconds (0 to 600)"
    ),
    (
      "shot with a parent folder", #"[{"shot": "../escaped.png"}]"#, "steps[0].shot", 1,
      "expected a plain file name such as \"top.png\" (no folder, no \"..\"), found \"../escaped.png\""
    ),
    (
      "shot into a folder", #"[{"shot": "a/b.png"}]"#, "steps[0].shot", 1,
      "expected a plain file name such as \"top.png\" (no folder, no \"..\"), found \"a/b.png\""
    ),
    (
      "shot named ..", #"[{"shot": ".."}]"#, "steps[0].shot", 1,
      "expected a plain file name such as \"top.png\" (no folder, no \"..\"), found \"..\""
    ),
    (
      "tune with a bad value", #"[{"tune": {"spring": {"response": 0}}}]"#, "steps[0].tune.spring.response",
      1,
      "0 is outside 0.01...10"
    ),
    (
      "tune with notches the window cannot hold",
      #"[{"resize": [400, 300]},\n{"tune": {"notches": [{"name": "a", "height": 500}]}}]"#,
      "steps[1].tune.notches[0]", 2, "height 500 is above the window's 300 px"
    ),
    (
      "a spring tune where a resize left earlier notches too tall: the notches named as in force",
      #"[{"tune": {"notches": [{"name": "a", "height": 100}, {"name": "b", "height": 700}]}},\n{"resize": [400, 400]},\n{"tune": {"spring": {"response": 0.3}}}]"#,
      "steps[2].tune", 3, "notches[1] (in force before this tune): height 700 is above the window's 400 px"
    ),
    (
      "a notches tune that drops the dimming's notch: the dimming named as in force",
      #"[{"tune": {"dimming": {"startNotch": "medium"}}},\n{"tune": {"notches": [{"name": "a", "height": 100}, {"name": "b", "height": 300}]}}]"#,
      "steps[1].tune", 2, "dimming.startNotch (in force before this tune): no notch is named \"medium\""
    ),
    (
      "tune that is not an object", #"[{"tune": 3}]"#, "steps[0].tune", 1,
      "expected an object, found a number"
    ),
    (
      "a notch dropped by tune is still known, one it adds is too",
      #"[{"tune": {"notches": [{"name": "low", "height": 100}]}},\n{"moveTo": {"notch": "lo"}}]"#,
      "steps[1].moveTo.notch", 2, "no notch is named \"lo\" (notches: \(rootNotches), \"low\")"
    ),
    (
      "a time scale above 1", #"[{"timeScale": 2}]"#, "steps[0].timeScale", 1,
      "expected engine seconds per wall second from 0.01 to 1, found 2"
    ),
    (
      "compare with a number", #"[{"compare": 3}]"#, "steps[0].compare", 1,
      "expected a preset's name or null, found 3"
    ),
    (
      "an empty frame", #"[{"frame": []}]"#, "steps[0].frame", 1,
      "expected a non-empty list of input steps, found an array"
    ),
    (
      "a frame holding an expectation", #"[{"frame": [{"move": [1, 2]}, {"expect": {"stack": 1}}]}]"#,
      "steps[0].frame[1]", 1,
      "a frame holds inputs only (compare, key, move, moveTo, press, release, resize, timeScale, tune, type, wheel), found expect"
    ),
    (
      "a frame's step is checked like any other", #"[{"frame": [{"key": "Upp"}]}]"#, "steps[0].frame[0].key",
      1,
      "unknown key \"Upp\" (known: \"Up\", \"Down\", \"Left\", \"Right\", \"Escape\", \"Return\", \"Backspace\", \"Tab\", \"Shift+Tab\", \"Space\", "
        + "\"1\", \"2\", \"3\", \"4\", \"5\", \"6\", \"7\", \"8\", \"9\", \"D\", \"F\", \"H\", \"K\", \"M\", \"N\", \"P\", \"Q\", \"R\", \"S\", \"T\")"
    ),
    (
      "a tune inside a frame is resolved: its notches become known",
      #"[{"frame": [{"tune": {"notches": [{"name": "low", "height": 100}]}}]},\n{"moveTo": {"notch": "lo"}}]"#,
      "steps[1].moveTo.notch", 2, "no notch is named \"lo\" (notches: \(rootNotches), \"low\")"
    ),
  ]

  @Test("refused scripts", arguments: refusedCases)
  func refused(what: String, steps: String, key: String, line: Int, reason: String) throws {
    let text = "{\"steps\": \(steps.replacingOccurrences(of: "\\n", with: "\n"))}"
    let value = try JSONParser.parse(text)
    do {
      _ = try ScenarioParser.parse(value, path: "s.json", base: nil, fps: nil)
      Issue.record("\(what): accepted")
    } catch {
      #expect(error.key == key, "\(what)")
      #expect(error.line == line, "\(what)")
      #expect(error.reason == reason, "\(what)")
    }
  }

  /// (what, steps text)
  static let acceptedCases: [(String, String)] = [
    ("lower-case letter key", #"[{"key": "h"}]"#),
    (
      "a notch a tune step adds",
      #"[{"tune": {"notches": [{"name": "x", "height": 100}]}}, {"moveTo": {"notch": "x"}}]"#
    ),
    ("a detail sheet's notch", #"[{"expect": {"notch": "peek"}}]"#),
    ("a plain shot name with dots", #"[{"shot": "v1.2.png"}]"#),
    ("a frame of inputs", #"[{"frame": [{"press": [1, 2]},{"move": [1, 3]},{"type": "ab"}]}]"#),
  ]

  @Test("accepted scripts", arguments: acceptedCases)
  func accepted(what: String, steps: String) throws {
    let scenario = try ScenarioParser.parse(
      try JSONParser.parse("{\"steps\": \(steps)}"), path: "s.json", base: nil, fps: nil)
    #expect(scenario.steps.count == steps.components(separatedBy: "}, {").count, "\(what)")
  }

  @Test("a tune step changes the tuning at its frame and the sheet follows")
  func tuneStep() throws {
    let text = """
      {"steps": [
        {"tune": {"notches": [{"name": "a", "height": 100}, {"name": "b", "height": 400}], "initialNotch": "a",
                  "spring": {"response": 0.2, "dampingRatio": 1}}},
        {"moveTo": {"notch": "b"}},
        {"wait": 1},
        {"expect": {"notch": "b", "height": 400, "phase": "idle"}}
      ]}
      """
    let scenario = try ScenarioParser.parse(try JSONParser.parse(text), path: "t.json", base: nil, fps: nil)
    let report = try ScenarioRunner(scenario: scenario).run()
    #expect(report.failures == [])
    #expect(report.final.height == 400)
    #expect(report.events.map(EventLog.line).last?.contains("\"didMoveToNotch\", \"notch\": \"b\"") == true)
  }
}
