@testable import Detent
import Testing

/// HeaderCollapse.swift: the header offset rules as tables, with values worked out by hand.
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

/// The header modes in a sheet: hiding on scroll, absorbing scroll first, pinned.
@Suite struct HeaderTests {
  @Test(
    "scrollDirection: clamp(previous − Δ, −h, 0) for the in-bounds part of the change",
    arguments: [
      // previous, old, new, max, expected
      (0.0, 0.0, 50.0, 1000.0, -50.0), (-50, 50, 200, 1000, -96), (-96, 5000, 4990, 10000, -86),
      (-96, 5000, 4000, 10000, 0), (0, 0, -40, 1000, 0), (-30, 1000, 1100, 1000, -30),
      (-30, 990, 1100, 1000, -40),
      (-96, 10, -50, 1000, -86),
    ])
  func scrollDirection(previous: Double, old: Double, new: Double, max: Double, expected: Double) {
    #expect(
      HeaderCollapse.scrollDirection(
        previous: previous, oldOffset: old, newOffset: new, maxOffset: max, height: 96) == expected)
  }

  @Test(
    "collapseFirst absorbs before the list",
    arguments: [
      (0.0, 30.0, -30.0, 0.0), (-80, 30, -96, 14), (-96, 30, -96, 30), (-96, -30, -66, 0), (-10, -30, 0, -20),
    ])
  func collapseFirst(previous: Double, delta: Double, header: Double, remainder: Double) {
    let r = HeaderCollapse.collapseFirst(previous: previous, delta: delta, height: 96)
    #expect(r.header == header && r.remainder == remainder)
  }

  @Test("scrolling up from deep in the list shows the header at once")
  func showsAtOnceDeepInList() throws {
    var sheet = try HandOffTests.atTop()
    sheet.wheel(x: 200, y: 400, notches: 100)
    #expect(sheet.snapshot.headerOffset == -96)
    #expect(sheet.snapshot.listOffset == 4000)
    sheet.pointerDown(x: 200, y: 400)
    sheet.pointerMove(x: 200, y: 410)
    #expect(sheet.snapshot.headerOffset == -86)
    #expect(sheet.snapshot.listOffset == 3990)
  }

  @Test("collapseFirst in the sheet: the header hides before the list moves")
  func collapseFirstInSheet() throws {
    var sheet = try HandOffTests.atTop(mode: .collapseFirst)
    sheet.pointerDown(x: 200, y: 600)
    sheet.pointerMove(x: 200, y: 540)
    #expect(sheet.snapshot.headerOffset == -60 && sheet.snapshot.listOffset == 0)
    sheet.pointerMove(x: 200, y: 480)
    #expect(sheet.snapshot.headerOffset == -96 && sheet.snapshot.listOffset == 24)
  }

  @Test func pinnedNeverMoves() throws {
    var sheet = try HandOffTests.atTop(mode: .pinned)
    sheet.wheel(x: 200, y: 400, notches: 10)
    #expect(sheet.snapshot.headerOffset == 0 && sheet.snapshot.listOffset == 400)
  }
}
