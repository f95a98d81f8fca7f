import Detent
import DetentJSON
import Foundation
import Testing

@testable import DetentApp

/// What `DemoModel.apply(_:)` asks of the program (AppEffect.swift): values returned to the
/// runner, never flags it polls. Keys, panel buttons and the cases where an input asks nothing.
struct AppEffectTests {
  static let presets = Presets(assets: AssetLocator(root: repoRoot.appendingPathComponent("Assets"))).entries

  /// A model with `dimming.maxAlpha` 0.25 saving to /tmp/tuning/detent.json.
  static func model() throws -> DemoModel {
    var t = Tuning()
    t.dimming.maxAlpha = 0.25
    return try DemoModel(
      tuning: t, width: 1280, height: 800, presets: presets, tuningPath: "/tmp/tuning/detent.json")
  }

  /// The effect S asks for on `model()`: its tuning's text, to its path.
  static func save() throws -> AppEffect {
    var t = Tuning()
    t.dimming.maxAlpha = 0.25
    return .saveTuning(path: "/tmp/tuning/detent.json", text: TuningFile.text(t))
  }

  @Test(
    "keys: S saves, Q quits (either case); keys that act inside the model ask nothing",
    arguments: [
      ("S", ["save"]), ("s", ["save"]), ("Q", ["quit"]), ("q", ["quit"]), ("Escape", []), ("F", []),
      ("Up", []), ("H", []), ("R", []), ("X", []),
    ])
  func keys(key: String, expected: [String]) throws {
    let model = try Self.model()
    let effects = model.apply(.key(key))
    let save = try Self.save()
    #expect(effects == expected.map { $0 == "save" ? save : .quit })
  }

  @Test("the saved text is the tuning file's: the tuning in force as JSON, read back equal")
  func saveText() throws {
    let model = try Self.model()
    model.apply(.tune(try JSONParser.parse(#"{"spring": {"response": 0.45}}"#)))
    let effects = model.apply(.key("S"))
    guard case .saveTuning(let path, let text)? = effects.first, effects.count == 1 else {
      Issue.record("S asked for \(effects)")
      return
    }
    #expect(path == "/tmp/tuning/detent.json")
    #expect(text.hasPrefix("{\n"))
    #expect(text.contains(#""maxAlpha": 0.25"#))
    #expect(text.contains(#""response": 0.45"#))
    let back = try TuningCoding.decode(text: text, base: Tuning()).tuning
    #expect(back == model.rootTuning)
  }

  @Test(
    "no effect where the key is the field's or the dialog's: typing S, Q into the search; Q while Keep/Discard shows"
  )
  func keysTakenElsewhere() throws {
    let model = try Self.model()
    model.focusSearch()
    #expect(model.apply(.key("S")) == [])
    #expect(model.apply(.key("Q")) == [])
    let dialog = try DemoModel(tuning: try confirmTuning(), width: 1280, height: 800)
    dialog.choosePlace(2)
    wait(dialog, 1)
    dialog.apply(.key("Escape"))
    #expect(dialog.messages.dismissDialog != nil)
    #expect(dialog.apply(.key("Q")) == [])
    #expect(dialog.apply(.key("S")) == [])
  }

  @Test("the panel's Save button saves; Copy as JSON puts the tuning's JSON on the clipboard")
  func panelButtons() throws {
    let model = try Self.model()
    model.apply(.key("T"))
    #expect(press(model, on: { if case .saveButton = $0 { true } else { false } }) == [try Self.save()])
    let copied = press(model, on: { if case .copyAs(.json) = $0 { true } else { false } })
    #expect(copied == [.copyToClipboard(ExportFormat.json.render(model.rootTuning))])
    #expect(model.panel.status == "copied the tuning as JSON to the clipboard")
    if case .copyToClipboard(let text)? = copied.first { #expect(text.contains(#""maxAlpha": 0.25"#)) }
  }

  @Test(
    "panel buttons that stand for inputs ask nothing and are recorded as those inputs, after the press",
    arguments: [("replay", "key R"), ("pause", "key P"), ("step", "key N")])
  func panelInputs(button: String, recorded: String) throws {
    let model = try Self.model()
    model.apply(.key("T"))
    _ = model.takeRecordable()
    let effects = press(model) { kind in
      switch kind {
      case .replayButton: button == "replay"
      case .pauseButton: button == "pause"
      case .stepButton: button == "step"
      default: false
      }
    }
    #expect(effects == [])
    let kept = model.takeRecordable().map { r -> String in
      if case .key(let name) = r.input { "key \(name)" } else { "\(r.input)" }
    }
    #expect(kept == [recorded])
  }

  @Test(
    "Return or Space on a focused panel button records what the button does, not the key as well",
    arguments: [("Return", "replay", "key R"), ("Space", "pause", "key P"), ("Return", "step", "key N")])
  func panelButtonByKey(key: String, button: String, recorded: String) throws {
    let model = try Self.model()
    model.apply(.key("T"))
    var tabs = 0
    while tabs < 200 {
      if case .panel(let i) = model.focus {
        switch (model.panelItems[i].kind, button) {
        case (.replayButton, "replay"), (.pauseButton, "pause"), (.stepButton, "step"): break
        default:
          model.apply(.key("Tab"))
          tabs += 1
          continue
        }
        break
      }
      model.apply(.key("Tab"))
      tabs += 1
    }
    _ = model.takeRecordable()
    #expect(model.apply(.key(key)) == [])
    let kept = model.takeRecordable().map { r -> String in
      if case .key(let name) = r.input { "key \(name)" } else { "\(r.input)" }
    }
    #expect(kept == [recorded])
  }

  @Test(
    "a replay keeps the effects with their frames and performs none: S, Q and the steps after Q still run")
  func replayKeepsEffects() throws {
    let text = """
      {"name": "effects", "window": [1280, 800], "steps": [
        {"key": "S"}, {"wait": 0.05}, {"key": "Q"}, {"key": "Up"}, {"waitUntil": {"phase": "idle"}},
        {"expect": {"notch": "medium"}}
      ]}
      """
    let scenario = try ScenarioParser.parse(text: text, path: "effects.json", base: nil, fps: nil)
    let runner = try ScenarioRunner(scenario: scenario)
    let report = try runner.run()
    #expect(report.passed)
    #expect(runner.effects.map(\.frame) == [0, 4])
    #expect(
      runner.effects.map(\.effect) == [
        .saveTuning(path: "detent.json", text: TuningFile.text(Tuning())), .quit,
      ])
  }

  /// Presses and releases the middle of the first panel item of a kind `matches` accepts;
  /// returns the press's effects.
  private func press(_ model: DemoModel, on matches: (PanelItem.Kind) -> Bool) -> [AppEffect] {
    guard let index = model.panelItems.firstIndex(where: { matches($0.kind) }) else {
      Issue.record("no such panel item")
      return []
    }
    // Scrolled into view first, as Tab would (the panel scrolls in an 800-px window).
    model.revealPanelItem(index)
    let item = model.panelItems[index]
    let (x, y) = (item.rect.x + item.rect.w / 2, item.rect.y + item.rect.h / 2)
    let effects = model.apply(.press(x: x, y: y))
    return effects + model.apply(.release(x: x, y: y, velocity: nil))
  }

  /// The default tuning with `dismiss.confirm` on.
  private func confirmTuning() throws -> Tuning {
    try TuningCoding.decode(try JSONParser.parse(#"{"dismiss": {"confirm": true}}"#), base: Tuning()).tuning
  }
}
