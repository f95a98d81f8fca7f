import ArgumentParser
import Detent
import Foundation

/// `detent demo`: the interactive window.
struct DemoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: "Open the demo window: a map with a draggable sheet.",
    discussion: """
      Mouse: drag the sheet or its list; drag the map to pan, wheel over it to zoom;
      click a row to open its place, the search field to search.
      Keys:
        Up / Down   move the sheet to the next higher / next lower notch
        1-9         move to a notch by its index (1 = the lowest)
        Escape      clear the search text, then leave the search; close a place
        H hide/show the sheet   F frame HUD   T tuning panel (S save, ←/→ adjust)
        K on-screen keyboard    R replay the last release   Q quit
        M slow motion (1, 0.5, 0.25, 0.1)   P pause   N one frame while paused
      """)

  @Option(help: "Tuning file (JSON). Saved to by the panel; default ./detent.json when it exists.")
  var config: String?
  @Option(parsing: .unconditional, help: "Window size, WIDTHxHEIGHT.")
  var size: String = "1280x800"
  @Option(
    parsing: .unconditional,
    help: "Frames per second of the engine's clock, 1 to 1000 (default: the display's refresh rate, else 60)."
  )
  var fps: String?
  @Flag(help: "Print one JSON line per engine event on stdout.")
  var logEvents = false
  @Option(parsing: .unconditional, help: "Quit after this many seconds.")
  var exitAfter: String?
  @Option(help: "Record the session's input as a scenario script.")
  var record: String?
  @Option(
    help: ArgumentHelp(
      "Device pixels per point, 1 to 3, instead of the display's (the window is then this many times larger in pixels).",
      valueName: "n"))
  var scale: String?
  @Option(help: "A motion (trace, t,height CSV or video) whose fitted spring the panel draws as a reference.")
  var reference: String?

  func run() throws {
    let size = try parseSize(self.size)
    let scale = try parseScale(self.scale)
    if let scale, let problem = Limits.windowProblem(width: size.width * scale, height: size.height * scale) {
      throw CLIError.input(
        "--scale \(scale): the window would be \(size.width * scale)x\(size.height * scale) pixels: \(problem)"
      )
    }
    let fps = try parseFPS(self.fps)
    let exitAfter = try self.exitAfter.map { try Limits.number($0, option: "--exit-after", in: 0...1e9) }
    let configPath = config ?? "detent.json"
    var tuning = Tuning()
    let configRead = config != nil || FileManager.default.fileExists(atPath: configPath)
    let absolute = URL(fileURLWithPath: configPath).standardizedFileURL.path
    var source = "the default tuning (the panel saves to \(absolute))"
    if configRead {
      tuning = try TuningFile.load(
        configPath, windowWidth: Double(size.width), windowHeight: Double(size.height)
      ).tuning
      source = "tuning loaded from \(absolute)\(config == nil ? " (found in the working folder)" : "")"
    }
    // What the session writes is checked before it runs: a recording or a save is never lost at
    // quit. The save path is checked when given (the implicit ./detent.json only at S).
    if let record {
      try OutputFile.check(record, option: "--record", inputs: configRead ? [configPath] : [])
    }
    if let config { try OutputFile.check(config, option: "--config (saved by S)") }
    let referenceCurve = try reference.map(ReferenceCurve.load)
    let runner = try DemoRunner(
      tuning: tuning, configPath: configPath, configRead: configRead, width: size.width,
      height: size.height, fps: fps, logEvents: logEvents, exitAfter: exitAfter, recordPath: record,
      tuningSource: source, scale: scale)
    runner.model.panel.reference = referenceCurve
    try runner.run()
  }
}
