import Foundation
import Testing

@testable import DetentApp

@Suite struct PlaceDirectoryTests {
  @Test(
    "distances read as Maps writes them: to 10 m under a kilometre, to 0.1 km, whole km from 10 km",
    arguments: [
      (0.0, "0 m"), (4.9, "0 m"), (5.0, "10 m"), (54.0, "50 m"), (55.0, "60 m"), (470.0, "470 m"),
      (994.0, "990 m"), (995.0, "1.0 km"), (1049.0, "1.0 km"), (1050.0, "1.1 km"), (1234.0, "1.2 km"),
      (9949.0, "9.9 km"), (9950.0, "10 km"), (12_400.0, "12 km"),
    ])
  func distanceText(metres: Double, text: String) {
    #expect(MapGeometry.distanceText(metres: metres) == text)
  }

  @Test(
    "a place's distance is its pin's distance from the location dot on the map's one scale",
    arguments: [
      // (index, name, pin x, pin y in world metres, shown distance) for seed 7.
      (0, "Copper Science Center", 104.370, 36.882, "110 m"),
      (1, "Corner Tavern", 188.946, -2.029, "190 m"),
      (2, "River Grill", -165.775, 133.750, "210 m"),
      (10, "Elm Science Center", 89.966, -371.664, "380 m"),
      (57, "North Gallery", 698.218, 424.891, "820 m"),
      (199, "Willow Books", 531.333, 1374.682, "1.5 km"),
    ])
  func distanceFromPin(index: Int, name: String, x: Double, y: Double, text: String) {
    let place = PlaceDirectory(seed: 7, count: 200).place(index)
    #expect(place.name == name)
    #expect(abs(place.x - x) < 0.001 && abs(place.y - y) < 0.001)
    #expect(place.distanceText == text)
    // On screen: at zoom 1 a metre is a pixel, at zoom 2 two; the camera moves neither.
    for (zoom, centerX, centerY) in [(1.0, 0.0, 190.0), (2.0, -300.0, 40.0), (0.5, 800.0, -600.0)] {
      var camera = MapCamera()
      camera.centerX = centerX
      camera.centerY = centerY
      camera.zoom = zoom
      let pin = camera.screen(x: place.x, y: place.y, width: 1280, height: 800)
      let dot = camera.screen(x: 0, y: 0, width: 1280, height: 800)
      let pixels = ((pin.x - dot.x) * (pin.x - dot.x) + (pin.y - dot.y) * (pin.y - dot.y)).squareRoot()
      #expect(abs(pixels / zoom * MapGeometry.metresPerUnit - place.distance) < 1e-9)
    }
  }

  @Test("the list is in order of distance: every place, and what a search leaves")
  func sortedByDistance() {
    let places = PlaceDirectory(seed: 7, count: 5000)
    for i in 1..<places.count {
      #expect(places.place(i - 1).distance < places.place(i).distance, "place \(i)")
    }
    let coffee = places.filter(text: "cof", category: nil).prefix(6).map { places.place($0).distanceText }
    #expect(coffee == ["250 m", "330 m", "470 m", "510 m", "580 m", "650 m"])
  }

  @Test(
    "no name repeats among the places the map shows (within 3 km)", arguments: [1, 2, 3, 7, 99] as [UInt64])
  func uniqueNames(seed: UInt64) {
    let places = PlaceDirectory(seed: seed, count: 100_000)
    let shown = places.indices(within: MapGeometry.placeRadius)
    #expect(shown.count > 800)
    #expect(places.place(shown.upperBound).distance > MapGeometry.placeRadius)
    var seen: [String: Int] = [:]
    for i in shown where places.place(i).distance <= MapGeometry.placeRadius {
      let name = places.place(i).name
      #expect(seen[name] == nil, "\(name): places \(seen[name] ?? -1) and \(i)")
      seen[name] = i
    }
  }

  @Test("every six places hold each category once; no pin stands in the river")
  func categoriesAndRiver() {
    let places = PlaceDirectory(seed: 7, count: 1200)
    for block in 0..<200 {
      let categories = Set((0..<6).map { places.category(block * 6 + $0) })
      #expect(categories.count == 6, "block \(block)")
    }
    for i in 0..<places.count {
      let p = places.place(i)
      #expect(p.category == places.category(i))
      #expect(abs(p.y - MapGeometry.riverY(x: p.x, seed: 7)) >= MapGeometry.riverWidth / 2 + 25, "place \(i)")
    }
  }
}
