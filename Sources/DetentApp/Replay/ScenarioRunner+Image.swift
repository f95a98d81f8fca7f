import Detent
import Foundation

extension ScenarioRunner {
  /// `expect image`: compares the frame with the golden PNG, or writes it with `updateGoldens`.
  /// A mismatch writes `<golden stem>-diff.png` beside the golden and fails naming the count of
  /// differing pixels and their bounding box.
  func check(_ e: Scenario.ImageExpectation, step: Int, line: Int) throws {
    guard let imager else { return }
    let frame = try imager(model)
    func fail(expected: String, actual: String, _ message: String) {
      failures.append(
        ScenarioFailure(
          path: scenario.path, step: step, kind: "expect", line: line, time: model.time,
          expected: "image \(expected)", actual: "image \(actual)", message: message, frame: self.frame))
    }
    // A golden that cannot be read or written makes the script invalid, named with its step.
    func invalid(_ error: CLIError) -> CLIError {
      CLIError.input("\(scenario.path): step \(step) (expect, line \(line)): image: \(error.message)")
    }
    if updateGoldens {
      let folder = URL(fileURLWithPath: e.path).deletingLastPathComponent().path
      try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      do {
        try frame.writePNG(to: e.path, what: "golden ")
      } catch let error as CLIError {
        throw invalid(error)
      }
      goldensWritten.append(e.path)
      return
    }
    guard FileManager.default.fileExists(atPath: e.path) else {
      fail(
        expected: "matching \(e.path)", actual: "no golden",
        "image expected to match \(e.path), which does not exist; run "
          + "`detent replay \(scenario.path) --update-goldens` to write it")
      return
    }
    let golden: RGBImage
    do {
      golden = try RGBImage.load(e.path)
    } catch let error as CLIError {
      throw invalid(error)
    }
    guard golden.width == frame.width, golden.height == frame.height else {
      let expected = "\(golden.width)x\(golden.height) (\(e.path))"
      let actual = "\(frame.width)x\(frame.height)"
      fail(expected: expected, actual: actual, "image expected \(expected), actual frame \(actual)")
      return
    }
    let diff = ImageDiff(actual: frame, golden: golden, threshold: e.threshold)
    let diffPath = Self.diffPath(for: e.path)
    guard diff.fraction > e.tolerance else {
      try? FileManager.default.removeItem(atPath: diffPath)
      return
    }
    try diff.picture.writePNG(to: diffPath, what: "image diff ")
    let allowed = Int((e.tolerance * Double(diff.total)).rounded(.down))
    let box =
      diff.bounds.map { "x \($0.x)…\($0.x + $0.width - 1), y \($0.y)…\($0.y + $0.height - 1)" } ?? "none"
    let expected =
      "at most \(allowed) of \(diff.total) pixels to differ by more than \(e.threshold) from \(e.path)"
    let actual = "\(diff.count) (\(Self.percent(diff.fraction))) within \(box)"
    fail(
      expected: expected, actual: actual,
      "image expected \(expected), actual \(actual); differing pixels drawn in \(diffPath)")
  }

  /// `dir/golden.png` → `dir/golden-diff.png`.
  static func diffPath(for golden: String) -> String {
    (golden as NSString).deletingPathExtension + "-diff.png"
  }

  private static func percent(_ f: Double) -> String {
    let p = (f * 10000).rounded() / 100
    return "\(EventLog.number(p))%"
  }
}
