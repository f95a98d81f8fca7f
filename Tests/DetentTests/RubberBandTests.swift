import Foundation
@testable import Detent
import Testing

@Suite struct RubberBandTests {
  @Test("inside the range the raw value shows as is", arguments: RubberBandKind.allCases)
  func identityInside(kind: RubberBandKind) {
    let band = RubberBand(kind: kind, factor: 0.55)
    for raw in [100.0, 150, 300] { #expect(band.apply(raw, lower: 100, upper: 300, dimension: 800) == raw) }
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
