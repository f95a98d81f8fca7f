import Detent
import DetentJSON

/// A parsed scenario script: a window, a frame rate, a tuning on top of the base, and steps.
struct Scenario {
  /// One step of a script, with the line it came from.
  enum Action {
    case press(ScenarioPoint)
    case move(ScenarioPoint)
    case release(ScenarioPoint)
    case click(ScenarioPoint)
    /// `to` may be `{"by": [dx, dy]}`, an offset from `from`.
    case drag(from: ScenarioPoint, to: ScenarioPoint, duration: Double, velocity: (x: Double, y: Double)?)
    case wheel(at: ScenarioPoint, dy: Int)
    /// A fraction of a wheel notch in one frame (a touchpad's precise delta).
    case fineWheel(at: ScenarioPoint, dy: Double)
    /// Horizontal wheel notches (`{"wheel": {"at": …, "dx": N}}`).
    case hwheel(at: ScenarioPoint, dx: Int)
    case wait(Double)
    /// Frames run until every condition holds, or fail at the timeout.
    case waitUntil(WaitCondition)
    case key(String)
    case type(String)
    case resize(width: Int, height: Int)
    case moveTo(notch: String, animated: Bool)
    case tune(JSONValue)
    /// Slow motion: engine seconds per wall second from here on (0.01–1).
    case timeScale(Double)
    /// A/B against a preset by name (nil: off).
    case compare(String?)
    /// Several inputs applied in order at the start of one frame (what `--record` writes when
    /// more than one input arrived within a frame). A `wheel` inside applies all its notches at
    /// once.
    case frame([Action])
    case shot(String)
    case expect(Expectation)

    /// The step kind's name as written.
    var kind: String {
      switch self {
      case .press: "press"
      case .move: "move"
      case .release: "release"
      case .click: "click"
      case .drag: "drag"
      case .wheel, .hwheel, .fineWheel: "wheel"
      case .wait: "wait"
      case .waitUntil: "waitUntil"
      case .key: "key"
      case .type: "type"
      case .resize: "resize"
      case .moveTo: "moveTo"
      case .tune: "tune"
      case .frame: "frame"
      case .timeScale: "timeScale"
      case .compare: "compare"
      case .shot: "shot"
      case .expect: "expect"
      }
    }
  }

  /// The step kinds a `frame` step may hold: inputs that take one frame each on their own.
  static let frameKinds: Set<String> = [
    "press", "move", "release", "wheel", "key", "type", "resize", "tune", "timeScale", "compare",
  ]

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
}

extension Scenario {
  /// The frames the script runs, as `ScenarioRunner` plays it (a Double: a sum that would
  /// overflow is still compared with the limit).
  var frames: Double {
    steps.reduce(0.0) { total, step in total + Self.frames(step.action, fps: fps) }
  }

  private static func frames(_ action: Action, fps: Double) -> Double {
    switch action {
    case .click: 2
    case .drag(_, _, let duration, _): max(1, (duration * fps).rounded()) + 1
    case .wheel(_, let dy): Double(abs(dy))
    case .hwheel(_, let dx): Double(abs(dx))
    case .wait(let seconds): (seconds * fps).rounded()
    case .waitUntil(let condition): (condition.timeout * fps).rounded()
    case .shot, .expect: 0
    default: 1
    }
  }
}
