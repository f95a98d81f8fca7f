import Detent

/// The sticky footer (`footer.height`): an opaque band at the bottom of the sheet's visible part,
/// over the rows scrolled under it, with a hairline on top.
extension SheetRenderer {
  /// Draws the footer of snapshot `s` (nothing without one), above `bottom` when something
  /// opaque covers the sheet lower down; `content` draws into it with the footer's top y.
  func drawFooter(_ s: SheetSnapshot, width: Double, bottom: Double? = nil, content: (Double) -> Void) {
    guard s.footerHeight > 0, s.height > 0.5 else { return }
    let top = max(s.footerTop, s.top + min(s.cornerRadius, s.height)).rounded()
    let end = min(s.bottom, s.windowHeight, bottom ?? .infinity).rounded(.up)
    guard end > top else { return }
    canvas.clip((0, top, width, end - top))
    canvas.fillRect(0, top, width.rounded(), end - top, Self.background)
    canvas.fillRect(0, top, width.rounded(), 1, Self.separator)
    content(top)
    canvas.clip(nil)
  }
}
