/// A read-only picture of one sheet after a step: everything a renderer or a test needs.
public struct SheetSnapshot: Sendable, Equatable {
  /// Sheet height from the bottom of the available area, px.
  public var height: Double
  /// dh/dt, px/s.
  public var velocity: Double
  /// The phase's name.
  public var phase: PhaseName
  /// Index of the notch the sheet rests at, if it rests.
  public var notchIndex: Int?
  /// Its name.
  public var notch: String?
  /// Index of the notch a settle heads to, if settling.
  public var targetIndex: Int?
  /// Its name.
  public var targetNotch: String?
  /// List offset (0 = top; may be negative or past the end while overscrolled).
  public var listOffset: Double
  /// The list's largest in-bounds offset.
  public var maxListOffset: Double
  /// Header offset in −headerHeight...0.
  public var headerOffset: Double
  /// Backdrop alpha.
  public var dimAlpha: Double
  /// Height of the sheet's content (per the overlay style).
  public var contentHeight: Double
  /// Screen y of the sheet's top edge.
  public var top: Double
  /// Screen y of the sheet's bottom edge (raised by the keyboard).
  public var bottom: Double
  /// Screen y where the list starts.
  public var listTop: Double
  /// Visible list height.
  public var listViewport: Double
  /// Window size.
  public var windowWidth: Double
  /// Window size.
  public var windowHeight: Double
  /// Screen x of the sheet's left edge (0 unless the layout is a card).
  public var sheetX: Double = 0
  /// The sheet's width (the window's unless the layout is a card).
  public var sheetWidth: Double = 0
  /// Height of a list row (the first of the pattern), px.
  public var rowHeight: Double = 0
  /// Height of the header (search field and chips, or a detail's title), px.
  public var headerHeight: Double = 0
  /// Radius of the rounded corners, px.
  public var cornerRadius: Double = 12
  /// Height of the grabber strip, px.
  public var grabber: Double = 20
  /// The list's row heights (row i's top is `rowHeights.top(ofRow: i)` in the content).
  public var rowHeights = RowPattern(uniform: 64)
  /// Height of the sticky footer (0: none), px.
  public var footerHeight: Double = 0
  /// Screen y of the footer's top (the sheet's bottom without a footer).
  public var footerTop: Double = 0
  /// How far the card floats above the bottom edge now (`layout.bottomInset`, 0 once attached):
  /// while it is above 0 all four corners are rounded and `bottom` is above the window's bottom.
  public var floatingInset: Double = 0

  /// Screen y of row `i`'s top as the list shows now.
  public func rowTop(_ i: Int) -> Double { listTop + rowHeights.top(ofRow: i) - listOffset }
  /// The edge the sheet is attached to; `height` is its extent from there.
  public var edge: SheetEdge = .bottom
  /// Screen x of the header's and list's left edge (a drawer's content beside its grabber
  /// strip; otherwise `sheetX`).
  public var contentX: Double = 0
  /// Width of the header and list (a drawer's content width; otherwise `sheetWidth`).
  public var contentWidth: Double = 0
}
