import Detent

/// A shade's (top) or a drawer's (left, right) body: white with its free corners rounded, its
/// shadow beyond the free edge and the grabber pill on the free side. Header and list are then
/// drawn by the bottom sheet's code from `content(_:)`, with no body of their own.
extension SheetRenderer {
  /// The body of a sheet on any edge but the bottom (which `drawBody` draws).
  func drawEdgeBody(_ s: SheetSnapshot) {
    guard s.height > 0.5, s.edge != .bottom else { return }
    let e = s.height.rounded()
    let r = s.cornerRadius
    let w = s.windowWidth
    // The shadow: one row or column per pixel of distance from the free edge.
    for i in 0..<SheetShadow.height {
      let c = Color(hex: 0x000000, alpha: SheetShadow.alpha(row: SheetShadow.height - 1 - i))
      switch s.edge {
      case .top: canvas.fillRect(s.sheetX.rounded(), e + Double(i), s.sheetWidth.rounded(), 1, c)
      case .left: canvas.fillRect(e + Double(i), 0, 1, s.windowHeight, c)
      case .right: canvas.fillRect(w - e - 1 - Double(i), 0, 1, s.windowHeight, c)
      case .bottom: break
      }
    }
    // The attached corners lie outside the window: only the free ones show rounded.
    switch s.edge {
    case .top: canvas.fillRoundedRect(s.sheetX, -r, s.sheetWidth, e + r, radius: r, Self.background)
    case .left: canvas.fillRoundedRect(-r, 0, e + r, s.windowHeight, radius: r, Self.background)
    case .right: canvas.fillRoundedRect(w - e, 0, e + r, s.windowHeight, radius: r, Self.background)
    case .bottom: break
    }
    let p = s.grabberPill
    canvas.fillRoundedRect(p.x, p.y, p.w, p.h, radius: 2.5, Color(hex: 0xC7C7CC))
  }

  /// The snapshot as the bottom sheet's header and list code reads it: its `top` one grabber
  /// above the header's band, its `bottom` where the list's visible part ends (a shade's grabber
  /// strip; a drawer's window bottom).
  static func content(_ s: SheetSnapshot) -> SheetSnapshot {
    guard s.edge != .bottom else { return s }
    var c = s
    c.top = s.headerTop - s.grabber
    c.bottom = s.edge == .top ? max(s.height - s.grabber, 0) : s.windowHeight
    return c
  }
}
