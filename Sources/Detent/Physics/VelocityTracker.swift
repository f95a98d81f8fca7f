/// Estimates pointer velocity by a least-squares line through the samples of the last 100 ms.
///
/// Samples live in a fixed ring, so tracking allocates nothing per event.
struct VelocityTracker: Sendable {
  /// How far back samples count, in seconds.
  static let window = 0.1
  private static let capacity = 64
  private var times = [Double](repeating: 0, count: VelocityTracker.capacity)
  private var values = [Double](repeating: 0, count: VelocityTracker.capacity)
  private var start = 0
  private var count = 0

  /// An empty tracker.
  init() {}

  /// Forgets every sample.
  mutating func reset() {
    start = 0
    count = 0
  }

  /// The newest sample's time, if any.
  var lastTime: Double? { count > 0 ? times[(start + count - 1) % Self.capacity] : nil }

  /// Adds a sample; a sample at the same time as the newest one replaces it.
  mutating func add(time: Double, value: Double) {
    if count > 0 {
      let last = (start + count - 1) % Self.capacity
      if times[last] == time {
        values[last] = value
        return
      }
    }
    if count == Self.capacity {
      start = (start + 1) % Self.capacity
      count -= 1
    }
    let index = (start + count) % Self.capacity
    times[index] = time
    values[index] = value
    count += 1
  }

  /// The slope (value per second) of the least-squares line through the samples within
  /// `window` seconds before `now`; 0 with fewer than two such samples.
  func velocity(at now: Double) -> Double {
    var n = 0.0
    var sumT = 0.0
    var sumV = 0.0
    var sumTT = 0.0
    var sumTV = 0.0
    for k in 0..<count {
      let i = (start + k) % Self.capacity
      let t = times[i] - now
      guard t >= -Self.window - 1e-9 else { continue }
      let v = values[i]
      n += 1
      sumT += t
      sumV += v
      sumTT += t * t
      sumTV += t * v
    }
    guard n >= 2 else { return 0 }
    let denominator = n * sumTT - sumT * sumT
    guard abs(denominator) > 1e-12 else { return 0 }
    return (n * sumTV - sumT * sumV) / denominator
  }
}
