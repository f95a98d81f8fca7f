import Detent
import Testing

/// `Sheet/OverlaySheet+Pointer.swift`: where a press outside the sheet goes (the backdrop).
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
