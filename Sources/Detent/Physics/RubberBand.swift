import Foundation

/// How a drag past the ends of the allowed range is resisted.
public enum RubberBandKind: String, Sendable, CaseIterable {
  /// `(1 − 1/(x·factor/D + 1))·D` past the limit by x, for a dimension D.
  case elastic
  /// `limit·(1 + factor·log10(t/limit))` for a raw value t past the upper limit; mirrored below.
  case logarithmic
  /// Clamp at the limit.
  case none
}

/// Maps a raw (pointer-driven) value to the value shown, resisting past `lower` and `upper`.
public struct RubberBand: Sendable, Equatable {
  /// The resistance curve.
  public var kind: RubberBandKind
  /// The curve's strength (elastic: initial slope; logarithmic: growth per decade).
  public var factor: Double
  /// Whether the upper end stretches (otherwise it clamps).
  public var top: Bool
  /// Whether the lower end stretches (otherwise it clamps).
  public var bottom: Bool

  /// Creates a rubber band.
  public init(kind: RubberBandKind = .elastic, factor: Double = 0.55, top: Bool = true, bottom: Bool = true) {
    self.kind = kind
    self.factor = factor
    self.top = top
    self.bottom = bottom
  }

  /// The value shown for the raw value `raw`; the identity inside `lower...upper`.
  public func apply(_ raw: Double, lower: Double, upper: Double, dimension: Double) -> Double {
    if raw > upper {
      guard top else { return upper }
      return upper + excess(raw - upper, limit: upper, dimension: dimension)
    }
    if raw < lower {
      guard bottom else { return lower }
      return lower - excess(lower - raw, limit: lower, dimension: dimension)
    }
    return raw
  }

  /// The raw value that `apply` maps to `shown`; used to resume a drag without a jump.
  func inverse(_ shown: Double, lower: Double, upper: Double, dimension: Double) -> Double {
    if shown > upper, top {
      return upper + inverseExcess(shown - upper, limit: upper, dimension: dimension)
    }
    if shown < lower, bottom {
      return lower - inverseExcess(lower - shown, limit: lower, dimension: dimension)
    }
    return min(max(shown, lower), upper)
  }

  /// d(shown)/d(raw) at the raw value `raw`: 1 inside `lower...upper`, the band's resistance
  /// past a limit (0 where an edge clamps). A pointer moving the raw value at v moves what is
  /// shown at `slope · v`: the velocity a release through the band hands to the settle. A raw
  /// value within `limitTolerance` of a limit is at it (inside): a pointer back exactly where it
  /// pressed on the lowest notch sums its moves to the limit give or take a rounding, which on a
  /// top or left edge's coordinates and a bottom or right one's fell on different sides (the
  /// slope 0 on one edge, 1 on the other).
  func slope(at raw: Double, lower: Double, upper: Double, dimension: Double) -> Double {
    let tolerance = Self.limitTolerance * max(1, abs(lower), abs(upper))
    if raw > upper + tolerance {
      return top ? excessSlope(raw - upper, limit: upper, dimension: dimension) : 0
    }
    if raw < lower - tolerance {
      return bottom ? excessSlope(lower - raw, limit: lower, dimension: dimension) : 0
    }
    return 1
  }

  /// The relative distance from a limit within which a raw value is at it (rounding).
  static let limitTolerance = 1e-12

  /// The derivative of `excess` at a raw overshoot of `x` ≥ 0.
  func excessSlope(_ x: Double, limit: Double, dimension: Double) -> Double {
    switch kind {
    case .none:
      return 0
    case .elastic:
      // d/dx (1 − 1/(x·f/D + 1))·D = f / (x·f/D + 1)²
      guard dimension > 0, factor > 0 else { return 0 }
      let s = x * factor / dimension + 1
      return factor / (s * s)
    case .logarithmic:
      // d/dx limit·f·log10((limit + x)/limit) = limit·f / ((limit + x)·ln 10)
      guard limit > 0, factor > 0 else { return 0 }
      return limit * factor / ((limit + x) * log(10))
    }
  }

  /// How far past a limit the value shows for a raw overshoot of `x` ≥ 0.
  func excess(_ x: Double, limit: Double, dimension: Double) -> Double {
    switch kind {
    case .none:
      return 0
    case .elastic:
      guard dimension > 0, factor > 0 else { return 0 }
      return (1 - 1 / (x * factor / dimension + 1)) * dimension
    case .logarithmic:
      guard limit > 0, factor > 0 else { return 0 }
      return limit * factor * log10((limit + x) / limit)
    }
  }

  /// The raw overshoot that shows as `y` past a limit.
  func inverseExcess(_ y: Double, limit: Double, dimension: Double) -> Double {
    switch kind {
    case .none:
      return 0
    case .elastic:
      guard dimension > 0, factor > 0 else { return 0 }
      let ratio = min(y / dimension, 0.999_999)
      return dimension / factor * (1 / (1 - ratio) - 1)
    case .logarithmic:
      guard limit > 0, factor > 0 else { return 0 }
      return limit * (pow(10, y / (limit * factor)) - 1)
    }
  }
}
