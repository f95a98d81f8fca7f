import Detent
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
    let loaded = try TuningFile.load(path, windowHeight: 800).tuning
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

  @Test("presets ship and load: Maps-like, Critically damped, Bouncy")
  func presets() throws {
    let presets = Presets(assets: AssetLocator(root: repoRoot.appendingPathComponent("Assets")))
    let names = presets.entries.map(\.name)
    for name in ["Maps-like", "Critically damped", "Bouncy"] { #expect(names.contains(name), "\(names)") }
    let critical = try presets.apply(names.firstIndex(of: "Critically damped")!, to: Tuning())
    #expect(critical.spring == Spring(response: 0.8, dampingRatio: 1))
    #expect(critical.notches == Tuning().notches, "a preset keeps the notches")
  }
}

@Suite(.serialized) struct HotReloadTests {
  @Test("a valid edit applies; an invalid one is reported and the last good tuning stays")
  func hotReload() throws {
    let dir = try temporaryFolder()
    let path = dir.appendingPathComponent("detent.json").path
    try TuningFile.save(Tuning(), to: path)
    let model = try DemoModel(tuning: Tuning(), width: 1280, height: 800)
    let panel = TuningPanel(
      model: model, configPath: path, assets: AssetLocator(root: repoRoot.appendingPathComponent("Assets")))
    var edited = Tuning()
    edited.spring = Spring(response: 0.7, dampingRatio: 0.6)
    try TuningFile.text(edited).write(toFile: path, atomically: true, encoding: .utf8)
    // The panel checks the file every 0.25 s of frames; two checks fit in half a second.
    for _ in 0..<30 { panel.tick(dt: 1.0 / 60) }
    #expect(model.rootTuning.spring == Spring(response: 0.7, dampingRatio: 0.6))
    #expect(model.stack.root.tuning.spring == Spring(response: 0.7, dampingRatio: 0.6))
    try "{\"spring\": {\"response\": -3}}".write(toFile: path, atomically: true, encoding: .utf8)
    for _ in 0..<30 { panel.tick(dt: 1.0 / 60) }
    #expect(panel.statusIsError)
    #expect(panel.status.contains("spring.response"))
    #expect(model.rootTuning.spring == Spring(response: 0.7, dampingRatio: 0.6))
  }

  @Test("save writes the tuning in force to the config path")
  func panelSave() throws {
    let dir = try temporaryFolder()
    let path = dir.appendingPathComponent("out.json").path
    var t = Tuning()
    t.dimming.maxAlpha = 0.25
    let model = try DemoModel(tuning: t, width: 1280, height: 800)
    let panel = TuningPanel(
      model: model, configPath: path, assets: AssetLocator(root: repoRoot.appendingPathComponent("Assets")))
    panel.save()
    #expect(try TuningFile.load(path, windowHeight: 800).tuning == t)
  }
}
