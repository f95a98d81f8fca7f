/// The backdrop's black overlay alpha as a function of sheet height.
public struct Dimming: Sendable, Equatable {
  /// Alpha at and above the end height.
  public var maxAlpha: Double
  /// Name of the notch where dimming starts (alpha 0 at and below it); nil = second highest.
  public var startNotch: String?
  /// Name of the notch where dimming reaches `maxAlpha`; nil = the highest.
  public var endNotch: String?

  /// Creates a dimming rule.
  public init(maxAlpha: Double = 0.4, startNotch: String? = nil, endNotch: String? = nil) {
    self.maxAlpha = maxAlpha
    self.startNotch = startNotch
    self.endNotch = endNotch
  }

  /// `maxAlpha · clamp((h − start)/(end − start), 0, 1)`, also with `end` below `start` (the
  /// backdrop darkens as the sheet goes down); a step at `start` when the two are equal (where
  /// the ratio is 0/0).
  public static func alpha(height: Double, start: Double, end: Double, maxAlpha: Double) -> Double {
    guard end != start else { return height > start ? maxAlpha : 0 }
    let f = (height - start) / (end - start)
    return maxAlpha * min(max(f, 0), 1)
  }
}
