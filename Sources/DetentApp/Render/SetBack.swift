import Detent

/// How a detail sheet sets the root sheet back. As a detail sheet rises to its first notch the
/// root sinks behind it (drawn no higher than 16 px below the detail sheet's top, so no cut-off
/// row of it shows above the detail sheet), a veil darkens it, and the map's dimming fades; a
/// popped detail sheet sliding out brings the root back the same way. Drawing only: the
/// root's own state does not change.
struct SetBack {
  /// 0 (no detail sheet) … 1 (a detail sheet at or above its first notch).
  let progress: Double
  /// The root's height as drawn, px.
  let height: Double

  /// The darkest veil over the root, at full progress.
  static let veil = 0.12

  /// The set-back for the stack's detail sheets, live and sliding out.
  init(_ stack: SheetStack) {
    let root = stack.root.height
    var progress = 0.0
    var height = root
    func add(_ sheet: OverlaySheet) {
      let first = max(sheet.notches.first?.height ?? 1, 1)
      let p = min(max(sheet.height / first, 0), 1)
      progress = max(progress, p)
      height = min(height, max(root * (1 - p), sheet.height - 16))
    }
    for sheet in stack.sheets.dropFirst() { add(sheet) }
    for leaving in stack.leaving { add(leaving) }
    self.progress = progress
    self.height = max(height, 0)
  }

  /// The root's snapshot as drawn: lowered to `height` (everything on it moves down together).
  func apply(to s: SheetSnapshot) -> SheetSnapshot {
    let drop = s.height - height
    guard drop > 0 else { return s }
    // A shade or a drawer stays where it is: only the map's dimming fades (the veil still darkens it).
    guard s.edge == .bottom else {
      var out = s
      out.dimAlpha = s.dimAlpha * (1 - progress)
      return out
    }
    var out = s
    out.height = height
    out.top += drop
    out.listTop += drop
    out.bottom += drop
    out.footerTop += drop
    out.dimAlpha = s.dimAlpha * (1 - progress)
    return out
  }

  /// The veil's black alpha now.
  var veilAlpha: UInt8 { Color.black.opacity(Self.veil * progress).a }

  /// Darkens a set-back root `width` wide whose top is at whole-pixel `top`, down to `bottom`:
  /// its top 12 rows between the rounded corners, then (`below`) the full rows under them.
  /// Black over the root: its pixels multiplied in place where the canvas can.
  static func veil(
    on canvas: Canvas, alpha: UInt8, top: Double, bottom: Double, width: Double, below: Bool = true
  ) {
    canvas.darken(12, top, width - 24, min(12, bottom - top), alpha: alpha)
    if below, bottom > top + 12 {
      canvas.darken(0, top + 12, width, (bottom - top - 12).rounded(), alpha: alpha)
    }
  }
}
