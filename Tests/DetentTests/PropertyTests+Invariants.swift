@testable import Detent
import Testing

/// Engine invariants under random input, each on its own: the shown height stays in the window
/// under hard releases, holding still before letting go gives velocity 0, "replay last release"
/// during a drag changes nothing, and a list that coasts or bounces rests exactly on its bound.
/// DETENT_PROPERTY_RUNS sets the number of random cases of each (default 1000).
extension PropertyTests {
  /// A random tuning whose lowest notch is at height 0, enabled or not (a hidden notch).
  static func tuningWithHiddenNotch(_ rng: inout RNG) -> Tuning {
    var t = randomTuning(&rng)
    t.notches[0] = NotchSpec(name: "n0", height: 0, enabled: rng.bool())
    t.dismiss.velocity = rng.double(500...5000)
    return t
  }

  /// Presses the sheet's grabber, drags by `dy` (screen px) over `frames` frames of `dt`.
  static func drag(_ sheet: inout OverlaySheet, dy: Double, frames: Int, dt: Double) -> Double? {
    guard sheet.height > 4 else { return nil }
    let x = sheet.horizontalFrame.x + sheet.horizontalFrame.width / 2
    var y = sheet.topY + 2
    sheet.pointerDown(x: x, y: y)
    for _ in 0..<frames {
      sheet.step(dt: dt)
      y += dy / Double(frames)
      sheet.pointerMove(x: x, y: y)
    }
    return y
  }

  @Test("hard releases past a hidden 0-height notch keep the shown height inside the window")
  func hardReleasesStayInWindow() throws {
    var failures: [String] = []
    for seed in 0..<UInt64(Self.runs) {
      var rng = RNG(state: seed &+ 0xA5A5)
      let tuning = Self.tuningWithHiddenNotch(&rng)
      let height = max((tuning.notches.last?.height ?? 0) + 10, rng.double(300...1200)).rounded()
      guard var sheet = try? OverlaySheet(tuning: tuning, windowWidth: 800, windowHeight: height) else {
        continue
      }
      for _ in 0..<rng.int(1...4) {
        let dt = [1.0 / 30, 1.0 / 60, 1.0 / 240][rng.int(0...2)]
        guard let y = Self.drag(&sheet, dy: rng.double(-400...600), frames: rng.int(1...8), dt: dt) else {
          break
        }
        sheet.pointerUp(x: 10, y: y, velocityOverride: rng.double(-20_000...60_000))
        for frame in 0..<Int(1.5 / dt) {
          sheet.step(dt: dt)
          if sheet.height < 0 || sheet.height > sheet.windowHeight {
            failures.append("seed \(seed): height \(sheet.height) at frame \(frame) in a \(height)-px window")
          }
        }
      }
      if failures.count >= 3 { break }
    }
    #expect(failures.isEmpty, "\(failures)")
  }

  @Test("holding still for 100 ms before letting go gives velocity 0, also after catching a settle")
  func holdStillGivesZero() throws {
    var failures: [String] = []
    for seed in 0..<UInt64(Self.runs) {
      var rng = RNG(state: seed &+ 0x5EED)
      var tuning = Self.randomTuning(&rng)
      tuning.reduceMotion = false
      guard var sheet = try? OverlaySheet(tuning: tuning, windowWidth: 800, windowHeight: 1200) else {
        continue
      }
      let catching = rng.bool()
      if catching {
        // A settle under way: a fling, or a key, then a few frames.
        if let y = Self.drag(&sheet, dy: rng.double(-200...200), frames: 3, dt: 1.0 / 60) {
          sheet.pointerUp(x: 10, y: y, velocityOverride: rng.double(-4000...4000))
        }
        sheet.moveOneNotch(up: rng.bool())
        for _ in 0..<rng.int(1...6) { sheet.step(dt: 1.0 / 60) }
      }
      let dt = [1.0 / 30, 1.0 / 60, 1.0 / 120, 1.0 / 240][rng.int(0...3)]
      guard
        let y = Self.drag(
          &sheet, dy: catching && rng.bool() ? 0 : rng.double(-300...300), frames: rng.int(1...10), dt: dt)
      else { continue }
      // Held still: no pointer events for at least 100 ms.
      let held = 0.1 + rng.double(0...0.2)
      for _ in 0..<Int((held / dt).rounded(.up)) { sheet.step(dt: dt) }
      _ = sheet.takeEvents()
      sheet.pointerUp(x: 10, y: y)
      let ends = sheet.takeEvents().compactMap { e -> Double? in
        if case .willEndDragging(let v) = e.kind { v } else { nil }
      }
      if ends.contains(where: { $0 != 0 }) || sheet.velocity != 0 {
        failures.append(
          "seed \(seed)\(catching ? " (caught a settle)" : ""): released with \(ends), sheet at \(sheet.velocity) px/s"
        )
      }
      if case .momentum = sheet.list.motion {
        failures.append("seed \(seed): the list coasts after holding still")
      }
      if failures.count >= 3 { break }
    }
    #expect(failures.isEmpty, "\(failures)")
  }

  @Test("replaying the last release during a press or drag changes nothing and keeps the event order")
  func replayDuringDrag() throws {
    var failures: [String] = []
    for seed in 0..<UInt64(Self.runs) {
      var rng = RNG(state: seed &+ 0xBEEF)
      let tuning = Self.randomTuning(&rng)
      guard var sheet = try? OverlaySheet(tuning: tuning, windowWidth: 800, windowHeight: 1200) else {
        continue
      }
      var order = EventChecker()
      guard let y = Self.drag(&sheet, dy: rng.double(-300...300), frames: rng.int(0...6), dt: 1.0 / 60) else {
        continue
      }
      order.check(sheet.takeEvents())
      let (phase, height, list) = (sheet.phase, sheet.height, sheet.list.offset)
      sheet.replayRelease(height: rng.double(-100...1300), velocity: rng.double(-8000...8000))
      if sheet.phase != phase || sheet.height != height || sheet.list.offset != list {
        failures.append(
          "seed \(seed): a replay during \(phase) changed the sheet to \(sheet.phase) at \(sheet.height)")
      }
      sheet.pointerUp(x: 10, y: y)
      for _ in 0..<240 { sheet.step(dt: 1.0 / 60) }
      sheet.replayRelease(height: rng.double(0...1200), velocity: rng.double(-8000...8000))
      for _ in 0..<240 { sheet.step(dt: 1.0 / 60) }
      order.check(sheet.takeEvents())
      failures += order.problems.map { "seed \(seed): \($0)" }
      if failures.count >= 3 { break }
    }
    #expect(failures.isEmpty, "\(failures)")
  }

  /// Seeds that once failed, run first whatever the run count: 3236 arrives at a notch where only
  /// the header fits while the list bounces (showing the header stopped the bounce 0.43 px short).
  static let listRegressions: [UInt64] = [3236]

  @Test("a list that coasts or bounces rests exactly on its bound, not 1e-12 from it")
  func listRestsOnItsBound() throws {
    var failures: [String] = []
    for seed in Self.listRegressions + (0..<UInt64(Self.runs)) {
      var rng = RNG(state: seed &+ 0x1157)
      var tuning = Self.randomTuning(&rng)
      tuning.list.rows = rng.int(0...60)
      tuning.initialNotch = tuning.notches[tuning.notches.count - 1].name
      tuning.notches[tuning.notches.count - 1].enabled = true
      guard var sheet = try? OverlaySheet(tuning: tuning, windowWidth: 800, windowHeight: 1200) else {
        continue
      }
      let x = sheet.horizontalFrame.x + 10
      let dt = [1.0 / 30, 1.0 / 60, 1.0 / 144, 1.0 / 240][rng.int(0...3)]
      _ = sheet.wheel(x: x, y: sheet.bottomY - 5, notches: rng.int(0...40))
      for _ in 0..<rng.int(0...30) { sheet.step(dt: dt) }
      // Flings down the list and back up, each released with a chosen velocity.
      for _ in 0..<rng.int(1...3) {
        var y = sheet.bottomY - 5
        sheet.pointerDown(x: x, y: y)
        for _ in 0..<3 {
          sheet.step(dt: dt)
          y += rng.double(-60...60)
          sheet.pointerMove(x: x, y: y)
        }
        sheet.pointerUp(x: x, y: y, velocityOverride: rng.double(-30_000...30_000))
        for _ in 0..<rng.int(0...20) { sheet.step(dt: dt) }
      }
      // Every bounce ends exactly on the end it returns to, at that moment (the content may change
      // later: a settling sheet resizes the list's viewport); at rest the list is inside, exactly.
      var t = 0.0
      while sheet.isMoving, t < 30 {
        let bouncing: Bool = if case .bounce = sheet.list.motion { true } else { false }
        sheet.step(dt: dt)
        t += dt
        let (offset, end) = (sheet.list.offset, sheet.list.maxOffset)
        if bouncing, sheet.list.motion == .still, offset != 0, offset != end {
          failures.append("seed \(seed): a bounce ended at \(offset), between 0 and \(end)")
        }
      }
      let (offset, end) = (sheet.list.offset, sheet.list.maxOffset)
      if offset < 0 || offset > end {
        failures.append("seed \(seed): the list rests at \(offset), outside 0...\(end)")
      }
      if failures.count >= 3 { break }
    }
    #expect(failures.isEmpty, "\(failures)")
  }
}
