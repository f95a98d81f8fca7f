import Detent
import Testing

/// Row heights that repeat: row tops and the row at an offset from one period's prefix sums.
@Suite struct RowPatternTests {
  @Test(
    "top of row i for [64, 88]: whole periods of 152 plus the start within one",
    arguments: [(0, 0.0), (1, 64), (2, 152), (3, 216), (4, 304), (5, 368), (10_000_001, 760_000_064)])
  func tops(row: Int, top: Double) {
    #expect(RowPattern([64, 88]).top(ofRow: row) == top)
  }

  @Test(
    "the row holding an offset: a row's top belongs to it, the pixel before to the row above",
    arguments: [
      (-5.0, 0), (0, 0), (63.9, 0), (64, 1), (151.9, 1), (152, 2), (215.9, 2), (216, 3),
      (760_000_064, 10_000_001),
    ])
  func rowAt(offset: Double, row: Int) {
    #expect(RowPattern([64, 88]).row(at: offset) == row)
  }

  @Test(
    "heights repeat: row i is heights[i mod n]", arguments: [(0, 10.0), (1, 20), (2, 30), (3, 10), (7, 20)])
  func heights(row: Int, height: Double) {
    #expect(RowPattern([10, 20, 30]).height(ofRow: row) == height)
  }

  @Test(
    "content height of n rows", arguments: [(0, 0.0), (1, 10), (3, 60), (4, 70), (10_000_000, 199_999_990)])
  func content(rows: Int, height: Double) {
    #expect(RowPattern([10, 20, 30]).contentHeight(rows: rows) == height)
  }

  @Test("one height is a uniform list; nothing valid falls back to 64")
  func uniform() {
    #expect(RowPattern(uniform: 50).isUniform && RowPattern(uniform: 50).top(ofRow: 7) == 350)
    #expect(RowPattern([]).heights == [64])
    #expect(RowPattern([10, 0]).heights == [64])
    #expect(!RowPattern([10, 20]).isUniform)
  }
}
