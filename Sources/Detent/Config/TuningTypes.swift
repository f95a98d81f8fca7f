/// How the sheet's content height relates to the sheet height.
public enum OverlayStyle: String, Sendable, CaseIterable {
  /// Content height = the highest notch.
  case rigid
  /// Content height = the current height.
  case flexibleHeight
  /// Content height = max(current height, highest notch).
  case expandableHeight

  /// The content height for a sheet at `height` whose highest notch is `highest`.
  public func contentHeight(height: Double, highest: Double) -> Double {
    switch self {
    case .rigid: highest
    case .flexibleHeight: height
    case .expandableHeight: max(height, highest)
    }
  }
}

/// What a press on a dimmed backdrop does.
public enum BackdropTap: String, Sendable, CaseIterable {
  /// Move to the dimming start notch.
  case collapse
  /// Move to the lowest notch.
  case dismiss
  /// Nothing.
  case none
}

/// Where a press can start dragging the sheet.
public enum DragRegion: String, Sendable, CaseIterable {
  /// Anywhere on the sheet.
  case sheet
  /// The grabber and the header only.
  case header
}

/// The header above the list.
public struct HeaderConfig: Sendable, Equatable {
  /// Height in px (search field and filter chips).
  public var height: Double
  /// How it reacts to scrolling.
  public var mode: HeaderMode

  /// Creates a header configuration.
  public init(height: Double = 96, mode: HeaderMode = .scrollDirection) {
    self.height = height
    self.mode = mode
  }
}

/// The scrolling list inside the sheet.
public struct ListConfig: Sendable, Equatable {
  /// Number of rows.
  public var rows: Int
  /// The rows' heights: row i is `rowHeights.heights[i mod n]` px.
  public var rowHeights: RowPattern
  /// Height of a row when all rows have one height (the pattern's first height otherwise);
  /// setting it makes every row that height.
  public var rowHeight: Double {
    get { rowHeights.heights[0] }
    set { rowHeights = RowPattern(uniform: newValue) }
  }
  /// Momentum decay per millisecond (0.998 is a normal scroll view).
  public var decelerationRate: Double
  /// Whether the list overscrolls and springs back at its ends.
  public var bounces: Bool
  /// Whether the list returns to offset 0 (and the header shows) when the sheet settles below
  /// its top notch.
  public var resetOnCollapse: Bool
  /// Whether a drag on the list resizes the sheet below its top notch, or scrolls at every notch.
  public var interaction: ListInteraction

  /// Creates a list configuration; `rowHeights`, when given, replaces `rowHeight`.
  public init(
    rows: Int = 200, rowHeight: Double = 64, rowHeights: [Double]? = nil, decelerationRate: Double = 0.998,
    bounces: Bool = true, resetOnCollapse: Bool = true, interaction: ListInteraction = .resizes
  ) {
    self.rows = rows
    self.rowHeights = RowPattern(rowHeights ?? [rowHeight])
    self.decelerationRate = decelerationRate
    self.bounces = bounces
    self.resetOnCollapse = resetOnCollapse
    self.interaction = interaction
  }

  /// The content height of every row.
  public var contentHeight: Double { rowHeights.contentHeight(rows: rows) }
}

/// What a drag that starts on the list does (`list.interaction`).
public enum ListInteraction: String, Sendable, CaseIterable {
  /// Below the top notch the drag moves the sheet; at the top it scrolls (the hand-off).
  case resizes
  /// At every notch the drag scrolls the list inside the sheet's visible part; down at offset 0
  /// it lowers the sheet; it never raises the sheet.
  case scrolls
}
