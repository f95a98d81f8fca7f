import Detent

/// What a replay needs beyond applying inputs: resolving a step's points and targets, waiting
/// on conditions, and failures that name the step, frame, time and nearest cause.
extension ScenarioRunner {
  /// A step as a failure names it.
  struct StepPlace {
    var number: Int
    var kind: String
    var line: Int
  }

  /// Thrown when a step cannot be performed (its target is not on screen): the script ends
  /// there, with the failure recorded.
  struct StepNotPerformed: Error {}

  /// An `expect` step as checked: its frame and time, the expectation as written, what failed
  /// and the diff image of a failed golden.
  struct Checkpoint {
    var step: Int
    var line: Int
    /// Frames run before the check.
    var frame: Int
    var time: Double
    var text: String
    var failures: [ScenarioFailure]
    /// Where a failed `expect image` wrote its diff.
    var diff: String?
  }

  /// Records a failure of the step at `at`, at this frame and time.
  func fail(_ at: StepPlace, expected: String, actual: String, _ message: String, cause: String? = nil) {
    failures.append(
      ScenarioFailure(
        path: scenario.path, step: at.number, kind: at.kind, line: at.line, time: model.time,
        expected: expected,
        actual: actual, message: message, frame: frame, cause: cause))
  }

  /// The screen point `p` stands for now; `origin` is what `{"by": …}` is relative to (the last
  /// press when nil). A target that is not on screen fails the step and ends the script.
  func resolve(_ p: ScenarioPoint, _ at: StepPlace, origin: (Double, Double)? = nil) throws -> (
    Double, Double
  ) {
    switch p {
    case .point(let x, let y):
      return (x.resolved(in: model.windowWidth), y.resolved(in: model.windowHeight))
    case .by(let dx, let dy):
      let o = origin ?? lastPress.map { ($0.x, $0.y) } ?? (model.pointerX, model.pointerY)
      return (o.0 + dx, o.1 + dy)
    case .target(let target):
      if let found = model.locate(target) { return found }
      let visible = model.visibleTargets()
      var message = "target \(target) is not on screen (visible: \(visible))"
      var cause: String?
      switch target {
      case .footer where model.stack.top.tuning.footer.height <= 0:
        message = "target footer: no footer (the tuning's footer height is 0); visible: \(visible)"
      case .row(let n):
        let s = model.stack.top.snapshot
        let rows = model.stack.count > 1 ? model.stack.top.tuning.list.rows : model.rowCount
        message = "target row:\(n) is not visible (visible: \(visible))"
        cause =
          n >= rows
          ? "the list has \(rows) rows"
          : "the list is scrolled to \(EventLog.number(s.listOffset)) px with the sheet at \(EventLog.number(s.height)) px (\(s.phase.rawValue))"
      case .chip, .search, .header:
        if model.stack.count > 1 { cause = "a detail sheet is on top (stack \(model.stack.count))" }
      default:
        break
      }
      fail(at, expected: "\(target) on screen", actual: "visible: \(visible)", message, cause: cause)
      throw StepNotPerformed()
    }
  }

  /// Notes a press at (x, y) by step `step`, aimed at `aimed`, with where it lands when that is
  /// not the top sheet (for causes); a press aimed at `"backdrop"` by name missed nothing.
  func notePress(x: Double, y: Double, step: Int, aimed: ScenarioPoint) {
    var missed: String?
    if model.stack.top.hitTest(x: x, y: y) == nil, aimed != .target(.backdrop) {
      if x < 0 || y < 0 || x >= model.windowWidth || y >= model.windowHeight {
        missed = "outside the window"
      } else if x >= model.sceneWidth {
        missed = "the tuning panel"
      } else if model.target(atX: x, y: y) == .backdrop {
        missed = model.stack.top.snapshot.dimAlpha > 0 ? "the dimmed backdrop" : "the backdrop (the map)"
      }
      // A press on the simulated keyboard types: it is aimed there.
    }
    lastPress = (step, x, y, missed)
  }

  /// The nearest known cause of a failed expectation: the last press missed the sheet, or the
  /// sheet was still moving.
  func nearestCause() -> String? {
    if let p = lastPress, let on = p.missed {
      let s = model.stack.top
      let frame = s.horizontalFrame
      return
        "the press at step \(p.step) (\(EventLog.number(p.x)), \(EventLog.number(p.y))) landed on \(on), "
        + "not the sheet (now at x \(EventLog.number(frame.x))…\(EventLog.number(frame.x + frame.width)), "
        + "y \(EventLog.number(s.topY))…\(EventLog.number(s.bottomY))); point at a target such as \"grabber\""
    }
    let s = model.stack.top.snapshot
    if s.phase != .idle {
      let toward = s.targetNotch.map { " toward \"\($0)\"" } ?? ""
      return "the sheet was still \(s.phase.rawValue)\(toward) at height \(EventLog.number(s.height)); "
        + "wait for it with {\"waitUntil\": {\"phase\": \"idle\"}}"
    }
    return nil
  }

  /// `waitUntil`: frames run until every condition holds (checked before each frame, so none
  /// run when they already hold); at the timeout the step fails naming each unmet condition
  /// and the state, and the script goes on.
  func waitUntil(_ w: Scenario.WaitCondition, _ at: StepPlace) throws {
    watchedEvents = []
    defer { watchedEvents = nil }
    let limit = Int((w.timeout * scenario.fps).rounded())
    var ran = 0
    while true {
      let unmet = unmetConditions(w)
      if unmet.isEmpty { return }
      if ran >= limit {
        let s = model.stack.top.snapshot
        let fired = watchedEvents ?? []
        let state =
          "phase \(s.phase.rawValue), notch \(s.notch ?? "none"), target notch \(s.targetNotch ?? "none"), "
          + "height \(EventLog.number(s.height)), stack \(model.stack.count), events since the step: "
          + (fired.isEmpty ? "none" : fired.joined(separator: ", "))
        fail(
          at, expected: unmet.map(\.expected).joined(separator: ", "),
          actual: unmet.map(\.actual).joined(separator: ", "),
          "waitUntil timed out after \(EventLog.number(w.timeout)) s (\(ran) frames): "
            + unmet.map { "\($0.name) expected \($0.expected), actual \($0.actual)" }.joined(separator: "; ")
            + "; state: \(state)")
        return
      }
      try runFrame([])
      ran += 1
    }
  }

  /// The conditions of `w` that do not hold now: (name, expected, actual).
  private func unmetConditions(_ w: Scenario.WaitCondition) -> [(
    name: String, expected: String, actual: String
  )] {
    let s = model.stack.top.snapshot
    var unmet: [(String, String, String)] = []
    if let phase = w.phase, s.phase != phase {
      unmet.append(("phase", "\"\(phase.rawValue)\"", "\"\(s.phase.rawValue)\""))
    }
    if let notch = w.notch, s.notch != notch {
      unmet.append(("notch", "\"\(notch)\"", s.notch.map { "\"\($0)\"" } ?? "none"))
    }
    if let stack = w.stack, model.stack.count != stack {
      unmet.append(("stack", "\(stack)", "\(model.stack.count)"))
    }
    if let event = w.event, !(watchedEvents ?? []).contains(event) {
      unmet.append(("event", event, "not fired"))
    }
    return unmet.map { (name: $0.0, expected: $0.1, actual: $0.2) }
  }

  /// An expectation as written, for the report.
  static func describe(_ e: Scenario.Expectation) -> String {
    var parts: [String] = []
    func range(_ name: String, _ r: ClosedRange<Double>?) {
      guard let r else { return }
      parts.append("\"\(name)\": [\(EventLog.number(r.lowerBound)), \(EventLog.number(r.upperBound))]")
    }
    if let notch = e.notch { parts.append("\"notch\": \"\(notch)\"") }
    range("height", e.height)
    if let phase = e.phase { parts.append("\"phase\": \"\(phase.rawValue)\"") }
    range("listOffset", e.listOffset)
    range("headerOffset", e.headerOffset)
    range("dimAlpha", e.dimAlpha)
    if let stack = e.stack { parts.append("\"stack\": \(stack)") }
    range("sheetX", e.sheetX)
    range("sheetWidth", e.sheetWidth)
    if let image = e.image { parts.append("\"image\": \"\(image.file)\"") }
    return "{" + parts.joined(separator: ", ") + "}"
  }
}
