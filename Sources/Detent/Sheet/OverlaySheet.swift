/// One draggable sheet: notches, drag with rubber band, release policy, spring settle, nested
/// list hand-off, header, dimming and keyboard inset. A pure function of its inputs and `step`.
///
/// Input methods take screen coordinates (origin top-left, y down) and are stamped with the
/// sheet's clock, which only `step(dt:)` advances. Read state through `snapshot`; collect what
/// happened with `takeEvents()`.
public struct OverlaySheet: Sendable {
  /// The tuning in force.
  public internal(set) var tuning: Tuning
  /// Notches resolved for the current available height.
  public internal(set) var notches: [Notch]
  /// Window width, px.
  public internal(set) var windowWidth: Double
  /// Window height, px.
  public internal(set) var windowHeight: Double
  /// Height of the simulated on-screen keyboard raising the sheet's bottom (as shown now,
  /// while it slides in or out).
  public internal(set) var keyboardInset: Double = 0
  /// The keyboard's slide: from, to and start time (nil when it rests).
  var keyboardSlide: (from: Double, to: Double, start: Double)?
  /// Sheet height, px.
  public internal(set) var height: Double
  /// dh/dt, px/s.
  public internal(set) var velocity: Double = 0
  /// The phase. Changed only by `enter(_:)`, the one place phase transitions happen.
  public private(set) var phase: SheetPhase
  /// The list inside the sheet.
  public internal(set) var list: ListScroller
  /// Engine time, advanced only by `step(dt:)`.
  public internal(set) var now: Double = 0
  /// Stack depth, stamped on events.
  public var depth = 0
  /// What the app shows in this sheet (the demo: a detail sheet's place). The engine only
  /// carries it, so a sheet and its content stay together, also while it slides out.
  public var tag = 0

  /// A fast downward release asked the stack to pop this detail sheet.
  public internal(set) var dismissRequested = false

  var tracker = VelocityTracker()
  var events: [SheetEvent] = []
  var listWasMoving = false
  /// Fractional wheel notches toward a sheet move, not yet a whole notch (+ up, − down).
  var wheelCarry = 0.0

  /// A sheet at its initial notch. Throws when the tuning does not fit the window.
  public init(tuning: Tuning, windowWidth: Double, windowHeight: Double) throws(ConfigError) {
    let notches = try tuning.validate(availableHeight: windowHeight)
    let initial =
      tuning.initialNotch.flatMap { name in notches.firstIndex { $0.name == name } }
      ?? notches.firstIndex { $0.enabled } ?? 0
    self.tuning = tuning
    self.notches = notches
    self.windowWidth = windowWidth
    self.windowHeight = windowHeight
    self.height = notches[initial].height
    self.phase = .idle(notch: initial)
    self.list = ListScroller(config: tuning.list, header: tuning.header)
    events.reserveCapacity(16)
    syncViewport()
  }

  // MARK: Geometry

  /// Height available to the sheet (window less keyboard).
  public var availableHeight: Double { max(windowHeight - keyboardInset, 0) }
  /// Screen y of the sheet's bottom edge.
  public var bottomY: Double { availableHeight }
  /// Screen y of the sheet's top edge.
  public var topY: Double { bottomY - height }
  /// Indices of the enabled notches.
  public var reachable: [Bool] { notches.map(\.enabled) }
  /// Height of the lowest reachable notch.
  public var lowerLimit: Double { notches.first { $0.enabled }?.height ?? 0 }
  /// Height of the highest reachable notch.
  public var upperLimit: Double { notches.last { $0.enabled }?.height ?? 0 }
  /// Index of the highest reachable notch.
  public var topNotch: Int { notches.lastIndex { $0.enabled } ?? 0 }
  /// Index of the lowest reachable notch.
  public var bottomNotch: Int { notches.firstIndex { $0.enabled } ?? 0 }
  /// The sheet's left edge and width (a card layout leaves the rest of the width to the map).
  public var horizontalFrame: (x: Double, width: Double) { tuning.layout.frame(windowWidth: windowWidth) }
  /// Content height per the overlay style.
  public var contentHeight: Double {
    tuning.style.contentHeight(height: height, highest: notches.last?.height ?? height)
  }
  /// Screen y where the list starts (the header slides up under the grabber as it hides).
  public var listTopY: Double { topY + SheetLayout.grabberHeight + tuning.header.height + list.headerOffset }

  /// Gives the list its visible height from the current layout.
  mutating func syncViewport() {
    let viewport = contentHeight - SheetLayout.grabberHeight - tuning.header.height - list.headerOffset
    list.viewport = max(0, viewport)
  }

  /// The notch index for `name`.
  public func notchIndex(named name: String) -> Int? { notches.firstIndex { $0.name == name } }

  /// Dimming start and end heights from the tuning (second-highest and highest by default).
  public var dimmingRange: (start: Double, end: Double) {
    let end = tuning.dimming.endNotch.flatMap(notchIndex(named:)) ?? notches.count - 1
    let start = tuning.dimming.startNotch.flatMap(notchIndex(named:)) ?? max(notches.count - 2, 0)
    return (notches[start].height, notches[end].height)
  }

  /// Backdrop alpha at the current height.
  public var dimAlpha: Double {
    let range = dimmingRange
    return Dimming.alpha(
      height: height, start: range.start, end: range.end, maxAlpha: tuning.dimming.maxAlpha)
  }

  // MARK: Snapshot and events

  /// The notch the sheet rests at, if it rests.
  public var restingNotch: Int? {
    switch phase {
    case .idle(let n): n
    case .pressed(let g), .dragging(let g): g.restingNotch
    case .settling, .coasting, .floating: nil
    }
  }

  /// Whether anything of this sheet moves by itself (a settle or coast, the list's momentum,
  /// bounce or wheel, the keyboard sliding): while false, stepping changes nothing on screen.
  public var isMoving: Bool {
    switch phase {
    case .settling, .coasting: return true
    case .idle, .floating, .pressed, .dragging: return list.isMoving || keyboardSlide != nil
    }
  }

  /// The phase's public name.
  public var phaseName: PhaseName {
    switch phase {
    case .idle, .floating: list.isMoving ? .scrolling : .idle
    case .pressed: .pressed
    case .dragging(let g): g.part == .list ? .scrolling : .dragging
    case .settling, .coasting: .settling
    }
  }

  /// The state after the last input or step.
  public var snapshot: SheetSnapshot {
    let target: Int? = if case .settling(let s) = phase { s.target } else { nil }
    let resting = restingNotch
    let frame = horizontalFrame
    // While the pointer moves the sheet, dh/dt is the pointer's own measured velocity.
    var shownVelocity = velocity
    if case .dragging(let g) = phase, g.part == .sheet { shownVelocity = -tracker.velocity(at: now) }
    return SheetSnapshot(
      height: height, velocity: shownVelocity, phase: phaseName, notchIndex: resting,
      notch: resting.map { notches[$0].name }, targetIndex: target,
      targetNotch: target.map { notches[$0].name },
      listOffset: list.offset, maxListOffset: list.maxOffset, headerOffset: list.headerOffset,
      dimAlpha: dimAlpha,
      contentHeight: contentHeight, top: topY, bottom: bottomY, listTop: listTopY,
      listViewport: list.viewport,
      windowWidth: windowWidth, windowHeight: windowHeight, sheetX: frame.x, sheetWidth: frame.width,
      rowHeight: tuning.list.rowHeight, headerHeight: tuning.header.height)
  }

  /// The one place the phase changes. Every transition of the state machine — press, drag,
  /// release, settle, coast, arrival, retarget, interruption — goes through here, so an
  /// invariant of the phases (for example: nothing runs user code, events are only appended)
  /// is checked in one spot.
  mutating func enter(_ next: SheetPhase) {
    phase = next
  }

  /// Returns and clears the events since the last call.
  public mutating func takeEvents() -> [SheetEvent] {
    let out = events
    events.removeAll(keepingCapacity: true)
    return out
  }

  /// Moves the events since the last call into `sink` without allocating.
  public mutating func drainEvents(into sink: inout [SheetEvent]) {
    sink.append(contentsOf: events)
    events.removeAll(keepingCapacity: true)
  }

  mutating func emit(_ kind: SheetEventKind, notch: Int? = nil) {
    events.append(
      SheetEvent(time: now, kind: kind, notch: notch.map { notches[$0].name }, height: height, sheet: depth))
  }

  /// Emits `listScrollBegan` / `listScrollEnded` when the list starts or stops moving.
  /// `heldByPointer` overrides what the phase says while a drag is being applied.
  mutating func noteListMotion(heldByPointer: Bool? = nil) {
    var held = false
    if case .dragging(let g) = phase, g.part == .list { held = true }
    let moving = list.isMoving || (heldByPointer ?? held)
    if moving != listWasMoving {
      emit(moving ? .listScrollBegan : .listScrollEnded)
      listWasMoving = moving
    }
  }
}
