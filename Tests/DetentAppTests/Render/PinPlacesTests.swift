import Testing

@testable import DetentApp

/// PinPlaces.swift: the places with a pin, made once per directory and filtered again when the
/// search or the open place changes.
struct PinPlacesTests {
  static let places = PlaceDirectory(seed: 7, count: 4000)

  /// The indices a fresh `PinPlaces` gives for `pins`.
  static func fresh(_ pins: MapPins) -> [Int] { PinPlaces().candidates(for: pins).map(\.index) }

  @Test("one PinPlaces through searches, categories, places opened and closed: what a fresh one gives")
  func sequence() {
    let other = PlaceDirectory(seed: 8, count: 4000)
    let steps: [MapPins] = [
      MapPins(places: Self.places),
      MapPins(places: Self.places, needle: "coffee"),
      MapPins(places: Self.places, needle: "coffee", selected: 0),
      MapPins(places: Self.places, category: .park, selected: 3),
      MapPins(places: Self.places, category: .park),
      MapPins(places: Self.places, needle: "zzz"),
      MapPins(places: other, needle: "zzz", selected: 5),
      MapPins(places: other),
      MapPins(places: Self.places),
    ]
    let kept = PinPlaces()
    for pins in steps {
      #expect(kept.candidates(for: pins).map(\.index) == Self.fresh(pins), "\(pins)")
    }
  }

  @Test("a search that matches nothing shows only the place open, and nothing once it is closed")
  func openPlaceOutsideTheSearch() {
    let kept = PinPlaces()
    #expect(kept.candidates(for: MapPins(places: Self.places, needle: "zzz")).isEmpty)
    let open = kept.candidates(for: MapPins(places: Self.places, needle: "zzz", selected: 2))
    #expect(open.map(\.index) == [2])
    #expect(kept.candidates(for: MapPins(places: Self.places, needle: "zzz")).isEmpty)
  }

  @Test("every place within reach, in the directory's order (nearest first), when the search is empty")
  func everyPlaceNearestFirst() {
    let all = PinPlaces().candidates(for: MapPins(places: Self.places))
    #expect(!all.isEmpty)
    #expect(all.allSatisfy { $0.place.distance <= MapGeometry.placeRadius })
    #expect(zip(all, all.dropFirst()).allSatisfy { $0.index < $1.index })
  }
}
