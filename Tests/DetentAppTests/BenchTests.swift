import Foundation
import Testing

/// `detent bench` reports every figure the performance budgets need. Only the shape and the
/// figures that do not depend on timing are checked here: speed is measured, not asserted.
@Suite struct BenchTests {
  @Test(
    "bench --json is one object with every figure; a short session has no frame-1,000 RSS",
    arguments: [(frames: 30, rows: 100), (frames: 1, rows: 0)])
  func json(frames: Int, rows: Int) throws {
    let run = try runDetent([
      "bench", "--frames", String(frames), "--rows", String(rows), "--size", "640x800", "--json",
    ])
    #expect(run.code == 0, "\(run.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
    #expect(object["frames"] as? Int == frames)
    #expect(object["rows"] as? Int == rows)
    #expect(object["size"] as? String == "640x800")
    for key in [
      "frame_p50_ms", "frame_p90_ms", "frame_p99_ms", "frame_max_ms", "step_p50_ns", "step_p99_ns",
      "floor_p50_ms", "floor_p99_ms", "start_to_first_frame_ms", "peak_rss_mib", "rss_last_frame_mib",
    ] {
      let value = try #require(object[key] as? Double, "\(key) missing or not a number")
      #expect(value >= 0, "\(key)")
    }
    #expect(object["frames_over_16_7ms"] is Int)
    #expect(object["step_heap_drift_bytes"] as? Int == 0, "the engine step allocates nothing")
    #expect(object["rss_frame_1000_mib"] is NSNull)
    // The map is drawn once for the session and once for the floor's image.
    #expect(object["map_renders"] as? Int == 2)
    // The frame percentiles are ordered.
    let p50 = try #require(object["frame_p50_ms"] as? Double)
    let p99 = try #require(object["frame_p99_ms"] as? Double)
    let max = try #require(object["frame_max_ms"] as? Double)
    #expect(p50 <= p99 && p99 <= max)
  }
}
