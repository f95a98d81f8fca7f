import ArgumentParser
import Foundation

/// `detent bench`: a fixed scripted session through the demo's code path, headless, with timings.
struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench", abstract: "Measure frame time, engine step time, start-up and memory.",
    discussion: """
      Headless by default (offscreen software renderer, fixed frames). With --window, the same \
      scripted session is played into the real demo window as SDL events (needs a display; under \
      Xvfb: xvfb-run -a detent bench --window), then 5 s untouched, then a bare SDL loop in the \
      same window: frame cost including present, input-to-present latency against the bare loop, \
      frames presented and CPU at rest.
      """)

  @Option(parsing: .unconditional, help: "Frames to run, 1 to 10000000 (default 1200; 600 with --window).")
  var frames: String?
  @Option(parsing: .unconditional, help: "List rows, 0 to 10000000.")
  var rows: String = "10000"
  @Option(help: "List row heights in px, comma-separated, repeating (e.g. 64,88); default 64.")
  var rowHeights: String?
  @Option(parsing: .unconditional, help: "Window size, WIDTHxHEIGHT.")
  var size: String = "1280x800"
  @Flag(help: "Print one JSON object.")
  var json = false
  @Flag(help: "Measure the real window instead (needs a display); --frames defaults to 600 here.")
  var window = false

  @Option(
    help: ArgumentHelp(
      "Device pixels per point, 1 to 3: the headless session drawn at that scale (not with --window).",
      valueName: "n"))
  var scale: String?

  func run() throws {
    let size = try parseSize(self.size)
    let scale = try parseScale(self.scale)
    if let scale {
      if window {
        throw CLIError.input("--scale \(scale): not with --window (the window takes the display's scale)")
      }
      if let problem = Limits.windowProblem(width: size.width * scale, height: size.height * scale) {
        throw CLIError.input(
          "--scale \(scale): the frame would be \(size.width * scale)x\(size.height * scale) pixels: \(problem)"
        )
      }
    }
    let frames =
      try self.frames.map { try Limits.integer($0, option: "--frames", in: 1...10_000_000) }
      ?? (window ? 600 : 1200)
    let rows = try Limits.integer(self.rows, option: "--rows", in: 0...10_000_000)
    if window {
      let result = try WindowBench(rows: rows, width: size.width, height: size.height, frames: frames).run()
      print(json ? result.json : result.text)
      return
    }
    var heights: [Double]?
    if let rowHeights {
      let parts = rowHeights.split(separator: ",", omittingEmptySubsequences: false).map {
        try? Limits.number($0.trimmingCharacters(in: .whitespaces), option: "--row-heights", in: 1...1000)
      }
      guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else {
        throw CLIError.input("--row-heights \(rowHeights): expected px values 1 to 1000, comma-separated")
      }
      heights = parts.compactMap { $0 }
    }
    var bench = Bench(frames: frames, rows: rows, width: size.width, height: size.height)
    bench.rowHeights = heights
    bench.scale = scale ?? 1
    let result = try bench.run()
    print(json ? result.json : result.text)
  }
}
