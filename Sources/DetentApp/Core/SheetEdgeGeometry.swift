import Detent

/// Where a sheet's parts lie on screen for its edge, from its snapshot: the grabber strip on the
/// free side and its pill, the header's top. Drawing, taps and the focus ring all read these.
extension SheetSnapshot {
  /// Screen y of the header's top as laid out (the search field's band; the chips below it move
  /// with the header offset): under a bottom sheet's grabber, else the window's top.
  var headerTop: Double { listTop - headerHeight - headerOffset }

  /// The grabber strip along the free edge: across the top of a bottom sheet, the bottom of a
  /// shade, the inner side of a drawer (full height).
  var grabberStrip: (x: Double, y: Double, w: Double, h: Double) {
    let g = grabber
    return switch edge {
    case .bottom: (sheetX, top, sheetWidth, g)
    case .top: (sheetX, height - g, sheetWidth, g)
    case .left: (sheetX + sheetWidth - g, 0, g, windowHeight)
    case .right: (sheetX, 0, g, windowHeight)
    }
  }

  /// The grabber's pill, 40×5 (5×40 on a drawer), 7 px from the free edge, centred along it.
  var grabberPill: (x: Double, y: Double, w: Double, h: Double) {
    let s = grabberStrip
    return switch edge {
    case .bottom: (s.x + s.w / 2 - 20, s.y + 7, 40, 5)
    case .top: (s.x + s.w / 2 - 20, s.y + s.h - 12, 40, 5)
    case .left: (s.x + s.w - 12, s.y + s.h / 2 - 20, 5, 40)
    case .right: (s.x + 7, s.y + s.h / 2 - 20, 5, 40)
    }
  }

  /// The focus ring's frame around the grabber (60 px along the edge, the strip less 2 px each side).
  var grabberFocusFrame: (x: Double, y: Double, w: Double, h: Double) {
    let s = grabberStrip
    let p = grabberPill
    return edge.isVertical
      ? (p.x - 10, s.y + 2, 60, s.h - 4)
      : (s.x + 2, p.y - 10, s.w - 4, 60)
  }
}
