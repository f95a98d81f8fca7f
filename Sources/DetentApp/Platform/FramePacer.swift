/// When the window's loop draws (`DemoRunner`): input at once, but no sooner than a quarter
/// frame after the start of the previous frame drawn for input (a 1,000 Hz mouse is shown at
/// most 4 times a frame instead of costing a present per event; a frame that took longer delays
/// nothing); motion (a tick of the engine while something moves) a frame after the start of the
/// last frame drawn, whatever drew it. So motion keeps the phase of the last input's frame:
/// frames a frame apart, not an input's frame followed by the next tick's a few milliseconds
/// later (two frames for one step, the second in the way of the next input: under llvmpipe the
/// first pointer move of a flight waited 4–4.5 ms for such a frame); and while input streams in
/// during motion (the pointer moving while the camera flies) each input's frame also shows the
/// motion, one frame per input, and an input does not find the renderer busy with a tick's frame.
struct FramePacer {
  /// Seconds per frame.
  let dt: Double
  /// The least time between the starts of two frames drawn for input.
  var minGap: Double { dt / 4 }
  /// When the last frame drawn for input, and the last frame drawn, started (seconds).
  private(set) var lastInputFrame = -Double.infinity
  private(set) var lastFrame = -Double.infinity

  init(dt: Double) { self.dt = dt }

  /// When a frame is due for what changed (`input`: input is among it; nil: nothing changed).
  func due(changed: Bool, input: Bool) -> Double? {
    guard changed else { return nil }
    return input ? lastInputFrame + minGap : lastFrame + dt
  }

  /// Whether to draw now (seconds): something changed and its frame is due, or input came in
  /// the same wake as a tick (drawn together at once).
  func draws(at now: Double, changed: Bool, input: Bool, tick: Bool) -> Bool {
    guard changed else { return false }
    return input && tick || now >= due(changed: changed, input: input)!
  }

  /// Notes a frame drawn starting at `start` (for input or not). A motion frame keeps the
  /// schedule (it starts when the loop wakes, a little after its time; counted from there, the
  /// phase would drift by that each frame) unless it came a frame or more late.
  mutating func drew(at start: Double, input: Bool) {
    if input {
      lastInputFrame = start
      lastFrame = start
      return
    }
    let due = lastFrame + dt
    lastFrame = start >= due && start < due + dt ? due : start
  }
}
