import Foundation

extension Bench {
  /// Frame times split by what the map did in each frame (`MapFrameKind`): which kind of frame
  /// sets the session's 99th percentile. Wall-clock and CPU time per kind.
  struct KindTimes {
    private var wall = MapFrameKind.allCases.map { _ in Histogram() }
    private var cpu = MapFrameKind.allCases.map { _ in Histogram() }

    /// Records one frame of `kind`.
    mutating func record(_ kind: MapFrameKind, wall seconds: Double, cpu cpuSeconds: Double) {
      wall[kind.rawValue].record(seconds)
      cpu[kind.rawValue].record(cpuSeconds)
    }

    /// Frames of `kind` recorded.
    func count(_ kind: MapFrameKind) -> Int { wall[kind.rawValue].count }

    private func figures(_ kind: MapFrameKind) -> [(String, String)] {
      let ms = Bench.ms
      let w = wall[kind.rawValue]
      let c = cpu[kind.rawValue]
      return [
        ("frames", String(w.count)), ("p50_ms", ms(w.percentile(0.5))), ("p99_ms", ms(w.percentile(0.99))),
        ("max_ms", ms(w.maximum)), ("cpu_p50_ms", ms(c.percentile(0.5))),
        ("cpu_p99_ms", ms(c.percentile(0.99))),
        ("cpu_max_ms", ms(c.maximum)),
      ]
    }

    /// One JSON object: each kind's frame count and wall / CPU percentiles (every kind, zeros
    /// when none).
    var json: String {
      Bench.jsonObject(MapFrameKind.allCases.map { ($0.name, Bench.jsonObject(figures($0))) })
    }

    /// One line per kind that occurred.
    var text: String {
      MapFrameKind.allCases.filter { count($0) > 0 }.map { kind in
        let f = Dictionary(uniqueKeysWithValues: figures(kind))
        let name = kind.name.padding(toLength: 7, withPad: " ", startingAt: 0)
        return
          "    \(name) \(f["frames"]!) frames  \(f["p50_ms"]!) / \(f["p99_ms"]!) / \(f["max_ms"]!) ms  CPU p99 \(f["cpu_p99_ms"]!) ms"
      }.joined(separator: "\n")
    }
  }
}
