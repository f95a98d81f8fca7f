/// Pointer and wheel input: press, drag with the list hand-off, release, tap, wheel.
extension OverlaySheet {
  /// What lies under screen point (x, y) on this sheet, or nil when it is not on the sheet.
  public func hitTest(x: Double, y: Double) -> SheetHit? {
    let frame = horizontalFrame
    guard height > 0, y >= topY, y < bottomY, x >= frame.x, x < frame.x + frame.width else { return nil }
    // The grabber strip lines the free edge; header, list and footer are laid out from the
    // header's top across the content's width.
    let fromFreeEdge: Double =
      switch edge {
      case .bottom: y - topY
      case .top: bottomY - y
      case .left: frame.x + frame.width - x
      case .right: x - frame.x
      }
    if fromFreeEdge < grabberHeight { return .grabber }
    let localX = x - contentFrame.x
    if tuning.footer.height > 0, y >= footerTopY { return .footer(x: localX, y: y - footerTopY) }
    if y < listTopY { return .header(x: localX, y: y - headerTopY) }
    let contentY = y - listTopY + list.offset
    guard contentY >= 0 else { return .emptyList }
    let rows = tuning.list.rowHeights
    let index = rows.row(at: contentY)
    guard index < tuning.list.rows else { return .emptyList }
    return .row(index: index, x: localX, y: contentY - rows.top(ofRow: index))
  }

  static func region(of hit: SheetHit) -> SheetRegion {
    switch hit {
    case .grabber: .grabber
    case .header: .header
    case .footer: .footer
    case .row, .emptyList: .list
    }
  }

  /// The rubber band in force (none under reduced motion).
  var band: RubberBand { tuning.reduceMotion ? RubberBand(kind: .none) : tuning.rubberBand }

  func banded(_ raw: Double) -> Double {
    min(
      max(0, band.apply(raw, lower: lowerLimit, upper: upperLimit, dimension: availableHeight)),
      availableHeight)
  }

  /// d(banded)/d(raw) at `raw`: the rubber band's slope, 0 where the window's edge holds the
  /// sheet.
  func bandSlope(at raw: Double) -> Double {
    let shown = band.apply(raw, lower: lowerLimit, upper: upperLimit, dimension: availableHeight)
    guard shown >= 0, shown <= availableHeight else { return 0 }
    return band.slope(at: raw, lower: lowerLimit, upper: upperLimit, dimension: availableHeight)
  }

  /// A press at (x, y). On the sheet it stops any motion where it is and starts tracking; on a
  /// dimmed backdrop it performs `backdropTap`; on an undimmed one it belongs to what is behind.
  ///
  /// `time` is the pointer's own clock in seconds (nil: the engine's clock, `now`). The release
  /// velocity is measured on it, so a program that runs the engine slower than real time (slow
  /// motion, pause, frame stepping) passes its wall clock and a hand moving 100 px in 0.2 s
  /// releases at 500 px/s whatever the engine's speed. Use one clock for a whole gesture.
  @discardableResult
  public mutating func pointerDown(x: Double, y: Double, time: Double? = nil) -> PointerRoute {
    let reply = handle(.press(x: x, y: y, time: pointerClock(time)))
    noteListMotion()
    if case .route(let route) = reply { return route }
    return .none
  }

  /// The pointer moved to (x, y) while pressed: past the touch slop it drags, 1:1 with the
  /// pointer. `time`: the pointer's clock, as for `pointerDown`.
  public mutating func pointerMove(x: Double, y: Double, time: Double? = nil) {
    handle(.move(x: x, y: y, time: pointerClock(time)))
    noteListMotion()
  }

  /// The pointer let go at (x, y). `velocityOverride` (screen px/s along the drag axis: y down
  /// for bottom and top sheets, x right for drawers) replaces the measured velocity; `time`: the
  /// pointer's clock, as for `pointerDown`. Returns what was tapped when the press neither moved
  /// nor stopped a motion.
  @discardableResult
  public mutating func pointerUp(
    x: Double, y: Double, time: Double? = nil, velocityOverride: Double? = nil
  ) -> SheetHit? {
    let v = velocityOverride.map {
      edge.isVertical ? PointerVelocity(x: 0, y: $0) : PointerVelocity(x: $0, y: 0)
    }
    return pointerUp(x: x, y: y, time: time, velocity: v)
  }

  /// The pointer let go at (x, y); `velocity` (screen px/s, x right, y down) replaces the
  /// measured velocity of the sheet (its component along the axis) and of the list (−y).
  @discardableResult
  public mutating func pointerUp(x: Double, y: Double, time: Double? = nil, velocity: PointerVelocity?)
    -> SheetHit?
  {
    let reply = handle(.release(x: x, y: y, time: pointerClock(time), velocity: velocity))
    noteListMotion()
    if case .tap(let hit) = reply { return hit }
    return nil
  }

  /// The pointer's clock for an input stamped `time` (nil: the engine's), remembered with the
  /// engine's clock so the snapshot can tell the pointer's speed between inputs.
  mutating func pointerClock(_ time: Double?) -> Double {
    let t = time ?? now
    pointerStamp = (t, now)
    return t
  }

  /// The pointer's clock now: the last stamp plus the engine time since (exactly `now` when the
  /// pointer runs on the engine's clock).
  var pointerNow: Double { pointerStamp.pointer + (now - pointerStamp.engine) }

  /// A press at (x, y) in any phase but a gesture: the phase it leads to and where it went.
  mutating func press(x: Double, y: Double, time: Double) -> (SheetPhase, PointerRoute) {
    // Below a bottom sheet's available area (the app's on-screen keyboard, if any) is not the
    // sheet's; the gap under a floating card is what lies behind.
    if edge == .bottom, y >= availableHeight { return (phase, .none) }
    guard let hit = hitTest(x: x, y: y) else {
      guard dimAlpha > 0 else { return (phase, .behind) }
      switch tuning.backdropTap {
      case .collapse:
        return (move(toNotch: tuning.dimmingNotches.start, animated: true), .backdrop(.collapse))
      case .dismiss: return (move(toNotch: 0, animated: true), .backdrop(.dismiss))
      case .none: return (phase, .backdrop(.none))
      }
    }
    // The press stops whatever moves where it is: the sheet's settle or coast...
    let sheetAtPress: SheetAtPress
    let imperceptible = motionIsImperceptible
    switch phase {
    case .idle(let n): sheetAtPress = .notch(n)
    case .floating: sheetAtPress = .floating
    case .settling, .coasting:
      sheetAtPress = .stopped
      velocity = 0
    case .pressed, .dragging, .leaving, .gone: sheetAtPress = .moved
    }
    var gesture = Gesture(
      region: Self.region(of: hit), pressX: x, pressY: y, lastX: x, lastY: y,
      rawHeight: band.inverse(height, lower: lowerLimit, upper: upperLimit, dimension: availableHeight),
      sheetAtPress: sheetAtPress)
    gesture.stoppedImperceptibly = imperceptible
    gesture.pressRawHeight = gesture.rawHeight
    // ...and the list's coast or bounce, in any phase (a list flung at the top notch still
    // coasts while a move takes the sheet away).
    if list.isCoasting {
      gesture.stoppedList = true
      list.stop()
    }
    tracker.reset()
    scrollTracker.reset()
    track(x: x, y: y, time: time)
    return (.pressed(gesture), .sheet(hit))
  }

  /// Samples the pointer (on its clock) for the release velocities: along the axis, and −y for the list.
  mutating func track(x: Double, y: Double, time: Double) {
    tracker.add(time: time, value: edge.axisValue(x: x, y: y))
    scrollTracker.add(time: time, value: -y)
  }

  /// Applies the pointer's movement to the sheet (along its axis) and/or the list (vertically);
  /// returns the gesture moved on.
  mutating func drag(_ gesture: Gesture, toX x: Double, y: Double) -> Gesture {
    var g = gesture
    // The extent change the pointer asks for, and the list's (content follows the pointer).
    let delta = edge.axisValue(x: x, y: y) - edge.axisValue(x: g.lastX, y: g.lastY)
    let scroll = g.lastY - y
    g.lastX = x
    g.lastY = y
    guard delta != 0 || scroll != 0 else { return g }
    // A sheet that does not drag: the list still scrolls on its own (vertically, following the
    // pointer), the rest does nothing.
    guard tuning.sheet.draggable else {
      if g.region == .list, scroll != 0 { scrollList(by: scroll, &g) }
      return g
    }
    switch (g.region, tuning.dragRegion) {
    case (.list, .sheet) where !edge.isVertical:
      // A drawer's list: the first movement past the slop locks the gesture to the drawer
      // (near the horizontal axis) or to the list, for the rest of the gesture.
      let drawer = g.movesDrawer ?? SheetEdge.movesDrawer(dx: x - g.pressX, dy: y - g.pressY)
      g.movesDrawer = drawer
      if drawer {
        if delta != 0 { moveSheet(by: delta, &g) }
      } else if scroll != 0 {
        scrollList(by: scroll, &g)
      }
    case (.list, .sheet) where tuning.list.interaction == .scrolls: if delta != 0 { scrollFirst(delta, &g) }
    case (.list, .sheet): if delta != 0 { handOff(delta, &g) }
    case (.list, .header): if scroll != 0 { scrollList(by: scroll, &g) }
    default: if delta != 0 { moveSheet(by: delta, &g) }
    }
    return g
  }

  mutating func moveSheet(by delta: Double, _ g: inout Gesture) {
    // The pointer hands over from the list to the sheet: the list's scroll ends first.
    noteListMotion(heldByPointer: false)
    if !g.sheetDragStarted {
      g.sheetDragStarted = true
      emit(.willStartDragging)
    }
    g.rawHeight += delta
    g.sheetAtPress = .moved
    g.part = .sheet
    height = banded(g.rawHeight)
    syncViewport()
  }

  /// The release of a press that did not move past the touch slop: the phase it leads to, and
  /// what was tapped when the press did not stop a motion either.
  mutating func releasePress(_ g: Gesture, time: Double, velocityOverride: PointerVelocity?)
    -> (SheetPhase, SheetHit?)
  {
    let next: SheetPhase
    switch g.sheetAtPress {
    case .stopped:
      // The pointer's own velocity: a press held still (or not moved) re-targets from rest.
      let next = release(pointerVelocity: sheetVelocity(velocityOverride, at: time), raw: g.rawHeight)
      // In a settle's imperceptible end the press is a tap as well.
      let tapped = g.stoppedImperceptibly && !g.stoppedList ? hitTest(x: g.pressX, y: g.pressY) : nil
      return (next, tapped)
    case .floating: next = restFloating()
    case .notch(let n): next = .idle(notch: n)
    // The notch it rested at went away under the press (a tune): re-target from here.
    case .moved: next = release(velocity: 0)
    }
    if g.stoppedList {
      syncViewport()
      list.release(velocity: 0, now: now)
      return (next, nil)
    }
    return (next, hitTest(x: g.pressX, y: g.pressY))
  }

  /// d(extent)/dt at release: the override's component along the axis, else the measured one
  /// (the pointer's, before the rubber band).
  func sheetVelocity(_ override: PointerVelocity?, at time: Double) -> Double {
    override.map { edge.extentVelocity(x: $0.x, y: $0.y) } ?? tracker.velocity(at: time)
  }

  /// The release of a drag at (x, y): the part that moved last keeps the momentum.
  mutating func releaseDrag(
    _ gesture: Gesture, x: Double, y: Double, time: Double, velocityOverride: PointerVelocity?
  ) -> SheetPhase {
    var g = gesture
    if x != g.lastX || y != g.lastY {
      track(x: x, y: y, time: time)
      g = drag(g, toX: x, y: y)
    } else if tracker.rested(at: time) {
      track(x: x, y: y, time: time)
    }
    let v = sheetVelocity(velocityOverride, at: time)
    // The list's offset velocity: it follows the pointer's −y.
    let listVelocity = velocityOverride.map { -$0.y } ?? scrollTracker.velocity(at: time)
    releaseVelocity = v
    if g.sheetDragStarted { emit(.willEndDragging(velocity: v)) }
    switch g.part {
    case .sheet:
      return release(pointerVelocity: v, raw: g.rawHeight)
    case .list:
      syncViewport()
      list.release(velocity: listVelocity, now: now)
      if tuning.list.interaction == .scrolls { return restAfterScroll(g) }
      guard let n = g.restingNotch ?? (abs(height - upperLimit) < 1e-6 ? topNotch : nil) else {
        return beginSettle(to: topNotch, velocity: 0)
      }
      return rest(at: n, after: g)
    case .none:
      switch g.sheetAtPress {
      case .notch(let n): return .idle(notch: n)
      case .floating: return restFloating()
      case .stopped: return release(pointerVelocity: v, raw: g.rawHeight)
      case .moved:
        return beginSettle(to: nearestNotch, velocity: 0)
      }
    }
  }
}
