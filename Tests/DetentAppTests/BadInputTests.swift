import Foundation
import Testing

/// Every bad input exits 2 with one line on stderr naming the file and the key or line.
@Suite(.serialized) struct BadInputTests {
  static let validScript = #"{"steps": [{"wait": 0.1}]}"#

  /// (what, file contents or nil, extra arguments, text the message must contain)
  static let configCases: [(String, String, [String])] = [
    ("malformed JSON", "{\"spring\": {\"response\": 0.4,}}", [":1:"]),
    ("truncated JSON", "{\"spring\": ", [":1:"]),
    ("not an object", "[1, 2]", ["expected an object"]),
    ("wrong type", "{\n  \"spring\": {\"response\": \"fast\"}\n}", [":2:", "spring.response"]),
    ("unknown top-level key", "{\n\"springs\": {}\n}", [":2:", "springs", "unknown key"]),
    ("unknown nested key", "{\"list\": {\"rowz\": 3}}", ["list.rowz"]),
    ("huge number", "{\"spring\": {\"response\": 1e308}}", ["spring.response"]),
    ("number overflow", "{\"spring\": {\"response\": 1e999}}", [":1:", "out of range"]),
    ("negative response", "{\"spring\": {\"response\": -1}}", ["spring.response"]),
    ("zero damping", "{\"spring\": {\"dampingRatio\": 0}}", ["spring.dampingRatio"]),
    ("empty notches", "{\"notches\": []}", ["notches", "at least one"]),
    (
      "unsorted notches",
      "{\"notches\": [{\"name\": \"a\", \"height\": 300},\n {\"name\": \"b\", \"height\": 100}]}",
      ["notches[1]", "ascending"]
    ),
    (
      "duplicate names",
      "{\"notches\": [{\"name\": \"a\", \"height\": 100}, {\"name\": \"a\", \"height\": 200}]}",
      ["notches[1].name", "duplicate"]
    ),
    ("fraction above 1", "{\"notches\": [{\"name\": \"a\", \"fraction\": 1.5}]}", ["notches[0].fraction"]),
    ("negative fraction", "{\"notches\": [{\"name\": \"a\", \"fraction\": -0.1}]}", ["notches[0].fraction"]),
    (
      "notch above window", "{\"notches\": [{\"name\": \"a\", \"height\": 5000}]}",
      ["notches[0]", "above the window"]
    ),
    (
      "negative after inset", "{\"notches\": [{\"name\": \"a\", \"fraction\": 0.1, \"inset\": 500}]}",
      ["notches[0]", "negative"]
    ),
    (
      "height and fraction", "{\"notches\": [{\"name\": \"a\", \"height\": 10, \"fraction\": 0.5}]}",
      ["notches[0]", "not both"]
    ),
    ("nameless notch", "{\"notches\": [{\"height\": 10}]}", ["notches[0].name"]),
    ("unknown initialNotch", "{\"initialNotch\": \"top\"}", ["initialNotch", "top"]),
    ("unknown dimming notch", "{\"dimming\": {\"startNotch\": \"half\"}}", ["dimming.startNotch", "half"]),
    ("unknown policy", "{\"policy\": {\"kind\": \"magnetic\"}}", ["policy.kind", "magnetic"]),
    ("unknown style", "{\"style\": \"stretchy\"}", ["style"]),
    ("alpha above 1", "{\"dimming\": {\"maxAlpha\": 2}}", ["dimming.maxAlpha"]),
    ("rows not whole", "{\"list\": {\"rows\": 2.5}}", ["list.rows"]),
    ("duplicate key", "{\"style\": \"rigid\", \"style\": \"rigid\"}", ["style", "duplicate"]),
    (
      "all notches disabled", "{\"notches\": [{\"name\": \"a\", \"height\": 100, \"enabled\": false}]}",
      ["enabled"]
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

  static let scriptCases: [(String, String, [String])] = [
    ("unknown step kind", "{\"steps\": [\n{\"hover\": [1, 2]}\n]}", [":2:", "hover"]),
    ("two keys in a step", "{\"steps\": [{\"wait\": 1, \"key\": \"Up\"}]}", ["steps[0]"]),
    (
      "expect on an unknown field", "{\"steps\": [\n {\"expect\": {\"colour\": \"red\"}}]}",
      [":2:", "colour"]
    ),
    ("unknown phase", "{\"steps\": [{\"expect\": {\"phase\": \"flying\"}}]}", ["phase", "flying"]),
    ("fps zero", "{\"fps\": 0, \"steps\": []}", ["fps"]),
    ("fps negative", "{\"fps\": -30, \"steps\": []}", ["fps"]),
    ("zero window", "{\"window\": [0, 0], \"steps\": []}", ["window"]),
    ("negative wait", "{\"steps\": [{\"wait\": -1}]}", ["wait"]),
    ("drag without to", "{\"steps\": [{\"drag\": {\"from\": [1, 2]}}]}", ["drag"]),
    ("point not a pair", "{\"steps\": [{\"press\": [1]}]}", ["press"]),
    ("NaN-like text", "{\"steps\": [{\"wait\": NaN}]}", [":1:"]),
    ("missing steps", "{\"name\": \"x\"}", ["steps"]),
    (
      "bad config in script", "{\"config\": {\"spring\": {\"response\": 0}}, \"steps\": []}",
      ["config.spring.response"]
    ),
    ("range upside down", "{\"steps\": [{\"expect\": {\"height\": [300, 100]}}]}", ["height"]),
    ("unknown top-level key", "{\"stepz\": []}", ["stepz"]),
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
