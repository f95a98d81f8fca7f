import Detent
import DetentJSON

/// One step: an input kind is read by `AppInputCodec`; the script's own kinds (`click`, `drag`,
/// `wait`, `waitUntil`, `frame`, `shot`, `expect`) here.
extension ScenarioParser {
  /// The step `item`, the `index`-th of the script at `scriptPath`.
  static func step(_ item: JSONValue, index: Int, scriptPath: String) throws(ConfigError) -> Scenario.Step {
    let (kind, value, key) = try member(of: item, path: "steps[\(index)]")
    let line = value.line
    if let input = InputKind(rawValue: kind) {
      return Scenario.Step(action: .input(try AppInputCodec.read(input, value, key: key)), line: line)
    }
    guard let own = Scenario.Action.Kind(rawValue: kind) else {
      throw unknownKind(kind, key: key, line: line)
    }
    let action: Scenario.Action
    switch own {
    case .click:
      action = .click(try point(value, key: key, relative: false))
    case .drag:
      action = try drag(value, key: key)
    case .wait:
      guard case .number(let s, _) = value, s.isFinite, s >= 0, s <= 3600 else {
        throw ConfigError(
          key: key, line: line, reason: "expected seconds from 0 to 3600, found \(describe(value))")
      }
      action = .wait(s)
    case .waitUntil:
      action = .waitUntil(try waitCondition(value, key: key))
    case .frame:
      action = .frame(try frame(value, key: key))
    case .shot:
      guard case .string(let file, _) = value, isPlainFileName(file) else {
        throw ConfigError(
          key: key, line: line,
          reason:
            "expected a plain file name such as \"top.png\" (no folder, no \"..\"), found \(describe(value))")
      }
      action = .shot(file)
    case .expect:
      action = .expect(try expectation(value, key: key, scriptPath: scriptPath))
    }
    return Scenario.Step(action: action, line: line)
  }

  /// A step's one member: its kind, value and key path.
  private static func member(of item: JSONValue, path: String) throws(ConfigError) -> (
    kind: String, value: JSONValue, key: String
  ) {
    let reader = try JSONObjectReader(item, path: path)
    guard case .object(let members, _) = item, members.count == 1, let kind = members.first?.key else {
      throw ConfigError(
        key: reader.path, line: item.line,
        reason:
          "a step is an object with exactly one key, one of: \(Scenario.stepKinds.joined(separator: ", "))")
    }
    return (kind, members[0].value, reader.keyPath(kind))
  }

  private static func unknownKind(_ kind: String, key: String, line: Int) -> ConfigError {
    ConfigError(
      key: key, line: line,
      reason: "unknown step kind \"\(kind)\" (expected one of: \(Scenario.stepKinds.joined(separator: ", ")))"
    )
  }

  /// `{"frame": [INPUT, …]}`: input steps only, applied together at the start of one frame.
  private static func frame(_ value: JSONValue, key: String) throws(ConfigError) -> [ScriptInput] {
    guard case .array(let items, _) = value, !items.isEmpty else {
      throw ConfigError(
        key: key, line: value.line,
        reason: "expected a non-empty list of input steps, found \(describe(value))")
    }
    var inputs: [ScriptInput] = []
    for (j, item) in items.enumerated() {
      let (kind, inner, innerKey) = try member(of: item, path: "\(key)[\(j)]")
      guard let input = InputKind(rawValue: kind) else {
        guard Scenario.Action.Kind(rawValue: kind) != nil else {
          throw unknownKind(kind, key: innerKey, line: inner.line)
        }
        let kinds = InputKind.allCases.map(\.rawValue).sorted().joined(separator: ", ")
        throw ConfigError(
          key: "\(key)[\(j)]", line: inner.line, reason: "a frame holds inputs only (\(kinds)), found \(kind)"
        )
      }
      inputs.append(try AppInputCodec.read(input, inner, key: innerKey))
    }
    return inputs
  }

  /// `{"from": POINT, "to": POINT or {"by": [dx, dy]}, "duration": S, "velocity": [vx, vy]}`.
  private static func drag(_ value: JSONValue, key: String) throws(ConfigError) -> Scenario.Action {
    let d = try JSONObjectReader(value, path: key)
    try d.rejectUnknown(["from", "to", "duration", "velocity"])
    guard
      let from = try d.value("from").map({ v throws(ConfigError) in
        try point(v, key: d.keyPath("from"), relative: false)
      }),
      let to = try d.value("to").map({ v throws(ConfigError) in
        try point(v, key: d.keyPath("to"), relative: true)
      })
    else { throw ConfigError(key: key, line: value.line, reason: "needs from and to") }
    guard let duration = try d.number("duration", in: 0...600) else {
      throw ConfigError(key: key, line: value.line, reason: "needs duration: seconds (0 to 600)")
    }
    let velocity = try d.value("velocity").map { v throws(ConfigError) in
      try pair(v, key: d.keyPath("velocity"), range: -1e6...1e6)!
    }
    return .drag(
      from: from, to: to, duration: duration, velocity: velocity.map { AppInput.Velocity(x: $0.0, y: $0.1) })
  }
}
