import Detent
import Testing

@testable import DetentApp

@Suite struct SearchRecordingTests {
  @Test(
    "a recorded session that searches (keys and text as the window sends them), opens a place and taps Directions replays to the same events and state"
  )
  func searchSessionReplays() throws {
    let tuning = Tuning()
    let session = try RecordedSession(tuning: tuning)
    let live = session.live
    func frameWith(_ inputs: [AppInput]) { session.frame(inputs) }
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
    click(100, 766)  // Directions, in the footer of the 216-px peek
    #expect(live.messages.toast != nil)
    idle(0.5)
    frameWith([.key("Escape")])
    frameWith([.key("Escape")])
    idle(1)
    let text = session.script()
    #expect(!text.contains(#""key": "O""#), "unhandled keys are not recorded")
    // R and T are shortcuts elsewhere; typed into the field they do nothing and are not kept.
    #expect(!text.contains(#""key": "R""#) && !text.contains(#""key": "T""#), "\(text)")
    #expect(text.contains(#""type": "r""#) && text.contains(#""type": "t""#), "\(text)")
    #expect(text.contains(#""key": "Escape""#), "the field's own keys are kept")
    let (runner, report) = try session.replay()
    #expect(report.passed, "\(report.failures)")
    #expect(report.events.map(EventLog.line) == session.events.map(EventLog.line))
    #expect(report.final == live.stack.top.snapshot)
    #expect(runner.model.search.query == live.search.query && live.search.query.isEmpty)
    #expect(runner.model.messages.toast == live.messages.toast)
    #expect(
      runner.model.camera.centerX == live.camera.centerX && runner.model.camera.centerY == live.camera.centerY
    )
  }
}
