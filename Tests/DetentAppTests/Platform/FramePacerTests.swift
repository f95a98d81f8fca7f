import Testing

@testable import DetentApp

/// When the window's loop draws (`FramePacer`): input at once (a quarter frame apart at most
/// often), motion a frame after the last frame drawn, whatever drew it.
@Suite struct FramePacerTests {
  static let dt = 1.0 / 60

  /// The frames a loop draws over `seconds` while something moves, waking at each engine tick
  /// (k·dt), at each input's arrival (`inputs`, seconds) and when a frame falls due, as
  /// `DemoRunner` does; a frame starts 0.1 ms after its wake (reading and applying the input)
  /// and takes `cost` seconds (input arriving meanwhile waits for it).
  static func frames(inputs: [Double], seconds: Double, cost: Double = 0.004) -> [(
    start: Double, input: Bool
  )] {
    var pacer = FramePacer(dt: dt)
    var drawn: [(start: Double, input: Bool)] = []
    var now = 0.0
    var pending = inputs.sorted()
    var tick = 0
    var busyUntil = 0.0
    while now < seconds {
      // The next wake: a tick, an input, or the frame that falls due.
      let nextTick = Double(tick + 1) * dt
      let due = pacer.due(changed: true, input: false)!
      var wake = min(nextTick, max(due, now))
      if let next = pending.first { wake = min(wake, next) }
      now = max(wake, busyUntil)
      let isTick = now >= nextTick
      if isTick { tick = Int((now / dt).rounded(.down)) }
      var input = false
      while let next = pending.first, next <= now {
        pending.removeFirst()
        input = true
      }
      if pacer.draws(at: now, changed: true, input: input, tick: isTick) {
        let start = now + 0.0001
        drawn.append((start, input))
        pacer.drew(at: start, input: input)
        busyUntil = start + cost
      } else if input {
        // Not yet (a quarter frame after the last input's frame): it waits for its frame.
        pending.insert(now, at: 0)
        now = pacer.due(changed: true, input: true)!
      }
      if !isTick, !input, now < due { now = due }
    }
    return drawn
  }

  @Test("nothing changed: no frame falls due, none is drawn")
  func nothingChanged() {
    let pacer = FramePacer(dt: Self.dt)
    #expect(pacer.due(changed: false, input: false) == nil)
    #expect(!pacer.draws(at: 10, changed: false, input: true, tick: true))
  }

  @Test(
    "one decision at a time: input at once unless a quarter frame has not passed since the last input's frame; motion a frame after the last frame",
    arguments: [
      // (last frame drawn: start, was it for input; now; input in this wake; a tick in it; draws)
      (last: (0.0, true), now: 0.001, input: true, tick: false, draws: false),
      (last: (0.0, true), now: 0.0042, input: true, tick: false, draws: true),
      // Input with a tick in the same wake: drawn together at once.
      (last: (0.0, true), now: 0.001, input: true, tick: true, draws: true),
      // Motion: a frame after the last frame, for input or not.
      (last: (0.0, true), now: 0.016, input: false, tick: true, draws: false),
      (last: (0.0, true), now: 0.0167, input: false, tick: true, draws: true),
      (last: (0.0, false), now: 0.0100, input: false, tick: true, draws: false),
      // A frame that took longer: the next is drawn at once.
      (last: (0.0, false), now: 0.030, input: false, tick: true, draws: true),
      // Input after a motion frame: at once (the quarter frame counts from input frames only).
      (last: (0.0, false), now: 0.001, input: true, tick: false, draws: true),
    ] as [((Double, Bool), Double, Bool, Bool, Bool)])
  func decisions(last: (Double, Bool), now: Double, input: Bool, tick: Bool, draws: Bool) {
    var pacer = FramePacer(dt: Self.dt)
    pacer.drew(at: last.0, input: last.1)
    #expect(pacer.draws(at: now, changed: true, input: input, tick: tick) == draws)
  }

  @Test(
    "during motion, an input's frame sets the phase: the next frames come a frame apart from it, none at the ticks between"
  )
  func motionKeepsTheInputsPhase() {
    let frames = Self.frames(inputs: [0.0255], seconds: 0.1)
    let after = frames.filter { $0.start >= 0.0255 }
    #expect(after.first.map { $0.input && abs($0.start - 0.0256) < 1e-9 } == true)
    let gaps = zip(after.dropFirst(), after).map { $0.start - $1.start }
    #expect(gaps.count >= 3)
    // A frame apart (to the 0.1 ms a frame starts after its wake), none at the ticks between
    // (0.0333, 0.05, …: drawn there too, frames came 8 ms apart after an input).
    #expect(gaps.allSatisfy { abs($0 - Self.dt) < 0.0002 }, "\(gaps)")
  }

  @Test(
    "a pointer moving at 60 Hz during motion: one frame per input, none between, and none waits for a tick's frame"
  )
  func inputStream() {
    let inputs = (2..<8).map { Double($0) * Self.dt + 0.009 }
    let frames = Self.frames(inputs: inputs, seconds: 0.14)
    for t in inputs {
      // Drawn as it arrives (read and applied first): no frame was in progress.
      #expect(frames.contains { $0.input && abs($0.start - t - 0.0001) < 1e-9 }, "input at \(t)")
    }
    let between = frames.filter { f in !f.input && f.start > inputs[0] && f.start < inputs.last! }
    #expect(between.isEmpty, "\(between.map(\.start))")
  }
}
