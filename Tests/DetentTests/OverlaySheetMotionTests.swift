import Detent
import Testing

/// `Sheet/OverlaySheet+Motion.swift`, the keyboard: its inset raises the sheet's bottom and it slides
/// in eased.
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
    // 260·(1 − (1 − t/0.25)³) after the first and fifth frames, by hand: 260·(1 − (14/15)³) =
    // 164060/3375 and 260·(1 − (2/3)³) = 4940/27; done after the 15th.
    expectClose(insets[0], 48.610_370_370_370, 1e-9)
    expectClose(insets[4], 182.962_962_962_963, 1e-9)
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
