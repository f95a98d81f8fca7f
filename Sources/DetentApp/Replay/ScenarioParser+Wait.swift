import Detent
import DetentJSON

extension ScenarioParser {
  /// Event names `waitUntil` may wait for (the `--log-events` names).
  static let eventNames = [
    "willStartDragging", "willEndDragging", "willMoveToNotch", "didMoveToNotch", "dismissed",
    "listScrollBegan", "listScrollEnded", "didSettle", "didPop", "didAttemptDismiss",
  ]

  /// `{"phase": …, "notch": …, "stack": N, "event": NAME, "timeout": S}`: at least one condition;
  /// the timeout defaults to 5 s of scenario time.
  static func waitCondition(_ value: JSONValue, key: String) throws(ConfigError) -> Scenario.WaitCondition {
    let r = try JSONObjectReader(value, path: key)
    try r.rejectUnknown(["phase", "notch", "stack", "event", "timeout"])
    let phase = try Self.phase(in: r)
    let event = try r.string("event")
    if let event, !eventNames.contains(event) {
      throw ConfigError(
        key: r.keyPath("event"), line: r.value("event")?.line,
        reason: "unknown event \"\(event)\" (expected one of \(eventNames.joined(separator: ", ")))")
    }
    let condition = Scenario.WaitCondition(
      phase: phase, notch: try r.string("notch"), stack: try r.integer("stack", in: 1...1000), event: event,
      timeout: try r.number("timeout", in: 0...3600) ?? 5)
    guard condition.phase != nil || condition.notch != nil || condition.stack != nil || condition.event != nil
    else {
      throw ConfigError(
        key: key, line: value.line,
        reason: "needs at least one of phase, notch, stack, event (and timeout: seconds)")
    }
    return condition
  }
}
