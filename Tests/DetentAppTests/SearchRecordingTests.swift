import Detent
import Testing

@testable import DetentApp

@Suite struct SearchRecordingTests {
  @Test(
    "a recorded session that searches (keys and text as the window sends them), opens a place and taps Directions replays to the same events and state"
  )
  func searchSessionReplays() throws {
    let tuning = Tuning()
    let live = try DemoModel(tuning: tuning, width: 1280, height: 800)
    let recorder = InputRecorder(path: "/dev/null", fps: 60, width: 1280, height: 800, config: tuning)
    var frame = 0
    var events: [SheetEvent] = []
    func frameWith(_ inputs: [AppInput]) {
      for input in inputs { live.apply(input) }
      for input in live.takeRecordable() { recorder.record(input, frame: frame) }
      live.step(dt: 1.0 / 60)
      live.drainEvents(into: &events)
      frame += 1
    }
    func click(_ x: Double, _ y: Double) {
      frameWith([.press(x: x, y: y)])
      frameWith([.release(x: x, y: y, velocity: nil)])
    }
    func idle(_ seconds: Double) { for _ in 0..<Int(seconds * 60) { frameWith([]) } }
    click(200, 725)  // the search field at the lowest notch
    idle(1)
    // The window sends a key and the text for each letter; O and A are keys the program ignores.
    for letter in ["r", "o", "a", "s", "t"] { frameWith([.key(letter.uppercased()), .text(letter)]) }
    #expect(live.search.query == "roast" && live.rowCount == 6)
    click(200, 196 + 64 + 20)  // the second row
    idle(1)
    #expect(live.stack.count == 2 && !live.search.focused)
    click(100, 626)  // Directions
    #expect(live.toast != nil)
    idle(0.5)
    frameWith([.key("Escape")])
    frameWith([.key("Escape")])
    idle(1)
    let text = recorder.script(frames: frame, final: live)
    #expect(!text.contains(#""key": "O""#), "unhandled keys are not recorded")
    let scenario = try ScenarioParser.parse(
      try JSONParser.parse(text), path: "recorded.json", base: nil, fps: nil)
    let runner = try ScenarioRunner(scenario: scenario)
    let report = try runner.run()
    #expect(report.passed, "\(report.failures)")
    #expect(report.events.map(EventLog.line) == events.map(EventLog.line))
    #expect(report.final == live.stack.top.snapshot)
    #expect(runner.model.search.query == live.search.query && live.search.query.isEmpty)
    #expect(runner.model.toast == live.toast)
    #expect(
      runner.model.camera.centerX == live.camera.centerX && runner.model.camera.centerY == live.camera.centerY
    )
  }
}
