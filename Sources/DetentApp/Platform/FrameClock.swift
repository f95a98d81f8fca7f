import Foundation

/// The program's clock: seconds since it started, monotonic. The engine's time is a grid of
/// 1/fps frames on it (`DemoRunner` steps the frames that are due), so motion is exact at any
/// drawing rate.
struct FrameClock {
  /// Seconds per engine frame.
  let interval: Double
  private let start = ContinuousClock.now

  init(fps: Double) { interval = 1 / fps }

  /// Seconds since the clock started.
  var elapsed: Double {
    let d = ContinuousClock.now - start
    return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
  }
}
