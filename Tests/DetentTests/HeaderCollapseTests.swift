import Detent
import Testing

/// `Physics/HeaderCollapse.swift`: the collapsing header's two modes, with values worked out by
/// hand for a 96-px header.
struct HeaderCollapseTests {
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
}
