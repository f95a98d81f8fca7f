/// The list's row heights: row i is `heights[i mod n]` px. Positions come from prefix sums over
/// one period, so finding a row's top or the row at an offset costs O(1) and O(log n) whatever
/// the number of rows (a 10⁷-row list costs what a 100-row list does).
public struct RowPattern: Sendable, Equatable {
  /// The repeating heights (at least one, each > 0).
  public let heights: [Double]
  /// `starts[k]` = sum of `heights[0..<k]`; `starts[n]` is the period.
  private let starts: [Double]

  /// A pattern of `heights`, repeated; an empty list or a height that is not a positive finite
  /// number falls back to one 64-px row (the decoder refuses those before they get here).
  public init(_ heights: [Double]) {
    let valid = !heights.isEmpty && heights.allSatisfy { $0.isFinite && $0 > 0 }
    self.heights = valid ? heights : [64]
    var sums = [0.0]
    sums.reserveCapacity(self.heights.count + 1)
    for h in self.heights { sums.append(sums[sums.count - 1] + h) }
    starts = sums
  }

  /// Every row `height` px.
  public init(uniform height: Double) { self.init([height]) }

  /// Whether every row has the same height.
  public var isUniform: Bool { heights.count == 1 }

  /// The height of one period of the pattern (all of `heights`).
  public var period: Double { starts[heights.count] }

  /// The height of row `i` (i ≥ 0).
  public func height(ofRow i: Int) -> Double { heights[max(i, 0) % heights.count] }

  /// The offset of row `i`'s top from the list's top (`top(ofRow: rows)` is the content height).
  public func top(ofRow i: Int) -> Double {
    let n = heights.count
    let i = max(i, 0)
    return Double(i / n) * period + starts[i % n]
  }

  /// The content height of `rows` rows.
  public func contentHeight(rows: Int) -> Double { top(ofRow: rows) }

  /// The row whose span [top, top + height) holds content offset `y` (row 0 for y < 0; may be
  /// past the last row: the caller compares with its row count).
  public func row(at y: Double) -> Int {
    guard y > 0, y.isFinite else { return 0 }
    let n = heights.count
    var q = (y / period).rounded(.down)
    var r = y - q * period
    if r >= period {
      q += 1
      r -= period
    }
    if r < 0 {
      q -= 1
      r += period
    }
    // The last k with starts[k] <= r.
    var lo = 0
    var hi = n - 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if starts[mid] <= r { lo = mid } else { hi = mid - 1 }
    }
    guard q < Double(Int.max / (2 * n)) else { return Int.max / 2 }
    return Int(q) * n + lo
  }
}
