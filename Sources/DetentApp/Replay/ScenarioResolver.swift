import Detent
import DetentJSON

extension ScenarioParser {
  /// What a script's steps are checked against before the first frame: the tuning in force
  /// (after `tune` steps), the window height (after `resize` steps) and every notch name a sheet
  /// of the script can have (the root's, including names a `tune` introduces, and a detail
  /// sheet's).
  struct ResolveState {
    /// The tuning in force.
    var tuning: Tuning
    /// The window height in force.
    var height: Double
    /// The window width in force (a drawer's notches resolve along it).
    var width: Double
    /// Notch names `moveTo` and `expect` may use, in order of first appearance.
    var notches: [String]
    /// Device pixels per point of the script's frames (a `resize` must stay within the limits
    /// at it, as the window does).
    var scale = 1

    init(tuning: Tuning, width: Double, height: Double, notches: [String], scale: Int = 1) {
      self.scale = scale
      self.tuning = tuning
      self.width = width
      self.height = height
      self.notches = notches
      for name in DetailSheet.notchNames
      where !self.notches.contains(name) {
        self.notches.append(name)
      }
    }

    /// Checks `step` (written at `key`) and advances the state past it.
    mutating func resolve(_ step: Scenario.Step, key: String) throws(ConfigError) {
      switch step.action {
      case .input(let s):
        try resolve(s.input, key: key, line: step.line)
      case .waitUntil(let w):
        if let notch = w.notch { try check(notch, key: "\(key).waitUntil.notch", line: step.line) }
      case .expect(let e):
        if let notch = e.notch { try check(notch, key: "\(key).expect.notch", line: step.line) }
      case .frame(let inputs):
        for (j, s) in inputs.enumerated() { try resolve(s.input, key: "\(key).frame[\(j)]", line: step.line) }
      default:
        break
      }
    }

    /// Checks an input (written at `key`) and advances the state past it.
    private mutating func resolve(_ input: AppInput, key: String, line: Int) throws(ConfigError) {
      switch input {
      case .resize(let w, let h):
        if scale > 1, let problem = Limits.windowProblem(width: w * scale, height: h * scale) {
          throw ConfigError(
            key: "\(key).resize", line: line,
            reason: "at scale \(scale) the frame would be \(w * scale)x\(h * scale) device pixels: \(problem)"
          )
        }
        width = Double(w)
        height = Double(h)
      case .tune(let overlay):
        let decoded: DecodedTuning
        do {
          // As the program applies it: decoded over the tuning in force.
          decoded = try TuningCoding.decode(overlay, base: tuning, resets: true)
        } catch {
          throw tuneError(error, overlay: overlay, key: key, line: line)
        }
        do {
          // The program refuses a tune whose result does not fit the window, whatever part of
          // it does not (notches a `resize` left taller than the window included).
          try TuningFile.validate(decoded, width: width, height: height)
        } catch {
          throw tuneError(error, overlay: overlay, key: key, line: line)
        }
        tuning = decoded.tuning
        for name in decoded.tuning.notches.map(\.name) where !notches.contains(name) {
          notches.append(name)
        }
      case .moveTo(let notch, _):
        try check(notch, key: "\(key).moveTo.notch", line: line)
      default:
        break
      }
    }

    /// `error` of a `tune` written at `key` (on `line`): at the tune's own key, or, when the tune
    /// does not hold that key, at the tune, naming the key in force that fails with it (a
    /// dimming notch the tune's notches no longer have, notches a `resize` left too tall).
    private func tuneError(_ error: ConfigError, overlay: JSONValue, key: String, line: Int) -> ConfigError {
      var e = error
      let top = String(e.key.prefix { $0 != "." && $0 != "[" })
      if e.key.isEmpty {
        e.key = "\(key).tune"
      } else if overlay[top] != nil {
        e.key = "\(key).tune.\(e.key)"
      } else {
        e.key = "\(key).tune"
        e.reason = "\(error.key) (in force before this tune): \(error.reason)"
      }
      if e.line == nil || e.line == 0 { e.line = line }
      return e
    }

    private func check(_ name: String, key: String, line: Int) throws(ConfigError) {
      guard !notches.contains(name) else { return }
      let known = notches.map { "\"\($0)\"" }.joined(separator: ", ")
      throw ConfigError(key: key, line: line, reason: "no notch is named \"\(name)\" (notches: \(known))")
    }
  }
}
