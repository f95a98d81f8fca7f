/// Fixed parts of the sheet's layout, shared by hit-testing and drawing.
public enum SheetLayout {
  /// Height of the grabber strip at the sheet's top.
  public static let grabberHeight = 20.0
  /// Movement (px) a press must exceed before it becomes a drag.
  public static let touchSlop = 3.0
  /// List offset scrolled by one wheel notch.
  public static let wheelStep = 40.0
  /// Radius of the sheet's rounded top corners, px.
  public static let cornerRadius = 12.0
}

/// What a press or a tap hit on the sheet, in sheet-local coordinates.
public enum SheetHit: Sendable, Equatable {
  /// The grabber strip.
  case grabber
  /// The header, `x`/`y` from the header's top-left.
  case header(x: Double, y: Double)
  /// A list row, `x`/`y` from the row's top-left.
  case row(index: Int, x: Double, y: Double)
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
