import Detent
import DetentJSON
import Foundation

/// Reads scenario scripts strictly: every error names the file and the line and key.
///
/// Over 300 lines on purpose: one reader for every step and expectation kind, whose private
/// helpers (ranges, points, the line and key in each error) all of them share.
enum ScenarioParser {
  static let stepKinds = [
    "press", "move", "release", "click", "drag", "wheel", "wait", "waitUntil", "key", "type", "resize",
    "moveTo", "tune",
    "timeScale", "compare", "frame", "shot", "expect",
  ]
  static let expectKeys: Set<String> = [
    "notch", "height", "phase", "listOffset", "headerOffset", "dimAlpha", "stack", "sheetX", "sheetWidth",
    "image",
  ]

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
          try decoded.validate(windowWidth: size.width, windowHeight: size.height)
        } catch {
          throw CLIError.input(TuningFile.message(error, path: basePath))
        }
      }
      throw CLIError.input(TuningFile.message(error, path: path))
    }
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
      do throws(ConfigError) {
        try decoded.validate(windowWidth: Double(size.0), windowHeight: Double(size.1))
      } catch {
        // The defaults adapt to small windows, as in the demo (see DemoModel.rootSheet).
        guard DemoModel.isDefault(decoded.tuning) else { throw error }
      }
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
      tuning: tuning, width: Double(size.0), height: Double(size.1), notches: tuning.notches.map(\.name))
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

  private static func step(
    _ item: JSONValue, index: Int, scriptPath: String, prefix: String? = nil
  ) throws(ConfigError) -> Scenario.Step {
    let reader = try JSONObjectReader(item, path: prefix ?? "steps[\(index)]")
    guard case .object(let members, _) = item, members.count == 1, let kind = members.first?.key else {
      throw ConfigError(
        key: reader.path, line: item.line,
        reason: "a step is an object with exactly one key, one of: \(stepKinds.joined(separator: ", "))")
    }
    let value = members[0].value
    let key = reader.keyPath(kind)
    let line = value.line
    let action: Scenario.Action
    switch kind {
    case "press", "move", "release", "click":
      let p = try point(value, key: key, relative: kind == "move" || kind == "release")
      action =
        switch kind {
        case "press": .press(p)
        case "move": .move(p)
        case "release": .release(p)
        default: .click(p)
        }
    case "drag":
      let d = try JSONObjectReader(value, path: key)
      try d.rejectUnknown(["from", "to", "duration", "velocity"])
      guard
        let from = try d.value("from").map({ v throws(ConfigError) in
          try point(v, key: d.keyPath("from"), relative: false)
        }),
        let to = try d.value("to").map({ v throws(ConfigError) in
          try point(v, key: d.keyPath("to"), relative: true)
        })
      else { throw ConfigError(key: key, line: line, reason: "needs from and to") }
      guard let duration = try d.number("duration", in: 0...600) else {
        throw ConfigError(key: key, line: line, reason: "needs duration: seconds (0 to 600)")
      }
      let velocity = try d.value("velocity").map { v throws(ConfigError) in
        try pair(v, key: d.keyPath("velocity"), range: -1e6...1e6)!
      }
      action = .drag(from: from, to: to, duration: duration, velocity: velocity.map { (x: $0.0, y: $0.1) })
    case "wheel":
      let w = try JSONObjectReader(value, path: key)
      try w.rejectUnknown(["at", "dy", "dx"])
      guard
        let at = try w.value("at").map({ v throws(ConfigError) in
          try point(v, key: w.keyPath("at"), relative: false)
        })
      else {
        throw ConfigError(key: key, line: line, reason: "needs at: [x, y]")
      }
      let dy = try w.number("dy", in: -10_000...10_000)
      let dx = try w.integer("dx", in: -10_000...10_000)
      switch (dy, dx) {
      case (let dy?, nil) where dy == dy.rounded(): action = .wheel(at: at, dy: Int(dy))
      case (let dy?, nil): action = .fineWheel(at: at, dy: dy)
      case (nil, let dx?): action = .hwheel(at: at, dx: dx)
      default:
        throw ConfigError(
          key: key, line: line,
          reason:
            "needs dy (down the list; a fraction is a touchpad's part of a notch) or dx (sideways, whole notches), one of them"
        )
      }
    case "wait":
      guard case .number(let s, _) = value, s.isFinite, s >= 0, s <= 3600 else {
        throw ConfigError(
          key: key, line: line, reason: "expected seconds from 0 to 3600, found \(describe(value))")
      }
      action = .wait(s)
    case "waitUntil":
      action = .waitUntil(try waitCondition(value, key: key))
    case "key":
      guard case .string(let name, _) = value, KeyNames.isHandled(name) else {
        let found = if case .string(let name, _) = value { "\"\(name)\"" } else { value.typeName }
        throw ConfigError(
          key: key, line: line,
          reason:
            "unknown key \(found) (known: \(KeyNames.handled.map { "\"\($0)\"" }.joined(separator: ", ")))")
      }
      action = .key(name)
    case "type":
      guard case .string(let text, _) = value else {
        throw ConfigError(key: key, line: line, reason: "expected a string, found \(value.typeName)")
      }
      guard text.count <= Limits.typedCharacters else {
        throw ConfigError(
          key: key, line: line,
          reason: "\(text.count) characters; at most \(Limits.typedCharacters) in one step")
      }
      action = .type(text)
    case "resize":
      let p = try pair(value, key: key, integer: true)!
      if let problem = p.0 <= 1e9 && p.1 <= 1e9
        ? Limits.windowProblem(width: Int(p.0), height: Int(p.1))
        : "width and height must be 1 to \(Limits.windowSide)"
      {
        throw ConfigError(key: key, line: line, reason: problem)
      }
      action = .resize(width: Int(p.0), height: Int(p.1))
    case "moveTo":
      let m = try JSONObjectReader(value, path: key)
      try m.rejectUnknown(["notch", "animated"])
      guard let notch = try m.string("notch") else {
        throw ConfigError(key: key, line: line, reason: "needs notch: a notch name")
      }
      action = .moveTo(notch: notch, animated: try m.bool("animated") ?? true)
    case "tune":
      _ = try JSONObjectReader(value, path: key)
      action = .tune(value)
    case "timeScale":
      guard case .number(let s, _) = value, s >= 0.01, s <= 1 else {
        throw ConfigError(
          key: key, line: line,
          reason: "expected engine seconds per wall second from 0.01 to 1, found \(describe(value))")
      }
      action = .timeScale(s)
    case "compare":
      switch value {
      case .null: action = .compare(nil)
      case .string(let name, _) where !name.isEmpty: action = .compare(name)
      default:
        throw ConfigError(
          key: key, line: line, reason: "expected a preset's name or null, found \(describe(value))")
      }
    case "frame":
      guard case .array(let items, _) = value, !items.isEmpty else {
        throw ConfigError(
          key: key, line: line, reason: "expected a non-empty list of input steps, found \(describe(value))")
      }
      var inner: [Scenario.Action] = []
      for (j, item) in items.enumerated() {
        let s = try step(item, index: j, scriptPath: scriptPath, prefix: "\(key)[\(j)]")
        guard Scenario.frameKinds.contains(s.action.kind) else {
          throw ConfigError(
            key: "\(key)[\(j)]", line: s.line,
            reason:
              "a frame holds inputs only (\(Scenario.frameKinds.sorted().joined(separator: ", "))), found \(s.action.kind)"
          )
        }
        inner.append(s.action)
      }
      action = .frame(inner)
    case "shot":
      guard case .string(let file, _) = value, isPlainFileName(file) else {
        throw ConfigError(
          key: key, line: line,
          reason:
            "expected a plain file name such as \"top.png\" (no folder, no \"..\"), found \(describe(value))")
      }
      action = .shot(file)
    case "expect":
      action = .expect(try expectation(value, key: key, scriptPath: scriptPath))
    default:
      throw ConfigError(
        key: key, line: line,
        reason: "unknown step kind \"\(kind)\" (expected one of: \(stepKinds.joined(separator: ", ")))")
    }
    return Scenario.Step(action: action, line: line)
  }

  private static func expectation(_ value: JSONValue, key: String, scriptPath: String) throws(ConfigError)
    -> Scenario.Expectation
  {
    let e = try JSONObjectReader(value, path: key)
    try e.rejectUnknown(expectKeys)
    var out = Scenario.Expectation()
    out.notch = try e.string("notch")
    if let phase = try e.string("phase") {
      guard let p = PhaseName(rawValue: phase) else {
        let known = PhaseName.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        throw ConfigError(
          key: e.keyPath("phase"), line: e.value("phase")?.line,
          reason: "unknown phase \"\(phase)\" (expected one of \(known))")
      }
      out.phase = p
    }
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
    let p = try pair(value, key: r.keyPath(key), range: -1e9...1e9)!
    guard p.0 <= p.1 else {
      throw ConfigError(key: r.keyPath(key), line: value.line, reason: "range [lo, hi] needs lo ≤ hi")
    }
    return p.0...p.1
  }

  private static func describe(_ value: JSONValue) -> String {
    if case .number(let x, _) = value { return JSONWriter.number(x) }
    if case .string(let s, _) = value { return JSONWriter.quote(s) }
    return value.typeName
  }

  /// A name that stays inside the folder it is written to: not empty, no separator, not `.`/`..`.
  static func isPlainFileName(_ name: String) -> Bool {
    !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\\")
      && !name.contains("\0")
  }

  /// Two numbers `[a, b]`.
  static func pair(
    _ value: JSONValue, key: String, integer: Bool = false, range: ClosedRange<Double> = -100_000...100_000
  ) throws(ConfigError) -> (Double, Double)? {
    guard case .array(let items, let line) = value, items.count == 2, case .number(let a, _) = items[0],
      case .number(let b, _) = items[1]
    else {
      throw ConfigError(
        key: key, line: value.line,
        reason: "expected [\(integer ? "width, height" : "x, y")] (two numbers), found \(value.typeName)")
    }
    guard range.contains(a), range.contains(b) else {
      throw ConfigError(
        key: key, line: line,
        reason:
          "numbers must be within \(JSONWriter.number(range.lowerBound))...\(JSONWriter.number(range.upperBound))"
      )
    }
    if integer, a != a.rounded() || b != b.rounded() {
      throw ConfigError(key: key, line: line, reason: "expected whole numbers")
    }
    return (a, b)
  }
}
