import Detent
import Testing

@testable import DetentApp

/// Targets in scenario steps (ScenarioTarget.swift, DemoModel+Targets.swift, the runner's
/// resolution): what a script may write, where each target lands at two window sizes, what a
/// missing target says, and a recording that survives a change of window size.
@Suite struct ScenarioTargetTests {
  /// (step as written, the point it parses to).
  static let points: [(String, ScenarioPoint)] = [
    (#"{"press": "grabber"}"#, .target(.grabber)),
    (#"{"press": "row:0"}"#, .target(.row(0))),
    (#"{"press": "row:12"}"#, .target(.row(12))),
    (#"{"press": "chip:Parks"}"#, .target(.chip("Parks"))),
    (#"{"press": ["50%", "90%"]}"#, .point(.percent(50), .percent(90))),
    (#"{"press": [10, "100%"]}"#, .point(.pixels(10), .percent(100))),
    (#"{"move": {"by": [0, -80]}}"#, .by(0, -80)),
    (#"{"click": "backdrop"}"#, .target(.backdrop)),
  ]

  @Test("each point form parses", arguments: points)
  func parses(step: String, expected: ScenarioPoint) throws {
    let scenario = try ScenarioParser.parse(
      text: "{\"steps\": [\(step)]}", path: "t.json", base: nil, fps: nil)
    switch scenario.steps[0].action {
    case .input(let s): #expect(s.aim == expected)
    case .click(let p): #expect(p == expected)
    default: Issue.record("unexpected step \(scenario.steps[0].action.kind)")
    }
  }

  static let forms =
    #"[x, y] (numbers or "N%" of the window), a target ("grabber", "header", "search", "footer", "backdrop", "row:N", "chip:NAME")"#

  /// (step, key, reason): refused before the first frame (exit 2).
  static let bad: [(String, String, String)] = [
    (#"{"press": "map"}"#, "steps[0].press", "unknown target \"map\" (expected \(forms))"),
    (#"{"press": "row:-1"}"#, "steps[0].press", "unknown target \"row:-1\" (expected \(forms))"),
    (
      #"{"press": "chip:Pizza"}"#, "steps[0].press",
      #"no chip is labelled "Pizza" (chips: "chip:All", "chip:Food", "chip:Coffee", "chip:Parks", "chip:Shops", "chip:Museums", "chip:Bars")"#
    ),
    (#"{"press": ["50%", "120%"]}"#, "steps[0].press", #"a percentage is "0%" to "100%", found "120%""#),
    (#"{"press": {"by": [0, 1]}}"#, "steps[0].press", "expected \(forms)"),
    (
      #"{"drag": {"from": "grabber", "to": {"by": [1]}, "duration": 1}}"#, "steps[0].drag.to.by",
      "expected [x, y] (two numbers), found an array of 1 item"
    ),
    (
      #"{"waitUntil": {"timeout": 2}}"#, "steps[0].waitUntil",
      "needs at least one of phase, notch, stack, event (and timeout: seconds)"
    ),
    (
      #"{"waitUntil": {"event": "didLand"}}"#, "steps[0].waitUntil.event",
      "unknown event \"didLand\" (expected one of willStartDragging, willEndDragging, willMoveToNotch, didMoveToNotch, dismissed, listScrollBegan, listScrollEnded, didSettle, didPop, didAttemptDismiss)"
    ),
    (
      #"{"waitUntil": {"notch": "top"}}"#, "steps[0].waitUntil.notch",
      #"no notch is named "top" (notches: "minimum", "medium", "maximum", "peek", "full")"#
    ),
  ]

  @Test("a bad target or waitUntil names its key and reason", arguments: bad)
  func refused(step: String, key: String, reason: String) {
    #expect(throws: ConfigError(key: key, line: 1, reason: reason)) {
      try ScenarioParser.parse(text: "{\"steps\": [\(step)]}", path: "t.json", base: nil, fps: nil)
    }
  }

  /// (window, target, where it lands) with the default tuning at rest at "minimum" (120 px):
  /// 1280×800 is the 420-px card at x 16 (its top at y 680), 390×700 the full-width sheet.
  static let landings: [(Int, Int, ScenarioTarget, Double, Double)] = [
    (1280, 800, .grabber, 225.5, 689),
    (1280, 800, .search, 225.5, 724),
    (1280, 800, .chip("All"), 56.5, 768),
    (1280, 800, .backdrop, 858, 400),
    (390, 700, .grabber, 194.5, 589),
    (390, 700, .search, 194.5, 624),
    (390, 700, .chip("All"), 40.5, 668),
    (390, 700, .backdrop, 195, 290),
  ]

  @Test("each target lands on its element, read from hit-testing", arguments: landings)
  func lands(width: Int, height: Int, target: ScenarioTarget, x: Double, y: Double) throws {
    let model = try DemoModel(tuning: Tuning(), width: width, height: height)
    let p = try #require(model.locate(target))
    #expect(p.x == x && p.y == y)
    #expect(model.target(atX: p.x, y: p.y) == target)
  }

  @Test("a row below the sheet's visible part is not on screen, and the failure says what is")
  func rowNotVisible() throws {
    let text = #"{"steps": [{"wait": 0.1}, {"click": "row:5"}, {"expect": {"stack": 2}}]}"#
    let runner = try ScenarioRunner(
      scenario: try ScenarioParser.parse(text: text, path: "r.json", base: nil, fps: nil))
    let report = try runner.run()
    #expect(report.failures.count == 1, "the script ends at the step that cannot be performed")
    #expect(
      report.failures.first?.description
        == "r.json: step 2 (click, line 1) at frame 6, t=0.1: target row:5 is not visible (visible: grabber, "
        + "header, search, chip:All…chip:Museums, row:0, backdrop); the list is scrolled to 0 px with the "
        + "sheet at 120 px (idle)")
  }

  @Test("a session recorded at 1280×800 on named elements replays at 390×700")
  func recordingSurvivesResize() throws {
    let session = try RecordedSession(tuning: Tuning(), width: 1280, height: 800)
    // Drag the card's grabber up 300 px over 10 frames, let it settle, then tap row 1.
    session.frame([.press(x: 230, y: 690)])
    for k in 1...10 { session.frame([.move(x: 230, y: 690 - Double(k) * 30)]) }
    session.frame([.release(x: 230, y: 390, velocity: nil)])
    for _ in 0..<60 { session.frame([]) }
    #expect(session.live.stack.root.snapshot.notch == "maximum")
    let row = try #require(session.live.locate(.row(1)))
    session.frame([.press(x: row.x + 40, y: row.y + 10)])
    session.frame([.release(x: row.x + 40, y: row.y + 10, velocity: nil)])
    for _ in 0..<60 { session.frame([]) }
    #expect(session.live.stack.count == 2)
    let text = session.script()
    #expect(text.contains(#"{"press": "grabber"}"#))
    #expect(text.contains(#"{"move": {"by": [0, -30]}}"#))
    #expect(text.contains(#"{"press": "row:1"}"#))
    #expect(text.contains(#"{"release": {"by": [0, 0]}}"#))
    let resized = text.replacingOccurrences(of: "\"window\": [1280, 800]", with: "\"window\": [390, 700]")
    let scenario = try ScenarioParser.parse(text: resized, path: "rec.json", base: nil, fps: nil)
    #expect(scenario.width == 390)
    let report = try ScenarioRunner(scenario: scenario).run()
    #expect(report.passed, "\(report.failures)")
    #expect(report.stackCount == 2)
    #expect(
      report.events.filter { $0.sheet == 0 }.map { "\($0.kind.name) \($0.notch ?? "")" }
        == session.events.filter { $0.sheet == 0 }.map { "\($0.kind.name) \($0.notch ?? "")" })
  }
}
