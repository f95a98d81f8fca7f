import Detent
import Testing

/// The small pure rules of `Physics/` and `List/`, one table each, with values worked out by
/// hand (not by restating the formula): Dimming, HeaderCollapse, ReducedMotion, Momentum and
/// the card layout.
struct PhysicsRuleTests {
  /// (height, start, end, maxAlpha, alpha)
  static let dimming: [(Double, Double, Double, Double, Double)] = [
    (399, 400, 740, 0.4, 0), (400, 400, 740, 0.4, 0), (570, 400, 740, 0.4, 0.2), (740, 400, 740, 0.4, 0.4),
    (800, 400, 740, 0.4, 0.4), (655, 400, 740, 1, 0.75),
    // end ≤ start: a step just above start.
    (400, 400, 400, 0.5, 0), (400.5, 400, 400, 0.5, 0.5), (300, 400, 200, 0.5, 0),
  ]

  @Test("dimming: maxAlpha · clamp((h − start)/(end − start), 0, 1)", arguments: dimming)
  func dimmingAlpha(h: Double, start: Double, end: Double, max: Double, alpha: Double) {
    #expect(abs(Dimming.alpha(height: h, start: start, end: end, maxAlpha: max) - alpha) < 1e-12)
  }

  /// (previous, old offset, new offset, max offset, header) for a 96-px header.
  static let scrollDirection: [(Double, Double, Double, Double, Double)] = [
    (0, 0, 30, 500, -30), (-30, 30, 20, 500, -20), (-90, 100, 130, 500, -96), (-96, 200, 150, 500, -46),
    // Overscroll at either end changes nothing; only the in-bounds part counts.
    (-40, -20, -10, 500, -40), (-50, 490, 520, 500, -60), (-10, 10, -30, 500, 0), (-20, 0, 40, 0, -20),
  ]

  @Test(
    "header scrollDirection: only the in-bounds part of the offset change moves it",
    arguments: scrollDirection)
  func headerScrollDirection(previous: Double, old: Double, new: Double, max: Double, header: Double) {
    let h = HeaderCollapse.scrollDirection(
      previous: previous, oldOffset: old, newOffset: new, maxOffset: max, height: 96)
    #expect(h == header)
  }

  /// (previous, delta, header, remainder for the list) for a 96-px header.
  static let collapseFirst: [(Double, Double, Double, Double)] = [
    (0, 30, -30, 0), (-80, 30, -96, 14), (-96, 10, -96, 10), (-96, -20, -76, 0), (-10, -25, 0, -15),
    (0, -10, 0, -10),
  ]

  @Test(
    "header collapseFirst: the header absorbs scroll before the list, both ways", arguments: collapseFirst)
  func headerCollapseFirst(previous: Double, delta: Double, header: Double, remainder: Double) {
    let r = HeaderCollapse.collapseFirst(previous: previous, delta: delta, height: 96)
    #expect(r.header == header && r.remainder == remainder)
  }

  /// (t, height, velocity) for a reduced-motion move 100 → 400 (0.25 s, cubic ease-out).
  static let eased: [(Double, Double, Double)] = [
    (0, 100, 3600), (0.125, 362.5, 900), (0.05, 246.4, 2304), (0.25, 400, 0), (1, 400, 0), (-1, 100, 3600),
  ]

  @Test("reduced motion ends exactly at the target after 0.25 s with zero speed", arguments: eased)
  func reducedMotion(t: Double, height: Double, velocity: Double) {
    let s = ReducedMotion.state(from: 100, to: 400, at: t)
    #expect(abs(s.height - height) < 1e-9)
    #expect(abs(s.velocity - velocity) < 1e-9)
  }

  @Test("list momentum at 0.998 per ms from 1,000 px/s: positions, stop and crossing times")
  func momentum() throws {
    let s = Momentum.state(from: 0, velocity: 1000, rate: 0.998, at: 1)
    #expect(abs(s.offset - 432.035_127) < 1e-6)
    #expect(abs(s.velocity - 135.064_522) < 1e-6)
    #expect(abs(Momentum.stopTime(velocity: 1000, rate: 0.998) - 2.646_509) < 1e-6)
    #expect(Momentum.stopTime(velocity: 4, rate: 0.998) == 0)
    let cross = try #require(Momentum.crossingTime(from: 0, velocity: 1000, rate: 0.998, bound: 400))
    #expect(abs(cross - 0.805_919) < 1e-6)
    // The whole coast covers v0/(−1000·ln r) = 499.5 px: a bound at 500 is never reached.
    #expect(Momentum.crossingTime(from: 0, velocity: 1000, rate: 0.998, bound: 500) == nil)
    #expect(Momentum.crossingTime(from: 0, velocity: 0, rate: 0.998, bound: 1) == nil)
    #expect(Momentum.crossingTime(from: 0, velocity: -1000, rate: 0.998, bound: 400) == nil)
  }

  /// (mode, side, window width, card?, x, width) for maxWidth 420, margin 16, breakpoint 900.
  static let layouts: [(LayoutMode, LayoutSide, Double, Bool, Double, Double)] = [
    (.auto, .left, 1280, true, 16, 420), (.auto, .left, 900, true, 16, 420),
    (.auto, .left, 899, false, 0, 899),
    (.auto, .right, 1920, true, 1484, 420), (.bottom, .left, 1920, false, 0, 1920),
    (.card, .left, 400, true, 16, 368),
    (.card, .right, 300, true, 16, 268),
  ]

  @Test(
    "layout: card width min(maxWidth, W − 2·margin) at its side; auto switches at the breakpoint",
    arguments: layouts)
  func layout(mode: LayoutMode, side: LayoutSide, width: Double, card: Bool, x: Double, w: Double) {
    let l = LayoutConfig(mode: mode, side: side)
    #expect(l.isCard(windowWidth: width) == card)
    let f = l.frame(windowWidth: width)
    #expect(f.x == x && f.width == w)
  }
}
