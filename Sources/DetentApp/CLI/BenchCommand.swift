import ArgumentParser
import Foundation

/// `detent bench`: a fixed scripted session through the demo's code path, headless, with timings.
struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench", abstract: "Measure frame time, engine step time, start-up and memory.",
    discussion: """
      Headless by default (offscreen software renderer, fixed frames). With --window, the same
      scripted session is played into the real demo window as SDL events (needs a display; under
      Xvfb: xvfb-run -a detent bench --window), then 5 s untouched, then a bare SDL loop in the
      same window: frame cost including present, input-to-present latency against the bare loop,
      frames presented and CPU at rest.
      """)

  @Option(help: "Frames to run (default 1200; 600 with --window).")
  var frames: Int?
  @Option(help: "List rows.")
  var rows: Int = 10_000
  @Option(help: "List row heights in px, comma-separated, repeating (e.g. 64,88); default 64.")
  var rowHeights: String?
  @Option(help: "Window size, WIDTHxHEIGHT.")
  var size: String = "1280x800"
  @Flag(help: "Print one JSON object.")
  var json = false
  @Flag(help: "Measure the real window instead (needs a display); --frames defaults to 600 here.")
  var window = false

  func run() throws {
    let size = try parseSize(self.size)
    let frames = self.frames ?? (window ? 600 : 1200)
    guard (1...10_000_000).contains(frames) else {
      throw CLIError.input("--frames \(frames): must be 1 to 10000000")
    }
    guard (0...10_000_000).contains(rows) else {
      throw CLIError.input("--rows \(rows): must be 0 to 10000000")
    }
    if window {
      let result = try WindowBench(rows: rows, width: size.width, height: size.height, frames: frames).run()
      print(json ? result.json : result.text)
      return
    }
    var heights: [Double]?
    if let rowHeights {
      let parts = rowHeights.split(separator: ",", omittingEmptySubsequences: false).map {
        Double($0.trimmingCharacters(in: .whitespaces))
      }
      guard !parts.isEmpty, parts.allSatisfy({ $0.map { $0.isFinite && (1...1000).contains($0) } ?? false })
      else {
        throw CLIError.input("--row-heights \(rowHeights): expected px values 1 to 1000, comma-separated")
      }
      heights = parts.compactMap { $0 }
    }
    var bench = Bench(frames: frames, rows: rows, width: size.width, height: size.height)
    bench.rowHeights = heights
    let result = try bench.run()
    print(json ? result.json : result.text)
  }
}
