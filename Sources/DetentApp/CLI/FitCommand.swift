import ArgumentParser
@preconcurrency import CSDL2
import Detent
import Foundation

/// `detent fit`: the spring that reproduces a recorded motion.
struct FitCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fit",
    abstract: "Fit response, damping ratio and start velocity to each settle of a recorded motion.",
    discussion: """
      MOTION is a Detent trace (replay --trace), a CSV with columns t,height (seconds, px), or a \
      video (webp through libwebp; mp4, webm, mov, mkv through ffmpeg) in which the sheet's edge is \
      found in every frame. Exit 1 when no settle is found, 2 on bad input.
      """)

  @Argument(help: "The motion: trace CSV, t,height CSV or video.")
  var motion: String
  @Option(help: "The window edge the sheet is attached to in a video: bottom, top, left or right.")
  var edge: String = "bottom"
  @Option(
    parsing: .unconditional, help: "Search the edge only in this rectangle of the video, X,Y,W,H in pixels.")
  var roi: String?
  @Flag(help: "Print the result as one JSON object.")
  var json = false

  func run() throws {
    guard let side = EdgeFinder.Edge(rawValue: edge) else {
      throw CLIError.input("--edge \(edge): expected bottom, top, left or right")
    }
    let region = try roi.map(EdgeFinder.parseRegion)
    let source: Motion
    if VideoMotion.isVideo(motion) {
      source = try VideoMotion.read(motion, finder: EdgeFinder(edge: side, region: region))
    } else {
      source = try MotionCSV.parse(try TuningFile.readText(motion), path: motion)
    }
    let report = FitReport(path: motion, motion: source)
    print(json ? report.json : report.text, terminator: "")
    detent_flush_stdout()
    if report.best == nil {
      DetentCommand.printError(
        "\(motion): no settle found (a settle is a release or a large motion followed by at least "
          + "\(EventLog.number(SettleFinder.minRest)) s at rest)")
      throw ExitCode(1)
    }
  }
}
