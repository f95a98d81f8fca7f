/// The sheet's scrolling list: offset, overscroll, momentum, bounce and the header it drives.
///
/// Offsets grow as the content moves up (further down the list). `rawOffset` is what the
/// pointer asks for; `offset` is what shows, rubber-banded past the ends when the list bounces.
struct ListScroller: Sendable {
  /// Spring used to bounce back from overscroll.
  static let bounceSpring = Spring(response: 0.45, dampingRatio: 1)
  /// How long a wheel notch keeps the list "scrolling" for events.
  static let wheelIdle = 0.12

  /// Rows, row height, deceleration and bouncing. Less content also shrinks how far the list may
  /// show past its ends.
  var config: ListConfig {
    didSet { if config != oldValue { keepInsideOverscroll() } }
  }
  /// Header height and mode. A new one keeps the header offset inside −height...0 (a pinned
  /// header shows in full).
  var header: HeaderConfig {
    didSet {
      headerOffset = header.mode == .pinned ? 0 : min(max(headerOffset, -header.height), 0)
    }
  }
  /// The visible list height, set by the sheet from its layout. A smaller viewport also
  /// shrinks how far the list may show past its ends.
  var viewport: Double = 0 {
    didSet {
      headerAtViewport = headerOffset
      if viewport != oldValue { keepInsideOverscroll() }
    }
  }
  /// The header offset when the sheet last set `viewport`: the header the list moves within a
  /// step changes the sheet's viewport by as much, the other way (the sheet sets it again before
  /// the next step).
  private var headerAtViewport: Double = 0
  /// The viewport with the header at `headerOffset` (what it moved since the sheet set it
  /// taken off, or given back).
  func viewport(header headerOffset: Double) -> Double {
    max(viewport - (headerOffset - headerAtViewport), 0)
  }
  /// The offset shown.
  private(set) var offset: Double = 0
  /// The offset the pointer drives (equal to `offset` inside the bounds).
  private(set) var rawOffset: Double = 0
  /// The header offset in −height...0.
  private(set) var headerOffset: Double = 0
  /// The list's own motion.
  private(set) var motion: ListMotion = .still

  /// A list at its top with the header shown.
  init(config: ListConfig, header: HeaderConfig) {
    self.config = config
    self.header = header
  }

  /// Total content height.
  var contentHeight: Double { config.contentHeight }
  /// The largest in-bounds offset.
  var maxOffset: Double { max(0, contentHeight - viewport) }
  /// Whether the list moves by itself: coasting, bouncing, just moved by the wheel, or let go past
  /// its end (it springs back at the next step).
  var isMoving: Bool { motion != .still || offset < 0 || offset > maxOffset }
  /// Whether the list coasts or bounces (a press stops it, and that press is not a tap).
  var isCoasting: Bool {
    switch motion {
    case .momentum, .bounce: true
    case .still, .wheel: false
    }
  }
  /// The most the list can show past either end.
  var overscrollLimit: Double { max(viewport, 1) }

  /// Brings the offset back within the overscroll limit past either end. A coast or a bounce
  /// it cuts stops there (its curve would carry the list past the limit again): the next step
  /// springs the list back inside from where it is, as a still list out of its bounds does.
  private mutating func keepInsideOverscroll() {
    let limit = overscrollLimit
    let clamped = min(max(offset, -limit), maxOffset + limit)
    if clamped != offset {
      offset = clamped
      rawOffset = band.inverse(offset, lower: 0, upper: maxOffset, dimension: limit)
      if isCoasting { motion = .still }
    }
  }

  private var band: RubberBand { RubberBand(kind: config.bounces ? .elastic : .none, factor: 0.55) }

  private func shown(_ raw: Double) -> Double {
    band.apply(raw, lower: 0, upper: maxOffset, dimension: overscrollLimit)
  }

  /// Sets the shown offset, updating the header for the in-bounds part of the change.
  private mutating func show(_ newOffset: Double) {
    if header.mode == .scrollDirection {
      headerOffset = HeaderCollapse.scrollDirection(
        previous: headerOffset, oldOffset: offset, newOffset: newOffset, maxOffset: maxOffset,
        height: header.height)
    }
    offset = newOffset
  }

  /// Whether scrolling toward the top (negative delta) has anything left to take.
  var canScrollTowardTop: Bool {
    rawOffset > 0 || (header.mode == .collapseFirst && headerOffset < 0)
  }

  /// How much a drag toward the end (positive delta) can take before the list passes its end
  /// (in `collapseFirst`, the header's hiding first).
  var roomTowardEnd: Double {
    max(maxOffset - rawOffset, 0) + (header.mode == .collapseFirst ? header.height + headerOffset : 0)
  }

  /// Applies a pointer delta (positive = further down the list). Scrolling up stops at the top
  /// (offset 0, header shown in `collapseFirst`) and returns what it took, so that the rest can
  /// go to the sheet; down takes it all (past the end, rubber-banded). `overscrolls`: nothing
  /// else takes the rest (the list alone follows the pointer), so up takes it all too and the
  /// list shows past its top, rubber-banded as past its end.
  @discardableResult
  mutating func drag(by delta: Double, overscrolls: Bool = false) -> Double {
    var rest = delta
    if header.mode == .collapseFirst {
      let r = HeaderCollapse.collapseFirst(previous: headerOffset, delta: rest, height: header.height)
      if delta < 0 {
        headerOffset = r.header
        rest = r.remainder
      } else if rawOffset >= 0 {
        headerOffset = r.header
        rest = r.remainder
      }
    }
    if rest < 0 && !overscrolls {
      let take = max(rest, -max(rawOffset, 0))
      rawOffset += take
      rest -= take
    } else {
      rawOffset += rest
      rest = 0
    }
    show(shown(rawOffset))
    return delta - rest
  }

  /// Stops any motion where it is (a press on a moving list); the pointer continues from here.
  mutating func stop() {
    motion = .still
    rawOffset = band.inverse(offset, lower: 0, upper: maxOffset, dimension: overscrollLimit)
  }

  /// Lets go with offset velocity `velocity` (px/s, the pointer's) at time `now`: bounce back
  /// from overscroll, or coast. Past an end the bounce starts at the speed the list showed,
  /// the pointer's times the rubber band's slope there (the pointer's own would lurch).
  mutating func release(velocity: Double, now: Double) {
    let slope = band.slope(at: rawOffset, lower: 0, upper: maxOffset, dimension: overscrollLimit)
    rawOffset = offset
    if offset < 0 || offset > maxOffset {
      let edge = offset < 0 ? 0 : maxOffset
      motion = .bounce(edge: edge, displacement: offset - edge, velocity: velocity * slope, start: now)
    } else if abs(velocity) > Momentum.restSpeed {
      // A `collapseFirst` header takes the coast first, as it takes a drag: what is left of it
      // to hide going down the list, to show going up.
      let absorb =
        header.mode != .collapseFirst ? 0 : velocity > 0 ? header.height + headerOffset : -headerOffset
      motion = .momentum(
        from: offset - (velocity > 0 ? absorb : -absorb), velocity: velocity, start: now, absorb: absorb,
        headerFrom: headerOffset)
    } else {
      motion = .still
    }
  }

  /// Scrolls by a wheel delta at once, clamped to the content (no overscroll, no momentum).
  /// Returns the part of `delta` it took.
  @discardableResult
  mutating func wheel(by delta: Double, now: Double) -> Double {
    var rest = delta
    if header.mode == .collapseFirst {
      let r = HeaderCollapse.collapseFirst(previous: headerOffset, delta: rest, height: header.height)
      headerOffset = r.header
      rest = r.remainder
    }
    let target = min(max(offset + rest, 0), maxOffset)
    rest -= target - offset
    rawOffset = target
    show(target)
    if delta != rest { motion = .wheel(idleAt: now + Self.wheelIdle) }
    return delta - rest
  }

  /// Jumps to `offset` (clamped), with the header shown; stops motion.
  mutating func reset(offset newOffset: Double = 0) {
    motion = .still
    offset = min(max(newOffset, 0), maxOffset)
    rawOffset = offset
    headerOffset = 0
  }

  /// Shows the header in full; the list keeps its offset and its motion (a bounce still lands
  /// exactly on its end).
  mutating func revealHeader() { headerOffset = 0 }

  /// Re-clamps after the viewport or the content changed (resize, keyboard, filter).
  mutating func clampToContent() {
    guard !isCoasting else { return }
    if offset > maxOffset || offset < 0 {
      offset = min(max(offset, 0), maxOffset)
      rawOffset = offset
    }
  }

  /// A still list out of its bounds (its content or viewport changed under it) springs back,
  /// unless a pointer `held` it; within half a pixel it lands on its bound at once.
  private mutating func returnInside(now: Double, held: Bool) {
    guard !held, offset < 0 || offset > maxOffset else { return }
    let edge = offset < 0 ? 0 : maxOffset
    if abs(offset - edge) <= 0.5 {
      show(edge)
      rawOffset = edge
    } else {
      motion = .bounce(edge: edge, displacement: offset - edge, velocity: 0, start: now)
      rawOffset = offset
    }
  }

  /// Advances the list's own motion to time `now`. Unless a pointer `held` it, a list that is
  /// out of bounds while still (its content or viewport changed under it) springs back.
  mutating func step(now: Double, held: Bool = false) {
    switch motion {
    case .still:
      returnInside(now: now, held: held)
      return
    case .wheel(let idleAt):
      if now >= idleAt {
        motion = .still
        returnInside(now: now, held: held)
      }
    case .momentum(let x0, let v0, let start, let absorb, let headerFrom):
      let rate = config.decelerationRate
      let t = now - start
      // The coast's first `absorb` px move the header (the list holds at `x0 ± absorb`).
      let held = v0 > 0 ? x0 + absorb : x0 - absorb
      func showCoast(_ p: Double) {
        if absorb > 0 {
          let moved = min(abs(p - x0), absorb)
          headerOffset = v0 > 0 ? headerFrom - moved : headerFrom + moved
        }
        show(v0 > 0 ? max(held, p) : min(held, p))
      }
      let edge = v0 < 0 ? 0 : maxOffset
      // Content that shrank under the coast leaves it past the end it heads for: it turns there.
      let past = v0 < 0 ? offset < edge : offset > edge
      if let tc = past ? t : Momentum.crossingTime(from: x0, velocity: v0, rate: rate, bound: edge), tc <= t {
        let crossing = Momentum.state(from: x0, velocity: v0, rate: rate, at: tc)
        // The header took its part on the way.
        if absorb > 0 { headerOffset = v0 > 0 ? headerFrom - absorb : headerFrom + absorb }
        if config.bounces {
          // Half the viewport the list shows as it reaches its end: a scrollDirection header the
          // coast brings back on the way takes its part.
          let headerThen =
            header.mode == .scrollDirection
            ? HeaderCollapse.scrollDirection(
              previous: headerOffset, oldOffset: offset, newOffset: edge, maxOffset: maxOffset,
              height: header.height) : headerOffset
          let cap =
            max(viewport(header: headerThen), 1) * 0.5 * Self.bounceSpring.angularFrequency * 2.718_281_828
          let v = min(max(crossing.velocity, -cap), cap)
          motion = .bounce(edge: edge, displacement: past ? offset - edge : 0, velocity: v, start: start + tc)
          step(now: now)
        } else {
          show(edge)
          rawOffset = edge
          motion = .still
        }
        return
      }
      let stop = Momentum.stopTime(velocity: v0, rate: rate)
      if t >= stop {
        let end = Momentum.state(from: x0, velocity: v0, rate: rate, at: stop).offset
        showCoast(min(max(end, 0), maxOffset))
        motion = .still
      } else {
        showCoast(Momentum.state(from: x0, velocity: v0, rate: rate, at: t).offset)
      }
      rawOffset = offset
    case .bounce(let startEdge, let x0, let v0, let start):
      // The far end follows the content if it changed during the bounce.
      let edge = startEdge <= 0 ? 0 : maxOffset
      let s = Self.bounceSpring.state(displacement: x0, velocity: v0, at: now - start)
      if abs(s.displacement) <= 0.5 && abs(s.velocity) <= Momentum.restSpeed && now - start > 0 {
        show(edge)
        motion = .still
      } else {
        let limit = overscrollLimit
        show(edge + min(max(s.displacement, -limit), limit))
      }
      rawOffset = offset
    }
  }
}
