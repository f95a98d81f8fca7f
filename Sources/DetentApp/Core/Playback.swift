/// Slow motion and frame stepping for judging a settle by eye: the program scales the time it
/// feeds the engine (the engine itself is untouched, so every rule holds at any speed). Changes
/// arrive as inputs (`M`, `P`, `N`, the panel's time row, a script's `timeScale` step), so a
/// recording replays them exactly.
struct Playback: Equatable {
  /// The speeds `M` cycles through and the panel offers.
  static let scales: [Double] = [1, 0.5, 0.25, 0.1]

  /// Engine seconds per wall second.
  private(set) var scale = 1.0
  /// Whether engine time stands still.
  private(set) var paused = false
  /// Frames to step while paused.
  private var steps = 0

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
