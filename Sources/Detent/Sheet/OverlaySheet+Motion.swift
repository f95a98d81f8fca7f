/// Time, settling, programmatic moves and layout changes.
extension OverlaySheet {
  /// Distance (px) from the target within which a settle may end.
  public static let settleDistance = 0.5
  /// Speed (px/s) below which a settle may end.
  public static let settleSpeed = 5.0

  /// Advances the clock by `dt` seconds and moves whatever is in motion.
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
    if case .coasting(let c) = phase { stepCoast(c) }
    if case .settling(let s) = phase {
      let targetHeight = notches[s.target].height
      if let duration = s.duration {
        let state = ReducedMotion.state(
          from: s.fromHeight, to: targetHeight, at: now - s.start, duration: duration)
        height = min(max(state.height, 0), max(availableHeight, targetHeight))
        velocity = state.velocity
        if now - s.start >= duration - 1e-9 { arrive(at: s.target) }
      } else {
        let state = tuning.spring.state(
          displacement: s.fromHeight - targetHeight, velocity: s.fromVelocity, at: now - s.start)
        height = clampToBand(targetHeight + state.displacement, target: targetHeight)
        velocity = state.velocity
        if abs(state.displacement) <= Self.settleDistance, abs(state.velocity) <= Self.settleSpeed {
          arrive(at: s.target)
        }
      }
    }
    syncViewport()
    let held: Bool =
      switch phase {
      case .pressed, .dragging: true
      case .idle, .settling, .coasting, .floating: false
      }
    list.step(now: now, held: held)
    noteListMotion()
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

  /// Starts a spring from the current height with dh/dt `velocity` toward notch `target`.
  mutating func beginSettle(to target: Int, velocity v: Double) {
    emit(.willMoveToNotch(target), notch: target)
    velocity = v
    phase = .settling(
      Settle(
        target: target, fromHeight: height, fromVelocity: v, start: now,
        duration: tuning.reduceMotion ? ReducedMotion.duration : nil))
  }

  /// Snaps exactly onto notch `index` and reports the arrival.
  mutating func arrive(at index: Int) {
    height = notches[index].height
    velocity = 0
    phase = .idle(notch: index)
    syncViewport()
    collapseList()
    emit(.didMoveToNotch(index), notch: index)
    if height == 0 { emit(.dismissed, notch: index) }
    finishCompletion(true)
  }

  mutating func finishCompletion(_ finished: Bool) {
    let done = completion
    completion = nil
    done?(finished)
  }

  /// Moves to notch `index` (any notch, enabled or not): animated with the spring from the
  /// current height and velocity, or at once. Fires `willMoveToNotch` and `didMoveToNotch`;
  /// `completion` gets true on arrival, false when interrupted. A drag in progress is ended.
  public mutating func move(to index: Int, animated: Bool, completion: (@Sendable (Bool) -> Void)? = nil) {
    guard notches.indices.contains(index) else {
      completion?(false)
      return
    }
    switch phase {
    case .dragging(let g), .pressed(let g):
      if g.sheetDragStarted { emit(.willEndDragging(velocity: 0)) }
      // The list lets go too: back inside if the press held it overscrolled.
      syncViewport()
      list.release(velocity: 0, now: now)
    case .settling: finishCompletion(false)
    case .idle, .coasting, .floating: break
    }
    self.completion = completion
    let v: Double =
      switch phase {
      case .settling, .coasting: velocity
      case .idle, .pressed, .dragging, .floating: 0
      }
    if animated {
      beginSettle(to: index, velocity: v)
    } else {
      emit(.willMoveToNotch(index), notch: index)
      arrive(at: index)
    }
    noteListMotion()
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
  public static let keyboardDuration = 0.25

  /// Shows (inset > 0) or hides the simulated on-screen keyboard; the sheet's bottom rises by
  /// it. Animated, the keyboard slides over `keyboardDuration` (eased, from where it is) and the
  /// sheet follows frame by frame; otherwise it jumps.
  public mutating func setKeyboardInset(_ inset: Double, animated: Bool = true) {
    let target = min(max(inset, 0), windowHeight)
    if animated, target != keyboardInset {
      keyboardSlide = (keyboardInset, target, now)
      return
    }
    keyboardSlide = nil
    keyboardInset = target
    relayout()
  }

  /// Where the keyboard is heading (its inset once any slide ends).
  public var keyboardTarget: Double { keyboardSlide?.to ?? keyboardInset }

  /// Applies a new tuning live. Throws (keeping the old one) when it does not fit the window.
  public mutating func setTuning(_ newTuning: Tuning) throws(ConfigError) {
    _ = try newTuning.validate(availableHeight: availableHeight)
    let oldCount = notches.count
    let settlingTo: String? = if case .settling(let s) = phase { notches[s.target].name } else { nil }
    tuning = newTuning
    list.config = newTuning.list
    list.header = newTuning.header
    if newTuning.notches.count != oldCount {
      let fallback =
        newTuning.initialNotch.flatMap { n in newTuning.notches.firstIndex { $0.name == n } } ?? 0
      switch phase {
      case .idle(let n) where n >= newTuning.notches.count: phase = .idle(notch: fallback)
      case .settling(var s) where s.target >= newTuning.notches.count:
        s.target = fallback
        phase = .settling(s)
      case .pressed(var g), .dragging(var g):
        if let n = g.restingNotch, n >= newTuning.notches.count { g.restingNotch = nil }
        if let n = g.interruptedTarget, n >= newTuning.notches.count { g.interruptedTarget = fallback }
        if case .pressed = phase { phase = .pressed(g) } else { phase = .dragging(g) }
      default: break
      }
    }
    relayout()
    switch phase {
    case .idle(let n) where abs(height - notches[n].height) > 0: beginSettle(to: n, velocity: 0)
    // Resting or coasting between notches is for the free policy only: another one snaps.
    case .floating where !floats: snap(velocity: 0)
    case .coasting where !floats: snap(velocity: velocity)
    // The settle's notch is gone or renamed: it heads for the new one and says so.
    case .settling(let s) where notches[s.target].name != settlingTo:
      beginSettle(to: s.target, velocity: velocity)
    default: break
    }
  }

  /// Re-resolves notches for the available height without failing: heights are clamped into
  /// 0...available so indices (and the notch the sheet rests at) survive any size.
  mutating func relayout() {
    let available = availableHeight
    let content = ContentHeights(tuning)
    notches = tuning.notches.map { spec in
      let h = spec.resolvedHeight(available: available, content: content)
      return Notch(
        name: spec.name, height: h.isFinite ? min(max(h, 0), max(available, 0)) : 0, enabled: spec.enabled)
    }
    switch phase {
    case .idle(let n):
      height = notches[n].height
      velocity = 0
    case .settling(let s):
      // A smaller window takes the sheet with it: it never shows above the window's top, nor
      // farther past the new limits than the rubber band lets it.
      height = clampToBand(height, target: notches[s.target].height)
      phase = .settling(
        Settle(
          target: s.target, fromHeight: height, fromVelocity: velocity, start: now,
          duration: s.duration.map { max($0 - (now - s.start), 0) }))
    case .coasting(let c):
      height = min(max(height, 0), available)
      let eased = c.easedTo.map { min(max($0, lowerLimit), upperLimit) }
      phase = .coasting(
        Coast(fromHeight: height, fromVelocity: velocity, start: now, rate: c.rate, easedTo: eased))
    case .floating:
      height = min(max(height, lowerLimit), upperLimit)
    case .pressed(var g), .dragging(var g):
      if let n = g.restingNotch {
        // The sheet has not moved in this gesture: it stays at its notch.
        height = notches[n].height
        g.rawHeight = height
        if case .pressed = phase { phase = .pressed(g) } else { phase = .dragging(g) }
      } else {
        height = banded(g.rawHeight)
      }
    }
    syncViewport()
    list.clampToContent()
  }
}

extension OverlaySheet {
  /// Changes the number of list rows (a search filter) without animating the sheet; the list
  /// returns to its top when the content changes.
  /// A sheet resting at a content notch follows the new content height with its spring.
  public mutating func setListRows(_ rows: Int) {
    guard rows != tuning.list.rows else { return }
    tuning.list.rows = max(rows, 0)
    list.config.rows = tuning.list.rows
    let before = height
    relayout()
    if case .idle(let n) = phase, notches[n].height != before {
      height = before
      beginSettle(to: n, velocity: 0)
    }
    syncViewport()
    list.reset(offset: 0)
    noteListMotion()
  }
}

extension OverlaySheet {
  /// Plays a release as if the pointer had let go at `height` with dh/dt `velocity`: the policy
  /// picks the notch and the spring runs (the tuning panel's "replay last release"). A height no
  /// drag could reach now (recorded in a taller window, or before a tune) starts at the nearest
  /// one that can.
  public mutating func replayRelease(height h: Double, velocity v: Double) {
    guard h.isFinite, v.isFinite else { return }
    switch phase {
    case .pressed, .dragging: return
    case .settling: finishCompletion(false)
    case .idle, .coasting, .floating: break
    }
    // Where a pointer could have let go: inside the window and what the rubber band shows.
    let d = availableHeight
    height = banded(band.inverse(min(max(h, 0), d), lower: lowerLimit, upper: upperLimit, dimension: d))
    releaseSheet(velocity: v)
  }
}
