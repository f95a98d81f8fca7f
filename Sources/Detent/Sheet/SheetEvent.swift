/// What happened, for delegates and the `--log-events` stream.
public enum SheetEventKind: Sendable, Equatable {
  /// The first press-and-move of a gesture started moving the sheet.
  case willStartDragging
  /// The pointer let go of a dragged sheet; `velocity` is dh/dt in px/s.
  case willEndDragging(velocity: Double)
  /// A settle toward the notch began.
  case willMoveToNotch(Int)
  /// The sheet came to rest at the notch.
  case didMoveToNotch(Int)
  /// The sheet came to rest at a notch of height 0.
  case dismissed
  /// The list started moving.
  case listScrollBegan
  /// The list came to rest.
  case listScrollEnded
  /// A free-policy sheet came to rest between notches, at the event's height.
  case didSettle
  /// A detail sheet left the stack (Escape, its close button, or a fast downward swipe).
  case didPop
  /// A dismissal was asked for while `dismiss.confirm` holds: the sheet springs back and the
  /// app decides (`OverlaySheet.dismiss()` when it agrees).
  case didAttemptDismiss

  /// The contract's event name.
  public var name: String {
    switch self {
    case .willStartDragging: "willStartDragging"
    case .willEndDragging: "willEndDragging"
    case .willMoveToNotch: "willMoveToNotch"
    case .didMoveToNotch: "didMoveToNotch"
    case .dismissed: "dismissed"
    case .listScrollBegan: "listScrollBegan"
    case .listScrollEnded: "listScrollEnded"
    case .didSettle: "didSettle"
    case .didPop: "didPop"
    case .didAttemptDismiss: "didAttemptDismiss"
    }
  }
}

/// An event with its time and the sheet's state when it happened.
public struct SheetEvent: Sendable, Equatable {
  /// Engine time in seconds.
  public var time: Double
  /// What happened.
  public var kind: SheetEventKind
  /// Name of the notch involved, if any.
  public var notch: String?
  /// Sheet height at that moment.
  public var height: Double
  /// Depth in the stack (0 = the root sheet).
  public var sheet: Int = 0
}
