import Detent
import DetentJSON
import Foundation
import Testing

@testable import DetentApp

/// What `--record` writes, byte for byte: library scripts replayed with the recorder attached
/// (what the window's session would have recorded, frame by frame) against the recordings kept
/// in `Tests/Recordings/`. Together the scripts hold every step kind the recorder writes:
/// targets and `{"by": …}` offsets, `frame` groups, wheels (whole, fractional, sideways), keys,
/// text, resize, `moveTo`, `tune`, `timeScale` and `compare`.
@Suite struct RecordingGoldenTests {
  @Test(
    "a replayed library script records to the kept text",
    arguments: [
      "ab-compare", "chips-scroll", "slow-motion", "targets-two-sizes", "tune-step",
      "wheel-touchpad-fractions",
    ])
  func records(name: String) throws {
    let scenario = try ScenarioParser.load(
      repoRoot.appendingPathComponent("Assets/Scenarios/\(name).json").path, base: nil, fps: nil)
    let runner = try ScenarioRunner(scenario: scenario)
    let recorder = InputRecorder(
      path: "/dev/null", fps: scenario.fps, width: scenario.width, height: scenario.height,
      config: scenario.tuning)
    runner.record = { recorder.record($0, target: $1, frame: $2) }
    _ = try runner.run()
    let text = recorder.script(frames: runner.frame, final: runner.model)
    let kept = try String(
      contentsOf: repoRoot.appendingPathComponent("Tests/Recordings/\(name).json"), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let keptLines = kept.split(separator: "\n", omittingEmptySubsequences: false)
    let first = zip(lines, keptLines).enumerated().first { $0.element.0 != $0.element.1 }
    #expect(
      text == kept,
      "line \((first?.offset ?? min(lines.count, keptLines.count)) + 1): \(first.map { "\($0.element.0)" } ?? "") (kept: \(first.map { "\($0.element.1)" } ?? ""))"
    )
  }
}
