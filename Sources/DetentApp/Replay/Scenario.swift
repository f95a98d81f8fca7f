import Detent
import DetentJSON

/// A parsed scenario script: a window, a frame rate, a tuning on top of the base, and steps.
struct Scenario {
  /// One step of a script: an input (one frame), or a step of the script's own.
  enum Action {
    /// An input applied at the start of one frame (a `wheel` of N notches: N frames, one notch
    /// each; `type`: its characters in one frame).
    case input(ScriptInput)
    /// Press, then release a frame later.
    case click(ScenarioPoint)
    /// `to` may be `{"by": [dx, dy]}`, an offset from `from`.
    case drag(from: ScenarioPoint, to: ScenarioPoint, duration: Double, velocity: AppInput.Velocity?)
    case wait(Double)
    /// Frames run until every condition holds, or fail at the timeout.
    case waitUntil(WaitCondition)
    /// Several inputs applied in order at the start of one frame (what `--record` writes when
    /// more than one input arrived within a frame). A `wheel` inside applies all its notches at
    /// once.
    case frame([ScriptInput])
    case shot(String)
    case expect(Expectation)

    /// The step kind's name as written.
    var kind: String {
      switch self {
      case .input(let s): InputKind(of: s.input)?.rawValue ?? "input"
      case .click: Kind.click.rawValue
      case .drag: Kind.drag.rawValue
      case .wait: Kind.wait.rawValue
      case .waitUntil: Kind.waitUntil.rawValue
      case .frame: Kind.frame.rawValue
      case .shot: Kind.shot.rawValue
      case .expect: Kind.expect.rawValue
      }
    }

    /// The step kinds that are not inputs (those are `InputKind`'s).
    enum Kind: String, CaseIterable {
      case click, drag, wait, waitUntil, frame, shot, expect
    }
  }

  /// Every step kind a script may write: the inputs', then the script's own.
  static let stepKinds = InputKind.allCases.map(\.rawValue) + Action.Kind.allCases.map(\.rawValue)

  /// `waitUntil`: conditions on the top sheet and the stack; nil fields are not checked.
  struct WaitCondition {
    var phase: PhaseName?
    var notch: String?
    var stack: Int?
    /// An event of this name fired since the step began.
    var event: String?
    /// Seconds of scenario time before it fails.
    var timeout: Double
  }

  struct Step {
    var action: Action
    var line: Int

    /// The program inputs the step gives (an input step's, a frame step's; none for the rest).
    var inputs: [AppInput] {
      switch action {
      case .input(let s): [s.input]
      case .frame(let list): list.map(\.input)
      default: []
      }
    }
  }

  /// What an `expect` step checks; nil fields are not checked.
  struct Expectation {
    var notch: String?
    var height: ClosedRange<Double>?
    var phase: PhaseName?
    var listOffset: ClosedRange<Double>?
    var headerOffset: ClosedRange<Double>?
    var dimAlpha: ClosedRange<Double>?
    var stack: Int?
    var sheetX: ClosedRange<Double>?
    var sheetWidth: ClosedRange<Double>?
    var image: ImageExpectation?
  }

  /// `expect {"image": …}`: the frame matches a golden PNG.
  struct ImageExpectation {
    /// The file as written in the script.
    var file: String
    /// Where it is: resolved against the script's folder unless absolute.
    var path: String
    /// The largest fraction of pixels allowed to differ (0–1).
    var tolerance: Double
    /// A pixel differs when some channel differs by more than this (0–255).
    var threshold: Int
  }

  var path: String
  var name: String
  var width: Int
  var height: Int
  var fps: Double
  /// Device pixels per point of its shots, video and `expect image` goldens (`"scale"`, 1 when
  /// not given; `--scale` overrides).
  var scale: Int = 1
  var tuning: Tuning
  var steps: [Step]

  /// Every window size the script shows: its window, then each `resize` step's, in order.
  var windows: [(width: Int, height: Int)] {
    var sizes = [(width, height)]
    for step in steps {
      for case .resize(let w, let h) in step.inputs { sizes.append((w, h)) }
    }
    return sizes
  }
}

extension Scenario {
  /// The frames the script runs, as `ScenarioRunner` plays it (a Double: a sum that would
  /// overflow is still compared with the limit).
  var frames: Double {
    steps.reduce(0.0) { total, step in total + Self.frames(step.action, fps: fps) }
  }

  private static func frames(_ action: Action, fps: Double) -> Double {
    switch action {
    case .input(let s): Double(s.input.framesAlone)
    case .click: 2
    case .drag(_, _, let duration, _): max(1, (duration * fps).rounded()) + 1
    case .wait(let seconds): (seconds * fps).rounded()
    case .waitUntil(let condition): (condition.timeout * fps).rounded()
    case .frame: 1
    case .shot, .expect: 0
    }
  }
}
