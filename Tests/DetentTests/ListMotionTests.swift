@testable import Detent
import Testing

/// ListMotion.swift: exact momentum, its stop and crossing times.
struct ListMotionTests {
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
}
