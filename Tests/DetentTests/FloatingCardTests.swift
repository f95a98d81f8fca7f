import Detent
import Testing

/// OverlaySheet+Floating.swift: `layout.bottomInset` and `layout.attachAt`. Notches a 100,
/// b 200, c 300 in an 800-px window, 400 wide, full-width layout, gap 12, attached at c.
@Suite struct FloatingCardTests {
  @Test(
    "the gap closes from b (200) to c (300) and is 0 at and above c",
    arguments: [(100.0, 12.0), (200, 12), (250, 6), (275, 3), (299, 0.12), (300, 0)])
  func gap(height: Double, gap: Double) throws {
    var s = try makeSheet(initial: "a") {
      $0.layout = LayoutConfig(mode: .bottom)
      $0.layout.bottomInset = 12
      $0.layout.attachAt = "c"
    }
    s.replayRelease(height: height, velocity: 0)
    s.pointerDown(x: 200, y: 800 - height + 5)
    #expect(s.snapshot.floatingInset == gap)
    #expect(s.snapshot.bottom == 800 - gap && s.snapshot.top == 800 - height)
    #expect(s.snapshot.sheetX == gap && s.snapshot.sheetWidth == 400 - 2 * gap)
  }

  @Test("without attachAt the card always floats; a press in the gap is not the sheet's")
  func alwaysFloats() throws {
    var s = try makeSheet(initial: "c") {
      $0.layout = LayoutConfig(mode: .bottom)
      $0.layout.bottomInset = 20
      $0.dimming.maxAlpha = 0
    }
    #expect(s.snapshot.floatingInset == 20)
    #expect(s.hitTest(x: 200, y: 785) == nil)
    #expect(s.pointerDown(x: 200, y: 785) == .behind)
  }
}
