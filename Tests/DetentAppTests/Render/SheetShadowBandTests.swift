import Testing

@testable import DetentApp

/// The one split of a backdrop's rows around a sheet's shadow that the map, its cached view
/// and its dimmed strip all draw by.
struct SheetShadowBandTests {
  @Test(
    "rows split into above, shadow and below, clipped to the visible rows",
    arguments: [
      // (sheet top, rows, above, shadow, below)
      (nil, 100, 0..<100, 100..<100, 100..<100),
      (50, 62, 0..<36, 36..<50, 50..<62),
      (14, 26, 0..<0, 0..<14, 14..<26),
      (5, 17, 0..<0, 0..<5, 5..<17),
      (-3, 9, 0..<0, 0..<0, 0..<9),
      (50, 40, 0..<36, 36..<40, 40..<40),
    ] as [(Int?, Int, Range<Int>, Range<Int>, Range<Int>)])
  func split(sheetTop: Int?, rows: Int, above: Range<Int>, shadow: Range<Int>, below: Range<Int>) {
    let band = SheetShadow.Band(sheetTop: sheetTop, rows: rows)
    #expect(band.above == above)
    #expect(band.shadow == shadow)
    #expect(band.below == below)
  }

  @Test("a shadow row is darkened by its own alpha over the base shade; other rows keep the base")
  func shades() {
    let band = SheetShadow.Band(sheetTop: 50, rows: 62)
    // Row 36 is the shadow's farthest (alpha 1), row 49 touches the sheet (alpha 37).
    #expect([35, 36, 49, 50].map { band.shade(255, row: $0) } == [255, 254, 218, 255])
    #expect([35, 36, 49, 50].map { band.shade(128, row: $0) } == [128, 127, 109, 128])
  }

  @Test("runs from a row on: the rows above in one, each shadow row alone, the rows below in one")
  func runs() {
    let band = SheetShadow.Band(sheetTop: 50, rows: 62)
    var runs: [(Range<Int>, UInt8)] = []
    band.forEachRun(from: 46, base: 255) { runs.append(($0, $1)) }
    #expect(runs.map(\.0) == [46..<47, 47..<48, 48..<49, 49..<50, 50..<62])
    #expect(runs.map(\.1) == [226, 224, 221, 218, 255])
    var all: [Range<Int>] = []
    band.forEachRun(base: 200) { rows, _ in all.append(rows) }
    #expect(all.count == 16)
    #expect(all.first == 0..<36)
    #expect(all.last == 50..<62)
  }
}
