import Detent
import DetentJSON
import Foundation
import Testing

@testable import DetentApp

@Suite struct TuningFileTests {
  static let tunings: [Tuning] = {
    var bouncy = Tuning()
    bouncy.spring = Spring(response: 0.55, dampingRatio: 0.45)
    bouncy.policy = .projection(decelerationRate: 0.9985, skipsNotches: false)
    bouncy.rubberBand = RubberBand(kind: .logarithmic, factor: 0.3, top: false, bottom: true)
    bouncy.dimming = Dimming(maxAlpha: 0.55, startNotch: "minimum", endNotch: "maximum")
    bouncy.header = HeaderConfig(height: 80, mode: .collapseFirst)
    bouncy.list = ListConfig(rows: 12, rowHeight: 48.5, decelerationRate: 0.99, bounces: false)
    bouncy.notches[1].enabled = false
    bouncy.initialNotch = "maximum"
    bouncy.style = .rigid
    bouncy.backdropTap = .dismiss
    bouncy.dragRegion = .header
    var nearest = Tuning()
    nearest.policy = .nearest
    return [Tuning(), bouncy, nearest]
  }()

  @Test("a saved file loads back to the same values", arguments: tunings.indices)
  func roundTrip(index: Int) throws {
    let dir = try temporaryFolder()
    let path = dir.appendingPathComponent("detent.json").path
    try TuningFile.save(Self.tunings[index], to: path)
    let loaded = try TuningFile.load(path, windowWidth: 1280, windowHeight: 800).tuning
    #expect(loaded == Self.tunings[index])
  }

  @Test("a failure between write and rename leaves the old file intact and no temp file")
  func atomicSave() throws {
    struct Injected: Error {}
    let dir = try temporaryFolder()
    let path = dir.appendingPathComponent("detent.json").path
    try TuningFile.save(Tuning(), to: path)
    let before = try String(contentsOfFile: path, encoding: .utf8)
    var changed = Tuning()
    changed.spring.response = 0.9
    #expect(throws: Injected.self) { try TuningFile.save(changed, to: path) { throw Injected() } }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["detent.json"])
  }

  @Test("presets ship and load: Maps-like, Critically damped, Bouncy and the two modes")
  func presets() throws {
    let presets = Presets(assets: AssetLocator(root: repoRoot.appendingPathComponent("Assets")))
    let names = presets.entries.map(\.name)
    for name in ["Maps-like", "Critically damped", "Bouncy", "Scrolls at every notch", "iOS 26 floating"] {
      #expect(names.contains(name), "\(names)")
    }
    let critical = try presets.apply(names.firstIndex(of: "Critically damped")!, to: Tuning())
    #expect(critical.spring == Spring(response: 0.8, dampingRatio: 1))
    #expect(critical.notches == Tuning().notches, "a preset keeps the notches")
  }

  @Test(
    "iOS 26 floating brings the sheet back to the bottom edge from a drawer or a shade",
    arguments: ["Sidebar (left)", "Shade (top)"])
  func floatingAfterEdgePreset(first: String) throws {
    let presets = Presets(assets: AssetLocator(root: repoRoot.appendingPathComponent("Assets")))
    let names = presets.entries.map(\.name)
    let edged = try presets.apply(names.firstIndex(of: first)!, to: Tuning())
    #expect(edged.layout.edge != .bottom)
    let floating = try presets.apply(names.firstIndex(of: "iOS 26 floating")!, to: edged)
    #expect(floating.layout.edge == .bottom && floating.layout.bottomInset == 10)
  }
}

@Suite(.serialized) struct HotReloadTests {
  /// Applies the watcher's inputs for one check, as the program does at the start of a frame.
  func check(_ watcher: inout ConfigWatcher, _ model: DemoModel) -> [AppInput] {
    let inputs = watcher.check(current: model.rootTuning, windowWidth: 1280, windowHeight: 800)
    for input in inputs { model.apply(input) }
    return inputs
  }

  func touch(_ text: String, _ path: String) throws {
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    // A later modification time even on coarse file systems.
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(Double.random(in: 1...1000))], ofItemAtPath: path)
  }

  @Test("valid, invalid, fixed, deleted, recreated: the status always says what holds now")
  func neverStale() throws {
    let dir = try temporaryFolder()
    let path = dir.appendingPathComponent("detent.json").path
    try TuningFile.save(Tuning(), to: path)
    let model = try DemoModel(tuning: Tuning(), width: 1280, height: 800)
    var watcher = ConfigWatcher(path: path)
    #expect(check(&watcher, model).isEmpty, "unchanged: nothing")

    var edited = Tuning()
    edited.spring = Spring(response: 0.7, dampingRatio: 0.6)
    try touch(TuningFile.text(edited), path)
    let applied = check(&watcher, model)
    #expect(applied.count == 2)
    #expect(model.rootTuning.spring == Spring(response: 0.7, dampingRatio: 0.6))
    #expect(model.panel.status == "reloaded \(path)" && !model.panel.statusIsError)

    try touch("{\"spring\": {\"response\": -3}}", path)
    _ = check(&watcher, model)
    #expect(model.panel.statusIsError)
    #expect(model.panel.status == "\(path):1: spring.response: -3 is outside 0.01...10")
    #expect(model.rootTuning.spring == Spring(response: 0.7, dampingRatio: 0.6), "the last good tuning stays")

    try touch(TuningFile.text(edited), path)
    #expect(
      check(&watcher, model) == [.status("reloaded \(path)", isError: false)], "fixed, same tuning: no tune")
    #expect(!model.panel.statusIsError)

    try FileManager.default.removeItem(atPath: path)
    _ = check(&watcher, model)
    #expect(model.panel.status == "\(path) is gone or unreadable; keeping the last good tuning")
    #expect(model.panel.statusIsError)
    #expect(check(&watcher, model).isEmpty, "said once")
    #expect(model.rootTuning.spring == Spring(response: 0.7, dampingRatio: 0.6))

    try touch(TuningFile.text(Tuning()), path)
    _ = check(&watcher, model)
    #expect(model.panel.status == "reloaded \(path)" && !model.panel.statusIsError)
    #expect(model.rootTuning.spring == Spring.standard)
  }

  @Test("a valid panel edit clears an error the panel showed")
  func panelEditClearsError() throws {
    let model = try DemoModel(tuning: Tuning(), width: 1280, height: 800)
    model.apply(.status("old problem", isError: true))
    model.apply(.tune(try JSONParser.parse(#"{"dimming": {"maxAlpha": 0.2}}"#)))
    #expect(!model.panel.statusIsError)
    #expect(model.rootTuning.dimming.maxAlpha == 0.2)
  }

  @Test("save writes the tuning in force to the config path")
  func panelSave() throws {
    let dir = try temporaryFolder()
    let path = dir.appendingPathComponent("out.json").path
    var t = Tuning()
    t.dimming.maxAlpha = 0.25
    let model = try DemoModel(tuning: t, width: 1280, height: 800, tuningPath: path)
    let effects = model.apply(.key("S"))
    #expect(effects == [.saveTuning(path: path, text: TuningFile.text(t))])
    guard case .saveTuning(_, let text)? = effects.first else { return }
    try OutputFile.write(text, to: path)
    #expect(try TuningFile.load(path, windowWidth: 1280, windowHeight: 800).tuning == t)
  }

  @Test("a key taken out of the file takes its default again, and the recorded tune says so with null")
  func keyRemoved() throws {
    let dir = try temporaryFolder()
    let path = dir.appendingPathComponent("detent.json").path
    let first = """
      {"dimming": {"startNotch": "minimum"}, "layout": {"mode": "bottom", "bottomInset": 24, "attachAt": "maximum"},
       "list": {"rowHeights": [64, 88]}}
      """
    try touch("{}", path)
    var watcher = ConfigWatcher(path: path)
    let model = try DemoModel(tuning: Tuning(), width: 1280, height: 800)
    try touch(first, path)
    _ = check(&watcher, model)
    #expect(model.rootTuning.dimming.startNotch == "minimum" && model.rootTuning.layout.attachAt == "maximum")
    #expect(!model.rootTuning.list.rowHeights.isUniform)
    try touch(#"{"layout": {"mode": "bottom", "bottomInset": 24}}"#, path)
    let inputs = check(&watcher, model)
    #expect(model.rootTuning.dimming.startNotch == nil)
    #expect(model.rootTuning.layout.attachAt == nil)
    #expect(model.rootTuning.layout.bottomInset == 24)
    #expect(model.rootTuning.list.rowHeights.isUniform && model.rootTuning.list.rowHeight == 64)
    guard case .tune(let overlay) = inputs.first else {
      Issue.record("no tune: \(inputs)")
      return
    }
    #expect(overlay["dimming"]?["startNotch"] == .null(line: 0))
    #expect(overlay["layout"]?["attachAt"] == .null(line: 0))
  }

  @Test("null in a tuning file is refused as a value of the wrong type; in a tune it resets the key")
  func nullOnlyInTunes() throws {
    let text = #"{"dimming": {"startNotch": null}}"#
    #expect(throws: ConfigError.self) { try TuningCoding.decode(text: text) }
    var base = Tuning()
    base.dimming.startNotch = "minimum"
    let reset = try TuningCoding.decode(try JSONParser.parse(text), base: base, resets: true)
    #expect(reset.tuning.dimming.startNotch == nil)
  }
}
