/// Time, settling and programmatic moves (layout changes: `OverlaySheet+Layout.swift`).
extension OverlaySheet {
  /// Distance (px) from the target within which a settle may end.
  static let settleDistance = 0.5
  /// Speed (px/s) below which a settle may end.
  static let settleSpeed = 5.0

  /// Advances the clock by `dt` seconds and moves whatever is in motion. The engine's only clock:
  /// the host calls it once per frame after the frame's inputs, so a slowed, paused or replayed
  /// host gets the same motion for the same `dt`s.
  public mutating func step(dt: Double) {
    guard dt > 0, dt.isFinite else { return }
    now += dt
    if let slide = keyboardSlide {
      let t = now - slide.start
      keyboardInset =
        ReducedMotion.state(from: slide.from, to: slide.to, at: t, duration: Self.keyboardDuration).height
      if t >= Self.keyboardDuration - 1e-9 { keyboardSlide = nil }
      relayout()
    }
    handle(.tick)
    syncViewport()
    list.step(now: now, held: phase.gesture != nil)
    noteListMotion()
  }

  /// Advances a settle to the current time: it goes on, or arrives at its notch.
  mutating func settle(_ s: Settle) -> SheetPhase {
    let targetHeight = restingHeight(s.target)
    if let duration = s.duration {
      let state = ReducedMotion.state(
        from: s.fromHeight, to: targetHeight, at: now - s.start, duration: duration)
      height = min(max(state.height, 0), max(availableHeight, targetHeight))
      velocity = state.velocity
      return now - s.start >= duration - 1e-9 ? arrive(at: s.target) : .settling(s)
    }
    let state = tuning.spring.state(
      displacement: s.fromHeight - targetHeight, velocity: s.fromVelocity, at: now - s.start)
    let free = targetHeight + state.displacement
    height = clampToBand(free, target: targetHeight)
    velocity = state.velocity
    if height != free {
      // Held at an edge that does not stretch (or the window's): a notch there is reached as a
      // wall is, the settle ends; elsewhere the sheet shows still at the edge (dh/dt 0) until the
      // spring brings it back. (Held at its notch while the spring went on unseen, it sagged back
      // below it a second later and arrived late.)
      if abs(height - targetHeight) <= Self.settleDistance { return arrive(at: s.target) }
      velocity = 0
      return .settling(s)
    }
    if abs(state.displacement) <= Self.settleDistance, abs(state.velocity) <= Self.settleSpeed {
      return arrive(at: s.target)
    }
    return .settling(s)
  }

  /// Keeps a settle inside what the rubber band lets the sheet show: past an edge that does not
  /// stretch it stops at the edge; past an elastic one at most the band's asymptote. Never
  /// below 0 or above the available height: the sheet stays inside the window.
  func clampToBand(_ h: Double, target: Double) -> Double {
    let upper = max(upperLimit, target)
    let lower = min(lowerLimit, target)
    let d = availableHeight
    let above = !band.top || band.kind == .none ? 0 : d
    let below = !band.bottom || band.kind == .none ? 0 : d
    return min(max(h, lower - below, 0), upper + above, max(d, target))
  }

  /// A spring from the current height with dh/dt `velocity` toward notch `target`, started at
  /// `start` (default: now); says `willMoveToNotch`.
  mutating func beginSettle(to target: Int, velocity v: Double, start: Double? = nil) -> SheetPhase {
    emit(.willMoveToNotch(target), notch: target)
    velocity = v
    return .settling(
      Settle(
        target: target, fromHeight: height, fromVelocity: v, start: start ?? now,
        duration: tuning.reduceMotion ? ReducedMotion.duration : nil))
  }

  /// Snaps exactly onto notch `index` and reports the arrival.
  mutating func arrive(at index: Int) -> SheetPhase {
    height = restingHeight(index)
    velocity = 0
    syncViewport()
    collapseList()
    emit(.didMoveToNotch(index), notch: index)
    if height == 0 { emit(.dismissed, notch: index) }
    return .idle(notch: index)
  }

  /// Moves to notch `index` (any notch, enabled or not): animated with the spring from the
  /// current height and velocity, or at once. Fires `willMoveToNotch` and `didMoveToNotch`;
  /// arrival is `didMoveToNotch` in the events (an interrupted move gets none; no caller code
  /// runs inside the engine). A drag in progress is ended.
  public mutating func move(to index: Int, animated: Bool) {
    guard notches.indices.contains(index) else { return }
    handle(.moveTo(notch: index, animated: animated))
    noteListMotion()
  }

  /// The phase a move to notch `index` leads to; a gesture in progress ends first.
  mutating func move(toNotch index: Int, animated: Bool) -> SheetPhase {
    abandonGesture()
    // A move to a 0-height notch is a dismissal: to confirm first, it is only attempted.
    if notches[index].height == 0, tuning.dismiss.confirm, let back = dismissal(velocity: 0, confirmed: false)
    {
      return back
    }
    let v: Double =
      switch phase {
      case .settling, .coasting: velocity
      case .idle, .pressed, .dragging, .floating, .leaving, .gone: 0
      }
    if animated { return beginSettle(to: index, velocity: v) }
    emit(.willMoveToNotch(index), notch: index)
    return arrive(at: index)
  }

  /// Abandons a gesture in progress before a programmatic move or dismissal: the drag's end is
  /// reported and the list lets go (back inside if the press held it overscrolled).
  mutating func abandonGesture() {
    guard let g = phase.gesture else { return }
    if g.sheetDragStarted { emit(.willEndDragging(velocity: 0)) }
    syncViewport()
    list.release(velocity: 0, now: now)
  }

  /// Moves to the notch named `name`; returns false when there is none.
  @discardableResult
  public mutating func move(toNotchNamed name: String, animated: Bool) -> Bool {
    guard let index = notchIndex(named: name) else { return false }
    move(to: index, animated: animated)
    return true
  }
}

extension OverlaySheet {
  /// Plays a release as if the pointer had let go at `height` with dh/dt `velocity` (the
  /// pointer's, as `releaseVelocity` records it): the policy picks the notch and the spring runs
  /// from the sheet's own velocity there, as a live release would (the tuning panel's "replay
  /// last release"). A height no drag could reach now (recorded in a taller window, or before a
  /// tune) starts at the nearest one that can.
  public mutating func replayRelease(height h: Double, velocity v: Double) {
    guard h.isFinite, v.isFinite else { return }
    handle(.replayRelease(height: h, velocity: v))
  }
}
