import ArgumentParser
@preconcurrency import CSDL2
import Detent
import DetentJSON
import Foundation

/// `detent replay`: runs scenario scripts headless and checks their expectations.
struct ReplayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay", abstract: "Run scenario scripts headless; exit 1 when an expectation fails.")

  @Argument(help: "Scenario scripts (JSON).")
  var scripts: [String]
  @Option(help: "Base tuning file; each script's config applies on top.")
  var config: String?
  @Option(parsing: .unconditional, help: "Frames per second, 1 to 1000 (replaces the scripts' fps).")
  var fps: String?
  @Option(
    help: ArgumentHelp(
      "Device pixels per point, 1 to 3 (replaces the scripts' scale): shots, video and goldens are drawn at it.",
      valueName: "n"))
  var scale: String?
  @Option(help: "Write one CSV row per frame here (several scripts: FILE-<script>.csv).")
  var trace: String?
  @Option(help: "Folder for the scripts' shot steps (PNG).")
  var shots: String?
  @Option(help: "Draw height, list offset and dim alpha over time to this PNG.")
  var plot: String?
  @Flag(help: "Print a JSON report per script.")
  var json = false
  @Option(help: "Write a JUnit XML report here (one testcase per script).")
  var junit: String?
  @Option(help: "Write the replay as an animated WebP (.webp) or, through ffmpeg, .mp4/.webm/.mkv/.mov.")
  var video: String?
  @Flag(help: "Write the goldens of `expect image` steps from this run instead of comparing with them.")
  var updateGoldens = false
  @Option(help: "A motion whose fitted spring the tuning panel draws as a reference (see detent fit).")
  var reference: String?
  @Option(
    help:
      "Run only the scripts whose file name (no folder, no .json) or name matches this shell glob (a plain word: contained)."
  )
  var only: String?
  @Option(help: "Write a self-contained HTML report (index, per-script frame scrubber) into this folder.")
  var report: String?

  func run() throws {
    guard !scripts.isEmpty else { throw CLIError.input("replay: give at least one scenario script") }
    let fps = try parseFPS(self.fps)
    let forcedScale = try parseScale(scale)
    // A DETENT_ASSETS that is set must hold the assets, even when this replay would not need them.
    if let env = ProcessInfo.processInfo.environment["DETENT_ASSETS"], !env.isEmpty {
      _ = try AssetLocator.locate()
    }
    var base: JSONValue?
    if let config {
      let text = try TuningFile.readText(config)
      do {
        let value = try JSONParser.parse(text)
        _ = try TuningCoding.decode(value)
        base = value
      } catch let e as JSONSyntaxError {
        throw CLIError.input("\(config):\(e.line): column \(e.column): \(e.reason)")
      } catch let e as ConfigError {
        throw CLIError.input(TuningFile.message(e, path: config))
      }
    }
    if let shots {
      var isDir: ObjCBool = false
      if FileManager.default.fileExists(atPath: shots, isDirectory: &isDir), !isDir.boolValue {
        throw CLIError.input("--shots \(shots): is a file, not a folder")
      }
      try? FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
    }
    if let report {
      var isDir: ObjCBool = false
      if FileManager.default.fileExists(atPath: report, isDirectory: &isDir), !isDir.boolValue {
        throw CLIError.input("--report \(report): is a file, not a folder")
      }
    }
    if let video { try VideoOutput.check(video) }
    let referenceCurve = try reference.map(ReferenceCurve.load)
    // Every script is read first: an invalid one is reported and the others still run.
    var scenarios: [Scenario] = []
    var invalid: [(path: String, message: String)] = []
    let selected = try ScriptSelection.select(scripts, only: only) { path in
      do {
        let scenario = try ScenarioParser.load(path, base: base, basePath: config, fps: fps)
        return .loaded(scenario)
      } catch let error as CLIError where error.code == 2 {
        return .invalid(error.message)
      }
    }
    for entry in selected {
      switch entry.result {
      case .loaded(let scenario): scenarios.append(scenario)
      case .invalid(let message): invalid.append((entry.path, message))
      }
    }
    if let forcedScale {
      // A script whose window (or a window it resizes to) is too large at the forced scale is
      // reported invalid, as one that does not parse; the others still run.
      scenarios.removeAll { scenario in
        for size in scenario.windows {
          let (w, h) = (size.width * forcedScale, size.height * forcedScale)
          if let problem = Limits.windowProblem(width: w, height: h) {
            invalid.append(
              (
                scenario.path,
                "\(scenario.path): --scale \(forcedScale): a \(size.width)x\(size.height) window would be \(w)x\(h) device pixels: \(problem)"
              ))
            return true
          }
        }
        return false
      }
    }
    for (option, value) in [("--trace", trace), ("--plot", plot), ("--video", video)] {
      guard let value else { continue }
      for scenario in scenarios {
        try OutputFile.check(Self.output(value, for: scenario, count: scenarios.count), option: option)
      }
    }
    if let junit { try OutputFile.check(junit, option: "--junit") }
    let slugs = HTMLReport.slugs(for: scenarios)
    try ReplayFiles(self, scenarios: scenarios, slugs: slugs).check()
    var anyFailed = false
    var assets: AssetLocator?
    func locateAssets() throws -> AssetLocator {
      if let assets { return assets }
      let found = try AssetLocator.locate()
      assets = found
      return found
    }
    var shooter: ShotWriter?
    var junitReport = JUnitReport(timestamp: Self.isoTimestamp(Date()))
    for (path, message) in invalid {
      DetentCommand.printError(Message.oneLine(message))
      printInvalid(path, message)
      junitReport.cases.append(
        .init(report: ScenarioReport.invalid(path: path, message: message), seconds: 0))
    }
    let htmlReport = report.map { HTMLReport(folder: $0, slugs: slugs) }
    // A script found invalid once it is read or while it runs (a golden that is not an image):
    // reported as one that does not parse, and the others still run.
    func reportInvalid(_ path: String, _ message: String) {
      DetentCommand.printError(Message.oneLine(message))
      printInvalid(path, message)
      invalid.append((path, message))
      junitReport.cases.append(
        .init(report: ScenarioReport.invalid(path: path, message: message), seconds: 0))
    }
    for (index, scenario) in scenarios.enumerated() {
      let runner: ScenarioRunner
      do {
        runner = try ScenarioRunner(scenario: scenario)
      } catch let error as CLIError where error.code == 2 {
        reportInvalid(scenario.path, error.message)
        continue
      }
      let scale = forcedScale ?? scenario.scale
      func shooting() throws -> ShotWriter {
        if shooter == nil { shooter = ShotWriter(assets: try locateAssets()) }
        shooter!.scale = scale
        shooter!.script = scenario.path
        return shooter!
      }
      runner.model.panel.reference = referenceCurve
      runner.shooter = { model, file in
        guard let shots else {
          DetentCommand.printError(Message.oneLine("\(scenario.path): shot \(file) skipped (no --shots DIR)"))
          return
        }
        try shooting().write(model, to: (shots as NSString).appendingPathComponent(file))
      }
      runner.imager = { model in try shooting().image(model) }
      runner.updateGoldens = updateGoldens
      runner.keepsTrace = trace != nil || plot != nil || report != nil
      runner.keepsEvents = json || report != nil
      var writer: (any VideoWriter)?
      if let video {
        let path = Self.output(video, for: scenario, count: scenarios.count)
        let opened = try VideoOutput.open(
          path, fps: scenario.fps, width: scenario.width * scale, height: scenario.height * scale)
        writer = opened
        runner.onFrame = { model in
          try opened.add(try shooting().image(model))
        }
      }
      if let htmlReport {
        try htmlReport.begin(index)
        let previous = runner.onFrame
        runner.onFrame = { model in
          try previous?(model)
          try htmlReport.frame(model, shooter: try shooting())
        }
      }
      let started = Date()
      let report: ScenarioReport
      do {
        report = try runner.run()
      } catch let error as CLIError where error.code == 2 {
        // Its video, unfinished, is not written (nothing appears at the path).
        reportInvalid(scenario.path, error.message)
        continue
      }
      let seconds = Date().timeIntervalSince(started)
      junitReport.cases.append(.init(report: report, seconds: seconds))
      try htmlReport?.finish(
        scenario, report: report, seconds: seconds, notches: runner.model.stack.root.notches,
        assets: try locateAssets())
      try writer?.finish()
      for path in runner.goldensWritten {
        DetentCommand.printError("wrote golden \(Message.oneLine(path))")
      }
      anyFailed = anyFailed || !report.passed
      if let trace {
        let path = Self.output(trace, for: scenario, count: scenarios.count)
        let body = ([TraceRow.header] + report.trace.map(\.csv)).joined(separator: "\n") + "\n"
        try OutputFile.write(body, to: path, what: "--trace ")
      }
      if let plot {
        let path = Self.output(plot, for: scenario, count: scenarios.count)
        try PlotRenderer.write(
          trace: report.trace, notches: runner.model.stack.root.notches, title: scenario.name, to: path,
          assets: try locateAssets())
      }
      if json {
        print(report.json)
      } else if report.passed {
        print(Message.oneLine("PASS \(scenario.name) (\(scenario.path), \(report.frames) frames)"))
      } else {
        print(Message.oneLine("FAIL \(scenario.name) (\(scenario.path))"))
        for f in report.failures { print("  " + Message.oneLine("\(f)")) }
      }
    }
    if let junit { try OutputFile.write(junitReport.xml, to: junit, what: "--junit ") }
    for (path, message) in invalid { htmlReport?.invalid(path: path, message: message) }
    try htmlReport?.writeIndex()
    detent_flush_stdout()
    if !invalid.isEmpty { throw ExitCode(2) }
    if anyFailed { throw ExitCode(1) }
  }

  /// An invalid script on stdout: `INVALID path: message`, or with `--json` an object like a
  /// script's report (`"passed": false, "invalid": true`, the error as its one failure).
  func printInvalid(_ path: String, _ message: String) {
    if json {
      let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
      print(
        "{\"name\": \(JSONWriter.quote(name)), \"path\": \(JSONWriter.quote(path)), \"passed\": false, "
          + "\"invalid\": true, \"failures\": [\(JSONWriter.quote(message))]}")
    } else {
      print(Message.oneLine("INVALID \(path): \(message)"))
    }
  }

  /// `2026-11-22T14:30:00Z`.
  static func isoTimestamp(_ date: Date) -> String {
    let f = ISO8601DateFormatter()
    f.formatOptions = [.withInternetDateTime]
    return f.string(from: date)
  }

  /// `FILE` for one script; `FILE-<script>.ext` when there are several.
  static func output(_ path: String, for scenario: Scenario, count: Int) -> String {
    guard count > 1 else { return path }
    let url = URL(fileURLWithPath: path)
    let stem = URL(fileURLWithPath: scenario.path).deletingPathExtension().lastPathComponent
    let ext = url.pathExtension
    return url.deletingPathExtension().path + "-\(stem)" + (ext.isEmpty ? "" : ".\(ext)")
  }
}
