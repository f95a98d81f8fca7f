/// A place: a list row and a pin on the map.
struct Place: Equatable, Sendable {
  var name: String
  var category: PlaceCategory
  var street: String
  var number: Int
  /// Where its pin stands: world units (metres) from the current location, y down.
  var x: Double
  var y: Double
  var rating: Double

  /// Distance from the current location, m: its pin's distance from the location dot.
  var distance: Double { MapGeometry.metres(x: x, y: y) }

  /// "Coffee · 123 Maple St".
  var subtitle: String { "\(category.title) · \(number) \(street)" }
  /// "+1 415 555 1330".
  var phone: String { "+1 415 555 \(1000 + number)" }
  /// "bluecoffee.example".
  var website: String { name.lowercased().split(separator: " ").joined() + ".example" }
  /// The detail sheet's info rows: label and value pairs (the action buttons are in its header).
  var detailRows: [(label: String, value: String)] {
    [
      ("Address", "\(number) \(street)"), ("Hours", "Open · until 22:00"), ("Phone", phone),
      ("Rating", "★ \((rating * 10).rounded() / 10) · \(40 + number % 300) ratings"), ("Website", website),
      ("Category", category.title),
      ("Distance", distanceText),
    ]
  }

  /// How many info rows a detail sheet lists.
  static let infoRowCount = 7

  /// "470 m", "1.2 km" (see `MapGeometry.distanceText`).
  var distanceText: String { MapGeometry.distanceText(metres: distance) }
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
