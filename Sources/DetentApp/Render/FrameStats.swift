/// Recent frame times for the HUD: a fixed ring, no allocation per frame.
struct FrameStats {
  private(set) var times = [Double](repeating: 0, count: 120)
  private(set) var index = 0
  private(set) var filled = 0

  /// Records one frame's work time (seconds).
  mutating func record(_ seconds: Double) {
    times[index] = seconds
    index = (index + 1) % times.count
    filled = min(filled + 1, times.count)
  }

  /// Mean work time over the ring, ms.
  var meanMilliseconds: Double {
    guard filled > 0 else { return 0 }
    var sum = 0.0
    for i in 0..<filled { sum += times[i] }
    return sum / Double(filled) * 1000
  }

  /// The i-th most recent sample (0 = newest), seconds.
  func recent(_ i: Int) -> Double { times[(index - 1 - i + times.count * 2) % times.count] }
}
