/// Pointer and wheel input: press, drag with the list hand-off, release, tap, wheel.
extension OverlaySheet {
  /// What lies under screen point (x, y) on this sheet, or nil when it is not on the sheet.
  public func hitTest(x: Double, y: Double) -> SheetHit? {
    let frame = horizontalFrame
    guard height > 0, y >= topY, y < bottomY, x >= frame.x, x < frame.x + frame.width else { return nil }
    let local = y - topY
    let localX = x - frame.x
    if local < SheetLayout.grabberHeight { return .grabber }
    if y < listTopY {
      return .header(x: localX, y: y - (topY + SheetLayout.grabberHeight + list.headerOffset))
    }
    let contentY = y - listTopY + list.offset
    guard contentY >= 0 else { return .emptyList }
    let index = Int(contentY / tuning.list.rowHeight)
    guard index < tuning.list.rows else { return .emptyList }
    return .row(index: index, x: localX, y: contentY - Double(index) * tuning.list.rowHeight)
  }

  static func region(of hit: SheetHit) -> SheetRegion {
    switch hit {
    case .grabber: .grabber
    case .header: .header
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

  /// A press at (x, y). On the sheet it stops any motion where it is and starts tracking; on a
  /// dimmed backdrop it performs `backdropTap`; on an undimmed one it belongs to the map.
  @discardableResult
  public mutating func pointerDown(x: Double, y: Double) -> PointerRoute {
    switch phase {
    case .pressed, .dragging: return .none
    case .idle, .settling, .coasting, .floating: break
    }
    // Below the sheet's bottom (the app's on-screen keyboard, if any) is not the sheet's.
    if y >= bottomY { return .none }
    guard let hit = hitTest(x: x, y: y) else {
      guard dimAlpha > 0 else { return .map }
      switch tuning.backdropTap {
      case .collapse:
        let start = tuning.dimming.startNotch.flatMap(notchIndex(named:)) ?? max(notches.count - 2, 0)
        move(to: start, animated: true)
      case .dismiss: move(to: 0, animated: true)
      case .none: break
      }
      return .backdrop(tuning.backdropTap)
    }
    var gesture = Gesture(
      region: Self.region(of: hit), pressX: x, pressY: y, lastY: y,
      rawHeight: band.inverse(height, lower: lowerLimit, upper: upperLimit, dimension: availableHeight),
      restingNotch: nil, interrupted: false, interruptedTarget: nil)
    switch phase {
    case .idle(let n):
      gesture.restingNotch = n
      if list.isCoasting {
        gesture.interrupted = true
        list.stop()
      }
    case .floating:
      gesture.restingFloating = true
      if list.isCoasting {
        gesture.interrupted = true
        list.stop()
      }
    case .settling(let s):
      gesture.interrupted = true
      gesture.interruptedTarget = s.target
      gesture.stoppedSheet = true
      velocity = 0
    case .coasting:
      gesture.interrupted = true
      gesture.stoppedSheet = true
      velocity = 0
    case .pressed, .dragging: break
    }
    tracker.reset()
    tracker.add(time: now, value: y)
    enter(.pressed(gesture))
    noteListMotion()
    return .sheet(hit)
  }

  /// The pointer moved to (x, y) while pressed: past the touch slop it drags, 1:1 with the pointer.
  public mutating func pointerMove(x: Double, y: Double) {
    switch phase {
    case .pressed(let g):
      tracker.add(time: now, value: y)
      guard max(abs(x - g.pressX), abs(y - g.pressY)) > SheetLayout.touchSlop else { return }
      enter(.dragging(g))
      apply(pointerY: y)
    case .dragging:
      tracker.add(time: now, value: y)
      apply(pointerY: y)
    case .idle, .settling, .coasting, .floating:
      return
    }
    noteListMotion()
  }

  /// Applies the pointer's vertical movement to the sheet and/or the list.
  mutating func apply(pointerY y: Double) {
    guard case .dragging(var g) = phase else { return }
    let delta = g.lastY - y
    g.lastY = y
    guard delta != 0 else { return }
    switch (g.region, tuning.dragRegion) {
    case (.list, .sheet): handOff(delta, &g)
    case (.list, .header):
      syncViewport()
      list.drag(by: delta)
      g.part = .list
    default: moveSheet(by: delta, &g)
    }
    enter(.dragging(g))
  }

  /// The two-way hand-off: upward, the sheet rises to its top notch and the rest scrolls the
  /// list; downward at the top, the list returns to its top and the rest lowers the sheet.
  mutating func handOff(_ delta: Double, _ g: inout Gesture) {
    var rest = delta
    let upper = upperLimit
    if rest > 0 {
      if g.rawHeight < upper {
        let take = min(rest, upper - g.rawHeight)
        moveSheet(by: take, &g)
        rest -= take
      }
      if rest > 0 {
        syncViewport()
        list.drag(by: rest)
        g.part = .list
      }
    } else {
      if g.rawHeight >= upper - 1e-9, list.canScrollTowardTop {
        syncViewport()
        let took = list.drag(by: rest)
        rest -= took
        if took != 0 { g.part = .list }
      }
      if rest < 0 { moveSheet(by: rest, &g) }
    }
  }

  mutating func moveSheet(by delta: Double, _ g: inout Gesture) {
    // The pointer hands over from the list to the sheet: the list's scroll ends first.
    noteListMotion(heldByPointer: false)
    if !g.sheetDragStarted {
      g.sheetDragStarted = true
      emit(.willStartDragging)
    }
    g.rawHeight += delta
    g.restingNotch = nil
    g.restingFloating = false
    g.part = .sheet
    height = banded(g.rawHeight)
    syncViewport()
  }

  /// The pointer let go at (x, y). `velocityOverride` (screen px/s, y down) replaces the measured
  /// velocity. Returns what was tapped when the press neither moved nor stopped a motion.
  @discardableResult
  public mutating func pointerUp(x: Double, y: Double, velocityOverride: Double? = nil) -> SheetHit? {
    switch phase {
    case .pressed(let g):
      if g.stoppedSheet {
        // The pointer's own velocity: a press held still (or not moved) re-targets from rest.
        releaseSheet(velocity: -(velocityOverride ?? tracker.velocity(at: now)))
        noteListMotion()
        return nil
      }
      if g.restingFloating {
        restFloating()
      } else if let n = g.restingNotch {
        enter(.idle(notch: n))
      } else {
        // The notch it rested at went away under the press (a tune): re-target from here.
        releaseSheet(velocity: 0)
      }
      if g.interrupted {
        syncViewport()
        list.release(velocity: 0, now: now)
        noteListMotion()
        return nil
      }
      return hitTest(x: g.pressX, y: g.pressY)
    case .dragging(let g):
      if y != g.lastY {
        tracker.add(time: now, value: y)
        apply(pointerY: y)
      } else if let last = tracker.lastTime, now - last >= 0.05 {
        tracker.add(time: now, value: y)
      }
      guard case .dragging(let g) = phase else { return nil }
      let v = -(velocityOverride ?? tracker.velocity(at: now))
      if g.sheetDragStarted { emit(.willEndDragging(velocity: v)) }
      switch g.part {
      case .sheet:
        releaseSheet(velocity: v)
      case .list:
        syncViewport()
        list.release(velocity: v, now: now)
        if let n = g.restingNotch ?? (abs(height - upperLimit) < 1e-6 ? topNotch : nil) {
          height = notches[n].height
          enter(.idle(notch: n))
          // A gesture that moved the sheet and handed back to the list ends like any sheet
          // drag: with the notch it rests at.
          if g.sheetDragStarted {
            emit(.willMoveToNotch(n), notch: n)
            emit(.didMoveToNotch(n), notch: n)
          }
        } else {
          beginSettle(to: topNotch, velocity: 0)
        }
      case .none:
        if let n = g.restingNotch {
          enter(.idle(notch: n))
        } else if g.restingFloating {
          restFloating()
        } else if g.stoppedSheet {
          releaseSheet(velocity: v)
        } else {
          let target = TargetPolicy.nearest.target(
            height: height, velocity: 0, heights: notches.map(\.height), reachable: reachable)
          beginSettle(to: target ?? topNotch, velocity: 0)
        }
      }
      noteListMotion()
      return nil
    case .idle, .settling, .coasting, .floating:
      return nil
    }
  }
}
