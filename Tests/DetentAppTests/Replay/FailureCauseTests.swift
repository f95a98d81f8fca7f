import Detent
import Testing

@testable import DetentApp

/// Failures that debug a CI run (ScenarioRunner+Steps.swift): each names the step, kind, line,
/// frame and time, expected and actual, and the nearest cause when one is known.
@Suite struct FailureCauseTests {
  static let notches =
    #"{"notches": [{"name": "a", "height": 100}, {"name": "b", "height": 200}, {"name": "c", "height": 300}]}"#

  /// (what, steps, the first failure's text).
  static let cases: [(String, String, String)] = [
    (
      "a press on the map beside the card",
      #"{"drag": {"from": [640, 690], "to": [640, 610], "duration": 0.2, "velocity": [0, -500]}}, {"wait": 1.0}, {"expect": {"notch": "c"}}"#,
      #"f.json: step 3 (expect, line 1) at frame 73, t=1.217: notch expected "c", actual "a"; the press at step 1 (640, 690) landed on the backdrop (the map), not the sheet (now at x 16…436, y 700…800); point at a target such as "grabber""#
    ),
    (
      "an expectation checked while the sheet settles",
      #"{"drag": {"from": "grabber", "to": {"by": [0, -80]}, "duration": 0.2, "velocity": [0, -500]}}, {"wait": 0.1}, {"expect": {"phase": "idle"}}"#,
      #"f.json: step 3 (expect, line 1) at frame 19, t=0.317: phase expected "idle", actual "settling"; the sheet was still settling toward "c" at height 262.548; wait for it with {"waitUntil": {"phase": "idle"}}"#
    ),
    (
      "a press aimed at the backdrop by name is not blamed",
      #"{"click": "backdrop"}, {"expect": {"notch": "b"}}"#,
      #"f.json: step 2 (expect, line 1) at frame 2, t=0.033: notch expected "b", actual "a""#
    ),
    (
      "moveTo a notch the detail sheet lacks",
      #"{"moveTo": {"notch": "c", "animated": false}}, {"click": "row:0"}, {"waitUntil": {"stack": 2}}, {"moveTo": {"notch": "a"}}"#,
      #"f.json: step 4 (moveTo, line 1) at frame 3, t=0.05: the top sheet (stack 2) has no notch "a" (its notches: "peek", "full")"#
    ),
    (
      "moveTo inside a frame, the same",
      #"{"moveTo": {"notch": "c", "animated": false}}, {"click": "row:0"}, {"waitUntil": {"stack": 2}}, {"frame": [{"key": "Up"}, {"moveTo": {"notch": "a"}}]}"#,
      #"f.json: step 4 (frame, line 1) at frame 3, t=0.05: the top sheet (stack 2) has no notch "a" (its notches: "peek", "full")"#
    ),
  ]

  @Test("each failure names where, what and why", arguments: cases)
  func failure(what: String, steps: String, first: String) throws {
    let text = "{\"config\": \(Self.notches), \"steps\": [\(steps)]}"
    let report = try ScenarioRunner(
      scenario: try ScenarioParser.parse(text: text, path: "f.json", base: nil, fps: nil)
    ).run()
    #expect(report.failures.first?.description == first, "\(what)")
  }
}
