import Foundation
import Testing

/// The command line's exit codes (README, "Command line"): 0 ok, 1 a failed expectation, 2 bad
/// input with one line on stderr naming the file and the line, 3 environment. Each decoder
/// error's exact key, line and reason is in `TuningCodingErrorTests` and
/// `ScenarioParserErrorTests`; here a few files check the message reaches stderr whole.
@Suite(.serialized) struct BadInputTests {
  static let validScript = #"{"steps": [{"wait": 0.1}]}"#

  /// (what, tuning file contents, stderr after "detent: " and the file's path)
  static let configCases: [(String, String, String)] = [
    (
      "wrong type", "{\n  \"spring\": {\"response\": \"fast\"}\n}",
      ":2: spring.response: expected a number, found a string"
    ),
    ("malformed JSON", "{\"spring\": {\"response\": 0.4,}}", ":1: column 29: expected a \"key\""),
  ]

  @Test("a bad tuning file exits 2 with one line naming the file, line and key", arguments: configCases)
  func badConfig(what: String, text: String, message: String) throws {
    let dir = try temporaryFolder()
    let config = try write(text, "tuning.json", in: dir)
    let script = try write(Self.validScript, "ok.json", in: dir)
    let run = try runDetent(["replay", script, "--config", config])
    #expect(run.code == 2, "\(what): exit \(run.code), stderr: \(run.stderr)")
    #expect(run.stderr == "detent: \(config)\(message)\n", "\(what)")
  }

  /// (what, script contents, stderr after "detent: " and the file's path)
  static let scriptCases: [(String, String, String)] = [
    (
      "unknown step kind", "{\"steps\": [\n{\"hover\": [1, 2]}\n]}",
      ":2: steps[0].hover: unknown step kind \"hover\" (expected one of: \(ScenarioParserErrorTests.stepKinds))"
    ),
    ("NaN-like text", "{\"steps\": [{\"wait\": NaN}]}", ":1: column 21: unexpected character 'N'"),
    (
      "bad config in script", "{\"config\": {\"spring\": {\"response\": 0}}, \"steps\": []}",
      ":1: config.spring.response: 0 is outside 0.01...10"
    ),
  ]

  @Test("a bad script exits 2 with one line naming the file, line and key", arguments: scriptCases)
  func badScript(what: String, text: String, message: String) throws {
    let script = try write(text, "bad.json", in: try temporaryFolder())
    let run = try runDetent(["replay", script])
    #expect(run.code == 2, "\(what): exit \(run.code), stderr: \(run.stderr)")
    #expect(run.stderr == "detent: \(script)\(message)\n", "\(what)")
  }

  @Test("a script that runs exits 0; one whose expectation fails exits 1 naming the step")
  func passAndFail() throws {
    let dir = try temporaryFolder()
    let ok = try write(Self.validScript, "ok.json", in: dir)
    #expect(try runDetent(["replay", ok]).code == 0)
    let failing = try write(#"{"steps": [{"expect": {"notch": "maximum"}}]}"#, "fails.json", in: dir)
    let run = try runDetent(["replay", failing])
    #expect(run.code == 1, "stderr: \(run.stderr)")
    let line = "\(failing): step 1 (expect, line 1) at t=0: notch expected \"maximum\", actual \"minimum\""
    #expect((run.stdout + run.stderr).contains(line), "\(run.stdout)\(run.stderr)")
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
