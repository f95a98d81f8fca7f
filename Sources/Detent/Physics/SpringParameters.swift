import Foundation

/// The same spring in the terms other tools use, as small pure conversions. All assume the
/// mass is 1 unless told; a spring's motion depends on stiffness/mass and damping/mass only.
///
/// - Response/damping ratio ↔ stiffness/damping: k = (2π/response)², c = 4π·ζ/response
///   (unit mass), so ζ = c / (2·√(k·m)) and response = 2π·√(m/k).
/// - SwiftUI `Spring(duration:bounce:)`: duration is the response; bounce = 1 − ζ for ζ ≤ 1 and
///   1/ζ − 1 for ζ > 1 (Apple's documented example: duration 0.5, bounce 0.3 gives mass 1,
///   stiffness 157.9, damping 17.6; the overdamped branch is the inverse of ζ = 1/(1 + bounce)).
/// - Android `SpringForce` and Compose `spring()`: stiffness k (unit mass) and the damping ratio.
/// - Framer Motion / Motion: `stiffness`, `damping`, `mass`.
extension Spring {
  /// A spring from a stiffness and damping coefficient with `mass` (default 1).
  public init(stiffness: Double, damping: Double, mass: Double = 1) {
    let k = max(stiffness, .leastNonzeroMagnitude)
    let m = max(mass, .leastNonzeroMagnitude)
    self.init(
      response: 2 * Double.pi * (m / k).squareRoot(), dampingRatio: damping / (2 * (k * m).squareRoot()))
  }

  /// A spring from SwiftUI's `duration` (s) and `bounce` (−1 < bounce < 1; 0 is critical).
  public init(duration: Double, bounce: Double) {
    let b = min(max(bounce, -0.999_999), 0.999_999)
    self.init(response: duration, dampingRatio: b >= 0 ? 1 - b : 1 / (1 + b))
  }

  /// SwiftUI's bounce: 1 − ζ when underdamped or critical, 1/ζ − 1 when overdamped.
  public var bounce: Double { dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1 }

  /// SwiftUI's duration: the response.
  public var duration: Double { response }

  /// Seconds until a release from rest at unit displacement stays within `fraction` of the
  /// rest position (default 0.1 %), to the millisecond: about 1.1 × response / ratio when barely
  /// damped and 2.2 × response × ratio when heavily overdamped, with no cap below that (the
  /// search bound, 10 s or (10 + 4/ratio + 4·ratio) responses, lies well past both).
  public func settlingTime(fraction: Double = 0.001) -> Double {
    let ratio = max(dampingRatio, 0.001)
    return settleTime(from: 1, tolerance: fraction, limit: max(10, response * (10 + 4 / ratio + 4 * ratio)))
  }

  /// Progress (0 at the start, 1 at rest) `t` seconds into a move from rest: 1 − x(t)/x0.
  public func progress(at t: Double) -> Double {
    1 - state(displacement: 1, velocity: 0, at: t).displacement
  }
}
