/// Which part of the sheet a gesture moved last; on release only that part keeps momentum.
enum GesturePart: Sendable, Equatable {
  /// Nothing has moved yet.
  case none
  /// The sheet's height.
  case sheet
  /// The list's offset.
  case list
}

/// Where a press landed on the sheet.
enum SheetRegion: Sendable, Equatable {
  /// The grabber strip at the top.
  case grabber
  /// The header (search field, chips, or a detail sheet's title bar).
  case header
  /// The list.
  case list
  /// The sticky footer (drags the sheet like the header).
  case footer
}

/// Where the sheet was when a press landed on it, for as long as the sheet has not moved.
enum SheetAtPress: Sendable, Equatable {
  /// At rest at this notch.
  case notch(Int)
  /// At rest between notches (`free` policy).
  case floating
  /// Settling or coasting: the press stopped it where it is (a release re-targets from there).
  case stopped
  /// The sheet has moved in this gesture, or the notch it rested at went away (a tune).
  case moved
}

/// One pointer gesture on the sheet, from press to release.
struct Gesture: Sendable, Equatable {
  /// The region pressed.
  var region: SheetRegion
  /// Press point, screen coordinates.
  var pressX: Double
  /// Press point, screen coordinates.
  var pressY: Double
  /// The last pointer x applied.
  var lastX: Double
  /// The last pointer y applied.
  var lastY: Double
  /// The sheet height the pointer drives, before the rubber band.
  var rawHeight: Double
  /// `rawHeight` at the press (`list.interaction: scrolls` never raises the sheet above it).
  var pressRawHeight: Double = 0
  /// The part that moved last.
  var part: GesturePart = .none
  /// Where the sheet was when pressed, until it moves.
  var sheetAtPress: SheetAtPress
  /// The press stopped a coasting or bouncing list (then a release without a drag is no tap).
  var stoppedList = false
  /// The press stopped a settle whose motion was imperceptible: a release without a drag is
  /// still a tap (`OverlaySheet.motionIsImperceptible`).
  var stoppedImperceptibly = false
  /// The sheet's notch while it has not moved in this gesture.
  var restingNotch: Int? { if case .notch(let n) = sheetAtPress { n } else { nil } }
  /// `willStartDragging` has fired for this gesture.
  var sheetDragStarted = false
  /// A drawer's list press: whether the direction lock gave the gesture to the drawer (nil until
  /// the pointer passes the touch slop).
  var movesDrawer: Bool?
}

/// A spring settle toward a notch, solved from its start.
struct Settle: Sendable, Equatable {
  /// Index of the target notch.
  var target: Int
  /// Height at the start.
  var fromHeight: Double
  /// dh/dt at the start.
  var fromVelocity: Double
  /// Engine time at the start.
  var start: Double
  /// Reduced motion: an eased move of this many seconds (no overshoot) instead of the spring.
  var duration: Double? = nil
}

/// A coast with no target (the `free` policy): the release velocity decays until the sheet stops.
struct Coast: Sendable, Equatable {
  /// Height at the start.
  var fromHeight: Double
  /// dh/dt at the start.
  var fromVelocity: Double
  /// Engine time at the start.
  var start: Double
  /// Deceleration rate per millisecond.
  var rate: Double
  /// Reduced motion: the stop height, reached by an eased move of `Reduced.duration` seconds.
  var easedTo: Double? = nil
}

/// A dismissed sheet's slide out: its spring (or, under reduced motion, an eased move) from
/// where it was let go down to height 0, the window's edge, which holds it there.
struct Leave: Sendable, Equatable {
  /// Height at the start.
  var fromHeight: Double
  /// dh/dt at the start (never upward: a sheet on its way out never rises).
  var fromVelocity: Double
  /// Engine time at the start.
  var start: Double
  /// Reduced motion: an eased move of this many seconds instead of the spring.
  var duration: Double? = nil
}

/// The sheet's phase (internal: callers read `snapshot`, `restingNotch`, `phaseName`). It
/// changes only in `OverlaySheet.handle(_:)`, the state machine's one table.
enum SheetPhase: Sendable, Equatable {
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
  /// Dismissed: sliding out below the window; it takes no input.
  case leaving(Leave)
  /// Slid out: settled at height 0 after a dismissal (a stack drops it).
  case gone

  /// The gesture of a press or drag.
  var gesture: Gesture? {
    switch self {
    case .pressed(let g), .dragging(let g): g
    case .idle, .settling, .coasting, .floating, .leaving, .gone: nil
    }
  }

  /// The same phase (pressed or dragging) with an updated gesture; other phases unchanged.
  func replacing(_ g: Gesture) -> SheetPhase {
    switch self {
    case .pressed: .pressed(g)
    case .dragging: .dragging(g)
    case .idle, .settling, .coasting, .floating, .leaving, .gone: self
    }
  }
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
