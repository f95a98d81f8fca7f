/// One failed check of a scenario: where it is (step, kind, line, time) and what was expected
/// and found, so the console, `--json` and `--junit` report the same facts.
struct ScenarioFailure: Equatable, CustomStringConvertible {
  /// The script's path as given.
  var path: String
  /// The step's number, from 1.
  var step: Int
  /// The step's kind (`expect`, `moveTo`).
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

  /// `script: step N (kind, line L) at t=T: message`.
  var description: String {
    let at = time.map { " at t=\(EventLog.number($0))" } ?? ""
    return "\(path): step \(step) (\(kind), line \(line))\(at): \(message)"
  }
}
