/// What a release does to the sheet: dismiss, coast (`free`) or settle to the policy's notch;
/// the coast itself; and the list's reset when the sheet comes to rest below its top notch.
extension OverlaySheet {
  /// Releases the sheet at its current height with dh/dt `v` (px/s, positive = growing), the
  /// gesture's velocity; `sheetVelocity` (default `v`) is the sheet's own dh/dt, which differs
  /// from `v` only in the rubber band (see `release(pointerVelocity:raw:)`).
  ///
  /// A downward release faster than `dismiss.velocity` dismisses a detail sheet (it leaves; the
  /// stack takes it out) or sends the root to its reachable 0-height notch when it has one. Otherwise the `free`
  /// policy coasts and the other policies settle to the notch they pick. What the sheet does
  /// (dismissal, notch) follows the gesture's velocity; how it moves from here starts from the
  /// sheet's own.
  mutating func release(velocity v: Double, sheetVelocity: Double? = nil) -> SheetPhase {
    let motion = sheetVelocity ?? v
    if releaseDismisses(velocity: v), let next = dismissal(velocity: motion, confirmed: false) { return next }
    if case .free(let rate) = tuning.policy { return beginCoast(velocity: motion, pointer: v, rate: rate) }
    return snap(velocity: v, sheetVelocity: motion)
  }

  /// Lets go with the pointer's dh/dt `v` (px/s) while the pointer drives raw height `raw`:
  /// the policy reads `v`, and the settle starts from the sheet's own velocity, `v` times the
  /// rubber band's slope at `raw` (1 between the end notches, less past them, 0 where an edge
  /// clamps). So a sheet pulled into the band leaves the pointer at the speed it was moving.
  mutating func release(pointerVelocity v: Double, raw: Double) -> SheetPhase {
    release(velocity: v, sheetVelocity: v * bandSlope(at: raw))
  }

  /// Settles from the current height to the notch the policy picks for dh/dt `v`, starting
  /// with dh/dt `sheetVelocity` (default `v`). A 0-height notch is a dismissal, which
  /// `dismiss.confirm` only attempts.
  mutating func snap(velocity v: Double, sheetVelocity: Double? = nil) -> SheetPhase {
    let target =
      tuning.policy.target(height: height, velocity: v, heights: notches.map(\.height), reachable: reachable)
      ?? topNotch
    if notches[target].height == 0, tuning.dismiss.confirm,
      let back = dismissal(velocity: sheetVelocity ?? v, confirmed: false)
    {
      return back
    }
    return beginSettle(to: target, velocity: sheetVelocity ?? v)
  }

  /// Whether the policy lets the sheet rest between notches.
  var floats: Bool {
    if case .free = tuning.policy { true } else { false }
  }

  /// Rests between notches again after a press that did not move the sheet, or, when the policy
  /// no longer lets it float (a tune while it floated), settles to the policy's notch.
  mutating func restFloating() -> SheetPhase {
    floats ? .floating : snap(velocity: 0)
  }

  /// Starts a `free` coast from the current height. Past an end notch (or once the coast reaches
  /// one) the spring takes the sheet back to that notch; a coast that stops inside the range
  /// rests there.
  /// `pointer`: the gesture's dh/dt (default `v`): at an end notch whose edge clamps, the
  /// sheet's own speed is 0 (the band's slope there) while the pointer still pushed past it, a
  /// release beyond the notch that goes to it, as with every other policy.
  mutating func beginCoast(velocity v: Double, pointer: Double? = nil, rate: Double) -> SheetPhase {
    velocity = v
    let pushed = pointer ?? v
    if height > upperLimit + 1e-9 || (height >= upperLimit - 1e-9 && (v > 0 || pushed > 0)) {
      return beginSettle(to: topNotch, velocity: v)
    }
    if height < lowerLimit - 1e-9 || (height <= lowerLimit + 1e-9 && (v < 0 || pushed < 0)) {
      return beginSettle(to: bottomNotch, velocity: v)
    }
    guard abs(v) > Momentum.restSpeed else { return float() }
    var coast = Coast(fromHeight: height, fromVelocity: v, start: now, rate: rate)
    if tuning.reduceMotion {
      // Where the coast would stop (its speed under `Momentum.restSpeed`), eased to.
      let stop = Momentum.state(
        from: height, velocity: v, rate: rate, at: Momentum.stopTime(velocity: v, rate: rate)
      ).offset
      if stop >= upperLimit { return beginSettle(to: topNotch, velocity: v) }
      if stop <= lowerLimit { return beginSettle(to: bottomNotch, velocity: v) }
      coast.easedTo = stop
    }
    return .coasting(coast)
  }

  /// Advances a coast to the current time: it goes on, stops (rests between notches), or hands
  /// over to the spring at the end notch it reached, at the exact time it reached it.
  mutating func coast(_ c: Coast) -> SheetPhase {
    let t = now - c.start
    if let to = c.easedTo {
      (height, velocity) = ReducedMotion.state(from: c.fromHeight, to: to, at: t)
      return t >= ReducedMotion.duration - 1e-9 ? float() : .coasting(c)
    }
    let bound = c.fromVelocity > 0 ? upperLimit : lowerLimit
    if let crossing = Momentum.crossingTime(
      from: c.fromHeight, velocity: c.fromVelocity, rate: c.rate, bound: bound), crossing <= t
    {
      let vc = Momentum.state(from: c.fromHeight, velocity: c.fromVelocity, rate: c.rate, at: crossing)
        .velocity
      let target = c.fromVelocity > 0 ? topNotch : bottomNotch
      height = bound
      return beginSettle(to: target, velocity: vc, start: c.start + crossing)
    }
    let stop = Momentum.stopTime(velocity: c.fromVelocity, rate: c.rate)
    let state = Momentum.state(from: c.fromHeight, velocity: c.fromVelocity, rate: c.rate, at: min(t, stop))
    height = betweenEndNotches(state.offset)
    velocity = state.velocity
    return t >= stop ? float() : .coasting(c)
  }

  /// Comes to rest at the current height between notches (`free` policy) and says so.
  mutating func float() -> SheetPhase {
    velocity = 0
    syncViewport()
    collapseList()
    emit(.didSettle)
    return .floating
  }

  /// Below the top notch, `list.resetOnCollapse` scrolls the list back to its top with the
  /// header shown; and wherever only the header fits, the header shows.
  mutating func collapseList() {
    if tuning.list.resetOnCollapse, tuning.list.interaction == .resizes, height < upperLimit - 1e-9 {
      list.reset(offset: 0)
    } else if list.viewport <= 0, list.headerOffset != 0 {
      list.revealHeader()
    }
  }
}
