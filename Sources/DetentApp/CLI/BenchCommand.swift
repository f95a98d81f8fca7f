import ArgumentParser
import Foundation

/// `detent bench`: a fixed scripted session through the demo's code path, headless, with timings.
struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench", abstract: "Measure frame time, engine step time, start-up and memory.")

  @Option(help: "Frames to run.")
  var frames: Int = 1200
  @Option(help: "List rows.")
  var rows: Int = 10_000
  @Option(help: "Window size, WIDTHxHEIGHT.")
  var size: String = "1280x800"
  @Flag(help: "Print one JSON object.")
  var json = false

  func run() throws {
    let size = try parseSize(self.size)
    guard (1...10_000_000).contains(frames) else {
      throw CLIError.input("--frames \(frames): must be 1 to 10000000")
    }
    guard (0...10_000_000).contains(rows) else {
      throw CLIError.input("--rows \(rows): must be 0 to 10000000")
    }
    let result = try Bench(frames: frames, rows: rows, width: size.width, height: size.height).run()
    print(json ? result.json : result.text)
  }
}
