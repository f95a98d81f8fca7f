import Foundation

/// The one geometry the map, the pins and the list share: a world unit is one metre, the current
/// location (the blue dot) is the world's origin, and at zoom 1 a unit is one pixel. A place's
/// distance in the list is its pin's distance from the dot on this scale.
enum MapGeometry {
  /// Metres per world unit (one screen pixel at zoom 1).
  static let metresPerUnit = 1.0
  /// How far from the dot the map shows places, m (the generated city is 6 km across).
  static let placeRadius = 3000.0
  /// Width of the river, world units.
  static let riverWidth = 150.0

  /// Distance in metres of world point (x, y) from the current location.
  static func metres(x: Double, y: Double) -> Double { (x * x + y * y).squareRoot() * metresPerUnit }

  /// The river's centre line at world x for a city made from `seed`.
  static func riverY(x: Double, seed: UInt64) -> Double {
    -300 + 240 * sin(x / 700 + Double(seed % 7)) + 70 * sin(x / 210)
  }

  /// A distance as Maps shows it: "60 m", "470 m" (to 10 m) under a kilometre, then "1.2 km"
  /// (to 0.1 km), and whole kilometres from 10 km.
  static func distanceText(metres m: Double) -> String {
    let tens = Int((m / 10).rounded())
    if tens < 100 { return "\(tens * 10) m" }
    let tenths = Int((m / 100).rounded())
    if tenths < 100 { return "\(tenths / 10).\(tenths % 10) km" }
    return "\(Int((m / 1000).rounded())) km"
  }
}
