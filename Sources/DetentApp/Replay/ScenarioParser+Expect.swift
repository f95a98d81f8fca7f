import Detent
import DetentJSON
import Foundation

/// `expect` steps: conditions on the top sheet and the stack, and a golden image.
extension ScenarioParser {
  static let expectKeys: Set<String> = [
    "notch", "height", "phase", "listOffset", "headerOffset", "dimAlpha", "stack", "sheetX", "sheetWidth",
    "image",
  ]

  static func expectation(_ value: JSONValue, key: String, scriptPath: String) throws(ConfigError)
    -> Scenario.Expectation
  {
    let e = try JSONObjectReader(value, path: key)
    try e.rejectUnknown(expectKeys)
    var out = Scenario.Expectation()
    out.notch = try e.string("notch")
    out.phase = try Self.phase(in: e)
    out.height = try range(e, "height")
    out.listOffset = try range(e, "listOffset")
    out.headerOffset = try range(e, "headerOffset")
    out.dimAlpha = try range(e, "dimAlpha")
    out.stack = try e.integer("stack", in: 1...1000)
    out.sheetX = try range(e, "sheetX")
    out.sheetWidth = try range(e, "sheetWidth")
    if let image = try e.object("image") {
      out.image = try imageExpectation(image, scriptPath: scriptPath)
    }
    return out
  }

  /// `{"file": "golden.png", "tolerance": 0.001, "threshold": 8}`; the file is found relative to
  /// the script's folder.
  private static func imageExpectation(_ r: JSONObjectReader, scriptPath: String) throws(ConfigError)
    -> Scenario.ImageExpectation
  {
    try r.rejectUnknown(["file", "tolerance", "threshold"])
    guard let file = try r.string("file"), !file.isEmpty, !file.contains("\0") else {
      throw ConfigError(
        key: r.path, line: r.line, reason: "needs file: a PNG path, relative to the script's folder")
    }
    guard file.lowercased().hasSuffix(".png") else {
      throw ConfigError(
        key: r.keyPath("file"), line: r.value("file")?.line, reason: "expected a .png file name")
    }
    let folder = (scriptPath as NSString).deletingLastPathComponent
    let path =
      file.hasPrefix("/") || folder.isEmpty ? file : (folder as NSString).appendingPathComponent(file)
    return Scenario.ImageExpectation(
      file: file, path: path, tolerance: try r.number("tolerance", in: 0...1) ?? 0.001,
      threshold: try r.integer("threshold", in: 0...255) ?? 8)
  }

  private static func range(_ r: JSONObjectReader, _ key: String) throws(ConfigError) -> ClosedRange<Double>?
  {
    guard let value = r.value(key) else { return nil }
    if case .number(let x, _) = value { return x...x }
    let p = try pair(value, key: r.keyPath(key), range: -1e9...1e9, shape: "a number or [lo, hi]")!
    guard p.0 <= p.1 else {
      throw ConfigError(key: r.keyPath(key), line: value.line, reason: "range [lo, hi] needs lo ≤ hi")
    }
    return p.0...p.1
  }
}
