import Detent
import DetentJSON

/// The step kinds an input is written as in a script, each name once: `AppInputCodec` reads and
/// writes them; every other step kind (`click`, `drag`, `wait`, …) is a script's own.
enum InputKind: String, CaseIterable, Sendable {
  case press, move, release, wheel, key, type, resize, moveTo, tune, timeScale, compare

  /// The kind `input` is written as; nil for a status line, which no step writes.
  init?(of input: AppInput) {
    switch input {
    case .press: self = .press
    case .move: self = .move
    case .release: self = .release
    case .wheel, .fineWheel, .hwheel: self = .wheel
    case .key: self = .key
    case .text: self = .type
    case .resize: self = .resize
    case .moveTo: self = .moveTo
    case .tune: self = .tune
    case .timeScale: self = .timeScale
    case .compare: self = .compare
    case .status: return nil
    }
  }
}

/// An input as a script step holds it: the input, and where its point is when the step names
/// it by something other than pixels (a target, a percentage of the window, `{"by": [dx, dy]}`),
/// resolved at the step's frame. With an `aim`, the input's own coordinates are not used.
struct ScriptInput: Equatable, Sendable {
  var input: AppInput
  /// The point as written when it is not plain pixels; nil: the input's coordinates.
  var aim: ScenarioPoint?

  init(_ input: AppInput, aim: ScenarioPoint? = nil) {
    self.input = input
    self.aim = aim
  }
}

/// Reads a script step's value into an `AppInput` and writes one back (scripts, `frame` steps,
/// `--record`): the one place that knows how each input kind is spelled. Errors name the key
/// path and line.
enum AppInputCodec {
  /// Reads the value of a step of kind `kind` written at `key`.
  static func read(_ kind: InputKind, _ value: JSONValue, key: String) throws(ConfigError) -> ScriptInput {
    let line = value.line
    switch kind {
    case .press:
      return try located(value, key: key, relative: false) { .press(x: $0, y: $1) }
    case .move:
      return try located(value, key: key, relative: true) { .move(x: $0, y: $1) }
    case .release:
      return try located(value, key: key, relative: true) { .release(x: $0, y: $1, velocity: nil) }
    case .wheel:
      return try wheel(value, key: key)
    case .key:
      guard case .string(let name, _) = value, KeyNames.isHandled(name) else {
        let found = if case .string(let name, _) = value { "\"\(name)\"" } else { value.typeName }
        throw ConfigError(
          key: key, line: line,
          reason:
            "unknown key \(found) (known: \(KeyNames.handled.map { "\"\($0)\"" }.joined(separator: ", ")))")
      }
      return ScriptInput(.key(name))
    case .type:
      guard case .string(let text, _) = value else {
        throw ConfigError(key: key, line: line, reason: "expected a string, found \(value.typeName)")
      }
      guard text.count <= Limits.typedCharacters else {
        throw ConfigError(
          key: key, line: line,
          reason: "\(text.count) characters; at most \(Limits.typedCharacters) in one step")
      }
      return ScriptInput(.text(text))
    case .resize:
      let p = try ScenarioParser.pair(value, key: key, integer: true)!
      if let problem = p.0 <= 1e9 && p.1 <= 1e9
        ? Limits.windowProblem(width: Int(p.0), height: Int(p.1))
        : "width and height must be 1 to \(Limits.windowSide)"
      {
        throw ConfigError(key: key, line: line, reason: problem)
      }
      return ScriptInput(.resize(width: Int(p.0), height: Int(p.1)))
    case .moveTo:
      let m = try JSONObjectReader(value, path: key)
      try m.rejectUnknown(["notch", "animated"])
      guard let notch = try m.string("notch") else {
        throw ConfigError(key: key, line: line, reason: "needs notch: a notch name")
      }
      return ScriptInput(.moveTo(notch: notch, animated: try m.bool("animated") ?? true))
    case .tune:
      _ = try JSONObjectReader(value, path: key)
      return ScriptInput(.tune(value))
    case .timeScale:
      guard case .number(let s, _) = value, s >= 0.01, s <= 1 else {
        throw ConfigError(
          key: key, line: line,
          reason:
            "expected engine seconds per wall second from 0.01 to 1, found \(ScenarioParser.describe(value))")
      }
      return ScriptInput(.timeScale(s))
    case .compare:
      switch value {
      case .null: return ScriptInput(.compare(nil))
      case .string(let name, _) where !name.isEmpty: return ScriptInput(.compare(name))
      default:
        throw ConfigError(
          key: key, line: line,
          reason: "expected a preset's name or null, found \(ScenarioParser.describe(value))")
      }
    }
  }

  /// `{"at": POINT, "dy": N}` (whole notches, or a touchpad's fraction) or `{"at": POINT, "dx": N}`.
  private static func wheel(_ value: JSONValue, key: String) throws(ConfigError) -> ScriptInput {
    let w = try JSONObjectReader(value, path: key)
    try w.rejectUnknown(["at", "dy", "dx"])
    guard let at = w.value("at") else {
      throw ConfigError(key: key, line: value.line, reason: "needs at: [x, y]")
    }
    let point = try ScenarioParser.point(at, key: w.keyPath("at"), relative: false)
    let dy = try w.number("dy", in: -10_000...10_000)
    let dx = try w.integer("dx", in: -10_000...10_000)
    switch (dy, dx) {
    case (let dy?, nil) where dy == dy.rounded(): return located(point) { .wheel(x: $0, y: $1, dy: Int(dy)) }
    case (let dy?, nil): return located(point) { .fineWheel(x: $0, y: $1, dy: dy) }
    case (nil, let dx?): return located(point) { .hwheel(x: $0, y: $1, dx: dx) }
    default:
      throw ConfigError(
        key: key, line: value.line,
        reason:
          "needs dy (down the list; a fraction is a touchpad's part of a notch) or dx (sideways, whole notches), one of them"
      )
    }
  }

  private static func located(
    _ value: JSONValue, key: String, relative: Bool, _ make: (Double, Double) -> AppInput
  ) throws(ConfigError) -> ScriptInput {
    located(try ScenarioParser.point(value, key: key, relative: relative), make)
  }

  /// The input at `point`: its pixels, or an aim resolved at its frame.
  private static func located(_ point: ScenarioPoint, _ make: (Double, Double) -> AppInput) -> ScriptInput {
    if case .point(.pixels(let x), .pixels(let y)) = point { return ScriptInput(make(x, y)) }
    return ScriptInput(make(0, 0), aim: point)
  }
}
