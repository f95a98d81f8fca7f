import Foundation

/// A deterministic directory of places, nearest first: place `i` is computed from (seed, i), so
/// a million rows cost nothing until shown.
///
/// Place `i`'s pin stands at radius 60 + 100·√(i + u) m from the location dot (u in [0, 1) from
/// the hash), at an angle from the hash that keeps it out of the river. The radius grows with
/// the index, so the list's order is the order of distance, and the places cover the map evenly
/// (about one per 31,000 m²). Every six consecutive places hold one place of each category, and
/// the names within a category do not repeat for its first 160 places (so none repeats on the
/// map, which shows the places within 3 km: fewer than 960).
struct PlaceDirectory: Sendable, Equatable {
  static let prefixes = [
    "Blue", "Golden", "Little", "Corner", "Old Town", "Harbor", "Maple", "River", "Union", "Cedar", "North",
    "Sunset", "Lantern", "Copper", "Juniper", "Willow", "Granite", "Saffron", "Orchard", "Beacon", "Meridian",
    "Pine", "Hazel", "Foxglove", "Marigold", "Silver", "Elm", "Bayside", "Canal", "Hilltop", "Amber",
    "Crescent", "Ivy", "Laurel", "Magnolia", "Rosewood", "Sparrow", "Tidewater", "Vista", "Wren",
  ]
  static let streets = [
    "Maple St", "Oak Ave", "Harbor Rd", "Market St", "Mission Blvd", "Elm St", "Cedar Ln", "River Rd",
    "Pine St", "Union Sq", "Valencia St", "Park Ave", "King St", "Queen St", "Lake Dr", "Bridge St",
  ]
  /// Radius of the nearest possible place, m.
  static let innerRadius = 60.0
  /// Radius growth: place `i` is about 100·√i m beyond the inner radius.
  static let spread = 100.0

  let seed: UInt64
  let count: Int

  /// SplitMix64 of `x`.
  static func mix(_ x: UInt64) -> UInt64 {
    var z = x &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The category of place `index`: each run of six places (6k…6k+5) holds every category once,
  /// in one of twelve orders picked by the hash of k.
  func category(_ index: Int) -> PlaceCategory {
    let h = Self.mix(seed &+ 0xC0FFEE ^ UInt64(truncatingIfNeeded: index / 6) &* 0x2545_F491)
    let step = h & 1 == 0 ? 1 : 5
    let offset = Int((h >> 1) % 6)
    return PlaceCategory.allCases[(index % 6 * step + offset) % 6]
  }

  /// Place number `index`.
  func place(_ index: Int) -> Place {
    let h = Self.mix(seed ^ UInt64(truncatingIfNeeded: index) &* 0x1000_0001)
    let category = category(index)
    let street = Self.streets[Int((h >> 24) % UInt64(Self.streets.count))]
    let number = 1 + Int((h >> 32) % 899)
    let rating = 3.0 + Double((h >> 48) % 21) / 10
    let radius =
      Self.innerRadius + Self.spread * (Double(index) + Double((h >> 40) % 1000) / 1000).squareRoot()
    var angle = Double(h & 0xFFFF) / 65536 * 2 * Double.pi
    var x = radius * cos(angle)
    var y = radius * sin(angle)
    // Out of the river: turn around the dot (the distance stays) until the pin is on land.
    for _ in 0..<32 where abs(y - MapGeometry.riverY(x: x, seed: seed)) < MapGeometry.riverWidth / 2 + 25 {
      angle += 0.2
      x = radius * cos(angle)
      y = radius * sin(angle)
    }
    return Place(
      name: name(category: category, residue: (index / 6) % nameCount(category)), category: category,
      street: street, number: number, x: x, y: y,
      rating: rating)
  }

  /// How many names a category has (its places' names repeat with this period in blocks of six).
  func nameCount(_ category: PlaceCategory) -> Int { Self.prefixes.count * category.suffixes.count }

  /// The name of the places of `category` in the blocks `b` with `b mod nameCount == residue`:
  /// the k-th place of its category gets name number (13·k + offset) mod count; 13 is prime to
  /// every such count, so the first count names of a category are distinct.
  func name(category: PlaceCategory, residue: Int) -> String {
    let names = nameCount(category)
    let offset = Int(Self.mix(seed &+ UInt64(category.rawValue)) % UInt64(names))
    let number = (residue * 13 + offset) % names
    return "\(Self.prefixes[number % Self.prefixes.count]) \(category.suffixes[number / Self.prefixes.count])"
  }

  /// The indices of the places that can lie within `metres` of the current location (the places
  /// beyond are farther: the radius grows with the index).
  func indices(within metres: Double) -> Range<Int> {
    let reach = max(metres - Self.innerRadius, 0) / Self.spread
    return 0..<min(count, Int((reach * reach).rounded(.down)) + 1)
  }

  /// Indices whose name or category contains `text` (case-insensitive) and, when `category`
  /// is given, of that category, by testing every place (the reference `PlaceFilter` is
  /// checked against; the program uses `PlaceFilter`).
  func filter(text: String, category: PlaceCategory?) -> [Int] {
    let needle = text.lowercased()
    var out: [Int] = []
    for i in 0..<count {
      // The category costs a hash; the name costs a string: test it first.
      if let category, self.category(i) != category { continue }
      if needle.isEmpty || Self.matches(place(i), needle: needle, category: nil) { out.append(i) }
    }
    return out
  }

  /// Whether `place` has `category` (when given) and its name or category title contains
  /// `needle` (lowercased; empty matches all).
  static func matches(_ place: Place, needle: String, category: PlaceCategory?) -> Bool {
    if let category, place.category != category { return false }
    return needle.isEmpty || place.name.lowercased().contains(needle)
      || place.category.title.lowercased().contains(needle)
  }
}
