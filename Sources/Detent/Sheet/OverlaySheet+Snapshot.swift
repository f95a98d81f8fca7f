/// What a sheet shows and says: its resting notch, motion, snapshot and events.
extension OverlaySheet {
  /// The notch the sheet rests at, if it rests (a host enables notch-specific content there).
  public var restingNotch: Int? {
    switch phase {
    case .idle(let n): n
    case .pressed(let g), .dragging(let g): g.restingNotch
    case .settling, .coasting, .floating, .leaving, .gone: nil
    }
  }

  /// Whether anything of this sheet moves by itself (a settle or coast, the list's momentum,
  /// bounce or wheel, the keyboard sliding): while false, stepping changes nothing on screen, so
  /// a host may stop redrawing (and sleep until the next input).
  public var isMoving: Bool {
    switch phase {
    case .settling, .coasting, .leaving: return true
    case .gone: return false
    case .idle, .floating, .pressed, .dragging: return list.isMoving || keyboardSlide != nil
    }
  }

  /// Farthest from its target, px, a settle may be for its motion to count as imperceptible.
  public static let imperceptibleDistance = 2.0
  /// Fastest a settle may move, px/s, for its motion to count as imperceptible (less than a
  /// pixel per frame at 60 Hz).
  public static let imperceptibleSpeed = 40.0

  /// Whether what is left of the sheet's motion is too small to see: a settle within
  /// `imperceptibleDistance` of its notch and slower than `imperceptibleSpeed`, with the list
  /// and the keyboard still. A tap then goes through to what it touches, as on iOS, instead of
  /// only stopping the sheet.
  public var motionIsImperceptible: Bool {
    guard case .settling(let s) = phase, !list.isMoving, keyboardSlide == nil, s.target < notches.count else {
      return false
    }
    return abs(height - notches[s.target].height) <= Self.imperceptibleDistance
      && abs(velocity) <= Self.imperceptibleSpeed
  }

  /// Whether the pointer drags the sheet or its list (a press moved past the touch slop): a host
  /// then stops hover effects and its own gestures under the pointer.
  public var isDragging: Bool {
    if case .dragging = phase { true } else { false }
  }

  /// Whether the sheet was dismissed and slides out (or is already gone): it takes no input, so a
  /// host that keeps its own sheets (without `SheetStack`) routes input elsewhere.
  public var isLeaving: Bool {
    switch phase {
    case .leaving, .gone: true
    case .idle, .pressed, .dragging, .settling, .coasting, .floating: false
    }
  }

  /// Whether a dismissed sheet has slid out: settled at height 0, within half a pixel and
  /// nearly at rest. A host that keeps its own sheets drops it then (never on a timer).
  public var isGone: Bool {
    if case .gone = phase { true } else { false }
  }

  /// The phase's public name, as traces, reports and test expectations spell it (the phase itself
  /// is internal: its cases carry the engine's bookkeeping).
  public var phaseName: PhaseName {
    switch phase {
    case .idle, .floating, .gone: list.isMoving ? .scrolling : .idle
    case .pressed: .pressed
    case .dragging(let g): g.part == .list ? .scrolling : .dragging
    case .settling, .coasting, .leaving: .settling
    }
  }

  /// The state after the last input or step, in screen px: everything a renderer draws, as one
  /// value (rendering only reads, so a frame cannot change what it draws).
  public var snapshot: SheetSnapshot {
    let target: Int? = if case .settling(let s) = phase { s.target } else { nil }
    let resting = restingNotch
    let frame = horizontalFrame
    // While the pointer moves the sheet, dh/dt is the pointer's measured velocity through the
    // rubber band (what a release now would hand to the settle: a pointer held still counts
    // as rested after 50 ms).
    var shownVelocity = velocity
    if case .dragging(let g) = phase, g.part == .sheet {
      shownVelocity = tracker.velocityHeld(at: pointerNow) * bandSlope(at: g.rawHeight)
    }
    return SheetSnapshot(
      height: height, velocity: shownVelocity, phase: phaseName, notchIndex: resting,
      notch: resting.map { notches[$0].name }, targetIndex: target,
      targetNotch: target.map { notches[$0].name },
      listOffset: list.offset, maxListOffset: list.maxOffset, headerOffset: list.headerOffset,
      dimAlpha: dimAlpha,
      contentHeight: contentHeight, top: topY, bottom: bottomY, listTop: listTopY,
      listViewport: list.viewport,
      windowWidth: windowWidth, windowHeight: windowHeight, sheetX: frame.x, sheetWidth: frame.width,
      rowHeight: tuning.list.rowHeight, headerHeight: tuning.header.height,
      cornerRadius: tuning.sheet.cornerRadius,
      grabber: grabberHeight, rowHeights: tuning.list.rowHeights, footerHeight: tuning.footer.height,
      footerTop: footerTopY, floatingInset: floatingInset, edge: edge, contentX: contentFrame.x,
      contentWidth: contentFrame.width)
  }

  /// Returns and clears the events since the last call: the host's delegate callbacks, as values
  /// read after the frame (no app code runs inside the engine).
  public mutating func takeEvents() -> [SheetEvent] {
    let out = events
    events.removeAll(keepingCapacity: true)
    return out
  }

  /// Moves the events since the last call into `sink` without allocating: for a host loop that
  /// keeps one buffer across frames.
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
