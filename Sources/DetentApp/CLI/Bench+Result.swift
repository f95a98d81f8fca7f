import Foundation

extension Bench {
  /// Seconds as milliseconds, to the microsecond, for the bench's output.
  static func ms(_ seconds: Double) -> String { EventLog.number(seconds * 1000, decimals: 3) }

  /// One JSON object of already-written values, in the order given.
  static func jsonObject(_ fields: [(String, String)]) -> String {
    "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
  }

  /// What a bench run measured: frame times and their floor, the map's renders and cache, the
  /// engine step alone, start-up and memory; printed as text or JSON.
  struct Result {
    var frames: Int
    var rows: Int
    var rowHeights: [Double] = [64]
    var width: Int
    var height: Int
    var scale = 1
    var frame: Histogram
    var stepNs: [Double]
    var floor: Histogram
    /// The same frames in the main thread's CPU time: what the frame cost, without the time
    /// other processes on a shared machine took the core away.
    var frameCPU = Histogram()
    var floorCPU = Histogram()
    /// The same frames by what the map did in them (`MapFrameKind`).
    var byKind = KindTimes()
    var startMs: Double
    var peakRSSMiB: Double
    /// RSS at frame 1,000 (nil for a shorter session).
    var rssAt1000MiB: Double?
    var rssEndMiB: Double
    var heapDriftBytes: Int
    var mapRenders: Int
    var tileRenders: Int
    var tileCacheTiles: Int
    var tileCacheMiB: Double
    var tileCacheCapMiB: Double
    var textTextures: Int
    /// Tiles painted on the tile worker's thread, tiles it finished uploaded by the main thread,
    /// requests replaced before they were painted, and the worker's CPU seconds (not in the
    /// frame times: those are the main thread's).
    var tilesOnWorker = 0
    var tileUploads = 0
    var tileRequestsDropped = 0
    var tileWorkerCPUSeconds = 0.0

    var over: Int { frame.count(above: 1.0 / 60) }
    /// Frames slower than 1.5× the floor's p99 (the budget's line; a p99 within it allows 1 %).
    var overBudget: Int { frame.count(above: 1.5 * floor.percentile(0.99)) }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
      guard !values.isEmpty else { return 0 }
      let sorted = values.sorted()
      return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }

    var fields: [(String, String)] {
      let ms = Bench.ms
      return [
        ("frames", String(frames)), ("rows", String(rows)),
        ("row_heights", "[" + rowHeights.map { EventLog.number($0) }.joined(separator: ", ") + "]"),
        ("size", "\"\(width)x\(height)\""), ("scale", String(scale)),
        ("frame_p50_ms", ms(frame.percentile(0.5))), ("frame_p90_ms", ms(frame.percentile(0.9))),
        ("frame_p99_ms", ms(frame.percentile(0.99))), ("frame_max_ms", ms(frame.maximum)),
        ("frames_over_16_7ms", String(over)),
        ("step_p50_ns", EventLog.number(Self.percentile(stepNs, 0.5), decimals: 0)),
        ("step_p99_ns", EventLog.number(Self.percentile(stepNs, 0.99), decimals: 0)),
        ("floor_p50_ms", ms(floor.percentile(0.5))), ("floor_p99_ms", ms(floor.percentile(0.99))),
        ("start_to_first_frame_ms", EventLog.number(startMs, decimals: 2)),
        ("peak_rss_mib", EventLog.number(peakRSSMiB, decimals: 1)),
        ("rss_frame_1000_mib", rssAt1000MiB.map { EventLog.number($0, decimals: 1) } ?? "null"),
        ("rss_last_frame_mib", EventLog.number(rssEndMiB, decimals: 1)),
        ("step_heap_drift_bytes", String(heapDriftBytes)),
        (
          "frame_p99_over_floor_p99",
          EventLog.number(frame.percentile(0.99) / max(floor.percentile(0.99), 1e-9), decimals: 2)
        ),
        ("frames_over_1_5x_floor_p99", String(overBudget)),
        ("frame_cpu_p50_ms", ms(frameCPU.percentile(0.5))),
        ("frame_cpu_p99_ms", ms(frameCPU.percentile(0.99))),
        ("floor_cpu_p99_ms", ms(floorCPU.percentile(0.99))),
        ("frames_cpu_over_16_7ms", String(frameCPU.count(above: 1.0 / 60))),
        (
          "frame_cpu_p99_over_floor_cpu_p99",
          EventLog.number(frameCPU.percentile(0.99) / max(floorCPU.percentile(0.99), 1e-9), decimals: 2)
        ),
        ("map_renders", String(mapRenders)), ("tile_renders", String(tileRenders)),
        ("tile_cache_tiles", String(tileCacheTiles)),
        ("tile_cache_mib", EventLog.number(tileCacheMiB, decimals: 1)),
        ("tile_cache_cap_mib", EventLog.number(tileCacheCapMiB, decimals: 0)),
        ("tiles_painted_on_worker", String(tilesOnWorker)), ("tile_uploads", String(tileUploads)),
        ("tile_requests_dropped", String(tileRequestsDropped)),
        ("tile_worker_cpu_s", EventLog.number(tileWorkerCPUSeconds, decimals: 3)),
        ("text_textures_created", String(textTextures)),
        ("frames_by_map_kind", byKind.json),
      ]
    }

    var json: String { Bench.jsonObject(fields) }

    var text: String {
      let f = Dictionary(uniqueKeysWithValues: fields)
      return """
        detent bench: \(frames) frames, \(rows) rows of \(rowHeights.map { EventLog.number($0) }.joined(separator: "/")) px, \(width)x\(height), software renderer
          frame CPU (frames 2…\(frames); the first is in start → first frame)
                         p50 \(f["frame_p50_ms"]!) ms  p90 \(f["frame_p90_ms"]!) ms  p99 \(f["frame_p99_ms"]!) ms  max \(f["frame_max_ms"]!) ms
          p99 / floor    \(f["frame_p99_over_floor_p99"]!)× the floor's p99 (goal: at most 1.5); \(overBudget) frames over 1.5× (1 % of them: \(frames / 100))
          CPU time       frame p50 \(f["frame_cpu_p50_ms"]!) ms  p99 \(f["frame_cpu_p99_ms"]!) ms, floor p99 \(f["floor_cpu_p99_ms"]!) ms: \(f["frame_cpu_p99_over_floor_cpu_p99"]!)×, \(f["frames_cpu_over_16_7ms"]!) frames over 16.7 ms (the main thread's CPU time: what a busy machine adds is left out)
          over 16.7 ms   \(over) frames
          floor          p50 \(f["floor_p50_ms"]!) ms  p99 \(f["floor_p99_ms"]!) ms  (clear + one full-window copy + present, one after every frame)
          engine step    p50 \(f["step_p50_ns"]!) ns  p99 \(f["step_p99_ns"]!) ns  heap drift over steady-state steps: \(heapDriftBytes) bytes
          start → first frame  \(f["start_to_first_frame_ms"]!) ms
          RSS            peak \(f["peak_rss_mib"]!) MiB  at frame 1000 \(rssAt1000MiB.map { EventLog.number($0, decimals: 1) + " MiB" } ?? "(fewer frames)")  at the last frame \(f["rss_last_frame_mib"]!) MiB
          map            frames that rendered or uploaded tiles \(mapRenders), tiles rendered \(tileRenders), cache \(tileCacheTiles) tiles, \(f["tile_cache_mib"]!) MiB of \(f["tile_cache_cap_mib"]!) MiB
          tile worker    \(tilesOnWorker) tiles painted off the main thread in \(f["tile_worker_cpu_s"]!) s of its CPU, \(tileUploads) of them uploaded by the main thread, \(tileRequestsDropped) requests dropped (the view moved on)
          text           textures created \(textTextures)
          by map kind    (frames, wall p50 / p99 / max, CPU p99; what the map did in the frame)
        \(byKind.text)
        """
    }
  }
}
