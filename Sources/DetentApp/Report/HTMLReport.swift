import Detent
import Foundation

/// `replay --report DIR`: a self-contained HTML report that opens from disk with no network.
/// `index.html` lists the scripts with pass/fail and durations; each script's page has a frame
/// scrubber (that frame's picture with the pointer drawn on it, the trace values and phase),
/// the event timeline, each expectation at its frame (failures highlighted, a golden's diff
/// image), and the plot. Each script has a folder of its own, `DIR/<slug>/`, holding its page
/// (`page.html`), its plot (`plot.png`), its golden diffs (`diff-N.png`) and its pictures
/// (`frame-NNNNN.png`, drawn every `stride` frames by the offscreen renderer, at half size when
/// the window is wider than 800 px); `DIR/index.html` is the only other file, so no script's
/// name can make its page the index. Script and style are inline.
final class HTMLReport {
  /// One script's line in the index.
  struct Entry {
    var name: String
    var path: String
    var page: String?
    var status: String
    var seconds: Double
    var frames: Int
    var firstFailure: String?
  }

  let folder: String
  /// Each script's folder name in `folder`, in the order of the scenarios given.
  let slugs: [String]
  /// A picture every `stride` frames (and the first).
  let stride = 3
  private var entries: [Entry] = []
  private var frameIndex = 0
  private var pictures: [HTMLReportPage.Picture] = []
  private var currentSlug = ""

  /// A report in `folder` whose scripts have the folders `slugs` there (see `slugs(for:)`).
  init(folder: String, slugs: [String]) {
    self.folder = folder
    self.slugs = slugs
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  /// The page of a script, relative to the report's folder.
  static let page = "page.html"

  /// Each script's folder name: its file name without `.json`, every character other than a
  /// letter, a digit, `-` and `_` made `-` (so none holds a dot, and none is `index.html`), and
  /// `-2`, `-3`… after one already taken.
  static func slugs(for scenarios: [Scenario]) -> [String] {
    var taken: Set<String> = []
    return scenarios.map { scenario in
      let stem = URL(fileURLWithPath: scenario.path).deletingPathExtension().lastPathComponent
      let clean = String(stem.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
      var s = clean.isEmpty ? "script" : clean
      var n = 2
      while taken.contains(s) {
        s = "\(clean.isEmpty ? "script" : clean)-\(n)"
        n += 1
      }
      taken.insert(s)
      return s
    }
  }

  /// Starts the scenario at `index` of those the report was made with.
  func begin(_ index: Int) throws {
    currentSlug = slugs[index]
    pictures = []
    frameIndex = 0
    try FileManager.default.createDirectory(
      atPath: (folder as NSString).appendingPathComponent(currentSlug), withIntermediateDirectories: true)
  }

  /// `name` in the current script's folder.
  private func path(_ name: String) -> String {
    ((folder as NSString).appendingPathComponent(currentSlug) as NSString).appendingPathComponent(name)
  }

  /// Called with the model before the first frame and after each frame of the current script.
  func frame(_ model: DemoModel, shooter: ShotWriter) throws {
    defer { frameIndex += 1 }
    guard frameIndex % stride == 0 else { return }
    let file = "frame-\(String(format: "%05d", frameIndex)).png"
    // Wide windows are stored at half size (the page scales them back; the pointer is placed in
    // window pixels, by the window's width at that frame).
    var picture = try shooter.image(model)
    if picture.width > 800 { picture = picture.halved() }
    try picture.writePNG(to: path(file))
    pictures.append(.init(frame: frameIndex, file: file, windowWidth: model.windowWidth))
  }

  /// Writes the script's page and notes it for the index.
  func finish(
    _ scenario: Scenario, report: ScenarioReport, seconds: Double, notches: [Notch], assets: AssetLocator
  ) throws {
    let plot = "plot.png"
    try PlotRenderer.write(
      trace: report.trace, notches: notches, title: scenario.name, to: path(plot), assets: assets)
    var diffs: [Int: String] = [:]
    for (i, c) in report.checkpoints.enumerated() {
      guard let diff = c.diff, !c.failures.isEmpty, FileManager.default.fileExists(atPath: diff) else {
        continue
      }
      let copy = "diff-\(i).png"
      let target = path(copy)
      try? FileManager.default.removeItem(atPath: target)
      try FileManager.default.copyItem(atPath: diff, toPath: target)
      diffs[i] = copy
    }
    let html = HTMLReportPage.script(
      scenario: scenario, report: report, seconds: seconds, pictures: pictures, plot: plot, diffs: diffs)
    try OutputFile.write(html, to: path(Self.page), what: "--report ")
    entries.append(
      Entry(
        name: scenario.name, path: scenario.path, page: currentSlug + "/" + Self.page,
        status: report.passed ? "pass" : "fail",
        seconds: seconds, frames: report.frames, firstFailure: report.failures.first?.description))
    pictures = []
    frameIndex = 0
    currentSlug = ""
  }

  /// Notes a script that could not be read.
  func invalid(path: String, message: String) {
    let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    entries.append(
      Entry(
        name: stem, path: path, page: nil, status: "invalid", seconds: 0, frames: 0, firstFailure: message))
  }

  /// Writes `index.html`.
  func writeIndex() throws {
    try OutputFile.write(
      HTMLReportPage.index(entries), to: (folder as NSString).appendingPathComponent("index.html"),
      what: "--report ")
  }
}
