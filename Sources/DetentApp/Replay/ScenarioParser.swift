import Detent
import DetentJSON
import Foundation

/// Reads scenario scripts strictly: every error names the file and the line and key. The
/// script's frame (window, fps, config, steps) here; a step in ScenarioParser+Step (inputs
/// through `AppInputCodec`), an expectation in ScenarioParser+Expect, shared values in
/// ScenarioParser+Values.
enum ScenarioParser {

  /// Loads `path`; `base` is the tuning the script's `config` applies on top of, `fps` overrides.
  static func load(_ path: String, base: JSONValue?, basePath: String? = nil, fps override: Double?) throws
    -> Scenario
  {
    let text = try TuningFile.readText(path)
    do {
      return try parse(text: text, path: path, base: base, fps: override)
    } catch {
      // A window-dependent problem of the base tuning file is that file's, not the script's.
      if let base, let basePath, error.key.hasPrefix("config"), case .object = base,
        let decoded = try? TuningCoding.decode(base), let size = scriptWindowSize(text)
      {
        do {
          try TuningFile.validate(decoded, width: size.width, height: size.height)
        } catch {
          throw CLIError.input(TuningFile.message(error, path: basePath))
        }
      }
      // A key the script's config does not hold came from the base file: say so (the base alone
      // was fine; the script's config, merged over it, broke it: notches that drop the one the
      // base's initialNotch names).
      if let base, let basePath, error.key.hasPrefix("config."),
        let script = try? JSONParser.parse(text), !holds(script["config"], error.key.dropFirst(7)),
        holds(base, error.key.dropFirst(7))
      {
        var e = error
        e.key += " (set in \(basePath))"
        throw CLIError.input(TuningFile.message(e, path: path))
      }
      throw CLIError.input(TuningFile.message(error, path: path))
    }
  }

  /// Whether `value` (an object) holds the dotted key path `key` (`dimming.startNotch`;
  /// an index `notches[1]` counts as its array's key).
  static func holds(_ value: JSONValue?, _ key: Substring) -> Bool {
    var current = value
    for part in key.split(separator: ".") {
      let name = part.split(separator: "[").first.map(String.init) ?? String(part)
      guard let next = current?[name] else { return false }
      current = next
    }
    return true
  }

  /// Parses a script's text (`path` names it in shot and trace names): the JSON, then the script.
  static func parse(text: String, path: String, base: JSONValue?, fps override: Double?) throws(ConfigError)
    -> Scenario
  {
    let value: JSONValue
    do {
      value = try JSONParser.parse(text)
    } catch {
      throw ConfigError(key: "", line: error.line, reason: "column \(error.column): \(error.reason)")
    }
    return try parse(value, path: path, base: base, fps: override)
  }

  /// The script's window height (800 when it names none), if the text parses.
  private static func scriptWindowSize(_ text: String) -> (width: Double, height: Double)? {
    guard let value = try? JSONParser.parse(text) else { return nil }
    if case .array(let items, _)? = value["window"], items.count == 2, case .number(let w, _) = items[0],
      case .number(let h, _) = items[1]
    {
      return (w, h)
    }
    return (1280, 800)
  }

  static func parse(_ value: JSONValue, path: String, base: JSONValue?, fps override: Double?)
    throws(ConfigError) -> Scenario
  {
    let root = try JSONObjectReader(value, path: "")
    try root.rejectUnknown(["name", "window", "scale", "fps", "config", "steps"])
    let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    let name = try root.string("name") ?? stem
    var size = (1280, 800)
    if let window = root.value("window") {
      size = try pair(window, key: "window", integer: true).map { (Int($0.0), Int($0.1)) }!
    }
    if let problem = Limits.windowProblem(width: size.0, height: size.1) {
      throw ConfigError(key: "window", line: root.value("window")?.line, reason: problem)
    }
    let scale = try root.integer("scale", in: Limits.scales) ?? 1
    if scale > 1, let problem = Limits.windowProblem(width: size.0 * scale, height: size.1 * scale) {
      throw ConfigError(
        key: "scale", line: root.value("scale")?.line,
        reason: "the frame would be \(size.0 * scale)x\(size.1 * scale) device pixels: \(problem)")
    }
    var fps = 60.0
    if let override {
      fps = override
    } else if let given = try root.number("fps", in: 1...1000) {
      fps = given
    }
    var config = base ?? .object([], line: 1)
    if let overlay = root.value("config") {
      _ = try JSONObjectReader(overlay, path: "config")
      config = config.merged(with: overlay)
    }
    let tuning: Tuning
    do throws(ConfigError) {
      let decoded = try TuningCoding.decode(config)
      // The default notches adapt to small windows, as in the demo (see DemoModel.rootSheet).
      try TuningFile.validate(decoded, width: Double(size.0), height: Double(size.1))
      tuning = decoded.tuning
    } catch {
      var e = error
      e.key = e.key.isEmpty ? "config" : "config.\(e.key)"
      if e.line == nil { e.line = root.value("config")?.line }
      throw e
    }
    guard let items = try root.array("steps") else {
      throw ConfigError(key: "steps", line: root.line, reason: "missing (a script needs a list of steps)")
    }
    guard items.count <= Limits.scriptSteps else {
      throw ConfigError(
        key: "steps", line: root.value("steps")?.line,
        reason: "\(items.count) steps; at most \(Limits.scriptSteps)")
    }
    var steps: [Scenario.Step] = []
    var state = ResolveState(
      tuning: tuning, width: Double(size.0), height: Double(size.1), notches: tuning.notches.map(\.name),
      scale: scale)
    for (i, item) in items.enumerated() {
      let s = try step(item, index: i, scriptPath: path)
      try state.resolve(s, key: "steps[\(i)]")
      steps.append(s)
    }
    let scenario = Scenario(
      path: path, name: name, width: size.0, height: size.1, fps: fps, scale: scale, tuning: tuning,
      steps: steps)
    let frames = scenario.frames
    guard frames <= Double(Limits.scriptFrames) else {
      throw ConfigError(
        key: "steps", line: root.value("steps")?.line,
        reason:
          "the script runs \(EventLog.number(frames, decimals: 0)) frames at \(EventLog.number(fps)) fps; "
          + "at most \(Limits.scriptFrames)")
    }
    return scenario
  }
}
