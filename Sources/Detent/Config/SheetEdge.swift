import Foundation

/// The window edge a sheet is attached to (tuning key `layout.edge`), and the one mapping between
/// screen coordinates and the engine's single dimension, the sheet's extent from that edge.
///
/// The engine never looks at a pointer's x or y for the sheet's motion except through these
/// functions: `axisValue` gives a point's position along the drag axis growing away from the
/// edge (so its differences are extent changes and its time derivative is d(extent)/dt), and
/// `extentVelocity` does the same for a velocity.
public enum SheetEdge: String, Sendable, CaseIterable {
  /// Attached to the window's bottom; dragging up makes it taller (the classic bottom sheet).
  case bottom
  /// Attached to the window's top; dragging down makes it taller (a shade).
  case top
  /// Attached to the window's left; dragging right makes it wider (a drawer or sidebar).
  case left
  /// Attached to the window's right; dragging left makes it wider.
  case right

  /// The largest angle (degrees) between a drawer's drag axis and a movement on its list that
  /// still moves the drawer; a steeper movement scrolls the list.
  static let directionLockDegrees = 30.0

  /// Whether the drag axis is vertical (bottom, top); false for left and right drawers.
  public var isVertical: Bool { self == .bottom || self == .top }

  /// The window's size along the drag axis.
  func axisLength(windowWidth: Double, windowHeight: Double) -> Double {
    isVertical ? windowHeight : windowWidth
  }

  /// Screen point (x, y)'s position along the drag axis, growing away from the edge: extent
  /// changes are differences of it (bottom −y, top y, left x, right −x).
  func axisValue(x: Double, y: Double) -> Double {
    switch self {
    case .bottom: -y
    case .top: y
    case .left: x
    case .right: -x
    }
  }

  /// The extent of a sheet whose free edge passes through (x, y) when the attached edge lies
  /// `length` px along the axis from the window's top (bottom) or left (right) side.
  func extent(x: Double, y: Double, length: Double) -> Double {
    switch self {
    case .bottom, .right: length + axisValue(x: x, y: y)
    case .top, .left: axisValue(x: x, y: y)
    }
  }

  /// The screen coordinate (y for bottom/top, x for left/right) of the free edge of a sheet
  /// `extent` px from the edge, `length` as in `extent(x:y:length:)`.
  func freeEdge(extent: Double, length: Double) -> Double {
    switch self {
    case .bottom, .right: length - extent
    case .top, .left: extent
    }
  }

  /// d(extent)/dt for a pointer moving at (x, y) px/s in screen coordinates (x right, y down).
  func extentVelocity(x: Double, y: Double) -> Double { axisValue(x: x, y: y) }

  /// d(extent)/dt for a pointer velocity `v` px/s along the drag axis in screen coordinates
  /// (y down for bottom/top, x right for left/right).
  func extentVelocity(alongAxis v: Double) -> Double {
    isVertical ? extentVelocity(x: 0, y: v) : extentVelocity(x: v, y: 0)
  }

  /// How the list's offset follows the pointer during a hand-off, per px of extent: +1 at the
  /// bottom (pulling the sheet taller scrolls further down the list), −1 at the top (mirrored);
  /// 0 for a drawer, whose list scrolls across the drag axis and never hands off.
  var listSign: Double {
    switch self {
    case .bottom: 1
    case .top: -1
    case .left, .right: 0
    }
  }

  /// Whether a movement (dx, dy) from the press on a drawer's list moves the drawer (less than
  /// `directionLockDegrees` from the horizontal axis) rather than scrolling the list.
  static func movesDrawer(dx: Double, dy: Double) -> Bool {
    abs(dy) < abs(dx) * tan(directionLockDegrees * .pi / 180)
  }
}
