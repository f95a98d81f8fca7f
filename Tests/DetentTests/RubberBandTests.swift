import Foundation
@testable import Detent
import Testing

@Suite struct RubberBandTests {
  @Test("inside the range the raw value shows as is", arguments: RubberBandKind.allCases)
  func identityInside(kind: RubberBandKind) {
    let band = RubberBand(kind: kind, factor: 0.55)
    for raw in [100.0, 150, 300] { #expect(band.apply(raw, lower: 100, upper: 300, dimension: 800) == raw) }
  }

  @Test(
    "a raw value a rounding off a limit is at it (slope 1); past it by a thousandth of a px the clamped edge's slope is 0",
    arguments: [
      // (raw, slope) around lower 75.49043524332953 and upper 300, neither edge stretching
      (75.49043524332953, 1.0), (75.49043524332953.nextDown, 1), (75.49043524332953 - 1e-11, 1),
      (75.49043524332953 - 1e-3, 0), (300.0.nextUp, 1), (300 + 1e-3, 0), (150, 1),
    ] as [(Double, Double)])
  func slopeAtTheLimits(raw: Double, slope: Double) {
    let band = RubberBand(kind: .logarithmic, factor: 0.55, top: false, bottom: false)
    #expect(band.slope(at: raw, lower: 75.49043524332953, upper: 300, dimension: 800) == slope)
  }

  @Test(
    "the touch slop: a move of 3 px, give or take a rounding, is not past it; 3.001 is",
    arguments: [
      (3.0, 0.0, false), (3.0.nextUp, 0, false), (0, -3.0000000000000004, false), (3.001, 0, true),
      (0, -3.001, true), (2, 2, false),
    ] as [(Double, Double, Bool)])
  func slop(dx: Double, dy: Double, past: Bool) {
    #expect(SheetLayout.pastSlop(dx: dx, dy: dy) == past)
  }

  @Test func elasticFormula() {
    let band = RubberBand(kind: .elastic, factor: 0.55)
    // (1 − 1/(x·f/D + 1))·D with x = 100, f = 0.55, D = 800: 800 − 800/1.06875 = 51.462 px.
    let expected = 51.461_988_304_094
    expectClose(band.apply(400, lower: 100, upper: 300, dimension: 800), 300 + expected, 1e-9)
    expectClose(band.apply(0, lower: 100, upper: 300, dimension: 800), 100 - expected, 1e-9)
    #expect(band.apply(1e9, lower: 100, upper: 300, dimension: 800) < 300 + 800)
  }

  @Test func logarithmicFormula() {
    let band = RubberBand(kind: .logarithmic, factor: 0.5)
    expectClose(
      band.apply(600, lower: 100, upper: 300, dimension: 800), 300 * (1 + 0.5 * log10(600.0 / 300)), 1e-9)
    // Mirrored at the lower limit: 50 px below 100 is like 150 = 100 + 50 above.
    expectClose(
      band.apply(50, lower: 100, upper: 300, dimension: 800), 100 - 100 * 0.5 * log10(150.0 / 100), 1e-9)
  }

  @Test func noneAndDisabledEdgesClamp() {
    #expect(RubberBand(kind: .none).apply(500, lower: 100, upper: 300, dimension: 800) == 300)
    let topOff = RubberBand(kind: .elastic, factor: 0.55, top: false, bottom: true)
    #expect(topOff.apply(500, lower: 100, upper: 300, dimension: 800) == 300)
    #expect(topOff.apply(50, lower: 100, upper: 300, dimension: 800) < 100)
    let bottomOff = RubberBand(kind: .elastic, factor: 0.55, top: true, bottom: false)
    #expect(bottomOff.apply(50, lower: 100, upper: 300, dimension: 800) == 100)
  }

  @Test("inverse undoes apply", arguments: [RubberBandKind.elastic, .logarithmic])
  func inverse(kind: RubberBandKind) {
    let band = RubberBand(kind: kind, factor: 0.55)
    for raw in [-200.0, 20, 99, 100, 250, 300, 301, 480, 900] {
      let shown = band.apply(raw, lower: 100, upper: 300, dimension: 800)
      expectClose(band.inverse(shown, lower: 100, upper: 300, dimension: 800), raw, 1e-6)
    }
  }
}
