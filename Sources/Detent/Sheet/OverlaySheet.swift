/// One draggable sheet: notches, drag with rubber band, release policy, spring settle, nested
/// list hand-off, header, dimming and keyboard inset. A pure function of its inputs and `step`.
///
/// Input methods take screen coordinates (origin top-left, y down) and are stamped with the
/// sheet's clock, which only `step(dt:)` advances. Read state through `snapshot`; collect what
/// happened with `takeEvents()`.
///
/// A value type with no clock and no I/O so that a host owns time and threads: the same inputs
/// give the same frames (recordings replay exactly), and a copy is a free "what if". State is
/// read-only from outside: the only way to change a sheet is an input, which goes through the
/// state machine's table (`handle(_:)`). The adoption guide is docs/engine-api.md.
public struct OverlaySheet: Sendable {
  /// The tuning in force (read it to show or save what the sheet does; change it with
  /// `setTuning(_:)`, which validates it first).
  public internal(set) var tuning: Tuning
  /// Notches resolved for the current available height: their index is what `move(to:)`,
  /// events and the snapshot use, their height is where the sheet rests (a renderer marks them).
  public internal(set) var notches: [Notch]
  /// Window width, px, as the last `resize` gave it (notches and the card layout follow it).
  public internal(set) var windowWidth: Double
  /// Window height, px, as the last `resize` gave it.
  public internal(set) var windowHeight: Double
  /// Height of the simulated on-screen keyboard raising the sheet's bottom (as shown now,
  /// while it slides in or out).
  public internal(set) var keyboardInset: Double = 0
  /// The keyboard's slide: from, to and start time (nil when it rests).
  var keyboardSlide: (from: Double, to: Double, start: Double)?
  /// Sheet height, px: the extent from its edge (what a renderer and the host's layout follow).
  public internal(set) var height: Double
  /// dh/dt, px/s (a host can, for example, blur or scale content with the sheet's speed).
  public internal(set) var velocity: Double = 0
  /// The pointer's dh/dt (px/s) at the last release of a drag, as `willEndDragging` reported
  /// it. Past an end notch the sheet itself moved slower (the rubber band): `velocity` then
  /// starts from the sheet's own speed, this is what the policy chose the notch from.
  public internal(set) var releaseVelocity: Double = 0
  /// The phase. Changed only by `handle(_:)`, the state machine's table.
  private(set) var phase: SheetPhase
  /// The list inside the sheet.
  var list: ListScroller
  /// Engine time, advanced only by `step(dt:)`: the time events are stamped with, so a host can
  /// line them up with its own frames.
  public internal(set) var now: Double = 0
  /// Stack depth, stamped on events: 0 for a root sheet, which a dismissal sends to its 0-height
  /// notch; above 0 for a sheet a `SheetStack` pushed, which a dismissal makes leave. Set by the
  /// stack (read-only outside: a changed depth would change what a dismissal does).
  public internal(set) var depth = 0
  /// What the app shows in this sheet (the demo: a detail sheet's place), given to
  /// `SheetStack.push(tuning:tag:)`. The engine only carries it, so a sheet and its content stay
  /// together, also while it slides out after the app forgot which place it showed.
  public internal(set) var tag = 0

  /// The notch the sheet last came to rest at: where a dismissal to confirm springs back to.
  /// Kept by `handle(_:)` whenever the phase becomes `.idle`.
  var departedNotch = 0
  /// The notch the sheet rested at (or headed to) when the keyboard showed (`restoreOnBlur`).
  var notchBeforeKeyboard: Int?

  /// The pointer's position along the drag axis (`SheetEdge.axisValue`), stamped with the
  /// pointer's clock (see `pointerDown(x:y:time:)`): its velocity is d(extent)/dt.
  var tracker = VelocityTracker()
  /// The pointer's −y on the same clock: the list's offset velocity (the list follows the
  /// pointer vertically on every edge).
  var scrollTracker = VelocityTracker()
  /// The pointer's clock at the last pointer input, and the engine's clock then.
  var pointerStamp = (pointer: 0.0, engine: 0.0)
  var events: [SheetEvent] = []
  var listWasMoving = false
  /// Fractional wheel notches toward a sheet move, not yet a whole notch (+ up, − down).
  var wheelCarry = 0.0
  /// List offset one wheel notch scrolls, px: the host's choice (a platform's line height), not
  /// the tuning's, so it is set on the sheet. A value that is not a finite number ≥ 0 is refused
  /// (the previous one stays): a host's bad conversion never turns the list's offset into NaN.
  public var wheelStep = SheetLayout.defaultWheelStep {
    didSet { if !wheelStep.isFinite || wheelStep < 0 { wheelStep = oldValue } }
  }

  /// A sheet at its initial notch (`Tuning.initialNotch`, else the first enabled one). Throws
  /// when the tuning does not fit the window, naming the key: a host reports it instead of
  /// showing a sheet with notches outside the window.
  public init(tuning: Tuning, windowWidth: Double, windowHeight: Double) throws(ConfigError) {
    let notches = try tuning.validate(windowWidth: windowWidth, windowHeight: windowHeight)
    let initial = tuning.startingNotch
    self.tuning = tuning
    self.notches = notches
    self.windowWidth = windowWidth
    self.windowHeight = windowHeight
    self.height = notches[initial].height
    self.phase = .idle(notch: initial)
    self.departedNotch = initial
    self.list = ListScroller(config: tuning.list, header: tuning.header)
    events.reserveCapacity(16)
    syncViewport()
  }

  // MARK: Geometry

  /// The edge the sheet is attached to: a renderer draws along this axis.
  public var edge: SheetEdge { tuning.layout.edge }
  /// Room for the sheet along its axis (notches resolve in it): the window's height less the
  /// keyboard for a bottom sheet, the window's height for a top one, its width for a drawer.
  public var availableHeight: Double { axisLength(for: edge) }
  /// Room along the axis of `edge` (the keyboard only shortens the bottom edge's).
  func axisLength(for edge: SheetEdge) -> Double {
    switch edge {
    case .bottom: max(windowHeight - keyboardInset, 0)
    case .top: windowHeight
    case .left, .right: windowWidth
    }
  }
  /// Screen y of the sheet's bottom edge (a drawer spans the window's height; a floating card
  /// ends `floatingInset` above the available area's bottom).
  public var bottomY: Double {
    switch edge {
    case .bottom: availableHeight - floatingInset
    case .top: height
    case .left, .right: windowHeight
    }
  }
  /// Screen y of the sheet's top edge.
  public var topY: Double { edge == .bottom ? availableHeight - height : 0 }
  /// Indices of the enabled notches.
  var reachable: [Bool] { notches.map(\.enabled) }
  /// Height of the lowest reachable notch.
  var lowerLimit: Double { notches.first { $0.enabled }?.height ?? 0 }
  /// Height of the highest reachable notch.
  var upperLimit: Double { notches.last { $0.enabled }?.height ?? 0 }
  /// Index of the highest reachable notch (a host's "expand" action moves there).
  public var topNotch: Int { notches.lastIndex { $0.enabled } ?? 0 }
  /// Index of the lowest reachable notch.
  var bottomNotch: Int { notches.firstIndex { $0.enabled } ?? 0 }
  /// The sheet's left edge and width (a card layout leaves the rest of the width to the map; a
  /// drawer is as wide as its extent; a full-width bottom sheet floating above the bottom keeps
  /// the same gap from both sides).
  public var horizontalFrame: (x: Double, width: Double) {
    switch edge {
    case .bottom:
      let frame = tuning.layout.frame(windowWidth: windowWidth)
      let side = tuning.layout.isCard(windowWidth: windowWidth) ? 0 : min(floatingInset, frame.width / 2)
      return (frame.x + side, frame.width - 2 * side)
    case .top: return tuning.layout.frame(windowWidth: windowWidth)
    case .left: return (0, height)
    case .right: return (windowWidth - height, height)
    }
  }
  /// Content height per the overlay style (a drawer's content width).
  var contentHeight: Double {
    tuning.style.contentHeight(height: height, highest: notches.last?.height ?? height)
  }
  /// Height of the grabber strip (`sheet.grabber`).
  var grabberHeight: Double { tuning.sheet.grabber }
  /// The header's and list's left edge and width: the sheet's, or for a drawer the part beside
  /// its grabber strip (laid out for the drawer's current width; `style` does not apply).
  var contentFrame: (x: Double, width: Double) {
    let width = max(height - grabberHeight, 0)
    switch edge {
    case .bottom, .top: return horizontalFrame
    case .left: return (0, width)
    case .right: return (windowWidth - height + grabberHeight, width)
    }
  }
  /// Screen y of the header's top: below the grabber of a bottom sheet, at the window's top for
  /// the other edges (a shade's grabber is at its lower, free edge; a drawer's beside it).
  var headerTopY: Double {
    (edge == .bottom ? topY + grabberHeight : 0) + list.headerOffset
  }
  /// Screen y where the list starts (the header slides up under the grabber as it hides).
  var listTopY: Double { headerTopY + tuning.header.height }
  /// Screen y of the footer's top: it sticks to the bottom of the sheet's visible part (above
  /// the keyboard; a shade's above its grabber strip), never above the sheet's top. Equals
  /// `bottomY` without a footer.
  var footerTopY: Double {
    let bottom = edge == .top ? bottomY - grabberHeight : bottomY
    return max(bottom - tuning.footer.height, topY)
  }

  /// Gives the list its visible height from the current layout: from the list's top to the
  /// footer, in the content (`style`) when the list resizes the sheet, in the visible part of
  /// the sheet when it scrolls at every notch. A drawer's list is as tall as the window less its
  /// header and footer.
  mutating func syncViewport() {
    let base = tuning.list.interaction == .scrolls ? height : contentHeight
    let extent = edge.isVertical ? base - grabberHeight : windowHeight
    let viewport = extent - tuning.header.height - list.headerOffset - tuning.footer.height - floatingInset
    list.viewport = max(0, viewport)
  }
  /// The notch index for `name`: apps name notches ("medium"), the engine's inputs take indices.
  public func notchIndex(named name: String) -> Int? { notches.firstIndex { $0.name == name } }

  /// Dimming start and end heights from the tuning (second-highest and highest by default).
  public var dimmingRange: (start: Double, end: Double) {
    let range = tuning.dimmingNotches
    return (notches[range.start].height, notches[range.end].height)
  }

  /// Backdrop alpha at the current height: the host dims what it shows behind the sheet with it
  /// (the engine does not draw).
  public var dimAlpha: Double {
    let range = dimmingRange
    return Dimming.alpha(
      height: height, start: range.start, end: range.end, maxAlpha: tuning.dimming.maxAlpha)
  }

  // MARK: The state machine

  /// The state machine's table, and the one place the phase changes: it switches over the
  /// phase and the input. Each arm computes the next phase with helpers that return it (they
  /// may move the height and the list and append events, but none assigns the phase, and no
  /// caller code runs inside). The public input methods are thin wrappers around it.
  @discardableResult
  mutating func handle(_ input: SheetInput) -> SheetReply {
    var reply = SheetReply.none
    let next: SheetPhase
    switch (phase, input) {
    // A dismissed sheet slides out by itself and takes no input; a resize keeps it inside the
    // window. Once down it is gone.
    case (.leaving(let l), .tick): next = leave(l)
    case (.leaving(let l), .relayout): next = refit(l)
    case (.leaving(let l), .retune):
      resolveNotches()
      fitList()
      next = refit(l)
    case (.leaving, _), (.gone, _): return .none
    case (.idle(let n), .present): next = present(at: n)
    case (_, .present): return .none
    // A press stops whatever moves where it is and starts a gesture (one at a time).
    case (.pressed, .press), (.dragging, .press): return .route(.none)
    case (_, .press(let x, let y, let t)):
      let (pressed, route) = press(x: x, y: y, time: t)
      next = pressed
      reply = .route(route)
    // The pointer moves: past the touch slop a press becomes a drag.
    case (.pressed(let g), .move(let x, let y, let t)):
      track(x: x, y: y, time: t)
      guard SheetLayout.pastSlop(dx: x - g.pressX, dy: y - g.pressY) else { return .none }
      next = .dragging(drag(g, toX: x, y: y))
    case (.dragging(let g), .move(let x, let y, let t)):
      track(x: x, y: y, time: t)
      next = .dragging(drag(g, toX: x, y: y))
    case (.idle, .move), (.settling, .move), (.coasting, .move), (.floating, .move): return .none
    // A release: a press that neither moved nor stopped a motion is a tap; a drag lets go.
    case (.pressed(let g), .release(_, _, let t, let v)):
      let (released, hit) = releasePress(g, time: t, velocityOverride: v)
      next = released
      if let hit { reply = .tap(hit) }
    case (.dragging(let g), .release(let x, let y, let t, let v)):
      next = releaseDrag(g, x: x, y: y, time: t, velocityOverride: v)
    case (.idle, .release), (.settling, .release), (.coasting, .release), (.floating, .release):
      return .none
    // Time: a coast (which may reach an end notch and hand over to the spring in the same
    // step) and a settle (which may arrive).
    case (.coasting(let c), .tick):
      let coasted = coast(c)
      if case .settling(let s) = coasted { next = settle(s) } else { next = coasted }
    case (.settling(let s), .tick): next = settle(s)
    case (.idle, .tick), (.floating, .tick), (.pressed, .tick), (.dragging, .tick): return .none
    // Programmatic moves end a gesture in progress.
    case (_, .moveTo(let n, let animated)): next = move(toNotch: n, animated: animated)
    // A replayed release waits for the pointer to let go.
    case (.pressed, .replayRelease), (.dragging, .replayRelease): return .none
    case (_, .replayRelease(let h, let v)):
      // Where a pointer could have let go: inside the window and what the rubber band shows.
      let d = availableHeight
      let raw = band.inverse(min(max(h, 0), d), lower: lowerLimit, upper: upperLimit, dimension: d)
      height = banded(raw)
      next = release(pointerVelocity: v, raw: raw)
    // Size and tuning changes keep the phase and fit it to the new notches.
    case (let p, .relayout): next = fit(p)
    case (let p, .retune(let previous)): next = retune(p, previous: previous)
    // A sheet resting at a content notch follows the new content height with its spring (from
    // where it is: nothing moved it yet); any other phase fits the new notches.
    case (.idle(let n), .rowsChanged) where notches[n].height != height:
      next = beginSettle(to: n, velocity: 0)
    case (let p, .rowsChanged): next = fit(p)
    case (let p, .keyboard(let shown)): next = keyboardChanged(p, shown: shown)
    // The app dismisses: a gesture in progress ends, then the sheet leaves (or, to confirm,
    // only attempts it).
    case (_, .dismiss(let confirmed)):
      abandonGesture()
      next = dismissal(velocity: 0, confirmed: confirmed) ?? phase
    }
    phase = next
    // Every rest at a notch, whichever arm led there (an arrival, a tap, a list part's
    // release), is where a dismissal to confirm springs back to.
    if case .idle(let n) = next { departedNotch = n }
    return reply
  }
}
