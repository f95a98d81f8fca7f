/// Time, settling, programmatic moves and layout changes.
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
    height = clampToBand(targetHeight + state.displacement, target: targetHeight)
    velocity = state.velocity
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

  /// The window changed size: notches are recomputed; a sheet at rest stays at its notch, a
  /// settle retargets from where it is, a drag keeps following the pointer.
  public mutating func resize(width: Double, height newHeight: Double) {
    windowWidth = max(width, 0)
    windowHeight = max(newHeight, 0)
    relayout()
  }

  /// Seconds the simulated keyboard takes to slide in or out.
  static let keyboardDuration = 0.25

  /// Shows (inset > 0) or hides the simulated on-screen keyboard; the sheet's bottom rises by
  /// it. Animated, the keyboard slides over `keyboardDuration` (eased, from where it is) and the
  /// sheet follows frame by frame; otherwise it jumps.
  public mutating func setKeyboardInset(_ inset: Double, animated: Bool = true) {
    let target = min(max(inset, 0), windowHeight)
    let wasShown = keyboardTarget > 0
    if animated, target != keyboardInset {
      keyboardSlide = (keyboardInset, target, now)
    } else {
      keyboardSlide = nil
      keyboardInset = target
      relayout()
    }
    if (target > 0) != wasShown { handle(.keyboard(shown: target > 0)) }
  }

  /// Where the keyboard is heading (its inset once any slide ends).
  var keyboardTarget: Double { keyboardSlide?.to ?? keyboardInset }

  /// Applies a new tuning live. Throws (keeping the old one) when it does not fit the window.
  public mutating func setTuning(_ newTuning: Tuning) throws(ConfigError) {
    // Along the new tuning's axis: a tune may change the edge.
    _ = try newTuning.validate(availableHeight: axisLength(for: newTuning.layout.edge))
    let previous = notches
    tuning = newTuning
    list.config = newTuning.list
    list.header = newTuning.header
    handle(.retune(previous: previous))
  }

  /// The phase after a tuning change, from phase `p` under the old tuning's notches `previous`.
  /// Notches are followed by name (or, when the count is unchanged, by place: a rename). A sheet
  /// whose resting notch the tune removed or disabled settles, with `willMoveToNotch` and
  /// `didMoveToNotch`, to where a new sheet would rest (`Tuning.startingNotch`); a settle whose
  /// target went away heads there, and one whose target was renamed heads for it, each saying so;
  /// a press on a notch that went away re-targets on release. The phase then fits the new
  /// notches, and resting or coasting between notches needs the `free` policy.
  mutating func retune(_ p: SheetPhase, previous: [Notch]) -> SheetPhase {
    resolveNotches()
    let start = tuning.startingNotch
    // Where a dismissal to confirm springs back to follows its notch too.
    departedNotch = survivor(of: departedNotch, in: previous) ?? start
    notchBeforeKeyboard = notchBeforeKeyboard.flatMap { survivor(of: $0, in: previous) }
    var next = p
    var retarget = false
    switch p {
    case .idle(let n):
      guard let m = survivor(of: n, in: previous) else {
        fitList()
        height = min(height, availableHeight)
        return beginSettle(to: start, velocity: 0)
      }
      next = .idle(notch: m)
    case .settling(var s):
      let m = survivor(of: s.target, in: previous)
      retarget = m == nil || notches[m ?? start].name != previous[s.target].name
      s.target = m ?? start
      next = .settling(s)
    case .pressed(var g), .dragging(var g):
      if let n = g.restingNotch {
        g.sheetAtPress = survivor(of: n, in: previous).map { .notch($0) } ?? .moved
      }
      next = p.replacing(g)
    case .coasting, .floating, .leaving, .gone: break
    }
    next = fit(next)
    fitList()
    switch next {
    case .floating where !floats: return snap(velocity: 0)
    case .coasting where !floats: return snap(velocity: velocity)
    case .settling(let s) where retarget: return beginSettle(to: s.target, velocity: velocity)
    default: return next
    }
  }

  /// Where notch `i` of `previous` is among the current notches: the notch of the same name, or,
  /// when the count is unchanged and no notch has that name, the new name at the same place (a
  /// rename). Nil when it went away, or when it was enabled and the tune disabled it.
  func survivor(of i: Int, in previous: [Notch]) -> Int? {
    guard previous.indices.contains(i) else { return nil }
    let old = previous[i]
    let renamed =
      previous.count == notches.count && !previous.contains { $0.name == notches[i].name } ? i : nil
    guard let m = notchIndex(named: old.name) ?? renamed, notches[m].enabled || !old.enabled else {
      return nil
    }
    return m
  }

  /// Re-resolves notches for the available height without failing: heights are clamped into
  /// 0...available so indices (and the notch the sheet rests at) survive any size.
  mutating func relayout() {
    resolveNotches()
    handle(.relayout)
    fitList()
  }

  /// Resolves the tuning's notches for the available height and the current content. Each is
  /// clamped into the room, and none falls below the one before it: when a keyboard or a small
  /// window leaves less room than a fixed notch wants, a notch written as an inset from the top
  /// ("the window less 120") would otherwise resolve lower than the fixed one it is above.
  mutating func resolveNotches() {
    let available = max(availableHeight, 0)
    let content = ContentHeights(tuning)
    var floor = 0.0
    notches = tuning.notches.map { spec in
      let h = spec.resolvedHeight(available: available, content: content)
      floor = max(floor, h.isFinite ? min(max(h, 0), available) : 0)
      return Notch(name: spec.name, height: floor, enabled: spec.enabled)
    }
  }

  /// Gives the list its viewport from the layout and keeps its offset inside its content.
  mutating func fitList() {
    syncViewport()
    list.clampToContent()
  }

  /// Phase `p` fitted to re-resolved notches: at rest it stays at its notch, a settle
  /// retargets from where it is, a coast goes on from here, a drag keeps following the pointer.
  mutating func fit(_ p: SheetPhase) -> SheetPhase {
    switch p {
    case .idle(let n):
      height = restingHeight(n)
      velocity = 0
      return p
    case .settling(let s):
      // A smaller window takes the sheet with it: it never shows above the window's top, nor
      // farther past the new limits than the rubber band lets it.
      height = clampToBand(height, target: notches[s.target].height)
      return .settling(
        Settle(
          target: s.target, fromHeight: height, fromVelocity: velocity, start: now,
          duration: s.duration.map { max($0 - (now - s.start), 0) }))
    case .coasting(let c):
      // Like a sheet resting between notches, a coasting one stays between the end notches.
      height = betweenEndNotches(height)
      let eased = c.easedTo.map(betweenEndNotches)
      return .coasting(
        Coast(fromHeight: height, fromVelocity: velocity, start: now, rate: c.rate, easedTo: eased))
    case .floating:
      height = betweenEndNotches(height)
      return p
    case .leaving(let l): return refit(l)
    case .gone:
      height = 0
      return p
    case .pressed(var g), .dragging(var g):
      switch g.sheetAtPress {
      // The sheet has not moved in this gesture: it stays at its notch, or between the end
      // notches as when it rested there.
      case .notch(let n): height = restingHeight(n)
      case .floating: height = betweenEndNotches(height)
      case .stopped, .moved:
        height = banded(g.rawHeight)
        return p
      }
      g.rawHeight = height
      return p.replacing(g)
    }
  }

  /// `h` kept between the lowest and the highest reachable notch.
  func betweenEndNotches(_ h: Double) -> Double { min(max(h, lowerLimit), upperLimit) }
}

extension OverlaySheet {
  /// Changes the number of list rows (a search filter) without animating the sheet; the list
  /// returns to its top when the content changes.
  /// A sheet resting at a content notch follows the new content height with its spring.
  public mutating func setListRows(_ rows: Int) {
    guard rows != tuning.list.rows else { return }
    tuning.list.rows = max(rows, 0)
    list.config.rows = tuning.list.rows
    resolveNotches()
    handle(.rowsChanged)
    fitList()
    list.reset(offset: 0)
    noteListMotion()
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
