import Detent
import DetentJSON
import Foundation
import Testing

@testable import DetentApp

/// What the panel stores and records: values at the slider's precision, no stray text, a status
/// line that describes the tuning in force.
@Suite struct PanelPrecisionTests {
  @Test(
    "a slider's value is the decimal it shows",
    arguments: [
      (0.01, 0.41000000000000003, 0.41), (0.01, 1.3513513513513513, 1.35),
      (0.0005, 0.99850000000000001, 0.9985),
      (10, 403, 400), (0.01, -3, 0.1),
    ])
  func snapped(step: Double, value: Double, expected: Double) {
    let slider = PanelSlider(
      id: "x", label: "x", range: 0.1...1000, step: step, unit: "", get: { _ in 0 }, set: { _, _ in })
    #expect(slider.snapped(value) == expected)
    #expect(JSONWriter.number(slider.snapped(value)) == JSONWriter.number(expected))
  }

  @Test("decimal places of a step", arguments: [(0.0005, 4), (0.01, 2), (0.1, 1), (1, 0), (10, 0)])
  func places(step: Double, places: Int) {
    #expect(PanelSlider.places(of: step) == places)
  }

  @Test("a spring set in other terms is stored to 0.001: bounce −0.26 is damping ratio 1.351")
  func derived() {
    let s = SpringTerms.stored(Spring(duration: 0.4, bounce: -0.26))
    #expect(s == Spring(response: 0.4, dampingRatio: 1.351))
    #expect(JSONWriter.number(s.dampingRatio) == "1.351")
  }

  @Test("→ on the response slider stores 0.41 and the recording says 0.41")
  func adjust() throws {
    let session = try RecordedSession()
    session.frame([.key("T")])
    session.frame([.key("Right")])
    #expect(session.live.rootTuning.spring.response == 0.41)
    #expect(session.script().contains(#""response": 0.41"#), "\(session.script())")
  }

  @Test("the T that opens the panel is not recorded as typed text")
  func noStrayText() throws {
    let session = try RecordedSession()
    session.frame([.key("T"), .text("t")])
    #expect(!session.script().contains(#""type""#), "\(session.script())")
  }

  @Test("\"preset Bouncy\" leaves the status line at the next edit")
  func presetLabel() throws {
    let presets: [(name: String, value: JSONValue)] = [
      ("Bouncy", try JSONParser.parse(#"{"spring": {"response": 0.5, "dampingRatio": 0.5}}"#))
    ]
    let session = try RecordedSession(presets: presets)
    let live = session.live
    session.frame([.key("T")])
    let button = try #require(live.panelItems.first { if case .preset = $0.kind { true } else { false } })
    let (x, y) = (button.rect.x + 5, button.rect.y + 5)
    session.frame([.press(x: x, y: y)])
    session.frame([.release(x: x, y: y, velocity: nil)])
    #expect(live.panel.status == "preset Bouncy")
    session.frame([.key("Right")])
    #expect(live.panel.status == "")
  }
}

/// Command-line details a person meets first.
@Suite struct FirstMinutesCLITests {
  @Test(
    "--fps: a negative number or hexadecimal is refused with the range; a decimal is taken",
    arguments: [
      ("-5", "--fps -5: out of range; must be from 1 to 1000"),
      ("0x10", "--fps 0x10: expected a decimal number from 1 to 1000"),
    ])
  func fps(text: String, message: String) throws {
    let run = try runDetent([
      "replay", repoRoot.appendingPathComponent("Assets/Scenarios/tune-step.json").path, "--fps", text,
    ])
    #expect(run.code == 2)
    #expect(run.stderr.contains(message), "\(run.stderr)")
  }

  @Test("--fps 59.94 runs")
  func decimalFPS() throws {
    let run = try runDetent([
      "replay", repoRoot.appendingPathComponent("Assets/Scenarios/tune-step.json").path, "--fps", "59.94",
    ])
    #expect(run.code == 0, "\(run.stderr)")
  }

  @Test("DETENT_ASSETS that points nowhere is an environment error naming it")
  func assets() throws {
    let run = try runDetent(
      ["replay", repoRoot.appendingPathComponent("Assets/Scenarios/tune-step.json").path],
      environment: ["DETENT_ASSETS": "/nowhere/Assets"])
    #expect(run.code == 3)
    #expect(run.stderr.contains("DETENT_ASSETS=/nowhere/Assets: no such folder"), "\(run.stderr)")
  }

  @Test("the places searched for the assets are listed once each")
  func candidates() {
    let paths = AssetLocator.candidates(environment: [:]).map(\.standardizedFileURL.path)
    #expect(Set(paths).count == paths.count)
  }
}
