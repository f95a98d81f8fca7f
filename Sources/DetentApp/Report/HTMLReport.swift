import Detent
import Foundation

/// `replay --report DIR`: a self-contained HTML report that opens from disk with no network.
/// `index.html` lists the scripts with pass/fail and durations; each script's page has a frame
/// scrubber (that frame's picture with the pointer drawn on it, the trace values and phase),
/// the event timeline, each expectation at its frame (failures highlighted, a golden's diff
/// image), and the plot. Pictures are PNG files in DIR, drawn every `stride` frames by the
/// offscreen renderer (at half size when the window is wider than 800 px); script and style are
/// inline.
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
  /// A picture every `stride` frames (and the first).
  let stride = 3
  private var entries: [Entry] = []
  private var frameIndex = 0
  private var pictures: [(frame: Int, file: String)] = []
  private var slugs: Set<String> = []
  private var currentSlug = ""

  init(folder: String) {
    self.folder = folder
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  private func slug(for scenario: Scenario) -> String {
    let stem = URL(fileURLWithPath: scenario.path).deletingPathExtension().lastPathComponent
    let clean = String(stem.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
    var s = clean.isEmpty ? "script" : clean
    var n = 2
    while slugs.contains(s) {
      s = "\(clean)-\(n)"
      n += 1
    }
    return s
  }

  /// Called with the model before the first frame and after each frame of `scenario`.
  func frame(_ model: DemoModel, shooter: ShotWriter, for scenario: Scenario) throws {
    if pictures.isEmpty && frameIndex == 0 {
      currentSlug = slug(for: scenario)
      slugs.insert(currentSlug)
      try FileManager.default.createDirectory(
        atPath: (folder as NSString).appendingPathComponent(currentSlug), withIntermediateDirectories: true)
    }
    defer { frameIndex += 1 }
    guard frameIndex % stride == 0 else { return }
    let file = "\(currentSlug)/frame-\(String(format: "%05d", frameIndex)).png"
    // Wide windows are stored at half size (the page scales them back; the pointer is placed in
    // window pixels).
    var picture = try shooter.image(model)
    if picture.width > 800 { picture = picture.halved() }
    try picture.writePNG(to: (folder as NSString).appendingPathComponent(file))
    pictures.append((frameIndex, file))
  }

  /// Writes the script's page and notes it for the index.
  func finish(
    _ scenario: Scenario, report: ScenarioReport, seconds: Double, notches: [Notch], assets: AssetLocator
  ) throws {
    if currentSlug.isEmpty {
      currentSlug = slug(for: scenario)
      slugs.insert(currentSlug)
    }
    let plot = "\(currentSlug)-plot.png"
    try PlotRenderer.write(
      trace: report.trace, notches: notches, title: scenario.name,
      to: (folder as NSString).appendingPathComponent(plot), assets: assets)
    var diffs: [Int: String] = [:]
    for (i, c) in report.checkpoints.enumerated() {
      guard let diff = c.diff, !c.failures.isEmpty, FileManager.default.fileExists(atPath: diff) else {
        continue
      }
      let copy = "\(currentSlug)/diff-\(i).png"
      let target = (folder as NSString).appendingPathComponent(copy)
      try? FileManager.default.removeItem(atPath: target)
      try FileManager.default.copyItem(atPath: diff, toPath: target)
      diffs[i] = copy
    }
    let page = "\(currentSlug).html"
    let html = HTMLReportPage.script(
      scenario: scenario, report: report, seconds: seconds, pictures: pictures, plot: plot, diffs: diffs)
    try OutputFile.write(html, to: (folder as NSString).appendingPathComponent(page), what: "--report ")
    entries.append(
      Entry(
        name: scenario.name, path: scenario.path, page: page, status: report.passed ? "pass" : "fail",
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
