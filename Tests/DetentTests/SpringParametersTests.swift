import Detent
import Testing

/// The spring in other tools' terms (SpringParameters.swift), with literal values.
@Suite struct SpringParametersTests {
  @Test("SwiftUI's documented example: duration 0.5, bounce 0.3 → mass 1, stiffness 157.9, damping 17.6")
  func swiftUIExample() {
    let s = Spring(duration: 0.5, bounce: 0.3)
    expectClose(s.stiffness, 157.91367, 1e-4)
    expectClose(s.damping, 17.59292, 1e-4)
    expectClose(s.response, 0.5)
    expectClose(s.dampingRatio, 0.7)
  }

  @Test(
    "bounce ↔ damping ratio, both ways",
    arguments: [
      // (bounce, damping ratio)
      (0.0, 1.0), (0.15, 0.85), (0.3, 0.7), (0.99, 0.01), (-0.5, 2.0), (-0.2, 1.25), (-0.9, 10.0),
    ])
  func bounce(bounce: Double, ratio: Double) {
    expectClose(Spring(duration: 0.4, bounce: bounce).dampingRatio, ratio, 1e-12)
    expectClose(Spring(response: 0.4, dampingRatio: ratio).bounce, bounce, 1e-12)
  }

  @Test(
    "stiffness/damping/mass → response/damping ratio",
    arguments: [
      // (stiffness, damping, mass, response, damping ratio)
      (246.740_110_027_233_96, 26.703_537_555_513_24, 1.0, 0.4, 0.85),
      (100.0, 20.0, 1.0, 0.628_318_530_717_958_6, 1.0),
      (100.0, 10.0, 4.0, 1.256_637_061_435_917_3, 0.25),
      (1500.0, 38.729_833_462_074_17, 1.0, 0.162_231_147_038_944_48, 0.5),
    ])
  func fromStiffness(k: Double, c: Double, m: Double, response: Double, ratio: Double) {
    let s = Spring(stiffness: k, damping: c, mass: m)
    expectClose(s.response, response, 1e-12)
    expectClose(s.dampingRatio, ratio, 1e-12)
  }

  @Test(
    "settling time to 0.1 %, within a millisecond of the last time |x| > 0.001 (found on a 1 µs grid)",
    arguments: [
      (0.4, 0.85, 0.557_358), (0.4, 1.0, 0.587_817), (0.5, 0.7, 0.818_746), (0.3, 2.0, 1.244_184),
      // Past the old cap of max(10 s, 20 × response): barely damped and heavily overdamped springs.
      (1, 0.05, 21.611_295), (10, 0.05, 216.112_953), (10, 10, 219.409_474), (0.01, 0.06, 0.181_064),
    ])
  func settlingTime(response: Double, ratio: Double, expected: Double) {
    expectClose(Spring(response: response, dampingRatio: ratio).settlingTime(), expected, 0.001)
  }

  @Test("progress runs from 0 to 1 and overshoots only when underdamped")
  func progress() {
    let under = Spring(response: 0.4, dampingRatio: 0.5)
    let over = Spring(response: 0.4, dampingRatio: 1.5)
    #expect(under.progress(at: 0) == 0)
    #expect((0..<1000).map { under.progress(at: Double($0) / 1000) }.max()! > 1.1)
    #expect((0..<3000).map { over.progress(at: Double($0) / 1000) }.allSatisfy { $0 <= 1 })
    expectClose(over.progress(at: 10), 1, 1e-6)
  }
}
