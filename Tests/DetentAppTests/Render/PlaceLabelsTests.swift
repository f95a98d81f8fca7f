import Testing

@testable import DetentApp

@Suite struct PlaceLabelsTests {
  @Test("row strings equal the place's own, through eviction and a change of directory")
  func rowsMatchPlaces() {
    let labels = PlaceLabels(capacity: 4)
    let first = PlaceDirectory(seed: 1, count: 1000)
    let second = PlaceDirectory(seed: 2, count: 1000)
    // More places than the capacity, some twice, then the same indices from another directory.
    for (directory, index) in [0, 1, 2, 3, 4, 5, 1, 999, 0].map({ (first, $0) }) + [(second, 0), (second, 1)]
    {
      let row = labels.row(index, in: directory)
      let place = directory.place(index)
      #expect(row.place == place, "place \(index) of seed \(directory.seed)")
      #expect(row.subtitle == place.subtitle)
      #expect(row.distance == place.distanceText)
      #expect(row.caption == "\(place.category.title) · \(place.distanceText)")
      let details = labels.detailRows(index, in: directory)
      #expect(details.map(\.label) == place.detailRows.map(\.label))
      #expect(details.map(\.value) == place.detailRows.map(\.value))
    }
    #expect(first.place(0) != second.place(0), "the two directories differ")
  }
}
