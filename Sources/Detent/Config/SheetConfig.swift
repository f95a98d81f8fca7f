/// Tuning key `sheet`: the sheet's own chrome and whether a press on it drags it.
public struct SheetConfig: Sendable, Equatable {
  /// Height of the grabber strip at the sheet's top, px.
  public var grabber: Double
  /// Radius of the sheet's rounded corners, px.
  public var cornerRadius: Double
  /// Whether a press on the sheet can drag it (false: keys, taps and moves still move it, the
  /// list still scrolls).
  public var draggable: Bool

  /// Creates a sheet configuration; the defaults are the documented ones.
  public init(grabber: Double = 20, cornerRadius: Double = 12, draggable: Bool = true) {
    self.grabber = grabber
    self.cornerRadius = cornerRadius
    self.draggable = draggable
  }
}

/// Tuning key `footer`: a bar that sticks to the bottom of the sheet's visible part.
public struct FooterConfig: Sendable, Equatable {
  /// Height in px (0: no footer).
  public var height: Double

  /// Creates a footer configuration.
  public init(height: Double = 0) { self.height = height }
}
