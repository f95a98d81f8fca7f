import Detent
import Foundation
import Testing

/// What a release does (OverlaySheet+Release.swift): projection segments at the ends, the free
/// coast, dismissal by velocity, reduced motion and the list's reset on collapse.
@Suite struct ReleaseRulesTests {
  static let heights = [100.0, 200, 300]
  static let all = [true, true, true]

  @Test(
    "projection without skipping: a release on or beyond an end belongs to the outermost segment",
    arguments: [
      // (height, velocity, expected index)
      (300.0, -1500.0, 1), (350, -1500, 1), (300, 1500, 2), (300, 0, 2),
      (100, 1500, 1), (40, 1500, 1), (100, -1500, 0), (100, 0, 0),
      (200, 1500, 2), (200, -1500, 0), (200, 0, 1),
      (150, 5000, 1), (150, -5000, 0), (250, 5000, 2), (250, -5000, 1),
    ])
  func projectionSegments(height: Double, velocity: Double, expected: Int) {
    let policy = TargetPolicy.projection(decelerationRate: 0.998, skipsNotches: false)
    #expect(
      policy.target(height: height, velocity: velocity, heights: Self.heights, reachable: Self.all)
        == expected)
  }

  @Test(
    "with two reachable notches, skipsNotches false and true agree",
    arguments: [(300.0, -1500.0), (350, -1500), (100, 1500), (40, 2000), (150, 300), (200, -100), (300, 10)])
  func twoNotchesAgree(height: Double, velocity: Double) {
    let reachable = [true, false, true]
    let a = TargetPolicy.projection(decelerationRate: 0.998, skipsNotches: false)
      .target(height: height, velocity: velocity, heights: Self.heights, reachable: reachable)
    let b = TargetPolicy.projection(decelerationRate: 0.998, skipsNotches: true)
      .target(height: height, velocity: velocity, heights: Self.heights, reachable: reachable)
    #expect(a == b)
  }

  static func freeSheet(rate: Double = 0.998) throws -> OverlaySheet {
    try makeSheet(initial: "b") { $0.policy = .free(decelerationRate: rate) }
  }

  @Test("free: a coast inside the range rests where the decay stops it, with didSettle and no notch")
  func freeRests() throws {
    var sheet = try Self.freeSheet()
    sheet.pointerDown(x: 200, y: 610)
    sheet.step(dt: 1.0 / 60)
    sheet.pointerMove(x: 200, y: 560)  // height 250
    sheet.pointerUp(x: 200, y: 560, velocityOverride: -100)  // dh/dt +100
    settle(&sheet)
    // From 250 px at 100 px/s, slowing by 0.998 a millisecond until 5 px/s: it travels
    // (5 − 100)/(1000·ln 0.998) = −95/−2.002 = 47.45 px.
    let expected = 297.452_484_150_813
    expectClose(sheet.height, expected, 1e-9)
    #expect(sheet.snapshot.notch == nil)
    #expect(sheet.snapshot.phase == .idle)
    let events = sheet.takeEvents()
    #expect(names(events) == ["willStartDragging", "willEndDragging", "didSettle"])
    expectClose(events.last!.height, expected, 1e-9)
  }

  @Test("free: a coast that reaches an end notch is taken back to it by the spring")
  func freeHeldInRange() throws {
    var sheet = try Self.freeSheet()
    drag(&sheet, from: 610, to: 560, frames: 3, releaseVelocity: -2000)
    settle(&sheet)
    #expect(sheet.snapshot.notch == "c")
    #expect(sheet.height == 300)
    #expect(names(sheet.takeEvents()).suffix(2) == ["willMoveToNotch", "didMoveToNotch"])
  }

  @Test(
    "free: the same release rests at the same height at 30, 60, 120 and 240 Hz",
    arguments: [30.0, 60, 120, 240])
  func freeFrameRate(fps: Double) throws {
    var sheet = try Self.freeSheet()
    sheet.pointerDown(x: 200, y: 610)
    sheet.step(dt: 1 / fps)
    sheet.pointerMove(x: 200, y: 560)
    sheet.pointerUp(x: 200, y: 560, velocityOverride: 150)
    settle(&sheet, dt: 1 / fps)
    expectClose(sheet.height, 250 + (-5 + 150) / (1000 * log(0.998)), 1e-9)
  }

  @Test("dismissal: a downward release faster than dismiss.velocity goes to an enabled 0 notch")
  func rootDismissal() throws {
    let notches = [
      NotchSpec(name: "hidden", height: 0), NotchSpec(name: "a", height: 100),
      NotchSpec(name: "b", height: 400),
    ]
    for (velocity, expected) in [(1600.0, "hidden"), (1400, "b")] {
      var sheet = try makeSheet(notches: notches, initial: "b") {
        $0.policy = .nearest
      }
      drag(&sheet, from: 410, to: 430, frames: 2, releaseVelocity: velocity)
      settle(&sheet)
      #expect(sheet.snapshot.notch == expected, "\(velocity) px/s")
    }
  }

  @Test("dismissal: a fast downward swipe pops a detail sheet with didPop")
  func detailDismissal() throws {
    var stack = SheetStack(root: try makeSheet(initial: "a"))
    try stack.push(tuning: Tuning(notches: [NotchSpec(name: "peek", height: 300)]))
    for _ in 0..<60 { stack.step(dt: 1.0 / 60) }
    _ = stack.takeEvents()
    _ = stack.pointerDown(x: 200, y: 510)
    stack.step(dt: 1.0 / 60)
    stack.pointerMove(x: 200, y: 540)
    _ = stack.pointerUp(x: 200, y: 540, velocityOverride: 2000)
    #expect(stack.count == 1)
    let events = stack.takeEvents()
    #expect(names(events) == ["willStartDragging", "willEndDragging", "didPop"])
    #expect(events.last?.sheet == 1)
  }

  @Test("reduced motion: every move ends within 0.25 s, never past its target")
  func reducedMotion() throws {
    var sheet = try makeSheet(initial: "a") { $0.reduceMotion = true }
    sheet.move(to: 2, animated: true)
    var heights: [Double] = []
    for _ in 0..<15 {
      sheet.step(dt: 1.0 / 60)
      heights.append(sheet.height)
    }
    #expect(sheet.snapshot.notch == "c")
    #expect(heights.allSatisfy { $0 >= 100 && $0 <= 300 })
    #expect(zip(heights, heights.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(names(sheet.takeEvents()) == ["willMoveToNotch", "didMoveToNotch"])
  }

  @Test(
    "free, reduced motion or not: a release past an end notch (held there, no band) gives that notch with the same events",
    arguments: [
      (true, 510.0, 300.0, "c"), (false, 510, 300, "c"), (true, 710, 900, "a"), (false, 710, 900, "a"),
    ])
  func freeAtEndNotch(reduced: Bool, from: Double, to: Double, notch: String) throws {
    var sheet = try makeSheet(initial: notch) {
      $0.policy = .free(decelerationRate: 0.998)
      $0.reduceMotion = reduced
      $0.rubberBand.kind = .none
    }
    sheet.pointerDown(x: 200, y: from)
    sheet.step(dt: 1.0 / 60)
    sheet.pointerMove(x: 200, y: to)
    sheet.pointerUp(x: 200, y: to, velocityOverride: to < from ? -400 : 400)
    settle(&sheet)
    #expect(sheet.snapshot.notch == notch)
    #expect(
      names(sheet.takeEvents()) == [
        "willStartDragging", "willEndDragging", "willMoveToNotch", "didMoveToNotch",
      ])
  }

  @Test("free with reduced motion: the eased coast rests where the coast would (its speed under 5 px/s)")
  func freeReducedRestsAlike() throws {
    var rests: [Double] = []
    for reduced in [false, true] {
      var sheet = try makeSheet(initial: "b") {
        $0.policy = .free(decelerationRate: 0.998)
        $0.reduceMotion = reduced
      }
      sheet.pointerDown(x: 200, y: 610)
      sheet.step(dt: 1.0 / 60)
      sheet.pointerMove(x: 200, y: 560)
      sheet.pointerUp(x: 200, y: 560, velocityOverride: -100)
      settle(&sheet)
      rests.append(sheet.height)
    }
    expectClose(rests[0], 297.452_484_150_813, 1e-9)
    expectClose(rests[1], rests[0], 1e-9)
  }

  @Test("reduced motion: no rubber band past the ends")
  func reducedMotionClamps() throws {
    var sheet = try makeSheet(initial: "c") { $0.reduceMotion = true }
    sheet.pointerDown(x: 200, y: 510)
    sheet.pointerMove(x: 200, y: 300)
    #expect(sheet.height == 300)
  }

  @Test(
    "resetOnCollapse: settling below the top notch scrolls the list back with the header shown",
    arguments: [true, false])
  func resetOnCollapse(reset: Bool) throws {
    var sheet = try makeSheet(initial: "c") { $0.list.resetOnCollapse = reset }
    _ = sheet.wheel(x: 200, y: 700, notches: 3)
    for _ in 0..<60 { sheet.step(dt: 1.0 / 60) }
    #expect(sheet.snapshot.listOffset > 0)
    sheet.move(to: 0, animated: true)
    settle(&sheet)
    #expect((sheet.snapshot.listOffset == 0) == reset)
  }

  @Test("interrupt: a caught settle released after holding still re-targets from rest")
  func interruptHeldStill() throws {
    var sheet = try makeSheet(initial: "a") { $0.policy = .nearest }
    drag(&sheet, from: 710, to: 690, frames: 2, releaseVelocity: -3000)
    for _ in 0..<6 { sheet.step(dt: 1.0 / 60) }
    let caught = sheet.height
    sheet.pointerDown(x: 200, y: 800 - caught + 5)
    for _ in 0..<30 { sheet.step(dt: 1.0 / 60) }
    sheet.pointerUp(x: 200, y: 800 - caught + 5)
    #expect(sheet.height == caught)
    let nearest = [100.0, 200, 300].enumerated().min { abs($0.element - caught) < abs($1.element - caught) }!
      .offset
    settle(&sheet)
    #expect(sheet.snapshot.notchIndex == nearest)
  }

  /// (frames held still before letting go, dh/dt the release reports): the drag moved 6 px up per
  /// frame at 60 fps (360 px/s). A rest of 50 ms or more adds a sample at the release, so the
  /// least-squares line over the last 100 ms flattens; from 100 ms on no motion is left in it.
  static let pauses: [(Int, Double)] = [
    (0, 360), (2, 360), (4, 99.759_036), (5, 40.645_161), (6, 0), (12, 0),
  ]

  @Test(
    "a pause before letting go counts: after 50 ms at rest the release adds a resting sample",
    arguments: pauses)
  func pauseBeforeRelease(frames: Int, velocity: Double) throws {
    var sheet = try makeSheet()
    sheet.pointerDown(x: 200, y: 704)
    for k in 1...10 {
      sheet.step(dt: 1.0 / 60)
      sheet.pointerMove(x: 200, y: 704 - 6 * Double(k))
    }
    for _ in 0..<frames { sheet.step(dt: 1.0 / 60) }
    _ = sheet.takeEvents()
    sheet.pointerUp(x: 200, y: 644)
    guard case .willEndDragging(let v)? = sheet.takeEvents().first?.kind else {
      Issue.record("no willEndDragging")
      return
    }
    expectClose(v, velocity, 1e-5)
  }
}
