import Detent
import Testing

/// OverlaySheet+Dismiss.swift: `dismiss.threshold`, `dismiss.confirm` with `didAttemptDismiss`
/// and the spring back, the app's dismiss requests; and `sheet.draggable: false`.
@Suite struct DismissTests {
  /// Root: notches z 0, a 200, b 400 (800-px window), resting at a, nearest policy.
  static func root(threshold: Double = 0, confirm: Bool = false) throws -> OverlaySheet {
    try makeSheet(
      notches: [
        NotchSpec(name: "z", height: 0), NotchSpec(name: "a", height: 200), NotchSpec(name: "b", height: 400),
      ],
      initial: "a",
      configure: {
        $0.policy = .nearest
        $0.dismiss = DismissConfig(velocity: 1500, threshold: threshold, confirm: confirm)
      })
  }

  /// A stack whose detail sheet (peek 200, full 700) rests at peek.
  static func stack(confirm: Bool, threshold: Double = 0) throws -> SheetStack {
    var stack = SheetStack(root: try OverlaySheet(tuning: Tuning(), windowWidth: 400, windowHeight: 800))
    var t = StackTests.detail()
    t.dismiss = DismissConfig(threshold: threshold, confirm: confirm)
    try stack.push(tuning: t)
    for _ in 0..<120 { stack.step(dt: 1.0 / 60) }
    _ = stack.takeEvents()
    return stack
  }

  @Test(
    "threshold t: a still release below (1 − t) × 200 dismisses, above it the policy decides",
    arguments: [
      (0.0, 140.0, "a"), (0.25, 140, "z"), (0.25, 151, "a"), (0.25, 149, "z"), (0.5, 120, "a"),
      (0.5, 99, "z"),
    ])
  func threshold(t: Double, releaseAt h: Double, notch: String) throws {
    var s = try Self.root(threshold: t)
    drag(&s, from: 610, to: 810 - h, frames: 10, releaseVelocity: 0)
    settle(&s)
    #expect(s.snapshot.notch == notch)
    #expect(names(s.takeEvents()).contains("dismissed") == (notch == "z"))
  }

  @Test("confirm: the threshold's dismissal fires didAttemptDismiss and springs back to the notch it left")
  func confirmThreshold() throws {
    var s = try Self.root(threshold: 0.25, confirm: true)
    drag(&s, from: 610, to: 670, frames: 10, releaseVelocity: 0)
    settle(&s)
    #expect(s.snapshot.notch == "a" && s.height == 200)
    #expect(
      names(s.takeEvents()) == [
        "willStartDragging", "willEndDragging", "didAttemptDismiss", "willMoveToNotch", "didMoveToNotch",
      ])
  }

  @Test("confirm: a fast flick down, a key to the 0 notch and a backdrop dismiss are attempts too")
  func confirmOtherPaths() throws {
    var s = try Self.root(confirm: true)
    s.move(to: 2, animated: false)
    _ = s.takeEvents()
    drag(&s, from: 410, to: 430, frames: 2, releaseVelocity: 3000)
    settle(&s)
    #expect(s.snapshot.notch == "b", "back to the notch it left, not the policy's")
    #expect(names(s.takeEvents()).contains("didAttemptDismiss"))
    s.move(to: 0, animated: true)
    settle(&s)
    #expect(s.snapshot.notch == "b")
    #expect(names(s.takeEvents()) == ["didAttemptDismiss"])
    s.dismiss()
    settle(&s)
    #expect(s.snapshot.notch == "z")
    #expect(names(s.takeEvents()) == ["willMoveToNotch", "didMoveToNotch", "dismissed"])
  }

  @Test("a root sheet without a 0 notch cannot be dismissed: no attempt, the policy decides")
  func noZeroNotch() throws {
    var s = try makeSheet(initial: "b") { $0.dismiss = DismissConfig(threshold: 0.5, confirm: true) }
    drag(&s, from: 610, to: 730, frames: 10, releaseVelocity: 0)
    settle(&s)
    #expect(s.snapshot.notch == "a")
    #expect(!names(s.takeEvents()).contains("didAttemptDismiss"))
    let dismissed = s.requestDismiss()
    #expect(!dismissed)
  }

  @Test("a detail sheet: Escape/✕ pops it, or with confirm it stays and says didAttemptDismiss (sheet 1)")
  func detail() throws {
    var plain = try Self.stack(confirm: false)
    let closed = plain.requestDismissTop()
    #expect(closed)
    #expect(plain.count == 1)
    var asked = try Self.stack(confirm: true)
    let closedAsked = asked.requestDismissTop()
    #expect(!closedAsked)
    #expect(asked.count == 2)
    let events = asked.takeEvents()
    #expect(events.map(\.kind.name) == ["didAttemptDismiss"] && events.first?.sheet == 1)
    asked.dismissTop()
    #expect(asked.count == 1)
    #expect(asked.takeEvents().map(\.kind.name) == ["didPop"])
  }

  @Test("a detail sheet flicked down with confirm springs back to peek instead of popping")
  func detailFlick() throws {
    var stack = try Self.stack(confirm: true)
    _ = stack.pointerDown(x: 200, y: 610)
    stack.step(dt: 1.0 / 60)
    stack.pointerMove(x: 200, y: 640)
    _ = stack.pointerUp(x: 200, y: 640, velocityOverride: 2500)
    for _ in 0..<120 { stack.step(dt: 1.0 / 60) }
    #expect(stack.count == 2)
    #expect(stack.top.snapshot.notch == "peek")
    #expect(stack.takeEvents().map(\.kind.name).contains("didAttemptDismiss"))
  }

  @Test("a detail sheet below its threshold pops (no velocity needed; the rubber band shows 111.9 px)")
  func detailThreshold() throws {
    var stack = try Self.stack(confirm: false, threshold: 0.3)
    _ = stack.pointerDown(x: 200, y: 610)
    for k in 1...10 {
      stack.step(dt: 1.0 / 60)
      stack.pointerMove(x: 200, y: 610 + 18 * Double(k))
    }
    expectClose(stack.top.height, 111.9, 0.1)
    _ = stack.pointerUp(x: 200, y: 790, velocityOverride: 0)
    #expect(stack.count == 1)
  }

  @Test("draggable false: grabber and header presses never drag; the list scrolls; moves still work")
  func notDraggable() throws {
    var s = try makeSheet(initial: "b") {
      $0.sheet.draggable = false
      $0.header = HeaderConfig(height: 96, mode: .pinned)
    }
    drag(&s, from: 605, to: 300, frames: 10)
    settle(&s)
    #expect(s.height == 200 && s.snapshot.notch == "b")
    drag(&s, from: 760, to: 660, frames: 10, releaseVelocity: 0)
    #expect(s.height == 200)
    #expect(s.snapshot.listOffset == 100)
    let events = names(s.takeEvents())
    #expect(!events.contains("willStartDragging") && !events.contains("willEndDragging"))
    s.move(to: 2, animated: true)
    settle(&s)
    #expect(s.height == 300)
    s.wheel(x: 200, y: 530, notches: 3)
    #expect(s.height == 300, "the wheel on the header does nothing")
  }
}
