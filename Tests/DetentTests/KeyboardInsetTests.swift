import Detent
import Testing

/// `Sheet/OverlaySheet+Motion.swift`: the keyboard inset and its eased slide.
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
