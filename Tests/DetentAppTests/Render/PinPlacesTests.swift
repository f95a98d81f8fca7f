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

  @Test(
    "the place open is no candidate (PinRenderer places it first): a search matching nothing gives none, open or not"
  )
  func openPlaceOutsideTheSearch() {
    let kept = PinPlaces()
    #expect(kept.candidates(for: MapPins(places: Self.places, needle: "zzz")).isEmpty)
    #expect(kept.candidates(for: MapPins(places: Self.places, needle: "zzz", selected: 2)).isEmpty)
    let all = kept.candidates(for: MapPins(places: Self.places)).map(\.index)
    #expect(kept.candidates(for: MapPins(places: Self.places, selected: all[0])).map(\.index) == all)
  }

  @Test("the place open outside the search still has its balloon and bold name; the others none")
  func openPlaceDrawnOutsideTheSearch() throws {
    let (display, scene, model) = try RenderTests.setUp()
    var pins = model.pins
    pins.needle = "no place is called this"
    let nearest = try #require(
      (0..<pins.places.count).min { pins.places.place($0).distance < pins.places.place($1).distance })
    func marks(selected: Int?) -> [String] {
      pins.selected = selected
      let camera = MapCamera(centerX: pins.places.place(nearest).x, centerY: pins.places.place(nearest).y)
      scene.map.draw(
        camera: camera, pins: pins, width: display.width, height: display.height, canvas: display.canvas,
        text: scene.text)
      return scene.map.overlay.items.compactMap { item -> String? in
        switch item.shape {
        case .mark(let mark, _, _): "\(mark.kind)"
        case .text(let string, let style, _, _, _, _, _):
          style == PinRenderer.selectedStyle ? "bold \(string)" : nil
        case .roundedRect: nil
        }
      }
    }
    let closed = marks(selected: nil)
    #expect(
      !closed.contains("pin") && !closed.contains("balloon") && !closed.contains { $0.hasPrefix("bold") })
    let open = marks(selected: nearest)
    #expect(open.contains("balloon") && open.contains("balloonShadow"))
    #expect(open.contains("bold \(pins.places.place(nearest).name)"))
    #expect(!open.contains("pin"))
  }

  @Test("every place within reach, in the directory's order (nearest first), when the search is empty")
  func everyPlaceNearestFirst() {
    let all = PinPlaces().candidates(for: MapPins(places: Self.places))
    #expect(!all.isEmpty)
    #expect(all.allSatisfy { $0.place.distance <= MapGeometry.placeRadius })
    #expect(zip(all, all.dropFirst()).allSatisfy { $0.index < $1.index })
  }
}
