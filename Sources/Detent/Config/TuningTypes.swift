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
  /// Height of one row in px.
  public var rowHeight: Double
  /// Momentum decay per millisecond (0.998 is a normal scroll view).
  public var decelerationRate: Double
  /// Whether the list overscrolls and springs back at its ends.
  public var bounces: Bool
  /// Whether the list returns to offset 0 (and the header shows) when the sheet settles below
  /// its top notch.
  public var resetOnCollapse: Bool

  /// Creates a list configuration.
  public init(
    rows: Int = 200, rowHeight: Double = 64, decelerationRate: Double = 0.998, bounces: Bool = true,
    resetOnCollapse: Bool = true
  ) {
    self.rows = rows
    self.rowHeight = rowHeight
    self.decelerationRate = decelerationRate
    self.bounces = bounces
    self.resetOnCollapse = resetOnCollapse
  }
}
