import Detent
import DetentJSON
import Foundation

/// The outcome of one scenario.
struct ScenarioReport {
  var name: String
  var path: String
  var failures: [ScenarioFailure]
  var final: SheetSnapshot
  var stackCount: Int
  var events: [SheetEvent]
  /// The frame (trace row) each of `events` fired in.
  var eventFrames: [Int] = []
  var trace: [TraceRow]
  var frames: Int
  /// Each `expect` step with the frame it was checked at.
  var checkpoints: [ScenarioRunner.Checkpoint] = []

  /// The script could not be read or set up (its failure is the error).
  var invalid = false

  var passed: Bool { failures.isEmpty }

  /// The report of a script that could not be read: one failure holding `message`.
  static func invalid(path: String, message: String) -> ScenarioReport {
    let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    let failure = ScenarioFailure(
      path: path, step: 0, kind: "script", line: 0, time: nil, expected: "a valid script", actual: "invalid",
      message: message)
    let state = (try? DemoModel(tuning: Tuning(), width: 1280, height: 800))?.stack.top.snapshot
    return ScenarioReport(
      name: stem, path: path, failures: [failure], final: state!, stackCount: 1, events: [], trace: [],
      frames: 0,
      invalid: true)
  }

  /// The `--json` report.
  var json: String {
    let s = final
    let finalObject = [
      "\"notch\": \(s.notch.map(JSONWriter.quote) ?? "null")", "\"height\": \(EventLog.number(s.height))",
      "\"phase\": \(JSONWriter.quote(s.phase.rawValue))", "\"listOffset\": \(EventLog.number(s.listOffset))",
      "\"headerOffset\": \(EventLog.number(s.headerOffset))",
      "\"dimAlpha\": \(EventLog.number(s.dimAlpha, decimals: 4))",
      "\"stack\": \(stackCount)",
    ].joined(separator: ", ")
    let failureList = failures.map { JSONWriter.quote($0.description) }.joined(separator: ", ")
    let eventList = events.map(EventLog.line).joined(separator: ", ")
    return
      "{\"name\": \(JSONWriter.quote(name)), \"passed\": \(passed), \"failures\": [\(failureList)], \"final\": {\(finalObject)}, \"events\": [\(eventList)]}"
  }
}

/// Plays a scenario through the same model the demo uses, one frame per input step.
final class ScenarioRunner {
  let scenario: Scenario
  let model: DemoModel
  let dt: Double
  /// Called for `shot` steps with the model and the file name.
  var shooter: ((DemoModel, String) throws -> Void)?
  /// Renders the current frame for `expect image` (the renderer behind `shot`).
  var imager: ((DemoModel) throws -> RGBImage)?
  /// Called after every frame with the model (`--video` draws it).
  var onFrame: ((DemoModel) throws -> Void)?
  /// Write goldens instead of comparing with them (`--update-goldens`).
  var updateGoldens = false
  /// Whether the report keeps one trace row per frame (`--trace`, `--plot`). Off, a replay's
  /// memory does not grow with its length.
  var keepsTrace = true
  /// Whether the report keeps the engine's events (`--json`). Off, they are counted only.
  var keepsEvents = true
  /// Called with what `--record` would keep of each frame's inputs (an `InputRecorder`'s
  /// `record`): a replay recorded again (nil: dropped).
  var record: ((_ input: AppInput, _ target: ScenarioTarget?, _ frame: Int) -> Void)?
  /// The names of the events fired while a `waitUntil` runs (nil outside one).
  var watchedEvents: [String]?
  /// Goldens written by this run (with `updateGoldens`).
  var goldensWritten: [String] = []
  /// Frames run so far.
  private(set) var frame = 0
  private var trace: [TraceRow] = []
  /// Events so far, in order.
  private(set) var events: [SheetEvent] = []
  /// The frame each of `events` fired in.
  private(set) var eventFrames: [Int] = []
  /// Each `expect` step: where it was checked and what failed there (for `--report`).
  var checkpoints: [Checkpoint] = []
  /// The last press: its step, where it was and what it landed on.
  /// `missed` says where it landed when that was not the top sheet and the step did not aim
  /// there by name (a pixel on the map, the keyboard, the panel).
  var lastPress: (step: Int, x: Double, y: Double, missed: String?)?
  /// Failed expectations so far, each naming the script, step, line, expected and actual.
  var failures: [ScenarioFailure] = []
  /// What the script's inputs asked of the program (S saves, Copy as… fills the clipboard, Q
  /// quits), with the frame each came in: a replay performs none of them, it only keeps them.
  private(set) var effects: [(frame: Int, effect: AppEffect)] = []

  init(scenario: Scenario) throws {
    self.scenario = scenario
    do {
      // The panel's presets come with the assets (a replay without them has none to click).
      let presets = (try? AssetLocator.locate()).map { Presets(assets: $0).entries } ?? []
      model = try DemoModel(
        tuning: scenario.tuning, width: scenario.width, height: scenario.height, presets: presets)
    } catch {
      throw CLIError.input(TuningFile.message(error, path: scenario.path))
    }
    dt = 1 / scenario.fps
    try Self.checkPresets(scenario, known: model.presets.map(\.name))
  }

  /// Refuses (before the first frame) a `compare` step naming no preset the panel has: the
  /// comparison would only put a message in the panel's status line, and the script run on.
  static func checkPresets(_ scenario: Scenario, known: [String]) throws {
    for (i, step) in scenario.steps.enumerated() {
      for case .compare(let name?) in step.inputs where !known.contains(name) {
        let list =
          known.isEmpty ? "none: no Assets folder found" : known.map { "\"\($0)\"" }.joined(separator: ", ")
        throw CLIError.input(
          "\(scenario.path):\(step.line): steps[\(i)].compare: no preset is named \"\(name)\" (presets: \(list))"
        )
      }
    }
  }

  /// Applies `inputs`, advances one frame and records it.
  func runFrame(_ inputs: [AppInput]) throws {
    for input in inputs {
      for effect in model.apply(input) { effects.append((frame, effect)) }
    }
    for kept in model.takeRecordable() { record?(kept.input, kept.target, frame) }
    model.step(dt: dt)
    let before = events.count
    model.drainEvents(into: &events)
    if watchedEvents != nil { watchedEvents! += events[before...].map(\.kind.name) }
    eventFrames += repeatElement(frame, count: events.count - before)
    if !keepsEvents {
      events.removeAll(keepingCapacity: true)
      eventFrames.removeAll(keepingCapacity: true)
    }
    if keepsTrace {
      trace.append(
        TraceRow(
          frame: frame, time: model.time, pointerX: model.pointerX, pointerY: model.pointerY,
          pointerDown: model.pointerDown,
          snapshot: model.stack.top.snapshot))
    }
    frame += 1
    try onFrame?(model)
  }

  func run() throws -> ScenarioReport {
    try onFrame?(model)
    do {
      for (index, step) in scenario.steps.enumerated() {
        try perform(step, number: index + 1)
      }
    } catch is StepNotPerformed {
      // A step that cannot be performed (its target is not on screen) ends the script; its
      // failure is recorded.
    }
    return ScenarioReport(
      name: scenario.name, path: scenario.path, failures: failures, final: model.stack.top.snapshot,
      stackCount: model.stack.count, events: events, eventFrames: eventFrames, trace: trace, frames: frame,
      checkpoints: checkpoints)
  }

  private func perform(_ step: Scenario.Step, number: Int) throws {
    let at = StepPlace(number: number, kind: step.action.kind, line: step.line)
    switch step.action {
    case .input(let s):
      let input = try resolved(s, at)
      checkNotch(of: input, at)
      switch input {
      case .wheel(let x, let y, let dy):
        for _ in 0..<abs(dy) { try runFrame([.wheel(x: x, y: y, dy: dy > 0 ? 1 : -1)]) }
      case .hwheel(let x, let y, let dx):
        for _ in 0..<abs(dx) { try runFrame([.hwheel(x: x, y: y, dx: dx > 0 ? 1 : -1)]) }
      default:
        try runFrame(Self.typed(input))
      }
    case .click(let p):
      let (x, y) = try resolve(p, at)
      notePress(x: x, y: y, step: number, aimed: p)
      try runFrame([.press(x: x, y: y)])
      try runFrame([.release(x: x, y: y, velocity: nil)])
    case .drag(let fromPoint, let toPoint, let duration, let velocity):
      let from = try resolve(fromPoint, at)
      let to = try resolve(toPoint, at, origin: from)
      let n = max(1, Int((duration * scenario.fps).rounded()))
      notePress(x: from.0, y: from.1, step: number, aimed: fromPoint)
      try runFrame([.press(x: from.0, y: from.1)])
      for k in 1...n {
        let f = Double(k) / Double(n)
        let x = from.0 + (to.0 - from.0) * f
        let y = from.1 + (to.1 - from.1) * f
        if k < n {
          try runFrame([.move(x: x, y: y)])
        } else {
          try runFrame([.move(x: to.0, y: to.1), .release(x: to.0, y: to.1, velocity: velocity)])
        }
      }
    case .wait(let seconds):
      for _ in 0..<Int((seconds * scenario.fps).rounded()) { try runFrame([]) }
    case .waitUntil(let condition):
      try waitUntil(condition, at)
    case .frame(let inputs):
      var applied: [AppInput] = []
      for s in inputs {
        let input = try resolved(s, at)
        checkNotch(of: input, at)
        applied += Self.typed(input)
      }
      try runFrame(applied)
    case .shot(let file):
      try shooter?(model, file)
    case .expect(let e):
      let before = failures.count
      check(e, at)
      if let image = e.image { try check(image, step: number, line: step.line) }
      checkpoints.append(
        Checkpoint(
          step: number, line: step.line, frame: frame, time: model.time, text: Self.describe(e),
          failures: Array(failures[before...]), diff: e.image.map { Self.diffPath(for: $0.path) }))
    }
  }

  /// The input `s` stands for now: its aim resolved to a point (a press is noted for causes).
  private func resolved(_ s: ScriptInput, _ at: StepPlace) throws -> AppInput {
    var input = s.input
    if let aim = s.aim {
      let (x, y) = try resolve(aim, at)
      input = input.placed(atX: x, y: y)
    }
    if case .press(let x, let y) = input { notePress(x: x, y: y, step: at.number, aimed: s.aim ?? .at(x, y)) }
    return input
  }

  /// A `moveTo` names a notch the top sheet has now, or the step fails (the input then changes
  /// nothing).
  private func checkNotch(of input: AppInput, _ at: StepPlace) {
    guard case .moveTo(let notch, _) = input, !model.stack.top.notches.contains(where: { $0.name == notch })
    else { return }
    let names = model.stack.top.notches.map { "\"\($0.name)\"" }.joined(separator: ", ")
    fail(
      at, expected: "a notch named \"\(notch)\"", actual: "none",
      "the top sheet (stack \(model.stack.count)) has no notch \"\(notch)\" (its notches: \(names))")
  }

  /// A `type` step's text arrives a character at a time, as a keyboard types it.
  private static func typed(_ input: AppInput) -> [AppInput] {
    guard case .text(let text) = input else { return [input] }
    return text.map { .text(String($0)) }
  }

  private func check(_ e: Scenario.Expectation, _ at: StepPlace) {
    let s = model.stack.top.snapshot
    var problems: [(String, String, String)] = []
    func range(_ name: String, _ r: ClosedRange<Double>?, _ actual: Double) {
      guard let r, !r.contains(actual) else { return }
      let text = RangeText(r, actual)
      problems.append((name, text.range, text.actual))
    }
    if let notch = e.notch, s.notch != notch {
      problems.append(("notch", "\"\(notch)\"", s.notch.map { "\"\($0)\"" } ?? "none (\(s.phase.rawValue))"))
    }
    range("height", e.height, s.height)
    if let phase = e.phase, s.phase != phase {
      problems.append(("phase", "\"\(phase.rawValue)\"", "\"\(s.phase.rawValue)\""))
    }
    range("listOffset", e.listOffset, s.listOffset)
    range("headerOffset", e.headerOffset, s.headerOffset)
    range("dimAlpha", e.dimAlpha, s.dimAlpha)
    range("sheetX", e.sheetX, s.sheetX)
    range("sheetWidth", e.sheetWidth, s.sheetWidth)
    if let stack = e.stack, model.stack.count != stack {
      problems.append(("stack", "\(stack)", "\(model.stack.count)"))
    }
    let cause = problems.contains { $0.0 != "image" } ? nearestCause() : nil
    for (name, expected, actual) in problems {
      fail(
        at, expected: "\(name) \(expected)", actual: "\(name) \(actual)",
        "\(name) expected \(expected), actual \(actual)", cause: cause)
    }
  }
}
