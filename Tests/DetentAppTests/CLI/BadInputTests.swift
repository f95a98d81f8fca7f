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
    (
      "a range of three", "{\"steps\": [{\"expect\": {\"height\": [1, 2, 3]}}]}",
      ["bad.json:1: steps[0].expect.height: expected a number or [lo, hi], found an array of 3 items"]
    ),
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
      // A line break inside an argument the parser quotes is escaped: the error stays one line.
      (["x\ny"], "Error: Unexpected argument 'x\\ny'"),
      (["replay", "ok.json", "--b\nx"], "Error: Unknown option '--b\\nx'"),
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

  @Test(
    "outputs refused before anything runs, one line naming them",
    arguments: [
      (["--trace", "IN"], "--trace DIR/ok.json: names an input file (DIR/ok.json); choose another output"),
      (["--junit", "DIR"], "--junit DIR: is a folder, not a file"),
      (
        ["--plot", "/nonexistent/p.png"], "--plot /nonexistent/p.png: its folder /nonexistent does not exist"
      ),
      (["--trace", "/dev/full"], "--trace /dev/full: write failed (No space left on device)"),
      (["--junit", "/dev/full"], "--junit /dev/full: write failed (No space left on device)"),
    ])
  func badOutputs(options: [String], expected: String) throws {
    let dir = try temporaryFolder()
    let script = try write(Self.validScript, "ok.json", in: dir)
    let args = options.map {
      $0.replacingOccurrences(of: "IN", with: script).replacingOccurrences(of: "DIR", with: dir.path)
    }
    let run = try runDetent(["replay", script] + args)
    #expect(run.code == 2, "\(options): exit \(run.code), stderr: \(run.stderr)")
    #expect(run.stderr == "detent: " + expected.replacingOccurrences(of: "DIR", with: dir.path) + "\n")
  }

  @Test("two scripts named alike would share a --trace file: refused before either runs")
  func sharedTrace() throws {
    let dir = try temporaryFolder()
    for sub in ["a", "b"] {
      try FileManager.default.createDirectory(
        at: dir.appendingPathComponent(sub), withIntermediateDirectories: true)
    }
    let a = try write(Self.validScript, "a/x.json", in: dir)
    let b = try write(Self.validScript, "b/x.json", in: dir)
    let run = try runDetent(["replay", a, b, "--trace", "t.csv"], in: dir)
    #expect(run.code == 2, "stderr: \(run.stderr)")
    #expect(
      run.stderr.contains("written twice, by --trace for \(a) and by --trace for \(b)"), "\(run.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a", "b"])
  }

  @Test("the demo's outputs are checked before the window opens")
  func demoOutputs() throws {
    let run = try runDetent(["demo", "--record", "/nonexistent/session.json", "--exit-after", "0"])
    #expect(run.code == 2)
    #expect(
      run.stderr == "detent: --record /nonexistent/session.json: its folder /nonexistent does not exist\n")
  }

  @Test(
    "the default tuning starts at any window from 200x200 (no file named that was not read)",
    arguments: ["200x200", "320x240", "640x360"])
  func smallWindows(size: String) throws {
    let dir = try temporaryFolder()
    let run = try runDetent(
      ["demo", "--size", size, "--exit-after", "0.2"], in: dir,
      environment: ["SDL_VIDEODRIVER": "dummy", "SDL_RENDER_DRIVER": "software"])
    #expect(run.code == 0, "\(size): exit \(run.code), stderr: \(run.stderr)")
    // The ready line says the default tuning is in force and names detent.json only as where the
    // panel would save; no other line names it.
    let lines = run.stderr.split(separator: "\n")
    let ready = lines.first { $0.hasPrefix("detent: ready \(size) ") } ?? ""
    #expect(ready.contains("; the default tuning (the panel saves to "))
    #expect(!lines.contains { $0 != ready && $0.contains("detent.json") })
  }

  @Test("a display that names no server: exit 3 at once, saying what to do")
  func deadDisplay() throws {
    // :179 is this project's test range; nothing listens there during the tests.
    let run = try runDetent(["demo", "--exit-after", "1"], environment: ["DISPLAY": ":179"])
    #expect(run.code == 3, "stderr: \(run.stderr)")
    #expect(run.stderr.contains("detent: no display: DISPLAY=:179 names no X server that answers"))
    #expect(run.stderr.contains("xvfb-run -a detent demo"))
  }

  @Test("a name with control characters is escaped: the message stays one line")
  func controlCharacters() throws {
    let run = try runDetent(["replay", "/nonexistent/a\nb\u{1B}[31m.json"])
    #expect(run.code == 2)
    #expect(run.stderr == "detent: /nonexistent/a\\nb\\u{1B}[31m.json: no such file\n")
  }

  @Test(
    "numbers on the command line: decimal, inside their stated range",
    arguments: [
      (["demo", "--fps", "-5"], "--fps -5: out of range; must be from 1 to 1000"),
      (["demo", "--fps", "0x10"], "--fps 0x10: expected a decimal number from 1 to 1000"),
      (["demo", "--fps", "inf"], "--fps inf: expected a decimal number from 1 to 1000"),
      (["replay", "x.json", "--fps", "1001"], "--fps 1001: out of range; must be from 1 to 1000"),
      (["demo", "--exit-after", "nan"], "--exit-after nan: expected a decimal number from 0 to 1000000000"),
      (["bench", "--frames", "-1"], "--frames -1: out of range; must be from 1 to 10000000"),
      (["bench", "--rows", "1e3"], "--rows 1e3: expected a whole number from 0 to 10000000"),
      (["bench", "--rows", "10000001"], "--rows 10000001: out of range; must be from 0 to 10000000"),
      (["demo", "--size", "16384x16384"], "--size 16384x16384: width and height must be 1 to 8192"),
      (["bench", "--size", "8192x8192"], "--size 8192x8192: 67108864 pixels; at most 16777216 (4096x4096)"),
      (["demo", "--size", "0x10x10"], "--size 0x10x10: expected WIDTHxHEIGHT, for example 1280x800"),
      // A value starting with "-" is the option's value, not another option.
      (["demo", "--size", "-5x5"], "--size -5x5: expected WIDTHxHEIGHT, for example 1280x800"),
      (
        ["export", "--format", "json", "--size", "-100x100"],
        "--size -100x100: expected WIDTHxHEIGHT, for example 1280x800"
      ),
      (["bench", "--size", "-1x800"], "--size -1x800: expected WIDTHxHEIGHT, for example 1280x800"),
      (
        ["fit", "x.mp4", "--roi", "-1,0,10,10"],
        "--roi -1,0,10,10: expected X,Y,W,H in pixels (X, Y ≥ 0; W, H ≥ 1), for example 0,100,640,700"
      ),
    ])
  func limits(arguments: [String], expected: String) throws {
    let run = try runDetent(arguments)
    #expect(run.code == 2)
    #expect(run.stderr == "detent: \(expected)\n")
  }

  @Test("a hot-reload error reaches stderr as well as the panel")
  func hotReloadErrorOnStderr() throws {
    let dir = try temporaryFolder()
    let config = try write(#"{"spring": {"response": 0.4}}"#, "tuning.json", in: dir)
    let breaker = Thread {
      usleep(600_000)
      try? "{\n\"spring\": {\"response\": 0}\n}".write(toFile: config, atomically: true, encoding: .utf8)
    }
    breaker.start()
    let run = try runDetent(
      ["demo", "--config", config, "--exit-after", "1.6"], in: dir,
      environment: ["SDL_VIDEODRIVER": "dummy", "SDL_RENDER_DRIVER": "software"])
    #expect(run.code == 0, "stderr: \(run.stderr)")
    #expect(
      run.stderr.contains("detent: \(config):2: spring.response: 0 is outside 0.01...10\n"), "\(run.stderr)")
  }

  @Test("a script's name with control characters is escaped in the report line")
  func controlCharactersInName() throws {
    let dir = try temporaryFolder()
    let script = try write(#"{"name": "\u001b[31mred\nline", "steps": [{"wait": 0.05}]}"#, "n.json", in: dir)
    let run = try runDetent(["replay", script])
    #expect(run.code == 0)
    #expect(run.stdout == "PASS \\u{1B}[31mred\\nline (\(script), 3 frames)\n")
  }

  @Test("a write error on standard output is exit 2, not a silent 0")
  func fullStandardOutput() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: detentBinary())
    process.arguments = [
      "replay", repoRoot.appendingPathComponent("Assets/Scenarios/keys-move-notches.json").path, "--json",
    ]
    var env = ProcessInfo.processInfo.environment
    env["DETENT_ASSETS"] = repoRoot.appendingPathComponent("Assets").path
    process.environment = env
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
    let err = Pipe()
    process.standardError = err
    try process.run()
    process.waitUntilExit()
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 2)
    #expect(message == "detent: cannot write to standard output (No space left on device)\n")
  }

  /// (arguments, exit code): a reader that closed the pipe before `detent` wrote a byte.
  static let closedPipeCases: [([String], Int32)] = [
    (["export", "--format", "json"], 0),
    (["export", "--format", "css"], 0),
    (["replay", "Assets/Scenarios/keys-move-notches.json", "--json"], 0),
    (["replay", "Assets/Scenarios/keys-move-notches.json"], 0),
    (["--help"], 0),
    (["replay", "FAILING", "--json"], 1),
  ]

  @Test(
    "a reader that closed standard output (| head -1) ends the command quietly",
    arguments: closedPipeCases.indices)
  func closedStandardOutput(index: Int) throws {
    let (arguments, code) = Self.closedPipeCases[index]
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    close(ends[0])  // the reader is gone before the first write: every write fails with EPIPE
    let process = Process()
    process.executableURL = URL(fileURLWithPath: detentBinary())
    let failing = try write(
      #"{"steps": [{"wait": 0.1}, {"expect": {"notch": "maximum"}}]}"#, "failing.json", in: temporaryFolder())
    process.arguments = arguments.map {
      $0 == "FAILING" ? failing : $0.hasPrefix("Assets/") ? repoRoot.appendingPathComponent($0).path : $0
    }
    var env = ProcessInfo.processInfo.environment
    env["DETENT_ASSETS"] = repoRoot.appendingPathComponent("Assets").path
    process.environment = env
    process.standardOutput = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    let err = Pipe()
    process.standardError = err
    try process.run()
    process.waitUntilExit()
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationReason == .exit, "\(arguments): killed by a signal")
    #expect(process.terminationStatus == code, "\(arguments): \(message)")
    #expect(message == "", "\(arguments)")
  }
}
