/// A pointer's velocity in screen coordinates, px/s (x right, y down): a release's override.
/// The sheet takes its component along the drag axis (`SheetEdge.extentVelocity`), the list −y.
public struct PointerVelocity: Sendable, Equatable {
  /// Horizontal velocity, px/s, positive to the right.
  public var x: Double
  /// Vertical velocity, px/s, positive down.
  public var y: Double

  /// A velocity of (x, y) px/s.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}
