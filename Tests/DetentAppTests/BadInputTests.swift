import Foundation
import Testing

/// Every bad input exits 2 with one line on stderr naming the file and the key or line.
@Suite(.serialized) struct BadInputTests {
  static let validScript = #"{"steps": [{"wait": 0.1}]}"#

  /// (what, file contents, text the message must contain). Every decoder error is checked
  /// exactly in TuningCodingTests; these check that the command line names the file and the
  /// line (or the key when there is no line) and exits 2.
  static let configCases: [(String, String, [String])] = [
    (
      "malformed JSON", "{\"spring\": {\"response\": 0.4,}}", ["tuning.json:1: column 29: expected a \"key\""]
    ),
    ("unknown top-level key", "{\n\"springs\": {}\n}", ["tuning.json:2: springs: unknown key (known: "]),
    (
      "all notches disabled", "{\"notches\": [{\"name\": \"a\", \"height\": 100, \"enabled\": false}]}",
      ["tuning.json: notches: at least one notch must be enabled"]
    ),
  ]

  @Test("bad tuning files", arguments: configCases.indices)
  func badConfig(index: Int) throws {
    let (what, text, needles) = Self.configCases[index]
    let dir = try temporaryFolder()
    let config = try write(text, "tuning.json", in: dir)
    let script = try write(Self.validScript, "ok.json", in: dir)
    let run = try runDetent(["replay", script, "--config", config])
    #expect(run.code == 2, "\(what): exit \(run.code), stderr: \(run.stderr)")
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(what): one line, got: \(run.stderr)")
    #expect(run.stderr.contains("tuning.json"), "\(what): names the file: \(run.stderr)")
    for needle in needles {
      #expect(run.stderr.contains(needle), "\(what): mentions \(needle): \(run.stderr)")
    }
  }

  /// (what, script text, text the message must contain); every parser error is checked exactly
  /// in ScenarioParserTests.
  static let scriptCases: [(String, String, [String])] = [
    (
      "unknown step kind", "{\"steps\": [\n{\"hover\": [1, 2]}\n]}",
      ["bad.json:2: steps[0].hover: unknown step kind"]
    ),
    (
      "bad config in script", "{\"config\": {\"spring\": {\"response\": 0}}, \"steps\": []}",
      ["bad.json:1: config.spring.response: 0 is outside 0.01...10"]
    ),
    ("NaN-like text", "{\"steps\": [{\"wait\": NaN}]}", ["bad.json:1: column 21: unexpected character 'N'"]),
  ]

  @Test("bad scenario scripts", arguments: scriptCases.indices)
  func badScript(index: Int) throws {
    let (what, text, needles) = Self.scriptCases[index]
    let dir = try temporaryFolder()
    let script = try write(text, "bad.json", in: dir)
    let run = try runDetent(["replay", script])
    #expect(run.code == 2, "\(what): exit \(run.code), stderr: \(run.stderr)")
    #expect(run.stderr.split(separator: "\n").count == 1, "\(what): one line: \(run.stderr)")
    #expect(run.stderr.contains("bad.json"), "\(what): names the file: \(run.stderr)")
    for needle in needles {
      #expect(run.stderr.contains(needle), "\(what): mentions \(needle): \(run.stderr)")
    }
  }

  @Test(
    "bad command lines",
    arguments: [
      (["replay", "/nonexistent/script.json"], "no such file"),
      (["replay", "/tmp"], "is a directory"),
      (["replay"], "replay"),
      (["bench", "--size", "0x0"], "--size"),
      (["bench", "--size", "wide"], "--size"),
      (["demo", "--fps", "0"], "--fps"),
      (["demo", "--fps", "-5"], "--fps"),
      (["demo", "--size", "1280x"], "--size"),
      (["replay", "x.json", "--fps", "0"], "--fps"),
      (["frobnicate"], "frobnicate"),
      (["demo", "--config", "/nonexistent.json"], "no such file"),
    ])
  func badCommandLine(arguments: [String], needle: String) throws {
    let run = try runDetent(arguments)
    #expect(run.code == 2, "\(arguments): exit \(run.code), stderr: \(run.stderr)")
    #expect(run.stderr.contains(needle), "\(arguments): \(run.stderr)")
    #expect(!run.stderr.contains("Fatal error"), "no crash")
  }

  @Test("an unreadable file is a clear error")
  func unreadable() throws {
    guard getuid() != 0 else { return }  // root reads everything
    let dir = try temporaryFolder()
    let path = try write(Self.validScript, "locked.json", in: dir)
    chmod(path, 0)
    let run = try runDetent(["replay", path])
    #expect(run.code == 2 && run.stderr.contains("cannot be read"))
  }

  @Test("no display: the demo exits 3 and says what to do")
  func noDisplay() throws {
    let run = try runDetent(["demo", "--exit-after", "1"])
    #expect(run.code == 3, "stderr: \(run.stderr)")
    #expect(run.stderr.contains("xvfb-run") && run.stderr.contains("detent replay"))
  }

  @Test("missing fonts: exit 3 naming what to do")
  func missingAssets() throws {
    // A copy of the program outside the repository, with no Assets anywhere it looks.
    let dir = try temporaryFolder()
    let binary = dir.appendingPathComponent("detent")
    try FileManager.default.copyItem(atPath: detentBinary(), toPath: binary.path)
    let script = try write(#"{"steps": [{"shot": "a.png"}]}"#, "s.json", in: dir)
    let process = Process()
    process.executableURL = binary
    process.arguments = ["replay", script, "--shots", dir.path]
    process.currentDirectoryURL = dir
    var env = ProcessInfo.processInfo.environment
    env["DETENT_ASSETS"] = dir.appendingPathComponent("none").path
    process.environment = env
    let err = Pipe()
    process.standardError = err
    process.standardOutput = Pipe()
    try process.run()
    process.waitUntilExit()
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 3, "\(message)")
    #expect(message.contains("DejaVuSans.ttf") && message.contains("DETENT_ASSETS"), "\(message)")
  }

}
