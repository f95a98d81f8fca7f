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

  /// How long a pointer holds still before it counts as rested: its position then is a sample
  /// of its own at the release (or at the time asked), so a drag held before it lets go gives
  /// a slower release.
  static let rest = 0.05

  /// Whether a pointer whose newest sample is the last one has rested at `time`: at least
  /// `rest` seconds later (give or take a rounding: three frames at 60 Hz sum to 0.05 less an
  /// ulp, and counted as not rested they gave twice the velocity of four at 120 Hz).
  func rested(at time: Double) -> Bool {
    guard let last = lastTime else { return false }
    return time - last >= Self.rest - 1e-9
  }

  /// The velocity at `time` of a pointer still at its newest sample's value: with that value
  /// sampled again at `time` once it has rested (`rested(at:)`), as a release there counts it.
  func velocityHeld(at time: Double) -> Double {
    guard rested(at: time), count > 0 else { return velocity(at: time) }
    var held = self
    held.add(time: time, value: values[(start + count - 1) % Self.capacity])
    return held.velocity(at: time)
  }

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
