import Foundation

/// What moves the list when no pointer holds it.
enum ListMotion: Sendable, Equatable {
  /// At rest.
  case still
  /// Coasting after a fling: offset `from` with velocity `velocity` at `start`, decaying at the
  /// list's deceleration rate per millisecond. `absorb` px of the coast go to a `collapseFirst`
  /// header first (from offset `headerFrom`: hiding it on the way down the list, showing it on
  /// the way up); `from` is then where the coast would have started without it, `absorb` px
  /// behind the list's offset.
  case momentum(from: Double, velocity: Double, start: Double, absorb: Double = 0, headerFrom: Double = 0)
  /// Springing back to `edge` from `displacement` past it with `velocity`, since `start`.
  case bounce(edge: Double, displacement: Double, velocity: Double, start: Double)
  /// Moved by the wheel; counts as moving until `idleAt`.
  case wheel(idleAt: Double)
}

/// Exact solutions of the list's momentum, so every frame rate lands on the same curve.
enum Momentum {
  /// Below this speed (px/s) coasting stops.
  static let restSpeed = 5.0

  /// Offset and velocity `t` seconds into a coast from `x0` at `v0` with decay `rate` per ms.
  static func state(from x0: Double, velocity v0: Double, rate: Double, at t: Double) -> (
    offset: Double, velocity: Double
  ) {
    let k = 1000 * log(rate)
    let decay = exp(k * t)
    return (x0 + v0 * (decay - 1) / k, v0 * decay)
  }

  /// Time at which the coast's speed falls to `restSpeed`.
  static func stopTime(velocity v0: Double, rate: Double) -> Double {
    guard abs(v0) > restSpeed else { return 0 }
    return log(restSpeed / abs(v0)) / (1000 * log(rate))
  }

  /// The first time the coast reaches `bound`, if it does before it stops.
  static func crossingTime(from x0: Double, velocity v0: Double, rate: Double, bound: Double)
    -> Double?
  {
    guard v0 != 0 else { return nil }
    let k = 1000 * log(rate)
    let argument = 1 + (bound - x0) * k / v0
    guard argument > 0 else { return nil }
    let t = log(argument) / k
    return t >= 0 && t <= stopTime(velocity: v0, rate: rate) ? t : nil
  }
}
