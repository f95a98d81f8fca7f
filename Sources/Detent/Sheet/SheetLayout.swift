/// The input constants of a pointer, the same for every sheet (the geometry is in the tuning:
/// `sheet`, `header`, `list`, `footer`).
enum SheetLayout {
  /// Movement (px) a press must exceed before it becomes a drag.
  static let touchSlop = 3.0

  /// Whether a pointer moved (dx, dy) from its press is past the touch slop. A move of the slop
  /// exactly, give or take a rounding, is not: on a bottom or right edge the same move along the
  /// axis is a difference of coordinates counted from the far side of the window, which rounds
  /// otherwise than a top or left edge's (a 3-px move started a drag on one edge, not the other).
  static func pastSlop(dx: Double, dy: Double) -> Bool {
    max(abs(dx), abs(dy)) > touchSlop + 1e-9
  }
  /// List offset scrolled by one wheel notch unless the host sets `OverlaySheet.wheelStep`.
  static let defaultWheelStep = 40.0
}

/// What a press or a tap hit on the sheet, in sheet-local coordinates.
public enum SheetHit: Sendable, Equatable {
  /// The grabber strip.
  case grabber
  /// The header, `x`/`y` from the header's top-left.
  case header(x: Double, y: Double)
  /// A list row, `x`/`y` from the row's top-left.
  case row(index: Int, x: Double, y: Double)
  /// The sticky footer, `x`/`y` from the footer's top-left.
  case footer(x: Double, y: Double)
  /// Below the last row.
  case emptyList
}

/// Who takes a press.
public enum PointerRoute: Sendable, Equatable {
  /// The sheet (drag, scroll or tap).
  case sheet(SheetHit)
  /// The dimmed backdrop; the sheet performed its backdrop action.
  case backdrop(BackdropTap)
  /// The undimmed backdrop: the press belongs to what the app shows behind the sheets (the
  /// demo's map). The engine does not know what that is.
  case behind
  /// Nobody (a sheet below the top one, or outside the window).
  case none
}
