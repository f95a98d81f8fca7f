/// Which places the map shows as pins: the ones the search leaves (query and chip), within
/// `MapGeometry.placeRadius` of the current location, and the chosen place highlighted.
struct MapPins: Equatable {
  /// The places.
  var places: PlaceDirectory
  /// The search query, lowercased ("" shows every place).
  var needle = ""
  /// The chip's category (nil: all).
  var category: PlaceCategory?
  /// The place whose detail sheet is open, drawn larger and on top.
  var selected: Int?

  /// Whether place `index` (`place`) has a pin.
  func shows(_ index: Int, _ place: Place) -> Bool {
    index == selected || PlaceDirectory.matches(place, needle: needle, category: category)
  }
}
