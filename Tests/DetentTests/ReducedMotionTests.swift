@testable import Detent
import Testing

/// ReducedMotion.swift: the eased move, checked at hand-worked points.
struct ReducedMotionTests {
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
}
