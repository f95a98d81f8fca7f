import Detent
import Testing

/// `Sheet/SheetSnapshot.swift`: every field of a resting sheet's snapshot, default tuning.
/// Read once from a run and checked by hand: top = 800 − height; list top = top + 20 (grabber)
/// + 96 (header); the viewport is the top notch's (800 − 176 = 624) and the list's end
/// 200 · 64 − 624 = 12,176; dimming runs 0 → 0.4 from medium to maximum; a 1280-px window is
/// past the 900-px breakpoint, so a 420-px card 16 px from the left.
struct SheetSnapshotTests {
  /// (notch, window width, height, notch index, dim alpha, top, list top, sheet x, sheet width)
  static let resting: [(String, Double, Double, Int, Double, Double, Double, Double, Double)] = [
    ("minimum", 400, 120, 0, 0, 680, 796, 0, 400),
    ("medium", 400, 400, 1, 0, 400, 516, 0, 400),
    ("maximum", 400, 740, 2, 0.4, 60, 176, 0, 400),
    ("medium", 1280, 400, 1, 0, 400, 516, 16, 420),
  ]

  @Test("a resting sheet's snapshot, field by field", arguments: resting)
  func fields(
    notch: String, width: Double, height: Double, index: Int, dim: Double, top: Double, listTop: Double,
    x: Double, sheetWidth: Double
  ) throws {
    let sheet = try OverlaySheet(tuning: Tuning(initialNotch: notch), windowWidth: width, windowHeight: 800)
    let s = sheet.snapshot
    #expect(s.height == height && s.velocity == 0 && s.phase == .idle)
    #expect(s.notchIndex == index && s.notch == notch && s.targetIndex == nil && s.targetNotch == nil)
    #expect(s.listOffset == 0 && s.maxListOffset == 12_176 && s.headerOffset == 0)
    #expect(s.dimAlpha == dim && s.contentHeight == 740)
    #expect(s.top == top && s.bottom == 800 && s.listTop == listTop && s.listViewport == 624)
    #expect(s.windowWidth == width && s.windowHeight == 800 && s.sheetX == x && s.sheetWidth == sheetWidth)
    #expect(s.rowHeight == 64 && s.headerHeight == 96 && s.cornerRadius == 12)
  }

  @Test("a settling sheet names its target, not a resting notch")
  func settling() throws {
    var sheet = try OverlaySheet(tuning: Tuning(initialNotch: "medium"), windowWidth: 400, windowHeight: 800)
    sheet.move(to: 2, animated: true)
    let s = sheet.snapshot
    #expect(s.phase == .settling)
    #expect(s.notchIndex == nil && s.notch == nil)
    #expect(s.targetIndex == 2 && s.targetNotch == "maximum")
  }
}
