import Detent
import Testing

@Suite struct TargetPolicyTests {
  static let heights = [100.0, 200, 300]
  static let all = [true, true, true]
  static let rushing = TargetPolicy.rushingForward(minimumVelocity: 400, minimumDuration: 0.1)

  @Test(
    "rushingForward table from the issue",
    arguments: [
      (180.0, 500.0, 2), (180, 0, 1), (180, 400, 1), (180, 401, 2), (150, 0, 0), (125, 1500, 2),
      (210, -450, 0),
      (210, -300, 1), (290, -2000, 0),
      (149, 0, 0), (151, 0, 1), (249, 0, 1), (251, 0, 2), (100_000, 0, 2),
    ])
  func rushingForward(height: Double, velocity: Double, expected: Int) {
    #expect(
      Self.rushing.target(height: height, velocity: velocity, heights: Self.heights, reachable: Self.all)
        == expected)
  }

  @Test("rushingForward with only notches 1 and 2 reachable", arguments: [0.0, 50, 100, 149])
  func rushingForwardUnreachableLowest(height: Double) {
    #expect(
      Self.rushing.target(height: height, velocity: 0, heights: Self.heights, reachable: [false, true, true])
        == 1)
  }

  @Test(
    "nearest: ties go to the lower notch; velocity is ignored",
    arguments: [(0.0, 0.0, 0), (150, 0, 0), (150.01, 0, 1), (250, 9999, 1), (251, -9999, 2), (1e6, 0, 2)])
  func nearest(height: Double, velocity: Double, expected: Int) {
    #expect(
      TargetPolicy.nearest.target(
        height: height, velocity: velocity, heights: Self.heights, reachable: Self.all) == expected)
  }

  @Test(
    "projection: p = h + (v/1000)·r/(1−r)",
    arguments: [
      // r = 0.998 → r/(1−r) = 499: p moves 0.499 px per px/s of release velocity.
      (150.0, 0.0, true, 0), (110, 500, true, 2), (110, 150, true, 1), (290, -1000, true, 0),
      (110, 500, false, 1), (290, -1000, false, 1), (210, -1000, false, 1),
    ])
  func projection(height: Double, velocity: Double, skips: Bool, expected: Int) {
    let policy = TargetPolicy.projection(decelerationRate: 0.998, skipsNotches: skips)
    #expect(
      policy.target(height: height, velocity: velocity, heights: Self.heights, reachable: Self.all)
        == expected)
  }

  @Test func noReachableNotchGivesNil() {
    #expect(TargetPolicy.nearest.target(height: 10, velocity: 0, heights: [1], reachable: [false]) == nil)
  }
}
