import Detent
import Testing

@Suite struct DimmingTests {
  @Test(
    "alpha = maxAlpha · clamp((h − start)/(end − start), 0, 1)",
    arguments: [(0.0, 0.0), (400, 0), (570, 0.2), (740, 0.4), (900, 0.4)])
  func formula(height: Double, alpha: Double) {
    expectClose(Dimming.alpha(height: height, start: 400, end: 740, maxAlpha: 0.4), alpha, 1e-12)
  }

  @Test("alpha is monotonic in height, during drags too")
  func monotonicDuringDrag() throws {
    var sheet = try OverlaySheet(tuning: Tuning(), windowWidth: 400, windowHeight: 800)
    sheet.pointerDown(x: 200, y: 690)
    var last = -1.0
    for y in stride(from: 690.0, through: 0, by: -10) {
      sheet.pointerMove(x: 200, y: y)
      #expect(sheet.dimAlpha >= last)
      last = sheet.dimAlpha
    }
    #expect(last == 0.4)
  }
}

@Suite struct BackdropTests {
  @Test(
    "a press on the dimmed backdrop acts per backdropTap",
    arguments: [(BackdropTap.collapse, "medium"), (.dismiss, "minimum"), (.none, "maximum")])
  func dimmed(action: BackdropTap, notch: String) throws {
    var tuning = Tuning(initialNotch: "maximum")
    tuning.backdropTap = action
    var sheet = try OverlaySheet(tuning: tuning, windowWidth: 400, windowHeight: 800)
    let route = sheet.pointerDown(x: 200, y: 30)
    #expect(route == .backdrop(action))
    settle(&sheet)
    #expect(sheet.snapshot.notch == notch)
  }

  @Test("a press on the undimmed backdrop belongs to the map")
  func undimmed() throws {
    var sheet = try OverlaySheet(tuning: Tuning(initialNotch: "medium"), windowWidth: 400, windowHeight: 800)
    let route = sheet.pointerDown(x: 200, y: 100)
    #expect(route == .map)
    #expect(sheet.snapshot.phase == .idle)
  }
}

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

@Suite struct KeyboardTests {
  @Test("the keyboard inset raises the sheet's bottom; notches fit the space above it")
  func inset() throws {
    var sheet = try OverlaySheet(tuning: Tuning(initialNotch: "maximum"), windowWidth: 400, windowHeight: 800)
    sheet.setKeyboardInset(300, animated: false)
    #expect(sheet.snapshot.bottom == 500)
    #expect(sheet.height == 440)
    #expect(sheet.snapshot.top == 60)
    // Below the raised bottom is the app's keyboard, not the sheet's: the engine routes it nowhere.
    let route = sheet.pointerDown(x: 200, y: 700)
    #expect(route == PointerRoute.none)
    sheet.setKeyboardInset(0, animated: false)
    #expect(sheet.height == 740)
  }

  @Test("the keyboard slides in over 0.25 s, eased, and the sheet follows every frame without a jump")
  func slides() throws {
    var sheet = try OverlaySheet(tuning: Tuning(initialNotch: "maximum"), windowWidth: 400, windowHeight: 800)
    sheet.setKeyboardInset(260)
    #expect(sheet.keyboardInset == 0)
    var insets: [Double] = []
    var heights: [Double] = []
    for _ in 0..<15 {
      sheet.step(dt: 1.0 / 60)
      insets.append(sheet.keyboardInset)
      heights.append(sheet.height)
    }
    // 260·(1 − (1 − t/0.25)³) after the first and fifth frames; done after the 15th.
    expectClose(
      insets[0], 260 * (1 - (1 - (1.0 / 60) / 0.25) * (1 - (1.0 / 60) / 0.25) * (1 - (1.0 / 60) / 0.25)), 1e-9
    )
    expectClose(
      insets[4], 260 * (1 - (1 - (5.0 / 60) / 0.25) * (1 - (5.0 / 60) / 0.25) * (1 - (5.0 / 60) / 0.25)), 1e-9
    )
    #expect(insets[14] == 260)
    #expect(heights[14] == 480)
    // The ease's first frame is its largest step: 260·(1 − (14/15)³) = 48.6 px.
    #expect(zip(heights, heights.dropFirst()).allSatisfy { $0 >= $1 && $0 - $1 < 49 })
    #expect(sheet.snapshot.notch == "maximum")
  }

  @Test("focusing search (a move to the top notch) while the keyboard is shown")
  func focusMovesToTop() throws {
    var sheet = try OverlaySheet(tuning: Tuning(), windowWidth: 400, windowHeight: 800)
    sheet.setKeyboardInset(260, animated: false)
    sheet.move(to: sheet.topNotch, animated: true)
    settle(&sheet)
    #expect(sheet.snapshot.notch == "maximum")
    #expect(sheet.snapshot.top == 60)
  }
}
