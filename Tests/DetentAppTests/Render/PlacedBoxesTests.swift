import Testing

@testable import DetentApp

/// The boxes placed while pins are placed, filed by bands of rows: a box is free exactly when it
/// overlaps none placed, whatever bands the boxes fall in (past the rows reset for, across
/// bands, at any range of rows, NaN or infinite ones included, which must not trap).
struct PlacedBoxesTests {
  @Test(
    "free exactly when overlapping no box placed, for rows reset to any range",
    arguments: [
      (top: 0.0, bottom: 800.0), (top: -60, bottom: 810), (top: 300, bottom: 310), (top: 0, bottom: 1e300),
      (top: .nan, bottom: 800), (top: 0, bottom: .infinity), (top: -.infinity, bottom: 0),
      (top: 900, bottom: 0),
    ])
  func free(top: Double, bottom: Double) {
    let placed = PlacedBoxes()
    placed.reset(top: top, bottom: bottom)
    // A pin's box, a name's across two bands, one above the rows and one far below them.
    let boxes: [PlacedBoxes.Box] = [
      (100, 100, 124, 129), (130, 120, 300, 136), (0, -90, 50, -70), (0, 5000, 80, 5016),
    ]
    for box in boxes { placed.append(box) }
    #expect(placed.count == 4)
    let cases: [(PlacedBoxes.Box, Bool)] = [
      ((110, 110, 120, 120), false), ((124, 100, 130, 129), true), ((250, 135, 400, 151), false),
      ((250, 136, 400, 152), true), ((10, -80, 20, -75), false), ((60, -80, 70, -75), true),
      ((70, 5010, 90, 5020), false), ((0, 2000, 500, 2016), true), ((.nan, 0, .nan, 16), true),
    ]
    for (box, free) in cases { #expect(placed.isFree(box) == free, "\(box)") }
    placed.reset(top: 0, bottom: 800)
    #expect(placed.count == 0)
    #expect(placed.isFree((110, 110, 120, 120)))
  }
}
