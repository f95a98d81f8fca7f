import Detent
import Testing

@Suite struct SpringTests {
  @Test(
    "x(0) = x0 and v(0) = v0 in every damping regime",
    arguments: [0.2, 0.5, 0.999_999_9, 1.0, 1.000_000_1, 1.5, 4.0])
  func continuityAtZero(dampingRatio: Double) {
    let spring = Spring(response: 0.4, dampingRatio: dampingRatio)
    for (x0, v0) in [(120.0, 0.0), (-80, 2500), (0, -900), (3.5, 3.5)] {
      let s = spring.state(displacement: x0, velocity: v0, at: 0)
      expectClose(s.displacement, x0, 1e-9)
      expectClose(s.velocity, v0, 1e-6)
    }
  }

  @Test("velocity is the derivative of displacement", arguments: [0.3, 1.0, 2.0])
  func velocityMatchesDerivative(dampingRatio: Double) {
    let spring = Spring(response: 0.5, dampingRatio: dampingRatio)
    let h = 1e-6
    for t in [0.01, 0.1, 0.37, 0.9] {
      let a = spring.state(displacement: 200, velocity: -1500, at: t - h).displacement
      let b = spring.state(displacement: 200, velocity: -1500, at: t + h).displacement
      expectClose(spring.state(displacement: 200, velocity: -1500, at: t).velocity, (b - a) / (2 * h), 1e-3)
    }
  }

  @Test func stiffnessAndDampingFromResponse() {
    let spring = Spring(response: 0.5, dampingRatio: 0.5)
    expectClose(spring.stiffness, (2 * Double.pi / 0.5) * (2 * Double.pi / 0.5), 1e-9)
    expectClose(spring.damping, 4 * Double.pi * 0.5 / 0.5, 1e-12)
  }

  @Test("underdamped overshoots, critically and overdamped do not")
  func overshoot() {
    func minimum(_ zeta: Double) -> Double {
      let spring = Spring(response: 0.4, dampingRatio: zeta)
      return stride(from: 0.0, through: 3, by: 0.001).map {
        spring.state(displacement: 100, velocity: 0, at: $0).displacement
      }
      .min()!
    }
    #expect(minimum(0.5) < -10)
    #expect(minimum(1.0) >= -1e-9)
    #expect(minimum(2.0) >= -1e-9)
  }
}
