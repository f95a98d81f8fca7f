import Foundation

/// A damped spring of unit mass described the way designers tune it: response and damping ratio.
///
/// Stiffness is (2π / response)² and damping is 4π · dampingRatio / response. The motion is
/// solved analytically, so sampling it at any frame rate gives points on the same curve.
public struct Spring: Sendable, Equatable {
  /// The period of the undamped oscillation, in seconds (> 0).
  public var response: Double
  /// 1 is critically damped, below 1 overshoots, above 1 creeps in without overshoot (> 0).
  public var dampingRatio: Double

  /// Creates a spring from its response (s) and damping ratio.
  public init(response: Double, dampingRatio: Double) {
    self.response = response
    self.dampingRatio = dampingRatio
  }

  /// The default spring: quick, with a hint of overshoot.
  public static let standard = Spring(response: 0.4, dampingRatio: 0.85)

  /// Undamped angular frequency ω₀ = 2π / response.
  var angularFrequency: Double { 2 * Double.pi / response }
  /// Spring constant k = ω₀² for unit mass.
  public var stiffness: Double { angularFrequency * angularFrequency }
  /// Damping coefficient c = 4π ζ / response for unit mass.
  public var damping: Double { 4 * Double.pi * dampingRatio / response }

  /// Displacement from rest and velocity at time `t` for a spring released at displacement `x0`
  /// with velocity `v0`. Exact for all three damping regimes; at t = 0 it returns (x0, v0).
  public func state(displacement x0: Double, velocity v0: Double, at t: Double) -> SpringState {
    let w0 = angularFrequency
    let zeta = dampingRatio
    if abs(zeta - 1) < 1e-6 {
      let b = v0 + w0 * x0
      let e = exp(-w0 * t)
      return SpringState(displacement: (x0 + b * t) * e, velocity: (v0 - w0 * b * t) * e)
    }
    if zeta < 1 {
      let a = zeta * w0
      let wd = w0 * (1 - zeta * zeta).squareRoot()
      let e = exp(-a * t)
      let c = cos(wd * t)
      let s = sin(wd * t)
      let x = e * (x0 * c + (v0 + a * x0) / wd * s)
      let v = e * (v0 * c - (a * v0 + w0 * w0 * x0) / wd * s)
      return SpringState(displacement: x, velocity: v)
    }
    let root = (zeta * zeta - 1).squareRoot()
    let r1 = -w0 * (zeta - root)
    let r2 = -w0 * (zeta + root)
    let c2 = (v0 - r1 * x0) / (r2 - r1)
    let c1 = x0 - c2
    let e1 = exp(r1 * t)
    let e2 = exp(r2 * t)
    return SpringState(displacement: c1 * e1 + c2 * e2, velocity: c1 * r1 * e1 + c2 * r2 * e2)
  }

  /// The time at which a release from rest at `x0` stays within `tolerance` of the rest
  /// position: the last instant of a 1 ms grid where it is outside. The search ends where the
  /// spring's energy keeps it inside for good (|x| ≤ √(x² + (v/ω₀)²), which never grows), so a
  /// slow, barely damped spring is followed to its end (a 1-s spring at ratio 0.05 settles after
  /// 21.6 s); `limit` seconds bound it only for a spring that never settles (ratio 0).
  func settleTime(from x0: Double, tolerance: Double = 0.5, limit: Double = 10) -> Double {
    let w0 = angularFrequency
    var lastOutside = 0.0
    var i = 0
    while Double(i) * 0.001 <= limit {
      let t = Double(i) * 0.001
      let s = state(displacement: x0, velocity: 0, at: t)
      if abs(s.displacement) > tolerance {
        lastOutside = t
      } else if (s.displacement * s.displacement + s.velocity * s.velocity / (w0 * w0)).squareRoot()
        <= tolerance
      {
        break
      }
      i += 1
    }
    return lastOutside
  }
}

/// The displacement and velocity of a spring at one instant.
public struct SpringState: Sendable, Equatable {
  /// Distance from the rest position.
  public var displacement: Double
  /// Rate of change of the displacement, per second.
  public var velocity: Double
}
