import Foundation
import Testing

@testable import Detent

extension PropertyTests.RNG {
  /// A standard normal sample (Box–Muller).
  mutating func gaussian() -> Double {
    let u = max(double(0...1), 1e-300)
    let v = double(0...1)
    return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
  }
}

/// A motion sampled at `fps`: `rest` s at `from`, a straight drag of `drag` s to the release
/// height, the spring's settle to `target` for `settle` s, with Gaussian noise of `noise` px.
func syntheticMotion(
  spring: Spring, from: Double, release: Double, velocity: Double, target: Double, fps: Double = 60,
  rest: Double = 0.3, drag: Double = 0.2, settle: Double = 2, noise: Double, seed: UInt64
) -> (times: [Double], heights: [Double], releaseTime: Double) {
  var rng = PropertyTests.RNG(state: seed)
  var times: [Double] = []
  var heights: [Double] = []
  let releaseTime = rest + drag
  let frames = Int(((rest + drag + settle) * fps).rounded())
  for k in 0...frames {
    let t = Double(k) / fps
    let h: Double
    if t < rest {
      h = from
    } else if t < releaseTime {
      h = from + (release - from) * (t - rest) / drag
    } else {
      h =
        target
        + spring.state(displacement: release - target, velocity: velocity, at: t - releaseTime).displacement
    }
    times.append(t)
    heights.append(h + noise * rng.gaussian())
  }
  return (times, heights, releaseTime)
}

@Suite struct SpringFitTests {
  @Test("fewer than 4 samples: no fit")
  func tooFew() {
    #expect(SpringFit.fit(times: [0, 0.1, 0.2], heights: [0, 1, 2], target: 2, startTime: 0) == nil)
  }

  @Test(
    "exact samples of each damping regime give back the spring, start height and velocity",
    arguments: [
      (0.4, 0.85, 300.0, 1200.0), (0.5, 0.3, 120.0, -800.0), (0.35, 1.0, -200.0, 0.0),
      (0.6, 1.6, 250.0, 400.0), (0.25, 0.1, 50.0, 0.0),
    ])
  func exact(response: Double, zeta: Double, x0: Double, v0: Double) throws {
    let spring = Spring(response: response, dampingRatio: zeta)
    let times = (0...120).map { Double($0) / 60 }
    let heights = times.map { 400 + spring.state(displacement: x0, velocity: v0, at: $0).displacement }
    let fit = try #require(SpringFit.fit(times: times, heights: heights, target: 400, startTime: 0))
    expectClose(fit.spring.response, response, 1e-5)
    expectClose(fit.spring.dampingRatio, zeta, 1e-5)
    expectClose(fit.startHeight, 400 + x0, 1e-3)
    expectClose(fit.startVelocity, v0, 1e-2)
    #expect(fit.rms < 1e-4)
    #expect(fit.samples == 121)
  }

  @Test(
    "a noisy motion (seeded, σ px) with a drag before its settle: one settle, response within 2 %, damping ratio within 0.02",
    arguments: [
      // response, ζ, from, release, velocity, target, σ, seed
      (0.45, 0.7, 120.0, 200.0, 1500.0, 420.0, 1.0, UInt64(1)),
      (0.35, 0.9, 420.0, 380.0, -900.0, 240.0, 0.5, UInt64(2)),
      (0.6, 1.2, 240.0, 300.0, 600.0, 600.0, 0.3, UInt64(3)),
      (0.5, 0.4, 600.0, 560.0, -400.0, 120.0, 2.0, UInt64(4)),
      (0.55, 1.0, 100.0, 150.0, 0.0, 500.0, 0.5, UInt64(5)),
    ])
  func noisy(
    response: Double, zeta: Double, from: Double, release: Double, velocity: Double, target: Double,
    noise: Double,
    seed: UInt64
  ) throws {
    let spring = Spring(response: response, dampingRatio: zeta)
    let m = syntheticMotion(
      spring: spring, from: from, release: release, velocity: velocity, target: target, noise: noise,
      seed: seed)
    let settles = SettleFinder.settles(times: m.times, heights: m.heights)
    #expect(settles.count == 1)
    let w = try #require(settles.first)
    expectClose(w.target, target, 3 * noise / 4, "rest height")
    // The release is found within two frames.
    expectClose(w.startTime, m.releaseTime, 2.0 / 60 + 1e-9, "release time")
    let fit = try #require(w.fit(times: m.times, heights: m.heights))
    expectClose(fit.target, target, noise / 2, "fitted rest height")
    expectClose(fit.spring.response, response, 0.02 * response, "response")
    expectClose(fit.spring.dampingRatio, zeta, 0.02, "damping ratio")
    expectClose(fit.rms, noise, 0.25 * noise, "the RMS error is the noise")
  }

  @Test(
    "a release late in the motion, seen only after it (a replay's video: the frame of the release shows the spring one frame on): the spring within 2 % and 0.02",
    arguments: [
      // response, ζ, from, release, velocity, target, σ
      (0.4, 0.85, 400.0, 200.0, -1200.0, 120.0, 0.3),
      (0.5, 0.45, 400.0, 200.0, -1200.0, 120.0, 0.3),
      (0.35, 0.7, 400.0, 200.0, -1200.0, 120.0, 0.0),
      (0.6, 0.6, 120.0, 330.0, 1050.0, 400.0, 0.3),
    ])
  func lateRelease(
    response: Double, zeta: Double, from: Double, release: Double, velocity: Double, target: Double,
    noise: Double
  ) throws {
    let spring = Spring(response: response, dampingRatio: zeta)
    var m = syntheticMotion(
      spring: spring, from: from, release: release, velocity: velocity, target: target, noise: noise, seed: 21
    )
    // The last drag sample is one frame short of the release; the release height itself is
    // never drawn.
    let at = try #require(m.times.firstIndex { $0 >= m.releaseTime - 1e-9 })
    m.times.remove(at: at)
    m.heights.remove(at: at)
    let settles = SettleFinder.settles(times: m.times, heights: m.heights)
    #expect(settles.count == 1)
    let w = try #require(settles.first)
    // The first sample after the release, or near it where the drag runs into the settle at
    // the same speed (no kink to place it by).
    expectClose(w.startTime, m.releaseTime + 1.0 / 60, 2.0 / 60 + 1e-9, "start")
    let fit = try #require(w.fit(times: m.times, heights: m.heights))
    expectClose(fit.spring.response, response, 0.02 * response, "response")
    expectClose(fit.spring.dampingRatio, zeta, 0.02, "damping ratio")
  }

  @Test("a jump between two samples (a move without animation) is no settle")
  func jump() {
    let times = (0...90).map { Double($0) / 60 }
    #expect(SettleFinder.settles(times: times, heights: times.map { $0 < 0.3 ? 120 : 400 }).isEmpty)
    // One sample on the way: still no spring to see.
    #expect(
      SettleFinder.settles(times: times, heights: times.map { $0 < 0.3 ? 120 : $0 < 0.31 ? 260 : 400 })
        .isEmpty)
  }

  @Test("a settle cut at the release (no rest before it) is found from its first sample")
  func fromFirstSample() throws {
    let spring = Spring(response: 0.4, dampingRatio: 0.8)
    let m = syntheticMotion(
      spring: spring, from: 300, release: 300, velocity: 2000, target: 700, rest: 0, drag: 0, noise: 1,
      seed: 9)
    let w = try #require(SettleFinder.settles(times: m.times, heights: m.heights).first)
    #expect(w.samples.lowerBound == 0)
    #expect(w.startTime == 0)
  }

  @Test("no large motion, or a motion that never comes to rest: no settle")
  func none() {
    let flat = (0...120).map { Double($0) / 60 }
    #expect(SettleFinder.settles(times: flat, heights: flat.map { _ in 300 }).isEmpty)
    // 4 px wobble: below the 8 px a motion needs.
    #expect(SettleFinder.settles(times: flat, heights: flat.map { 300 + 4 * sin(20 * $0) }).isEmpty)
    // Still moving at the end.
    #expect(SettleFinder.settles(times: flat, heights: flat.map { 300 + 200 * $0 }).isEmpty)
  }

  @Test("two settles in one motion, each with its own rest height")
  func two() throws {
    let spring = Spring(response: 0.4, dampingRatio: 0.75)
    let a = syntheticMotion(
      spring: spring, from: 120, release: 180, velocity: 1000, target: 400, noise: 0.5, seed: 11)
    let b = syntheticMotion(
      spring: spring, from: 400, release: 350, velocity: -800, target: 120, noise: 0.5, seed: 12)
    let end = a.times.last! + 1.0 / 60
    let settles = SettleFinder.settles(
      times: a.times + b.times.map { $0 + end }, heights: a.heights + b.heights)
    #expect(settles.count == 2)
    expectClose(settles[0].target, 400, 0.5)
    expectClose(settles[1].target, 120, 0.5)
  }

  @Test("noise level: 1.4826·MAD of second differences / √6")
  func noise() {
    #expect(SettleFinder.noise([1, 2]) == 0)
    #expect(SettleFinder.noise([0, 1, 2, 3, 4]) == 0)
    var rng = PropertyTests.RNG(state: 7)
    let samples = (0..<4000).map { _ in 2 * rng.gaussian() }
    expectClose(SettleFinder.noise(samples), 2, 0.1)
  }

  @Test("rest runs: at least 0.2 s within a band of twice the tolerance")
  func restRuns() {
    let t = (0..<30).map { Double($0) / 10 }
    let h: [Double] = [0, 0, 0, 0.5, 0, 5, 9, 9, 9.5, 9, 9, 20] + [Double](repeating: 30, count: 18)
    #expect(SettleFinder.restRuns(times: t, heights: h, tolerance: 1) == [0..<5, 6..<11, 12..<30])
  }

  @Test("median of odd and even counts")
  func median() {
    #expect(SettleFinder.median([]) == 0)
    #expect(SettleFinder.median([3, 1, 2]) == 2)
    #expect(SettleFinder.median([4, 1, 3, 2]) == 2.5)
  }

  @Test("Gaussian elimination: a solvable system and a singular one")
  func solve() throws {
    let x = try #require(LevenbergMarquardt.solve([[2, 1], [1, 3]], [3, 5]))
    expectClose(x[0], 0.8)
    expectClose(x[1], 1.4)
    #expect(LevenbergMarquardt.solve([[1, 2], [2, 4]], [1, 2]) == nil)
  }

  @Test("Levenberg–Marquardt finds the minimum of a curved valley")
  func rosenbrock() {
    let (p, cost) = LevenbergMarquardt.minimize([-1.2, 1]) { p in [10 * (p[1] - p[0] * p[0]), 1 - p[0]] }
    expectClose(p[0], 1, 1e-6)
    expectClose(p[1], 1, 1e-6)
    #expect(cost < 1e-12)
  }
}

/// The standard errors a fit reports: how far the samples let the spring move.
@Suite struct SpringFitErrorTests {
  /// The settle of `spring` from `x0` px away at `v0` px/s to rest at 400 px, 60 samples a
  /// second for `seconds`, each rounded to a whole pixel as a video's edge is.
  func rounded(_ spring: Spring, x0: Double, v0: Double, seconds: Double = 1.5) -> ([Double], [Double]) {
    let times = (0...Int(seconds * 60)).map { Double($0) / 60 }
    let heights = times.map {
      (400 + spring.state(displacement: x0, velocity: v0, at: $0).displacement).rounded()
    }
    return (times, heights)
  }

  @Test(
    "a settle from rest pins the spring down: standard errors under 1 % and 0.01, the truth within 3 of them",
    arguments: [(0.4, 0.85), (0.3, 1.0), (0.8, 1.3), (0.5, 0.5)])
  func fromRest(response: Double, zeta: Double) throws {
    let spring = Spring(response: response, dampingRatio: zeta)
    let (times, heights) = rounded(spring, x0: -300, v0: 0)
    let fit = try #require(
      SpringFit.fit(times: times, heights: heights, target: 400, startTime: 0, fitsTarget: true))
    let re = try #require(fit.responseError)
    let ze = try #require(fit.dampingRatioError)
    #expect(re > 0 && re < 0.01 * response, "response error \(re)")
    #expect(ze > 0 && ze < 0.01, "damping ratio error \(ze)")
    #expect(abs(fit.spring.response - response) <= 3 * re)
    #expect(abs(fit.spring.dampingRatio - zeta) <= 3 * ze)
  }

  @Test("a critically damped settle that starts fast is loose: its response error is several percent")
  func fastOverdamped() throws {
    // Flicked at 2,500 px/s from 340 px below the notch: the fast and slow decays trade
    // against each other within the rounding (a video of this lands 3–10 % off).
    let spring = Spring(response: 0.8, dampingRatio: 1.0)
    let (times, heights) = rounded(spring, x0: -340, v0: 2500)
    let fit = try #require(
      SpringFit.fit(times: times, heights: heights, target: 400, startTime: 0, fitsTarget: true))
    let re = try #require(fit.responseError)
    #expect(re > 0.02 * 0.8, "response error \(re)")
    #expect(abs(fit.spring.response - 0.8) <= 3 * re)
  }

  @Test("exact samples still report an error, from a floor of 0.05 px: no claim past the pixels")
  func exactFloor() throws {
    let spring = Spring(response: 0.4, dampingRatio: 0.85)
    let times = (0...90).map { Double($0) / 60 }
    let heights = times.map { 400 + spring.state(displacement: -300, velocity: 0, at: $0).displacement }
    let fit = try #require(SpringFit.fit(times: times, heights: heights, target: 400, startTime: 0))
    let re = try #require(fit.responseError)
    #expect(re > 1e-6 && re < 0.001 * 0.4, "response error \(re)")
  }

  @Test("fewer samples than parameters plus one: no standard errors")
  func tooFewForErrors() {
    #expect(
      LevenbergMarquardt.standardErrors(at: [1, 2], cost: 0, residuals: { p in [p[0] - 1, p[1] - 2] }) == nil)
    // A parameter the residuals do not depend on: singular, no errors.
    #expect(
      LevenbergMarquardt.standardErrors(at: [1, 2], cost: 1, residuals: { p in [p[0] - 1, p[0] + 1, p[0]] })
        == nil)
  }
}
