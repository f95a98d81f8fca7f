/// A short message over the map (what an action button did), shown for `duration` seconds of
/// model time: it fades in, stays, and fades out. The model drops it when its time is up.
struct Toast: Equatable {
  /// The text.
  let message: String
  /// Model time it appeared, s.
  let shownAt: Double

  /// Seconds from appearing to gone.
  static let duration = 2.5
  /// Fade-in and fade-out times, s.
  static let fadeIn = 0.15
  static let fadeOut = 0.35

  /// Opacity at model time `t`: 0…1 while fading in, 1, then 1…0 while fading out; 0 outside.
  func alpha(at t: Double) -> Double {
    let age = t - shownAt
    guard age >= 0, age < Self.duration else { return 0 }
    return min(1, age / Self.fadeIn, (Self.duration - age) / Self.fadeOut)
  }

  /// Whether it still shows at model time `t`.
  func isVisible(at t: Double) -> Bool { t - shownAt < Self.duration }
}
