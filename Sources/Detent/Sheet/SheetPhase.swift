/// Which part of the sheet a gesture moved last; on release only that part keeps momentum.
public enum GesturePart: Sendable, Equatable {
  /// Nothing has moved yet.
  case none
  /// The sheet's height.
  case sheet
  /// The list's offset.
  case list
}

/// Where a press landed on the sheet.
public enum SheetRegion: Sendable, Equatable {
  /// The grabber strip at the top.
  case grabber
  /// The header (search field, chips, or a detail sheet's title bar).
  case header
  /// The list.
  case list
}

/// One pointer gesture on the sheet, from press to release.
public struct Gesture: Sendable, Equatable {
  /// The region pressed.
  public var region: SheetRegion
  /// Press point, screen coordinates.
  public var pressX: Double
  /// Press point, screen coordinates.
  public var pressY: Double
  /// The last pointer y applied.
  public var lastY: Double
  /// The sheet height the pointer drives, before the rubber band.
  public var rawHeight: Double
  /// The part that moved last.
  public var part: GesturePart = .none
  /// The notch the sheet rested at when pressed, while the sheet has not moved.
  public var restingNotch: Int?
  /// The press stopped a moving sheet or list (then a release without a drag is not a tap).
  public var interrupted: Bool
  /// The settle target the press interrupted, if any.
  public var interruptedTarget: Int?
  /// The press stopped a settling or coasting sheet (a release re-targets from where it is).
  public var stoppedSheet = false
  /// The sheet rested between notches (`free` policy) when pressed, and has not moved.
  public var restingFloating = false
  /// `willStartDragging` has fired for this gesture.
  public var sheetDragStarted = false
}

/// A spring settle toward a notch, solved from its start.
public struct Settle: Sendable, Equatable {
  /// Index of the target notch.
  public var target: Int
  /// Height at the start.
  public var fromHeight: Double
  /// dh/dt at the start.
  public var fromVelocity: Double
  /// Engine time at the start.
  public var start: Double
  /// Reduced motion: an eased move of this many seconds (no overshoot) instead of the spring.
  public var duration: Double? = nil
}

/// A coast with no target (the `free` policy): the release velocity decays until the sheet stops.
public struct Coast: Sendable, Equatable {
  /// Height at the start.
  public var fromHeight: Double
  /// dh/dt at the start.
  public var fromVelocity: Double
  /// Engine time at the start.
  public var start: Double
  /// Deceleration rate per millisecond.
  public var rate: Double
  /// Reduced motion: the stop height, reached by an eased move of `Reduced.duration` seconds.
  public var easedTo: Double? = nil
}

/// The sheet's phase. Every transition happens in `OverlaySheet`'s input and step methods.
public enum SheetPhase: Sendable, Equatable {
  /// At rest at a notch (the list may still coast).
  case idle(notch: Int)
  /// Pressed, not yet moved past the touch slop.
  case pressed(Gesture)
  /// The pointer is moving the sheet or its list.
  case dragging(Gesture)
  /// Springing toward a notch.
  case settling(Settle)
  /// Coasting with no target (`free` policy).
  case coasting(Coast)
  /// At rest between notches (`free` policy), at `height`.
  case floating
}

/// The phase as it appears in traces, reports and `expect`.
public enum PhaseName: String, Sendable, CaseIterable {
  /// At rest (sheet at a notch, list still).
  case idle
  /// Pointer down, not moved yet.
  case pressed
  /// The pointer moves the sheet.
  case dragging
  /// The list moves (under the pointer, coasting, bouncing or by the wheel) with the sheet at rest.
  case scrolling
  /// The sheet springs toward a notch.
  case settling
}
