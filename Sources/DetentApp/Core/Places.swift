/// A place shown as a list row.
struct Place: Equatable, Sendable {
  var name: String
  var category: PlaceCategory
  var street: String
  var number: Int
  /// Distance from the current location, km.
  var distance: Double
  var rating: Double

  /// "Coffee · 123 Maple St".
  var subtitle: String { "\(category.title) · \(number) \(street)" }
  /// The detail sheet's rows: the action buttons' row (empty), then label and value pairs.
  var detailRows: [(label: String, value: String)] {
    [
      ("", ""), ("Address", "\(number) \(street)"), ("Hours", "Open · until 22:00"),
      ("Phone", "+1 415 555 \(1000 + number)"),
      ("Rating", "★ \((rating * 10).rounded() / 10) · \(40 + number % 300) ratings"),
      ("Website", name.lowercased().split(separator: " ").joined() + ".example"),
      ("Category", category.title),
      ("Distance", distanceText),
    ]
  }

  /// "0.4 km" or "12 km".
  var distanceText: String {
    distance < 10 ? "\((distance * 10).rounded() / 10) km" : "\(Int(distance.rounded())) km"
  }
}

/// Kinds of places, with their filter chip, icon color and glyph.
enum PlaceCategory: Int, CaseIterable, Sendable {
  case food, coffee, park, shop, museum, bar

  var title: String {
    switch self {
    case .food: "Restaurant"
    case .coffee: "Coffee"
    case .park: "Park"
    case .shop: "Shop"
    case .museum: "Museum"
    case .bar: "Bar"
    }
  }

  /// The chip label.
  var chip: String {
    switch self {
    case .food: "Food"
    case .coffee: "Coffee"
    case .park: "Parks"
    case .shop: "Shops"
    case .museum: "Museums"
    case .bar: "Bars"
    }
  }

  var glyph: String {
    switch self {
    case .food: "R"
    case .coffee: "C"
    case .park: "P"
    case .shop: "S"
    case .museum: "M"
    case .bar: "B"
    }
  }

  var color: UInt32 {
    switch self {
    case .food: 0xF2994A
    case .coffee: 0x9C6B4E
    case .park: 0x34A853
    case .shop: 0xE8457C
    case .museum: 0x8E5BD9
    case .bar: 0x2F80ED
    }
  }

  var suffixes: [String] {
    switch self {
    case .food: ["Kitchen", "Bistro", "Diner", "Trattoria", "Noodle Bar", "Taqueria", "Grill"]
    case .coffee: ["Coffee", "Roasters", "Espresso", "Café", "Coffee House"]
    case .park: ["Park", "Gardens", "Green", "Commons", "Playground"]
    case .shop: ["Market", "Books", "Hardware", "Grocer", "Records", "Florist"]
    case .museum: ["Museum", "Gallery", "Science Center", "History Museum"]
    case .bar: ["Tavern", "Wine Bar", "Taproom", "Social Club"]
    }
  }
}

/// A deterministic directory of places: place `i` is computed from (seed, i), so a million rows
/// cost nothing until shown.
struct PlaceDirectory: Sendable {
  static let prefixes = [
    "Blue", "Golden", "Little", "Corner", "Old Town", "Harbor", "Maple", "River", "Union", "Cedar", "North",
    "Sunset", "Lantern", "Copper", "Juniper", "Willow", "Granite", "Saffron", "Orchard", "Beacon", "Meridian",
    "Pine", "Hazel", "Foxglove", "Marigold", "Silver", "Elm", "Bayside", "Canal", "Hilltop",
  ]
  static let streets = [
    "Maple St", "Oak Ave", "Harbor Rd", "Market St", "Mission Blvd", "Elm St", "Cedar Ln", "River Rd",
    "Pine St",
    "Union Sq", "Valencia St", "Park Ave", "King St", "Queen St", "Lake Dr", "Bridge St",
  ]

  let seed: UInt64
  let count: Int

  /// SplitMix64 of `x`.
  static func mix(_ x: UInt64) -> UInt64 {
    var z = x &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Place number `index`.
  func place(_ index: Int) -> Place {
    let h = Self.mix(seed ^ UInt64(truncatingIfNeeded: index) &* 0x1000_0001)
    let category = PlaceCategory.allCases[Int(h % 6)]
    let prefix = Self.prefixes[Int((h >> 8) % UInt64(Self.prefixes.count))]
    let suffixes = category.suffixes
    let suffix = suffixes[Int((h >> 16) % UInt64(suffixes.count))]
    let street = Self.streets[Int((h >> 24) % UInt64(Self.streets.count))]
    let number = 1 + Int((h >> 32) % 899)
    // Rows are roughly sorted by distance: farther down the list, farther away.
    let distance = 0.1 + Double(index) * 0.035 + Double((h >> 40) % 100) / 400
    let rating = 3.0 + Double((h >> 48) % 21) / 10
    return Place(
      name: "\(prefix) \(suffix)", category: category, street: street, number: number, distance: distance,
      rating: rating)
  }

  /// Indices whose name or category contains `text` (case-insensitive) and, when `category`
  /// is given, of that category.
  func filter(text: String, category: PlaceCategory?) -> [Int] {
    let needle = text.lowercased()
    var out: [Int] = []
    for i in 0..<count {
      let p = place(i)
      if let category, p.category != category { continue }
      if !needle.isEmpty, !p.name.lowercased().contains(needle),
        !p.category.title.lowercased().contains(needle)
      {
        continue
      }
      out.append(i)
    }
    return out
  }
}
