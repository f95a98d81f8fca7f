import Detent
import DetentJSON
import Foundation
import Testing

@testable import DetentApp

/// A/B: "replay last release" plays the same release on the tuning in force (A, the sheet) and
/// on a preset (B, a ghost sheet); B's events stay out of the log; the choice is an input.
struct ComparisonTests {
  static let presets = Presets(assets: AssetLocator(root: repoRoot.appendingPathComponent("Assets"))).entries

  static func model() throws -> DemoModel {
    try DemoModel(tuning: Tuning(), width: 1280, height: 800, presets: presets)
  }

  @Test(
    "B is the tuning in force with the preset applied; the ghost plays the same release and goes away after")
  func ghostPlaysB() throws {
    let model = try Self.model()
    model.apply(.compare("Bouncy"))
    let b = try #require(model.playback.comparison)
    #expect(b.name == "Bouncy")
    #expect(b.tuning.spring != model.rootTuning.spring)
    #expect(b.tuning.notches == model.rootTuning.notches, "only the keys the preset names change")
    model.replayRelease(height: 440, velocity: 1500)
    var events: [SheetEvent] = []
    model.drainEvents(into: &events)
    #expect(model.playback.comparison?.ghost?.height == 440)
    var apart = 0.0
    for _ in 0..<30 {
      model.step(dt: 1.0 / 60)
      apart = max(apart, abs(model.playback.comparison!.ghost!.height - model.stack.root.height))
    }
    #expect(apart > 5, "B's spring moves its sheet differently from A's")
    wait(model, 3)
    #expect(model.playback.comparison?.ghost == nil)
    #expect(model.stack.root.snapshot.notch == "maximum")
    model.drainEvents(into: &events)
    // Only A's: one willMoveToNotch and one didMoveToNotch.
    #expect(events.map(EventLog.line).filter { $0.contains("MoveToNotch") }.count == 2)
    model.apply(.compare(nil))
    #expect(model.playback.comparison == nil)
    model.apply(.compare("Nope"))
    #expect(model.playback.comparison == nil)
    #expect(model.panel.statusIsError)
  }

  @Test("choosing B on the panel is recorded as a compare step and replays to the same state")
  func recorded() throws {
    let session = try RecordedSession(presets: Self.presets)
    let live = session.live
    func frameWith(_ inputs: [AppInput]) { session.frame(inputs) }
    frameWith([.key("T")])
    let item = try #require(
      live.panelItems.first { if case .compare("Critically damped", _) = $0.kind { true } else { false } })
    frameWith([.press(x: item.rect.x + 4, y: item.rect.y + 4)])
    frameWith([.release(x: item.rect.x + 4, y: item.rect.y + 4, velocity: nil)])
    #expect(live.playback.comparison?.name == "Critically damped")
    let text = session.script()
    #expect(text.contains(#"{"compare": "Critically damped"}"#))
    let scenario = try ScenarioParser.parse(try JSONParser.parse(text), path: "r.json", base: nil, fps: nil)
    let runner = try ScenarioRunner(scenario: scenario)
    _ = try runner.run()
    #expect(runner.model.playback.comparison?.name == "Critically damped")
  }
}
