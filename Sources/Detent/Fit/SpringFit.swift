import Foundation

/// The spring that best explains one settle, by least squares.
public struct SpringFit: Sendable, Equatable {
  /// The fitted spring (response, damping ratio).
  public var spring: Spring
  /// Height at the settle's start time, px (fitted, not read from one noisy sample).
  public var startHeight: Double
  /// dh/dt at the settle's start time, px/s (positive = growing).
  public var startVelocity: Double
  /// The rest height the settle ends at, px.
  public var target: Double
  /// The time the fit counts from, s.
  public var startTime: Double
  /// Root mean square of the differences between the samples and the fitted curve, px.
  public var rms: Double
  /// Samples used.
  public var samples: Int
  /// The standard error of `spring.response`, s: how far the samples let it move (one standard
  /// deviation, from the fit's covariance; nil when the samples do not pin it down at all).
  public var responseError: Double? = nil
  /// The standard error of `spring.dampingRatio`, likewise.
  public var dampingRatioError: Double? = nil

  /// The fitted curve's height at time `t` (s).
  public func height(at t: Double) -> Double {
    target
      + spring.state(displacement: startHeight - target, velocity: startVelocity, at: t - startTime)
      .displacement
  }
}

extension SpringFit {
  /// Responses (s) of the starting grid, geometric from 0.02 to 8 (steps of 28 %).
  static let responseGrid: [Double] = (0...24).map { 0.02 * pow(400, Double($0) / 24) }
  /// Damping ratios of the starting grid: 0.05 to 4, denser below 1.
  static let dampingGrid: [Double] = [
    0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4,
  ]

  /// Fits a damped spring to samples (`times` in s, `heights` in px) that settle at `target`,
  /// counting time from `startTime` (the release). The model is the engine's own
  /// `Spring.state`: h(t) = target + x(t − startTime) for the three damping regimes. With
  /// `fitsTarget` the rest height is refined too (`target` is then the first guess), for rests
  /// read from noisy samples.
  ///
  /// A grid over (response, damping ratio) with the start height, velocity (and rest height)
  /// solved linearly at each point (the motion is linear in them) gives the start;
  /// Levenberg–Marquardt then refines all of them together (log response, log damping ratio,
  /// start displacement, start velocity, rest shift). With `guess` (a fit of nearly the same
  /// samples) a small grid around it replaces the full one. Nil when there are fewer than 4
  /// samples or no finite fit.
  public static func fit(
    times: [Double], heights: [Double], target: Double, startTime: Double, fitsTarget: Bool = false,
    near guess: Spring? = nil
  ) -> SpringFit? {
    let n = min(times.count, heights.count)
    guard n >= 4 else { return nil }
    let t = times.prefix(n).map { $0 - startTime }
    let x = heights.prefix(n).map { $0 - target }
    var best: (cost: Double, response: Double, zeta: Double, linear: [Double])?
    let responses = guess.map { g in [0.8, 0.9, 1, 1.1, 1.25].map { g.response * $0 } } ?? responseGrid
    let zetas = guess.map { g in [0.85, 0.93, 1, 1.07, 1.15].map { g.dampingRatio * $0 } } ?? dampingGrid
    for response in responses {
      for zeta in zetas {
        let spring = Spring(response: response, dampingRatio: zeta)
        guard let (linear, cost) = linearStart(spring, t, x, fitsTarget: fitsTarget) else { continue }
        if best == nil || cost < best!.cost { best = (cost, response, zeta, linear) }
      }
    }
    guard let start = best else { return nil }
    let residuals: ([Double]) -> [Double] = { p in
      let spring = Spring(response: exp(p[0]), dampingRatio: exp(p[1]))
      let shift = p.count > 4 ? p[4] : 0
      return (0..<n).map { i in
        shift + spring.state(displacement: p[2] - shift, velocity: p[3], at: t[i]).displacement - x[i]
      }
    }
    let (p, cost) = LevenbergMarquardt.minimize(
      [log(start.response), log(start.zeta)] + start.linear, residuals: residuals)
    guard cost.isFinite, p.allSatisfy(\.isFinite) else { return nil }
    let rest = target + (p.count > 4 ? p[4] : 0)
    var fit = SpringFit(
      spring: Spring(response: exp(p[0]), dampingRatio: exp(p[1])), startHeight: target + p[2],
      startVelocity: p[3], target: rest, startTime: startTime, rms: (cost / Double(n)).squareRoot(),
      samples: n)
    // Standard errors of log response and log damping ratio, from the covariance
    // s²·(JᵀJ)⁻¹ with s² the residual variance (at least (0.05 px)²: a noiseless trace would
    // claim an exactness the pixels never had).
    if let deviations = LevenbergMarquardt.standardErrors(
      at: p, cost: max(cost, 0.0025 * Double(n)), residuals: residuals)
    {
      fit.responseError = fit.spring.response * deviations[0]
      fit.dampingRatioError = fit.spring.dampingRatio * deviations[1]
    }
    return fit
  }

  /// For a fixed spring, the start displacement and velocity (and, with `fitsTarget`, the rest
  /// shift d) that fit `x` at times `t` best, and the resulting sum of squares. The motion
  /// x(t) = x0·a(t) + v0·b(t) + d·(1 − a(t)) is linear in them, with a and b the spring's
  /// responses to a unit start displacement and a unit start velocity.
  static func linearStart(_ spring: Spring, _ t: [Double], _ x: [Double], fitsTarget: Bool) -> (
    [Double], Double
  )? {
    let m = fitsTarget ? 3 : 2
    var basis = [[Double]](repeating: [Double](repeating: 0, count: t.count), count: m)
    for i in t.indices {
      let a = spring.state(displacement: 1, velocity: 0, at: t[i]).displacement
      basis[0][i] = a
      basis[1][i] = spring.state(displacement: 0, velocity: 1, at: t[i]).displacement
      if fitsTarget { basis[2][i] = 1 - a }
    }
    var normal = [[Double]](repeating: [Double](repeating: 0, count: m), count: m)
    var rhs = [Double](repeating: 0, count: m)
    for j in 0..<m {
      for k in 0..<m { normal[j][k] = zip(basis[j], basis[k]).reduce(0) { $0 + $1.0 * $1.1 } }
      rhs[j] = zip(basis[j], x).reduce(0) { $0 + $1.0 * $1.1 }
    }
    guard let c = LevenbergMarquardt.solve(normal, rhs) else { return nil }
    var cost = 0.0
    for i in t.indices {
      var d = -x[i]
      for j in 0..<m { d += c[j] * basis[j][i] }
      cost += d * d
    }
    // The parameters LM takes: start displacement from the first-guess rest, velocity, shift.
    let linear = fitsTarget ? [c[0], c[1], c[2]] : [c[0], c[1]]
    return cost.isFinite ? (linear, cost) : nil
  }
}
