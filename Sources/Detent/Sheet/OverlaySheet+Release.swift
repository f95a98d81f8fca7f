/// What a release does to the sheet: dismiss, coast (`free`) or settle to the policy's notch;
/// the coast itself; and the list's reset when the sheet comes to rest below its top notch.
extension OverlaySheet {
  /// Releases the sheet at its current height with dh/dt `v` (px/s, positive = growing).
  ///
  /// A downward release faster than `dismiss.velocity` pops a detail sheet (the stack does it)
  /// or sends the root to its reachable 0-height notch when it has one. Otherwise the `free`
  /// policy coasts and the other policies settle to the notch they pick.
  mutating func releaseSheet(velocity v: Double) {
    if v < -tuning.dismiss.velocity {
      if depth > 0 {
        dismissRequested = true
        velocity = v
        enter(.floating)
        return
      }
      if let zero = notches.indices.first(where: { notches[$0].enabled && notches[$0].height == 0 }) {
        beginSettle(to: zero, velocity: v)
        return
      }
    }
    if case .free(let rate) = tuning.policy {
      beginCoast(velocity: v, rate: rate)
      return
    }
    snap(velocity: v)
  }

  /// Settles from the current height with dh/dt `v` to the notch the policy picks.
  mutating func snap(velocity v: Double) {
    let target = tuning.policy.target(
      height: height, velocity: v, heights: notches.map(\.height), reachable: reachable)
    beginSettle(to: target ?? topNotch, velocity: v)
  }

  /// Whether the policy lets the sheet rest between notches.
  var floats: Bool {
    if case .free = tuning.policy { true } else { false }
  }

  /// Rests between notches again after a press that did not move the sheet, or, when the policy
  /// no longer lets it float (a tune while it floated), settles to the policy's notch.
  mutating func restFloating() {
    if floats { enter(.floating) } else { snap(velocity: 0) }
  }

  /// Starts a `free` coast from the current height. Past an end notch (or once the coast reaches
  /// one) the spring takes the sheet back to that notch; a coast that stops inside the range
  /// rests there.
  mutating func beginCoast(velocity v: Double, rate: Double) {
    velocity = v
    if height > upperLimit + 1e-9 || (height >= upperLimit - 1e-9 && v > 0) {
      beginSettle(to: topNotch, velocity: v)
      return
    }
    if height < lowerLimit - 1e-9 || (height <= lowerLimit + 1e-9 && v < 0) {
      beginSettle(to: bottomNotch, velocity: v)
      return
    }
    guard abs(v) > Momentum.restSpeed else {
      float()
      return
    }
    var coast = Coast(fromHeight: height, fromVelocity: v, start: now, rate: rate)
    if tuning.reduceMotion {
      let r = min(max(rate, 0), 0.999_999)
      let stop = height + (v / 1000) * r / (1 - r)
      if stop >= upperLimit {
        beginSettle(to: topNotch, velocity: v)
        return
      }
      if stop <= lowerLimit {
        beginSettle(to: bottomNotch, velocity: v)
        return
      }
      coast.easedTo = stop
    }
    enter(.coasting(coast))
  }

  /// Advances a coast to the current time: it stops (rests between notches), or hands over to
  /// the spring at the end notch it reached, at the exact time it reached it.
  mutating func stepCoast(_ c: Coast) {
    let t = now - c.start
    if let to = c.easedTo {
      (height, velocity) = ReducedMotion.state(from: c.fromHeight, to: to, at: t)
      if t >= ReducedMotion.duration - 1e-9 { float() }
      return
    }
    let bound = c.fromVelocity > 0 ? upperLimit : lowerLimit
    if let crossing = Momentum.crossingTime(
      from: c.fromHeight, velocity: c.fromVelocity, rate: c.rate, bound: bound), crossing <= t
    {
      let vc = Momentum.state(from: c.fromHeight, velocity: c.fromVelocity, rate: c.rate, at: crossing)
        .velocity
      let target = c.fromVelocity > 0 ? topNotch : bottomNotch
      height = bound
      beginSettle(to: target, velocity: vc)
      if case .settling(var s) = phase {
        s.start = c.start + crossing
        enter(.settling(s))
      }
      return
    }
    let stop = Momentum.stopTime(velocity: c.fromVelocity, rate: c.rate)
    let state = Momentum.state(from: c.fromHeight, velocity: c.fromVelocity, rate: c.rate, at: min(t, stop))
    height = min(max(state.offset, lowerLimit), upperLimit)
    velocity = state.velocity
    if t >= stop { float() }
  }

  /// Comes to rest at the current height between notches (`free` policy) and says so.
  mutating func float() {
    velocity = 0
    enter(.floating)
    syncViewport()
    collapseList()
    emit(.didSettle)
  }

  /// Below the top notch, `list.resetOnCollapse` scrolls the list back to its top with the
  /// header shown; and wherever only the header fits, the header shows.
  mutating func collapseList() {
    if tuning.list.resetOnCollapse, height < upperLimit - 1e-9 {
      list.reset(offset: 0)
    } else if list.viewport <= 0, list.headerOffset != 0 {
      list.revealHeader()
    }
  }
}
