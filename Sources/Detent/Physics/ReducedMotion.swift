/// Reduced motion: moves end at their target after `duration` seconds, eased, with no overshoot.
enum ReducedMotion {
  /// Length of every reduced-motion move, in seconds.
  static let duration = 0.25

  /// Height and dh/dt `t` seconds into an eased move from `from` to `to` lasting `duration`
  /// (cubic ease-out: fast start, zero speed on arrival, never past `to`).
  static func state(from: Double, to: Double, at t: Double, duration: Double = duration) -> (
    height: Double, velocity: Double
  ) {
    guard duration > 0, t < duration - 1e-9 else { return (to, 0) }
    let u = max(t, 0) / duration
    let rest = 1 - u
    let eased = 1 - rest * rest * rest
    return (from + (to - from) * eased, (to - from) * 3 * rest * rest / duration)
  }
}
