import Foundation

/// A fixed-rate frame clock (Xvfb has no vsync): waits until each frame's deadline and
/// skips ahead instead of bursting when the program falls behind.
struct FrameClock {
  let interval: Double
  private let start = ContinuousClock.now
  private var next: Double = 0

  init(fps: Double) { interval = 1 / fps }

  /// Seconds since the clock started.
  var elapsed: Double {
    let d = ContinuousClock.now - start
    return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
  }

  /// Sleeps until the next frame's deadline.
  mutating func wait() {
    next += interval
    let now = elapsed
    if next > now {
      Thread.sleep(forTimeInterval: next - now)
    } else if now - next > 3 * interval {
      next = now
    }
  }
}
