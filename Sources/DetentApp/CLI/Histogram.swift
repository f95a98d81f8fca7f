/// A fixed-size histogram of durations with 1 µs buckets up to `limit` seconds (and an overflow
/// maximum): recording allocates nothing, so measuring a long run does not grow the process.
struct Histogram {
  private var buckets: [UInt32]
  private let limit: Double
  private(set) var count = 0
  private(set) var maximum = 0.0
  private var overflow = 0

  /// All buckets are allocated and touched up front.
  init(limit: Double = 0.1) {
    self.limit = limit
    buckets = [UInt32](repeating: 0, count: Int(limit * 1_000_000) + 1)
  }

  mutating func record(_ seconds: Double) {
    count += 1
    maximum = max(maximum, seconds)
    let index = Int(seconds * 1_000_000)
    if index < buckets.count {
      buckets[max(index, 0)] += 1
    } else {
      overflow += 1
    }
  }

  /// Samples above `seconds`.
  func count(above seconds: Double) -> Int {
    var n = overflow
    let first = Int(seconds * 1_000_000) + 1
    if first < buckets.count { for i in first..<buckets.count { n += Int(buckets[i]) } }
    return n
  }

  /// The `p` quantile (0...1) in seconds, to the microsecond.
  func percentile(_ p: Double) -> Double {
    guard count > 0 else { return 0 }
    let rank = Int((Double(count - 1) * p).rounded()) + 1
    var seen = 0
    for (i, n) in buckets.enumerated() where n > 0 {
      seen += Int(n)
      // The bucket's middle, never past the largest sample (a percentile above the maximum).
      if seen >= rank { return min((Double(i) + 0.5) / 1_000_000, maximum) }
    }
    return maximum
  }
}
