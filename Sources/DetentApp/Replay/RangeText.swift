/// A failed range expectation's numbers as text (`[299.5, 300.5]` and `288.194`): three
/// decimals, or as many more as make two numbers that differ read differently, so a failure
/// never says `height expected [288.194, 288.194], actual 288.194`. Past nine decimals each
/// number is written in its shortest form that reads back as the same Double.
struct RangeText {
  /// `[lo, hi]`.
  let range: String
  /// The actual value.
  let actual: String

  init(_ range: ClosedRange<Double>, _ actual: Double) {
    let values = [range.lowerBound, range.upperBound, actual]
    var texts = values.map { "\($0)" }
    for decimals in 3...9 {
      let candidate = values.map { EventLog.number($0, decimals: decimals) }
      if Self.distinct(values, candidate) {
        texts = candidate
        break
      }
    }
    self.range = "[\(texts[0]), \(texts[1])]"
    self.actual = texts[2]
  }

  /// Whether every two of `values` that differ have texts that differ.
  private static func distinct(_ values: [Double], _ texts: [String]) -> Bool {
    for i in values.indices {
      for j in values.indices where j > i && values[i] != values[j] && texts[i] == texts[j] {
        return false
      }
    }
    return true
  }
}
