import Detent
import Testing

/// LayoutConfig.swift: the card frame and the `auto` breakpoint.
struct LayoutConfigTests {
  /// (mode, side, window width, card?, x, width) for maxWidth 420, margin 16, breakpoint 900.
  static let layouts: [(LayoutMode, LayoutSide, Double, Bool, Double, Double)] = [
    (.auto, .left, 1280, true, 16, 420), (.auto, .left, 900, true, 16, 420),
    (.auto, .left, 899, false, 0, 899),
    (.auto, .right, 1920, true, 1484, 420), (.bottom, .left, 1920, false, 0, 1920),
    (.card, .left, 400, true, 16, 368),
    (.card, .right, 300, true, 16, 268),
  ]

  @Test(
    "layout: card width min(maxWidth, W − 2·margin) at its side; auto switches at the breakpoint",
    arguments: layouts)
  func layout(mode: LayoutMode, side: LayoutSide, width: Double, card: Bool, x: Double, w: Double) {
    let l = LayoutConfig(mode: mode, side: side)
    #expect(l.isCard(windowWidth: width) == card)
    let f = l.frame(windowWidth: width)
    #expect(f.x == x && f.width == w)
  }
}
