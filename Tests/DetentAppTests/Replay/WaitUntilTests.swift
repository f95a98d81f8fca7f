import Detent
import Testing

@testable import DetentApp

/// `waitUntil` (ScenarioRunner+Steps.swift): frames run until every condition holds; a timeout
/// names each unmet condition and the state.
@Suite struct WaitUntilTests {
  /// (steps before, the waitUntil, frames run in all, failure or nil).
  static let cases: [(String, String, Int, String?)] = [
    ("", #"{"phase": "idle"}"#, 0, nil),
    (#"{"key": "3"}, "#, #"{"notch": "maximum", "event": "didMoveToNotch"}"#, 37, nil),
    (
      #"{"key": "3"}, "#, #"{"phase": "idle", "timeout": 0.1}"#, 7,
      #"w.json: step 2 (waitUntil, line 1) at frame 7, t=0.117: waitUntil timed out after 0.1 s (6 frames): phase expected "idle", actual "settling"; state: phase settling, notch none, target notch maximum, height 492.429, stack 1, events since the step: none"#
    ),
    (
      "", #"{"stack": 2, "event": "didPop", "timeout": 0.05}"#, 3,
      #"w.json: step 1 (waitUntil, line 1) at frame 3, t=0.05: waitUntil timed out after 0.05 s (3 frames): stack expected 2, actual 1; event expected didPop, actual not fired; state: phase idle, notch minimum, target notch none, height 120, stack 1, events since the step: none"#
    ),
  ]

  @Test("waits for its conditions, or times out naming what was unmet", arguments: cases)
  func waits(before: String, condition: String, frames: Int, failure: String?) throws {
    let text = "{\"steps\": [\(before){\"waitUntil\": \(condition)}]}"
    let runner = try ScenarioRunner(
      scenario: try ScenarioParser.parse(text: text, path: "w.json", base: nil, fps: nil))
    let report = try runner.run()
    #expect(report.frames == frames)
    #expect(report.failures.map(\.description) == (failure.map { [$0] } ?? []))
  }

  @Test("an event condition holds also when the report keeps no events (replay without --json)")
  func eventsNotKept() throws {
    let text = #"{"steps": [{"key": "3"}, {"waitUntil": {"event": "didMoveToNotch", "timeout": 2}}]}"#
    let runner = try ScenarioRunner(
      scenario: try ScenarioParser.parse(text: text, path: "w.json", base: nil, fps: nil))
    runner.keepsEvents = false
    let report = try runner.run()
    #expect(report.failures.isEmpty)
    #expect(report.frames == 37)
    #expect(report.events.isEmpty)
  }
}
