import Foundation

/// Chooses the notch a released sheet settles to, from the release height and velocity.
public enum TargetPolicy: Sendable, Equatable {
  /// The reachable notch nearest to the release height (ties go to the lower one).
  case nearest
  /// Projects `minimumDuration` seconds ahead; above `minimumVelocity` it rushes to the next
  /// notch in the direction of motion among the two nearest to the projection.
  case rushingForward(minimumVelocity: Double, minimumDuration: Double)
  /// Projects where a decelerating motion would stop (`decelerationRate` per ms) and takes the
  /// nearest reachable notch; without `skipsNotches` only the release segment's ends qualify.
  case projection(decelerationRate: Double, skipsNotches: Bool)
  /// No snapping: the sheet coasts from the release (decay at `decelerationRate` per ms), is held
  /// inside the reachable range, and rests where it stops.
  case free(decelerationRate: Double)

  /// Where a release at `height` with dh/dt `velocity` would stop under a deceleration of `rate`
  /// per millisecond: h + (v/1000)·r/(1 − r) (UIKit's projection; r clamped below 1). The one
  /// formula behind `projection`, `free`'s fallback notch and its reduced-motion stop.
  public static func projection(from height: Double, velocity: Double, decelerationRate rate: Double)
    -> Double
  {
    let r = min(max(rate, 0), 0.999_999)
    return height + (velocity / 1000) * r / (1 - r)
  }

  /// Default `minimumVelocity` (px/s) of `rushingForward`.
  public static let defaultMinimumVelocity = 400.0
  /// Default `minimumDuration` (s) of `rushingForward`.
  public static let defaultMinimumDuration = 0.1
  /// Default `decelerationRate` (per ms) of `projection` and `free`.
  public static let defaultDecelerationRate = 0.998
  /// Default `skipsNotches` of `projection`.
  public static let defaultSkipsNotches = true

  /// The default policy: `rushingForward` with its default parameters (a Maps-like flick).
  public static let standard = TargetPolicy.rushingForward(
    minimumVelocity: defaultMinimumVelocity, minimumDuration: defaultMinimumDuration)

  /// The policy of kind `kind` (its tuning-file name) with its default parameters; nil for an
  /// unknown kind. What a tuning gets for keys it leaves out, and what the panel switches to.
  public static func defaults(kind: String) -> TargetPolicy? {
    switch kind {
    case "nearest": .nearest
    case "rushingForward": standard
    case "projection":
      .projection(decelerationRate: defaultDecelerationRate, skipsNotches: defaultSkipsNotches)
    case "free": .free(decelerationRate: defaultDecelerationRate)
    default: nil
    }
  }

  /// The policy's name as written in tuning files.
  public var kindName: String {
    switch self {
    case .nearest: "nearest"
    case .rushingForward: "rushingForward"
    case .projection: "projection"
    case .free: "free"
    }
  }

  /// The index of the notch to settle to. `heights` are ascending; `reachable[i]` says whether
  /// notch i may be chosen. `velocity` is dh/dt (positive = growing). Returns nil only when no
  /// notch is reachable.
  public func target(height: Double, velocity: Double, heights: [Double], reachable: [Bool]) -> Int? {
    switch self {
    case .nearest:
      return Self.nearest(to: height, heights: heights, reachable: reachable)
    case .rushingForward(let minimumVelocity, let minimumDuration):
      let projected = height + minimumDuration * velocity
      guard let first = Self.nearest(to: projected, heights: heights, reachable: reachable) else {
        return nil
      }
      guard abs(velocity) > minimumVelocity,
        let second = Self.nearest(to: projected, heights: heights, reachable: reachable, excluding: first)
      else { return first }
      let (low, high) = heights[first] <= heights[second] ? (first, second) : (second, first)
      return velocity > 0 ? high : low
    case .projection(let rate, let skipsNotches):
      let projected = Self.projection(from: height, velocity: velocity, decelerationRate: rate)
      guard !skipsNotches else { return Self.nearest(to: projected, heights: heights, reachable: reachable) }
      var allowed = [Bool](repeating: false, count: heights.count)
      if let segment = Self.segment(
        holding: height, velocity: velocity, heights: heights, reachable: reachable)
      {
        allowed[segment.lower] = true
        allowed[segment.upper] = true
      }
      return Self.nearest(to: projected, heights: heights, reachable: allowed)
    case .free(let rate):
      // The sheet rests where it stops; the nearest notch to that point is only a fallback.
      return Self.nearest(
        to: Self.projection(from: height, velocity: velocity, decelerationRate: rate), heights: heights,
        reachable: reachable)
    }
  }

  /// The two adjacent reachable notches whose segment holds `height`. A release on or beyond an
  /// end notch belongs to the outermost segment; on an inner notch, to the segment the velocity
  /// points into (the notch alone at rest). Nil when nothing is reachable.
  static func segment(holding height: Double, velocity: Double, heights: [Double], reachable: [Bool]) -> (
    lower: Int, upper: Int
  )? {
    let indices = heights.indices.filter { reachable[$0] }
    guard let first = indices.first, let last = indices.last else { return nil }
    guard indices.count > 1 else { return (first, first) }
    if height <= heights[first] { return (first, indices[1]) }
    if height >= heights[last] { return (indices[indices.count - 2], last) }
    for (k, i) in indices.enumerated().dropLast() {
      let next = indices[k + 1]
      if height == heights[next], k + 2 < indices.count {
        // On an inner notch: the segment the motion heads into.
        if velocity > 0 { return (next, indices[k + 2]) }
        if velocity < 0 { return (i, next) }
        return (next, next)
      }
      if height >= heights[i], height < heights[next] { return (i, next) }
    }
    return (indices[indices.count - 2], last)
  }

  /// The reachable notch nearest to `value`, ties to the lower; `excluding` skips one index.
  static func nearest(to value: Double, heights: [Double], reachable: [Bool], excluding: Int? = nil) -> Int? {
    var best: Int?
    var bestDistance = Double.infinity
    for i in heights.indices where reachable[i] && i != excluding {
      let distance = abs(value - heights[i])
      if distance < bestDistance { (best, bestDistance) = (i, distance) }
    }
    return best
  }
}
