import Detent
import Testing

/// OverlaySheet+Motion.swift: programmatic moves and their events.
@Suite struct MoveTests {
  @Test("programmatic moves fire willMoveToNotch and didMoveToNotch (arrival is the event, no callback)")
  func programmatic() throws {
    var sheet = try makeSheet()
    sheet.move(to: 2, animated: true)
    #expect(sheet.snapshot.targetNotch == "c")
    settle(&sheet)
    #expect(sheet.snapshot.notch == "c")
    sheet.move(to: 1, animated: false)
    #expect(sheet.height == 200)
    #expect(
      names(sheet.takeEvents()) == ["willMoveToNotch", "didMoveToNotch", "willMoveToNotch", "didMoveToNotch"])
  }

  @Test("an interrupted programmatic move gets willMoveToNotch but never didMoveToNotch")
  func programmaticInterrupted() throws {
    var sheet = try makeSheet()
    sheet.move(to: 2, animated: true)
    sheet.step(dt: 0.05)
    sheet.pointerDown(x: 200, y: 800 - sheet.height + 5)
    sheet.pointerUp(x: 200, y: 800 - sheet.height + 5)
    settle(&sheet)
    let events = sheet.takeEvents()
    #expect(events.contains { $0.kind == .willMoveToNotch(2) })
    #expect(!events.contains { $0.kind == .didMoveToNotch(2) })
  }

  @Test("a notch of height 0 can be a target: settling there fires dismissed")
  func dismissal() throws {
    var sheet = try makeSheet(
      notches: [NotchSpec(name: "hidden", height: 0), NotchSpec(name: "a", height: 200)], initial: "a")
    drag(&sheet, from: 610, to: 700, frames: 6, releaseVelocity: 2000)
    settle(&sheet)
    #expect(sheet.height == 0)
    #expect(names(sheet.takeEvents()).suffix(2) == ["didMoveToNotch", "dismissed"])
  }
}

/// OverlaySheet+Motion.swift: the keyboard inset and its slide.
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

/// OverlaySheet+Motion.swift: resizing the window.
@Suite struct ResizeTests {
  @Test("resize recomputes fractional notches; a resting sheet keeps its notch")
  func resizeKeepsNotch() throws {
    var sheet = try OverlaySheet(tuning: Tuning(initialNotch: "medium"), windowWidth: 1280, windowHeight: 800)
    #expect(sheet.height == 400)
    sheet.resize(width: 1000, height: 600)
    #expect(sheet.height == 300)
    #expect(sheet.snapshot.notch == "medium")
    sheet.resize(width: 1, height: 1)
    #expect(sheet.snapshot.notch == "medium")
    #expect(sheet.height <= 1)
    sheet.resize(width: 1280, height: 800)
    #expect(sheet.height == 400)
    #expect(sheet.snapshot.notch == "medium")
  }

  @Test("a resize to 1×1 in the middle of a drag neither crashes nor loses the sheet")
  func resizeDuringDrag() throws {
    var sheet = try OverlaySheet(tuning: Tuning(initialNotch: "medium"), windowWidth: 1280, windowHeight: 800)
    sheet.pointerDown(x: 200, y: 410)
    sheet.pointerMove(x: 200, y: 300)
    #expect(sheet.height == 510)
    sheet.resize(width: 1, height: 1)
    #expect(sheet.height.isFinite && sheet.height <= 2)
    sheet.resize(width: 1280, height: 800)
    #expect(sheet.height == 510, "the drag keeps following the pointer")
    sheet.pointerMove(x: 200, y: 250)
    #expect(sheet.height == 560)
    sheet.pointerUp(x: 200, y: 250, velocityOverride: 0)
    for _ in 0..<120 { sheet.step(dt: 1.0 / 60) }
    #expect(sheet.snapshot.notch == "medium")
  }
}

/// `Sheet/OverlaySheet+Motion.swift`, moves and window changes. Default notches (minimum 120,
/// medium 0.5 of the window, maximum the window less 60); heights worked out by hand.
@Suite struct MoveAndResizeTests {
  /// (name, found, height at once without animation, notch)
  static let named: [(String, Bool, Double, String)] = [
    ("maximum", true, 740, "maximum"), ("minimum", true, 120, "minimum"), ("medium", true, 400, "medium"),
    ("top", false, 400, "medium"), ("", false, 400, "medium"),
  ]

  @Test(
    "move(toNotchNamed:) without animation arrives at once; an unknown name changes nothing", arguments: named
  )
  func moveNamed(name: String, found: Bool, height: Double, notch: String) throws {
    var sheet = try OverlaySheet(tuning: Tuning(initialNotch: "medium"), windowWidth: 400, windowHeight: 800)
    #expect(sheet.move(toNotchNamed: name, animated: false) == found)
    #expect(sheet.height == height)
    #expect(sheet.snapshot.notch == notch)
    #expect(sheet.snapshot.phase == .idle)
  }

  @Test("move(to:) outside the notches changes nothing", arguments: [-1, 3, 100])
  func moveOutside(index: Int) throws {
    var sheet = try OverlaySheet(tuning: Tuning(initialNotch: "medium"), windowWidth: 400, windowHeight: 800)
    sheet.move(to: index, animated: true)
    #expect(sheet.snapshot.notch == "medium" && sheet.snapshot.targetNotch == nil)
    #expect(sheet.takeEvents().isEmpty)
  }

  /// (resting notch, new window height, height after)
  static let resized: [(String, Double, Double)] = [
    ("minimum", 600, 120), ("medium", 600, 300), ("maximum", 600, 540), ("medium", 1000, 500),
    ("maximum", 1000, 940),
  ]

  @Test("a resting sheet stays at its notch when the window is resized", arguments: resized)
  func resize(notch: String, windowHeight: Double, height: Double) throws {
    var sheet = try OverlaySheet(tuning: Tuning(initialNotch: notch), windowWidth: 400, windowHeight: 800)
    sheet.resize(width: 400, height: windowHeight)
    settle(&sheet)
    #expect(sheet.snapshot.notch == notch)
    #expect(sheet.height == height)
    #expect(sheet.snapshot.top == windowHeight - height)
  }
}
