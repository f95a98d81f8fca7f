import Detent
import Foundation
import Testing

@testable import DetentApp

/// Slow motion, pause and stepping scale the time the program feeds the engine; the spring's
/// linked terms in the panel all write the same two keys.
struct PlaybackTests {
  @Test("M cycles 1 → 0.5 → 0.25 → 0.1 → 1; a scale between the steps goes to the next lower one")
  func cycle() {
    var p = Playback()
    var seen: [Double] = []
    for _ in 0..<5 {
      p.cycleScale()
      seen.append(p.scale)
    }
    #expect(seen == [0.5, 0.25, 0.1, 1, 0.5])
    p.setScale(0.3)
    p.cycleScale()
    #expect(p.scale == 0.25)
    p.setScale(5)
    #expect(p.scale == 1)
    p.setScale(0)
    #expect(p.scale == 0.01)
  }

  /// (scale, paused, steps requested, engine time for three 1/60 s frames)
  static let frames: [(Double, Bool, Int, [Double])] = [
    (1, false, 0, [1.0 / 60, 1.0 / 60, 1.0 / 60]),
    (0.25, false, 0, [0.25 / 60, 0.25 / 60, 0.25 / 60]),
    (1, true, 0, [0, 0, 0]),
    (0.5, true, 1, [0.5 / 60, 0, 0]),
    (1, true, 2, [1.0 / 60, 1.0 / 60, 0]),
  ]

  @Test("engine time per frame: scaled, nothing while paused, one frame per step", arguments: frames)
  func engineTime(scale: Double, paused: Bool, steps: Int, expected: [Double]) {
    var p = Playback()
    p.setScale(scale)
    if paused { p.togglePause() }
    for _ in 0..<steps { p.requestStep() }
    #expect(p.stepPending == (steps > 0))
    #expect((0..<3).map { _ in p.engineTime(for: 1.0 / 60) } == expected)
  }

  @Test("a step asked for while running does nothing; resuming clears pending steps")
  func stepOnlyWhilePaused() {
    var p = Playback()
    p.requestStep()
    #expect(!p.stepPending)
    p.togglePause()
    p.requestStep()
    p.togglePause()
    #expect(!p.stepPending)
    #expect(p.label == "")
    p.setScale(0.25)
    p.togglePause()
    #expect(p.label == "paused ×0.25")
  }

  /// How the time runs during the drag: a speed, or paused (with an `N` step each frame or none).
  enum Clock: CustomStringConvertible {
    case speed(Double)
    case paused(stepping: Bool)
    var description: String {
      switch self {
      case .speed(let s): "×\(s)"
      case .paused(let stepping): stepping ? "paused, N each frame" : "paused"
      }
    }
  }

  /// (clock, engine seconds that passed during the drag's 12 frames)
  static let clocks: [(Clock, Double)] = [
    (.speed(1), 0.2), (.speed(0.5), 0.1), (.speed(0.25), 0.05), (.speed(0.1), 0.02),
    (.paused(stepping: true), 0.2), (.paused(stepping: false), 0),
  ]

  @Test(
    "slow motion slows the playback, not the hand: 100 px over 0.2 s of wall time releases at 500 px/s",
    arguments: clocks)
  func wallTimeVelocity(clock: Clock, engineSeconds: Double) throws {
    let session = try RecordedSession(tuning: Tuning(layout: LayoutConfig(mode: .bottom)))
    let live = session.live
    switch clock {
    case .speed(let s): session.frame([.timeScale(s)])
    case .paused: session.frame([.key("P")])
    }
    let stepping: [AppInput] = if case .paused(true) = clock { [.key("N")] } else { [] }
    // The sheet rests at minimum (120 px): its grabber is at y = 680…700.
    session.frame(stepping + [.press(x: 200, y: 690)])
    let start = live.time
    for k in 1...12 { session.frame(stepping + [.move(x: 200, y: 690 - Double(k) * 100 / 12)]) }
    #expect(abs(live.time - start - engineSeconds) < 1e-9)
    #expect(live.stack.root.height == 220)
    session.frame(stepping + [.release(x: 200, y: 590, velocity: nil)])
    let ended = session.events.compactMap { e -> Double? in
      if case .willEndDragging(let v) = e.kind { v } else { nil }
    }
    #expect(ended.count == 1)
    #expect(abs((ended.first ?? 0) - 500) < 1e-6)
    #expect(live.stack.root.releaseVelocity == ended.first)
    // The recording replays to the same events: the wall clock is the frames', not the host's.
    let report = try session.replay().report
    #expect(report.events.map(EventLog.line) == session.events.map(EventLog.line))
  }

  /// (terms, slider index, value, check on the resulting spring)
  static let linked: [(SpringTerms, Int, Double, String)] = [
    (.physical, 0, 157.9, "stiffness"), (.swiftUI, 0, 0.5, "duration"), (.swiftUI, 1, 0.3, "bounce"),
    (.settling, 0, 1.2, "settling"), (.response, 1, 0.6, "ratio"),
  ]

  @Test("each term's slider writes the stored response and damping ratio; the others follow")
  func linkedTerms() {
    // SwiftUI's documented example: duration 0.5, bounce 0.3 → stiffness 157.9, damping 17.6.
    var t = Tuning()
    let swift = SpringTerms.swiftUI.sliders
    swift[0].set(&t, 0.5)
    swift[1].set(&t, 0.3)
    #expect(abs(t.spring.response - 0.5) < 1e-12)
    #expect(abs(t.spring.dampingRatio - 0.7) < 1e-12)
    let physical = SpringTerms.physical.sliders
    #expect(abs(physical[0].get(t) - 157.91) < 0.01)
    #expect(abs(physical[1].get(t) - 17.59) < 0.01)
    // Stiffness keeps the damping coefficient: c stays 17.59 while k goes to 300 (the stored
    // response and damping ratio are kept to 0.001: response 0.363 s is k 299.6).
    physical[0].set(&t, 300)
    #expect(t.spring == Spring(response: 0.363, dampingRatio: 0.508))
    #expect(abs(t.spring.stiffness - 300) < 0.5)
    #expect(abs(t.spring.damping - 17.59) < 0.05)
    // Settling time: for a fixed ratio it scales the response.
    let settling = SpringTerms.settling.sliders
    let ratio = t.spring.dampingRatio
    settling[0].set(&t, 1.2)
    #expect(abs(t.spring.settlingTime() - 1.2) < 0.002)
    #expect(t.spring.dampingRatio == ratio)
    #expect(
      SpringTerms.summary(Spring(response: 0.5, dampingRatio: 0.7)).hasPrefix(
        "k 157.9, c 17.6  ·  bounce 0.3"))
  }

  @Test("the panel's time row, pause, step and replay button are recorded and replay to the same events")
  func panelPlaybackRecorded() throws {
    let tuning = Tuning(layout: LayoutConfig(mode: .bottom))
    let session = try RecordedSession(tuning: tuning)
    let live = session.live
    func frameWith(_ inputs: [AppInput]) { session.frame(inputs) }
    func click(_ match: (PanelItem.Kind) -> Bool) {
      let r = live.panelItems.first { match($0.kind) }!.rect
      frameWith([.press(x: r.x + 3, y: r.y + 3)])
      frameWith([.release(x: r.x + 3, y: r.y + 3, velocity: nil)])
    }
    frameWith([.key("T")])
    click { if case .timeScale(0.25, _) = $0 { true } else { false } }
    #expect(live.playback.scale == 0.25)
    frameWith([.press(x: 200, y: 690)])
    for k in 1...10 { frameWith([.move(x: 200, y: 690 - Double(k) * 10)]) }
    frameWith([.release(x: 200, y: 590, velocity: nil)])
    for _ in 0..<8 { frameWith([]) }
    click { if case .pauseButton = $0 { true } else { false } }
    #expect(live.playback.paused)
    let paused = live.stack.top.snapshot.height
    for _ in 0..<10 { frameWith([]) }
    #expect(live.stack.top.snapshot.height == paused)
    click { if case .stepButton = $0 { true } else { false } }
    #expect(live.stack.top.snapshot.height != paused)
    click { if case .pauseButton = $0 { true } else { false } }
    for _ in 0..<200 { frameWith([]) }
    click { if case .replayButton = $0 { true } else { false } }
    for _ in 0..<200 { frameWith([]) }
    let text = session.script()
    #expect(text.contains(#"{"timeScale": 0.25}"#))
    #expect(
      text.contains(#"{"key": "P"}"#) && text.contains(#"{"key": "N"}"#) && text.contains(#"{"key": "R"}"#))
    let report = try session.replay().report
    #expect(report.passed, "\(report.failures)")
    #expect(report.events.map(EventLog.line) == session.events.map(EventLog.line))
    #expect(report.final == live.stack.top.snapshot)
    #expect(session.events.filter { if case .willMoveToNotch = $0.kind { true } else { false } }.count == 2)
  }

  @Test("the panel's reduce-motion box toggles reduceMotion as a recorded tune")
  func reduceMotionToggle() throws {
    let session = try RecordedSession()
    let live = session.live
    session.frame([.key("T")])
    let box = try #require(live.panelItems.first { if case .reduceMotion = $0.kind { true } else { false } })
    session.frame([.press(x: box.rect.x + 4, y: box.rect.y + 4)])
    session.frame([.release(x: box.rect.x + 4, y: box.rect.y + 4, velocity: nil)])
    #expect(live.rootTuning.reduceMotion)
    #expect(session.script().contains(#""reduceMotion": true"#))
    session.frame([.key("3")])
    for _ in 0..<15 { session.frame([]) }
    #expect(live.stack.top.snapshot.notch == "maximum", "eased moves end within 0.25 s")
  }

  @Test(
    "a named platform spring in the panel tunes the spring to it, recorded, and shows as picked",
    arguments: [
      // The recording keeps what changed: .snappy's ratio 0.85 is the default's.
      (SpringPreset.swiftUISnappy, #""response": 0.5 "#),
      (.reactNativeDefault, #""dampingRatio": 0.7250033703747418"#),
    ])
  func namedSpring(preset: SpringPreset, recorded: String) throws {
    let session = try RecordedSession()
    let live = session.live
    session.frame([.key("T")])
    func click(_ match: (PanelItem.Kind) -> Bool) throws {
      let r = try #require(live.panelItems.first { match($0.kind) }).rect
      session.frame([.press(x: r.x + 3, y: r.y + 3)])
      session.frame([.release(x: r.x + 3, y: r.y + 3, velocity: nil)])
    }
    try click { if case .springTerms(.named, _) = $0 { true } else { false } }
    #expect(live.panel.springTerms == .named)
    try click { if case .springPreset(preset, _) = $0 { true } else { false } }
    #expect(abs(live.rootTuning.spring.response - preset.spring.response) < 1e-6)
    #expect(abs(live.rootTuning.spring.dampingRatio - preset.spring.dampingRatio) < 1e-6)
    #expect(session.script().contains(recorded), "\(session.script())")
    let picked = live.panelItems.compactMap {
      if case .springPreset(let p, true) = $0.kind { p } else { nil }
    }
    #expect(picked == [preset])
  }
}
