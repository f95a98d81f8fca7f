import Detent
import Testing

/// SheetStack.swift: push, pop, input to the top sheet only, popped sheets sliding out.
@Suite struct StackTests {
  static func detail() -> Tuning {
    var t = Tuning(notches: [
      NotchSpec(name: "peek", height: 200), NotchSpec(name: "full", fraction: 1, inset: 100),
    ])
    t.dimming.maxAlpha = 0
    return t
  }

  @Test("push slides a detail sheet up; only it takes input; pop returns to the sheet below unchanged")
  func pushPop() throws {
    var stack = SheetStack(
      root: try OverlaySheet(tuning: Tuning(initialNotch: "medium"), windowWidth: 400, windowHeight: 800))
    try stack.push(tuning: Self.detail())
    #expect(stack.count == 2)
    #expect(stack.top.height == 0)
    stack.step(dt: 1.0 / 60)
    #expect(stack.top.height > 0 && stack.top.height < 200, "slides up from the bottom")
    for _ in 0..<120 { stack.step(dt: 1.0 / 60) }
    #expect(stack.top.snapshot.notch == "peek")
    // A drag on the detail sheet moves it, not the root.
    _ = stack.pointerDown(x: 200, y: 610)
    stack.pointerMove(x: 200, y: 560)
    #expect(stack.top.height == 250)
    #expect(stack.root.height == 400)
    _ = stack.pointerUp(x: 200, y: 560, velocityOverride: 0)
    let popped = stack.pop()
    #expect(popped)
    #expect(stack.count == 1)
    #expect(stack.leaving.count == 1)
    for _ in 0..<120 { stack.step(dt: 1.0 / 60) }
    #expect(stack.leaving.isEmpty)
    #expect(stack.root.snapshot.notch == "medium")
    let poppedRoot = stack.pop()
    #expect(!poppedRoot, "the root never pops")
    let events = stack.takeEvents()
    #expect(events.contains { $0.sheet == 1 && $0.kind == .didMoveToNotch(0) })
  }

  /// (the detail sheet's spring, the frame of 1/64 s on which it is gone once popped at 200 px):
  /// it slides out with its own spring until it is settled at 0, within half a pixel and slower
  /// than 5 px/s, or the window's edge stops it; never on a timer. A critically damped spring
  /// creeps: 200·(1 + ωt)·e^(−ωt) ≤ 0.5 takes ωt = 8.56, 6.5 s at a 5-s response, 13.1 s at 10 s.
  static let slideOuts: [(Spring, Int)] = [
    (Spring(response: 0.4, dampingRatio: 0.85), 21),
    (Spring(response: 0.4, dampingRatio: 0.05), 7),
    (Spring(response: 5, dampingRatio: 1), 419),
    (Spring(response: 10, dampingRatio: 1), 837),
  ]

  @Test("a popped sheet slides out with its spring until it is settled at 0", arguments: slideOuts)
  func slideOut(spring: Spring, gone: Int) throws {
    var detail = Self.detail()
    detail.spring = spring
    var stack = SheetStack(
      root: try OverlaySheet(tuning: Tuning(initialNotch: "medium"), windowWidth: 400, windowHeight: 800))
    try stack.push(tuning: detail)
    for _ in 0..<2000 where stack.top.snapshot.notch != "peek" { stack.step(dt: 1.0 / 64) }
    #expect(stack.top.height == 200)
    _ = stack.takeEvents()
    stack.pop()
    var frames = 0
    var previous = 200.0
    while !stack.leaving.isEmpty, frames < 2000 {
      stack.step(dt: 1.0 / 64)
      frames += 1
      if let h = stack.leaving.first?.height {
        #expect(h >= 0 && h <= previous, "it never rises on its way out")
        previous = h
      }
    }
    #expect(frames == gone)
    #expect(stack.takeEvents().map(\.kind.name) == ["didPop"])
  }

  @Test("a fast downward release dismisses a detail sheet: the leaving phase, then gone")
  func dismissedByRelease() throws {
    var stack = SheetStack(
      root: try OverlaySheet(tuning: Tuning(initialNotch: "medium"), windowWidth: 400, windowHeight: 800))
    try stack.push(tuning: Self.detail())
    for _ in 0..<120 { stack.step(dt: 1.0 / 60) }
    _ = stack.takeEvents()
    _ = stack.pointerDown(x: 200, y: 610)
    stack.step(dt: 1.0 / 60)
    stack.pointerMove(x: 200, y: 640)
    _ = stack.pointerUp(x: 200, y: 640, velocityOverride: 2000)
    #expect(stack.count == 1)
    #expect(stack.leaving.count == 1)
    let leaving = try #require(stack.leaving.first)
    #expect(leaving.isLeaving && !leaving.isGone)
    #expect(leaving.snapshot.phase == .settling)
    // 30 px below peek, in the rubber band: the pointer's 2,000 px/s dismisses, and the sheet
    // leaves at its own speed, 2,000 × 0.55/(30·0.55/800 + 1)² = 1,055.99 px/s.
    #expect(abs(leaving.velocity + 1055.991_156_074) < 1e-6)
    #expect(stack.takeEvents().map(\.kind.name) == ["willStartDragging", "willEndDragging", "didPop"])
    for _ in 0..<60 { stack.step(dt: 1.0 / 60) }
    #expect(stack.leaving.isEmpty)
  }
}

extension StackTests {
  /// (what the app does to the top sheet through `withTop`, live sheets after, leaving, events)
  static let throughTop: [(String, Int, Int, [String])] = [
    ("dismiss", 1, 1, ["didPop"]),
    ("requestDismiss", 1, 1, ["didPop"]),
    ("move to full", 2, 0, ["willMoveToNotch"]),
  ]

  @Test("a top sheet dismissed through withTop leaves the live sheets as a pop would", arguments: throughTop)
  func dismissThroughTop(what: String, live: Int, leaving: Int, events: [String]) throws {
    var stack = SheetStack(root: try OverlaySheet(tuning: Tuning(), windowWidth: 400, windowHeight: 800))
    try stack.push(tuning: Self.detail(), tag: 7)
    for _ in 0..<120 { stack.step(dt: 1.0 / 60) }
    _ = stack.takeEvents()
    stack.withTop { sheet in
      switch what {
      case "dismiss": sheet.dismiss()
      case "requestDismiss": sheet.requestDismiss()
      default: sheet.move(to: 1, animated: true)
      }
    }
    #expect(stack.count == live)
    #expect(stack.leaving.count == leaving)
    #expect(stack.leaving.map(\.tag) == (leaving == 1 ? [7] : []))
    #expect(stack.takeEvents().map(\.kind.name) == events)
  }
}
