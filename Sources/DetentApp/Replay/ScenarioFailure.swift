/// One failed check of a scenario: where it is (step, kind, line, frame, time), what was
/// expected and found, and the nearest cause when one is known, so the console, `--json`,
/// `--junit` and `--report` tell the same facts.
struct ScenarioFailure: Equatable, CustomStringConvertible {
  /// The script's path as given.
  var path: String
  /// The step's number, from 1 (0 when the script could not be read).
  var step: Int
  /// The step's kind (`expect`, `moveTo`, `waitUntil`, a pointer step).
  var kind: String
  /// The line of the step in the script.
  var line: Int
  /// The scenario time of the check, when it is one.
  var time: Double?
  /// What was expected.
  var expected: String
  /// What was found.
  var actual: String
  /// The whole problem in one sentence (names the checked value, expected and actual).
  var message: String
  /// Frames run before the check (the trace row it is read after is `frame − 1`).
  var frame: Int?
  /// The nearest cause, when one is known ("the press at step 1 landed on the backdrop").
  var cause: String?

  /// `script: step N (kind, line L) at frame F, t=T: message; cause`.
  var description: String {
    if step == 0 { return message }
    var at = ""
    switch (frame, time) {
    case (let f?, let t?): at = " at frame \(f), t=\(EventLog.number(t))"
    case (nil, let t?): at = " at t=\(EventLog.number(t))"
    case (let f?, nil): at = " at frame \(f)"
    case (nil, nil): break
    }
    return "\(path): step \(step) (\(kind), line \(line))\(at): \(message)" + (cause.map { "; \($0)" } ?? "")
  }
}
