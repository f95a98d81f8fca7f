/// How the sheet is placed horizontally: the full window width, or a floating card.
public enum LayoutMode: String, Sendable, CaseIterable {
  /// A card when the window is at least `breakpoint` wide, else a full-width sheet.
  case auto
  /// The full window width, edge to edge.
  case bottom
  /// A floating card of limited width beside one edge.
  case card
}

/// The edge a card layout keeps its margin from.
public enum LayoutSide: String, Sendable, CaseIterable {
  /// The card sits `margin` px from the left edge.
  case left
  /// The card sits `margin` px from the right edge.
  case right
}

/// Tuning key `layout`: the edge the sheet is attached to and its placement along that edge.
public struct LayoutConfig: Sendable, Equatable {
  /// The window edge the sheet is attached to (`height` is then its extent from that edge).
  public var edge: SheetEdge
  /// Which placement to use (a card: bottom and top edges only; a drawer spans the window's
  /// height).
  public var mode: LayoutMode
  /// Largest card width in px.
  public var maxWidth: Double
  /// Gap between the card and its side edge (and the least gap to the other edge), in px.
  public var margin: Double
  /// The edge the card is placed against.
  public var side: LayoutSide
  /// Window width (px) from which `auto` becomes a card.
  public var breakpoint: Double
  /// How far a floating card's bottom stays above the window's bottom edge, px (0: attached).
  public var bottomInset: Double = 0
  /// The notch at and above which the card attaches to the edge (no inset, top corners only).
  public var attachAt: String? = nil

  /// Creates a layout configuration; the defaults are the documented ones.
  public init(
    mode: LayoutMode = .auto, maxWidth: Double = 420, margin: Double = 16, side: LayoutSide = .left,
    breakpoint: Double = 900, edge: SheetEdge = .bottom
  ) {
    self.edge = edge
    self.mode = mode
    self.maxWidth = maxWidth
    self.margin = margin
    self.side = side
    self.breakpoint = breakpoint
  }

  /// Whether a window `width` px wide shows a card: never for a left or right drawer; a shade
  /// (top) only when `mode` is `card` (`auto` makes cards of bottom sheets only). Public because
  /// a host draws a card differently (all corners rounded, the map beside it).
  public func isCard(windowWidth width: Double) -> Bool {
    guard edge.isVertical else { return false }
    return switch mode {
    case .auto: edge == .bottom && width >= breakpoint
    case .bottom: false
    case .card: true
    }
  }

  /// The sheet's left edge and width in a window `width` px wide.
  public func frame(windowWidth width: Double) -> (x: Double, width: Double) {
    guard isCard(windowWidth: width) else { return (0, width) }
    let w = max(min(maxWidth, width - 2 * margin), 0)
    switch side {
    case .left: return (min(margin, width), w)
    case .right: return (max(width - margin - w, 0), w)
    }
  }
}

/// Tuning key `dismiss`: when a release dismisses, and whether the app confirms it first.
public struct DismissConfig: Sendable, Equatable {
  /// A downward release faster than this (px/s) dismisses a detail sheet, or sends the root
  /// sheet to its 0-height notch when it has one.
  public var velocity: Double
  /// t > 0: a release below (1 − t) × the lowest non-zero reachable notch dismisses (0: off).
  public var threshold: Double
  /// Every dismissal fires `didAttemptDismiss` and springs back instead; the app decides.
  public var confirm: Bool

  /// Creates a dismissal configuration.
  public init(velocity: Double = 1500, threshold: Double = 0, confirm: Bool = false) {
    self.velocity = velocity
    self.threshold = threshold
    self.confirm = confirm
  }
}
