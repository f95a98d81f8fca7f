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

  /// (the root's spring, the frame of 1/64 s on which a popped detail sheet is gone): it slides out
  /// with the root's spring until it is down, and never for more than 3 s.
  static let slideOuts: [(Spring, Int)] = [
    (Spring(response: 0.4, dampingRatio: 0.85), 20),
    (Spring(response: 5, dampingRatio: 1), 193),
    (Spring(response: 10, dampingRatio: 1), 193),
  ]

  @Test("a popped sheet slides out with the root's spring, for 3 s at most", arguments: slideOuts)
  func slideOutLimit(spring: Spring, gone: Int) throws {
    var root = Tuning(initialNotch: "medium")
    root.spring = spring
    var stack = SheetStack(root: try OverlaySheet(tuning: root, windowWidth: 400, windowHeight: 800))
    try stack.push(tuning: Self.detail())
    for _ in 0..<128 { stack.step(dt: 1.0 / 64) }
    #expect(stack.top.snapshot.notch == "peek")
    stack.pop()
    var frames = 0
    while !stack.leaving.isEmpty, frames < 1000 {
      stack.step(dt: 1.0 / 64)
      frames += 1
      if let h = stack.leaving.first?.sheet.height { #expect(h >= 0 && h <= 800) }
    }
    #expect(frames == gone)
  }
}
