/// The wheel over a sheet: notches (and a touchpad's fractions of one) move the list or the
/// sheet by the same hand-off rules as a drag; a burst stops at the top notch.
extension OverlaySheet {
  /// `count` wheel notches at (x, y); positive goes further down the list. Returns whether the
  /// sheet took them (false: they belong to what is behind the sheet).
  @discardableResult
  public mutating func wheel(x: Double, y: Double, notches count: Int) -> Bool {
    wheel(x: x, y: y, notches: Double(count))
  }

  /// Wheel notches that may be fractional (a touchpad's precise deltas): on the list a fraction
  /// of a notch scrolls that fraction of `wheelStep`; fractions that would move the sheet add up, and
  /// each whole notch they make moves it one notch.
  @discardableResult
  public mutating func wheel(x: Double, y: Double, notches amount: Double) -> Bool {
    guard let hit = hitTest(x: x, y: y) else { return false }
    switch phase {
    case .pressed, .dragging: return true
    case .leaving, .gone: return false
    case .idle, .settling, .coasting, .floating: break
    }
    guard amount.isFinite, amount != 0 else { return true }
    let onList = Self.region(of: hit) == .list
    // A sheet that does not drag takes the wheel on its list only (it scrolls), and ignores it
    // elsewhere; a drawer's wheel only scrolls its list (the wheel is vertical, its axis is not).
    if !tuning.sheet.draggable, !onList { return true }
    let listOnly = !edge.isVertical || ((tuning.dragRegion == .header || !tuning.sheet.draggable) && onList)
    var rest = min(max(amount, -10_000), 10_000)
    while abs(rest) >= 1 {
      wheelNotch(down: rest > 0, listOnly: listOnly, onList: onList)
      rest -= rest > 0 ? 1 : -1
    }
    if rest != 0 { wheelNotch(down: rest > 0, listOnly: listOnly, onList: onList, fraction: abs(rest)) }
    noteListMotion()
    return true
  }

  mutating func wheelNotch(down: Bool, listOnly: Bool, onList: Bool, fraction: Double = 1) {
    syncViewport()
    let step = wheelStep * fraction
    if listOnly {
      list.wheel(by: down ? step : -step, now: now)
      return
    }
    // `list.interaction: scrolls`: over the list the wheel scrolls it at every notch, and only
    // once the list is at its top does a notch upward lower the sheet (a shade's, mirrored: at
    // its end a notch downward shrinks it).
    if onList, tuning.list.interaction == .scrolls {
      if edge == .top {
        if !down {
          list.wheel(by: -step, now: now)
        } else if list.roomTowardEnd > 0 {
          list.wheel(by: step, now: now)
        } else {
          moveSheetByWheel(up: false, fraction: fraction)
        }
      } else if down {
        list.wheel(by: step, now: now)
      } else if list.canScrollTowardTop {
        list.wheel(by: -step, now: now)
      } else {
        moveSheetByWheel(up: false, fraction: fraction)
      }
      return
    }
    if edge == .top {
      wheelNotchMirrored(down: down, fraction: fraction)
      return
    }
    // A burst that raises the sheet stops at the top notch: the list takes over only once the
    // sheet rests there (so the header does not scroll away in the same burst).
    if down, case .settling(let s) = phase, s.target == topNotch { return }
    let headingTop: Bool =
      switch phase {
      case .idle(let n): n == topNotch
      case .settling(let s): s.target == topNotch
      case .pressed, .dragging, .coasting, .floating, .leaving, .gone: false
      }
    guard headingTop else {
      moveSheetByWheel(up: down, fraction: fraction)
      return
    }
    if down {
      list.wheel(by: step, now: now)
    } else if list.canScrollTowardTop {
      let took = list.wheel(by: -step, now: now)
      if took > -step, !list.canScrollTowardTop { moveSheetByWheel(up: false, fraction: fraction) }
    } else {
      moveSheetByWheel(up: false, fraction: fraction)
    }
  }

  /// A top sheet's wheel notch, the bottom rules mirrored: wheeling up (content down, as a
  /// pointer dragging down) grows the sheet notch by notch and at the top notch scrolls the list
  /// toward its top; wheeling down scrolls the list toward its end there and, once it is at its
  /// end (or below the top notch), shrinks the sheet a notch.
  mutating func wheelNotchMirrored(down: Bool, fraction: Double) {
    let step = wheelStep * fraction
    if !down, case .settling(let s) = phase, s.target == topNotch { return }
    let atTop: Bool =
      switch phase {
      case .idle(let n): n == topNotch
      case .settling(let s): s.target == topNotch
      case .pressed, .dragging, .coasting, .floating, .leaving, .gone: false
      }
    guard atTop else {
      moveSheetByWheel(up: !down, fraction: fraction)
      return
    }
    if !down {
      list.wheel(by: -step, now: now)
    } else if list.roomTowardEnd > 0 {
      let took = list.wheel(by: step, now: now)
      if took < step, list.roomTowardEnd <= 0 { moveSheetByWheel(up: false, fraction: fraction) }
    } else {
      moveSheetByWheel(up: false, fraction: fraction)
    }
  }

  /// A whole wheel notch moves the sheet one notch; fractions add up until they make one.
  mutating func moveSheetByWheel(up: Bool, fraction: Double) {
    guard fraction < 1 else {
      wheelCarry = 0
      moveOneNotch(up: up)
      return
    }
    if (wheelCarry > 0) != up { wheelCarry = 0 }
    wheelCarry += up ? fraction : -fraction
    if abs(wheelCarry) >= 1 - 1e-9 {
      wheelCarry = 0
      moveOneNotch(up: up)
    }
  }

  /// Settles to the next reachable notch above or below the current target (or height);
  /// nothing when there is none in that direction.
  public mutating func moveOneNotch(up: Bool) {
    let base: Double =
      switch phase {
      case .settling(let s): notches[s.target].height
      case .idle(let n): notches[n].height
      case .pressed, .dragging, .coasting, .floating, .leaving, .gone: height
      }
    let next =
      up
      ? notches.indices.first { notches[$0].enabled && notches[$0].height > base + 1e-9 }
      : notches.indices.last { notches[$0].enabled && notches[$0].height < base - 1e-9 }
    if let next { move(to: next, animated: true) }
  }
}
