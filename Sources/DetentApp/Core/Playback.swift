import Detent
import DetentJSON

/// The app's playback: slow motion and frame stepping for judging a settle by eye, replaying the
/// last release (R) and A/B comparison against a preset. The program scales the time it feeds
/// the engine (the engine itself is untouched, so every rule holds at any speed). Changes arrive
/// as inputs (`M`, `P`, `N`, `R`, the panel's time and compare rows, a script's `timeScale` and
/// `compare` steps), so a recording replays them exactly.
struct Playback {
  /// The speeds `M` cycles through and the panel offers.
  static let scales: [Double] = [1, 0.5, 0.25, 0.1]

  /// Engine seconds per wall second.
  private(set) var scale = 1.0
  /// Whether engine time stands still.
  private(set) var paused = false
  /// Frames to step while paused.
  private var steps = 0
  /// A/B: the preset the last release is replayed against, with its ghost sheet.
  private(set) var comparison: Comparison?
  /// The last release of the root sheet: height and the pointer's dh/dt (for "replay last release").
  private(set) var lastRelease: (height: Double, velocity: Double)?

  /// Handles M (next speed), P (pause) and N (one frame while paused); false for other keys.
  mutating func handle(key name: String) -> Bool {
    switch name {
    case "M": cycleScale()
    case "P": togglePause()
    case "N": requestStep()
    default: return false
    }
    return true
  }

  /// Advances one frame of `dt` wall seconds: the sheets and the A/B ghost by the engine time
  /// the speed and pause leave.
  mutating func advance(wall dt: Double, stack: inout SheetStack) {
    let engineTime = engineTime(for: dt)
    guard engineTime > 0 else { return }
    stack.step(dt: engineTime)
    comparison?.step(dt: engineTime, keep: stack.root.isMoving)
  }

  /// Whether playing makes the screen change by itself (a sheet or the ghost moves and time runs,
  /// or a paused step waits).
  func isMoving(_ stack: SheetStack) -> Bool {
    (stack.isMoving || comparison?.ghost != nil) && !paused || stepPending
  }

  /// Notes a release of the root sheet from `height` with dh/dt `velocity` (R plays it again).
  mutating func noteRelease(height: Double, velocity: Double) { lastRelease = (height, velocity) }

  /// Plays the last release of the root sheet again (R, or the panel's button).
  mutating func replayLastRelease(_ stack: inout SheetStack) {
    if let last = lastRelease { replay(height: last.height, velocity: last.velocity, stack: &stack) }
  }

  /// Plays a release of the root sheet from `height` with dh/dt `velocity`, and the same on B.
  mutating func replay(height: Double, velocity: Double, stack: inout SheetStack) {
    stack.withRoot { $0.replayRelease(height: height, velocity: velocity) }
    let root = stack.root
    comparison?.replay(
      height: height, velocity: velocity, width: root.windowWidth, windowHeight: root.windowHeight,
      keyboard: root.keyboardInset)
  }

  /// A/B: compares against the preset `name` of `presets` over `tuning` from now on (nil ends the
  /// comparison). Returns the status line to show, nil when there is none.
  mutating func compare(
    with name: String?, presets: [(name: String, value: JSONValue)], over tuning: Tuning
  ) -> (message: String, isError: Bool)? {
    guard let name else {
      comparison = nil
      return nil
    }
    guard let preset = presets.first(where: { $0.name == name }),
      let b = try? TuningCoding.decode(preset.value, base: tuning).tuning
    else {
      return ("no preset named \(name) to compare with", true)
    }
    comparison = Comparison(name: name, tuning: b)
    return ("A/B: R replays on A and on \(name)", false)
  }

  /// Sets the speed (clamped to 0.01...1).
  mutating func setScale(_ s: Double) { scale = min(max(s, 0.01), 1) }

  /// The next speed of `scales` (after 0.1 comes 1).
  mutating func cycleScale() {
    let i = Self.scales.firstIndex { $0 < scale - 1e-9 } ?? 0
    scale = Self.scales[i]
  }

  /// Pauses or resumes.
  mutating func togglePause() {
    paused.toggle()
    steps = 0
  }

  /// While paused: advance one frame at the next step.
  mutating func requestStep() { if paused { steps += 1 } }

  /// Whether a requested frame is waiting (the program must draw it).
  var stepPending: Bool { steps > 0 }

  /// The engine time for one frame of `dt` wall seconds: `dt`·scale, 0 while paused except a
  /// requested step, which advances one frame at the current speed.
  mutating func engineTime(for dt: Double) -> Double {
    guard paused else { return dt * scale }
    guard steps > 0 else { return 0 }
    steps -= 1
    return dt * scale
  }

  /// What the HUD shows: "" at full speed, else "×0.25", "paused ×0.5".
  var label: String {
    let s = scale == 1 ? "" : "×\(EventLog.number(scale))"
    return paused ? "paused \(s)".trimmingCharacters(in: .whitespaces) : s
  }
}
