import Foundation
import Testing

/// `detent bench` reports every figure the performance budgets need. Only the shape and the
/// figures that do not depend on timing are checked here: speed is measured, not asserted.
@Suite struct BenchTests {
  @Test(
    "bench --json is one object with every figure; a short session has no frame-1,000 RSS",
    arguments: [
      // 30 frames (a few milliseconds: the bench does not wait between frames): the view's 16
      // painted in the first frame (8 on the main thread, 8 on the worker), the ring's 20 may
      // all still be on their way at the end (what the worker painted late is uploaded after
      // the last frame, at once).
      (frames: 30, rows: 100, size: "640x800", mapRenders: 1...30, here: 8, tiles: 36),
      (frames: 1, rows: 0, size: "640x800", mapRenders: 1...1, here: 8, tiles: 36),
      // 120 frames: the view's 24 in the first frame, then its ring's 24, 2 a frame.
      (frames: 120, rows: 100, size: "1280x800", mapRenders: 13...119, here: 12, tiles: 48),
    ])
  func json(frames: Int, rows: Int, size: String, mapRenders: ClosedRange<Int>, here: Int, tiles: Int) throws
  {
    let run = try runDetent([
      "bench", "--frames", String(frames), "--rows", String(rows), "--size", size, "--json",
    ])
    #expect(run.code == 0, "\(run.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
    #expect(object["frames"] as? Int == frames)
    #expect(object["rows"] as? Int == rows)
    #expect(object["size"] as? String == size)
    for key in [
      "frame_p50_ms", "frame_p90_ms", "frame_p99_ms", "frame_max_ms", "step_p50_ns", "step_p99_ns",
      "floor_p50_ms", "floor_p99_ms", "start_to_first_frame_ms", "peak_rss_mib", "rss_last_frame_mib",
      "frame_cpu_p50_ms", "frame_cpu_p99_ms", "floor_cpu_p99_ms", "frame_cpu_p99_over_floor_cpu_p99",
      "frame_p99_over_floor_p99",
    ] {
      let value = try #require(object[key] as? Double, "\(key) missing or not a number")
      #expect(value >= 0, "\(key)")
    }
    #expect(object["frames_over_16_7ms"] is Int)
    #expect(object["frames_cpu_over_16_7ms"] is Int)
    #expect(object["step_heap_drift_bytes"] as? Int == 0, "the engine step allocates nothing")
    #expect(object["rss_frame_1000_mib"] is NSNull)
    // Tiles: the view (4×4 at 640×800, 6×4 at 1280×800), painted in the first frame (half of
    // them on the main thread, `here`), and the ring around it, painted on the worker (the bench
    // is progressive) and waited for at the end (the pan from frame 130 on is past these sessions). The main thread uploads 2 a
    // frame, so the frames that get tiles are the first and half the ring's (when the session
    // is long enough), more when the worker is slower: the only figure that depends on timing.
    let renders = try #require(object["map_renders"] as? Int)
    #expect(mapRenders.contains(renders), "\(renders)")
    #expect(object["tile_renders"] as? Int == tiles)
    #expect(object["tiles_painted_on_worker"] as? Int == tiles - here)
    #expect(object["tile_uploads"] as? Int == tiles - here)
    #expect(object["tile_requests_dropped"] is Int)
    #expect((object["tile_worker_cpu_s"] as? Double).map { $0 > 0 } == true)
    #expect(object["tile_cache_tiles"] as? Int == tiles)
    #expect(
      object["tile_cache_mib"] as? Double == Double(tiles) * 3 / 4,
      "256×256 px tiles with labels: their texture, their ground alone and their pixels, 0.75 MiB")
    #expect(object["tile_cache_cap_mib"] as? Int == 256)
    #expect((object["frame_p99_over_floor_p99"] as? Double).map { $0 >= 0 } == true)
    // Frames by what the map did: every kind present, the frames after the first split among
    // them; those that rendered or uploaded tiles are among the map renders.
    let kinds = try #require(object["frames_by_map_kind"] as? [String: [String: Any]])
    #expect(kinds.keys.sorted() == ["dim", "flight", "pan", "still", "tiles", "zoom"])
    #expect(kinds.values.compactMap { $0["frames"] as? Int }.reduce(0, +) == frames - 1)
    #expect((kinds["tiles"]?["frames"] as? Int).map { $0 <= renders } == true)
    for (name, figures) in kinds {
      for key in ["p50_ms", "p99_ms", "max_ms", "cpu_p50_ms", "cpu_p99_ms", "cpu_max_ms"] {
        #expect((figures[key] as? Double).map { $0 >= 0 } == true, "\(name).\(key)")
      }
    }
    // The frame percentiles are ordered.
    let p50 = try #require(object["frame_p50_ms"] as? Double)
    let p99 = try #require(object["frame_p99_ms"] as? Double)
    let max = try #require(object["frame_max_ms"] as? Double)
    #expect(p50 <= p99 && p99 <= max)
  }

  @Test(
    "bench --window needs a real display: exit 3 with what to do",
    arguments: [
      ([String: String](), "xvfb-run"), (["SDL_VIDEODRIVER": "dummy"], "needs a real display"),
    ])
  func windowNeedsDisplay(environment: [String: String], says: String) throws {
    let run = try runDetent(["bench", "--window", "--frames", "10"], environment: environment)
    #expect(run.code == 3, "\(run.stderr)")
    #expect(run.stderr.contains(says), "\(run.stderr)")
    #expect(run.stdout.isEmpty)
  }
}
