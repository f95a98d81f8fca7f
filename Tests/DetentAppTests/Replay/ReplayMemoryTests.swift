@testable import DetentApp
import Testing

/// A replay keeps per-frame data only when asked (`--trace`, `--plot`, `--json`): otherwise its
/// memory does not grow with its length.
@Suite struct ReplayMemoryTests {
  static let script = """
    {"fps": 60, "config": {"layout": {"mode": "bottom"}}, "steps": [
      {"drag": {"from": [640, 700], "to": [640, 300], "duration": 0.3}},
      {"key": "Down"}, {"wait": 600}, {"key": "Up"}
    ]}
    """

  @Test(
    "what the report keeps per frame",
    arguments: [
      // (keeps trace, keeps events, trace rows, events kept)
      (false, false, 0, 0),
      (true, false, 36_021, 0),
      // willStartDragging, willEndDragging, willMoveToNotch maximum, then Down: willMoveToNotch
      // medium, didMoveToNotch medium, then Up: willMoveToNotch maximum.
      (false, true, 0, 6),
    ])
  func kept(trace: Bool, events: Bool, rows: Int, kept: Int) throws {
    let scenario = try ScenarioParser.parse(text: Self.script, path: "long.json", base: nil, fps: nil)
    let runner = try ScenarioRunner(scenario: scenario)
    runner.keepsTrace = trace
    runner.keepsEvents = events
    let report = try runner.run()
    #expect(report.frames == 36_021)
    #expect(report.trace.count == rows)
    #expect(report.events.count == kept)
    #expect(runner.model.recordable.isEmpty)
  }
}
