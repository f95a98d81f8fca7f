import Detent
import DetentJSON
import Foundation

/// Named tunings shipped as partial tuning files under `Assets/Presets/`; applying one keeps
/// the keys it does not name (notches, for instance).
struct Presets {
  let entries: [(name: String, value: JSONValue)]

  init(assets: AssetLocator) {
    let dir = assets.url("Presets")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    var entries: [(name: String, value: JSONValue)] = []
    for file in files.sorted() where file.hasSuffix(".json") {
      guard let text = try? TuningFile.readText(dir.appendingPathComponent(file).path),
        let value = try? JSONParser.parse(text), (try? TuningCoding.decode(value)) != nil
      else { continue }
      entries.append((String(file.dropLast(5)), value))
    }
    self.entries = entries
  }

  /// `current` with preset `index` applied on top.
  func apply(_ index: Int, to current: Tuning) throws(ConfigError) -> Tuning {
    try TuningCoding.decode(entries[index].value, base: current).tuning
  }
}
