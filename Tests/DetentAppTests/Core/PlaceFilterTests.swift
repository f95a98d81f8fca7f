import Foundation
import Testing

@testable import DetentApp

/// `PlaceFilter` is an index: it must list exactly what testing every place lists, in the same
/// order, at any row count, while its cost does not depend on the row count.
@Suite struct PlaceFilterTests {
  @Test(
    "the index lists exactly what a full scan lists",
    arguments: [0, 1, 5, 6, 7, 13, 200, 4001, 20_000])
  func sameAsScan(count: Int) {
    let places = PlaceDirectory(seed: 7, count: count)
    for needle in ["", "cof", "e", "zzz", "park", "blue k", "CAFÉ", "r"] {
      for category in [nil, PlaceCategory.coffee, .bar] {
        if needle.isEmpty && category == nil { continue }
        let filter = PlaceFilter(places: places, text: needle, category: category)
        let scan = places.filter(text: needle, category: category)
        #expect(filter.count == scan.count, "\(count) \(needle) \(String(describing: category))")
        #expect(
          (0..<filter.count).map { filter[$0] } == scan, "\(count) \(needle) \(String(describing: category))")
      }
    }
  }

  @Test(
    "at 10⁷ rows: how many places match and where the first and last rows are",
    arguments: [
      // (text, category, matches, first, middle row's index, last), each checked once by a full
      // scan of the 10⁷ places (about a minute).
      ("cof", nil, 1_666_667, 3, 5_000_002, 9_999_997),
      ("golden", nil, 250_000, 6, 5_000_029, 9_999_978),
      ("xyz", nil, 0, -1, -1, -1),
      ("", PlaceCategory.museum, 1_666_666, 0, 4_999_999, 9_999_990),
    ] as [(String, PlaceCategory?, Int, Int, Int, Int)])
  func tenMillionRows(
    text: String, category: PlaceCategory?, matches: Int, first: Int, middle: Int, last: Int
  ) {
    let filter = PlaceFilter(
      places: PlaceDirectory(seed: 7, count: 10_000_000), text: text, category: category)
    #expect(filter.count == matches)
    if matches > 0 {
      #expect(filter[0] == first)
      #expect(filter[matches / 2] == middle)
      #expect(filter[matches - 1] == last)
    }
  }
}
