@testable import Detent
import Testing

@Suite struct VelocityTrackerTests {
  @Test func emptyAndSingleSampleGiveZero() {
    var tracker = VelocityTracker()
    #expect(tracker.velocity(at: 0) == 0)
    tracker.add(time: 0, value: 10)
    #expect(tracker.velocity(at: 0) == 0)
  }

  @Test("a straight line gives its slope", arguments: [30.0, 60, 120, 240])
  func linear(fps: Double) {
    var tracker = VelocityTracker()
    for k in 0...30 { tracker.add(time: Double(k) / fps, value: 500 - 900 * Double(k) / fps) }
    expectClose(tracker.velocity(at: 30 / fps), -900, 1e-6)
  }

  @Test("only the last 100 ms count, not the last two points")
  func window() {
    var tracker = VelocityTracker()
    // Slow for a second, then 12 frames at 1200 px/s, with a jittery final sample.
    for k in 0..<60 { tracker.add(time: Double(k) / 60, value: Double(k)) }
    for k in 0..<12 { tracker.add(time: 1 + Double(k) / 60, value: 60 + 20 * Double(k)) }
    let end = 1 + 11.0 / 60
    expectClose(tracker.velocity(at: end), 1200, 1e-6)
    tracker.add(time: end + 1.0 / 60, value: 60 + 20 * 11 + 2)
    let v = tracker.velocity(at: end + 1.0 / 60)
    #expect(v > 700 && v < 1200, "least squares smooths a sudden stop: \(v)")
  }

  @Test func sameTimeReplaces() {
    var tracker = VelocityTracker()
    tracker.add(time: 0, value: 0)
    tracker.add(time: 0.01, value: 5)
    tracker.add(time: 0.01, value: 10)
    expectClose(tracker.velocity(at: 0.01), 1000, 1e-9)
  }
}
