import Foundation
import Testing

@testable import DetentApp

/// The files a replay reads and writes (ReplayFiles.swift), checked before any script runs: a
/// golden's diff belongs to its script, no output names an input or another output (however its
/// path is spelled), and the report's index and folders are outputs like the others.
@Suite struct ReplayFilesTests {
  /// A 200×200 script with one `expect image` of `file`.
  static func golden(_ name: String, _ file: String) -> String {
    #"{"name": "\#(name)", "window": [200, 200], "steps": [{"expect": {"image": {"file": "\#(file)"}}}]}"#
  }

  /// Every file under `dir` with its bytes (links are not followed).
  static func contents(_ dir: URL, prefix: String = "") throws -> [String: Data] {
    var out: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) {
      let url = dir.appendingPathComponent(name)
      let type = try FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType
      if type == .typeDirectory {
        out.merge(try contents(url, prefix: prefix + name + "/")) { a, _ in a }
      } else if type == .typeRegular {
        out[prefix + name] = try Data(contentsOf: url)
      }
    }
    return out
  }

  @Test(
    "a golden named like another script's golden diff (x.png → x-diff.png) is refused before any runs",
    arguments: [true, false])
  func goldenAndAnothersDiff(update: Bool) throws {
    let dir = try temporaryFolder()
    let a = try write(Self.golden("a0", "x.png"), "a0.json", in: dir)
    let b = try write(Self.golden("b", "x-diff.png"), "b.json", in: dir)
    let run = try runDetent(["replay", a, b] + (update ? ["--update-goldens"] : []))
    #expect(run.code == 2)
    #expect(
      run.stderr
        == "detent: replay: \(a) and \(b) both write \(dir.path)/x-diff.png (the golden diff of \(a), the golden "
        + "of \(b)); nothing was run (give them different files)\n")
    #expect(run.stdout == "")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a0.json", "b.json"])
  }

  /// (files to write, arguments, the message after "detent: "); DIR is the test's folder. A
  /// golden written GOLDEN is made by `--update-goldens` first (a real one: the run would pass).
  static let clashes: [([String: String], [String], String)] = [
    (
      ["g.json": golden("g", "g.png"), "g.png": "GOLDEN"], ["DIR/g.json", "--trace", "DIR/g.png"],
      "--trace DIR/g.png: names an input file (DIR/g.png, the golden of DIR/g.json); choose another output"
    ),
    (
      ["g.json": golden("g", "g.png"), "g.png": "GOLDEN", "sub/keep": ""],
      ["DIR/g.json", "--plot", "DIR/sub/../link/g.png"],
      "--plot DIR/sub/../link/g.png: names an input file (DIR/g.png, the golden of DIR/g.json); "
        + "choose another output"
    ),
    (
      ["g.json": golden("g", "g.png")], ["DIR/g.json", "--junit", "DIR/g-diff.png"],
      "DIR/g-diff.png: written twice, by --junit and by the golden diff of DIR/g.json; give each output its own name"
    ),
    (
      ["s.json": #"{"name": "s", "steps": [{"shot": "s.json"}]}"#], ["DIR/s.json", "--shots", "DIR"],
      "DIR/s.json (the shot of DIR/s.json): names an input file (DIR/s.json); choose another output"
    ),
    (
      ["c.json": #"{"name": "c", "steps": [{"shot": "base.json"}]}"#, "base.json": "{}"],
      ["DIR/c.json", "--shots", "DIR", "--config", "DIR/base.json"],
      "DIR/base.json (the shot of DIR/c.json): names an input file (--config DIR/base.json); choose another output"
    ),
    (
      ["t.json": #"{"name": "t", "steps": [{"shot": "t.png"}]}"#],
      ["DIR/t.json", "--shots", "DIR", "--plot", "DIR/t.png"],
      "DIR/t.png: written twice, by --plot for DIR/t.json and by the shot of DIR/t.json; "
        + "give each output its own name"
    ),
    (
      ["g.json": golden("g", "base.png"), "base.png": "{}"],
      ["DIR/g.json", "--update-goldens", "--config", "DIR/base.png"],
      "DIR/base.png (the golden of DIR/g.json): names an input file (--config DIR/base.png); "
        + "choose another output"
    ),
  ]

  @Test(
    "an output over an input or another output is refused before any runs, nothing written",
    arguments: clashes)
  func outputsClash(files: [String: String], arguments: [String], message: String) throws {
    let dir = try temporaryFolder()
    for (name, text) in files {
      try FileManager.default.createDirectory(
        at: dir.appendingPathComponent(name).deletingLastPathComponent(), withIntermediateDirectories: true)
      try write(text, name, in: dir)
    }
    for (name, text) in files where text == "GOLDEN" {
      let script = dir.appendingPathComponent(name).deletingPathExtension().path + ".json"
      try #require(try runDetent(["replay", script, "--update-goldens"]).code == 0)
    }
    try FileManager.default.createSymbolicLink(
      atPath: dir.appendingPathComponent("link").path, withDestinationPath: ".")
    let before = try Self.contents(dir)
    let run = try runDetent(["replay"] + arguments.map { $0.replacingOccurrences(of: "DIR", with: dir.path) })
    #expect(run.code == 2, "\(run.stderr)")
    #expect(run.stderr == "detent: " + message.replacingOccurrences(of: "DIR", with: dir.path) + "\n")
    #expect(run.stdout == "")
    #expect(try Self.contents(dir) == before)
  }

  /// (arguments, message); DIR is the test's folder, which holds s.json and r/s/in.json.
  static let reportClashes: [([String], String)] = [
    (
      ["DIR/s.json", "--report", "DIR/r", "--junit", "DIR/r/index.html"],
      "DIR/r/index.html: written twice, by --junit and by --report; give each output its own name"
    ),
    (
      ["DIR/r/s/in.json", "DIR/s.json", "--report", "DIR/r"],
      "--report DIR/r/s (the report's folder for DIR/s.json): would hold an input file (DIR/r/s/in.json); "
        + "choose another --report folder"
    ),
    (
      ["DIR/s.json", "--report", "DIR/r", "--trace", "DIR/r/s/t.csv"],
      "--report DIR/r/s (the report's folder for DIR/s.json): would hold DIR/r/s/t.csv, written by --trace for "
        + "DIR/s.json; choose another output"
    ),
  ]

  @Test("the report's index and each script's folder are outputs like the others", arguments: reportClashes)
  func reportClash(arguments: [String], message: String) throws {
    let dir = try temporaryFolder()
    let script = #"{"name": "s", "window": [200, 200], "steps": [{"wait": 0.05}]}"#
    try write(script, "s.json", in: dir)
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("r/s"), withIntermediateDirectories: true)
    try write(script, "r/s/in.json", in: dir)
    let before = try Self.contents(dir)
    let run = try runDetent(["replay"] + arguments.map { $0.replacingOccurrences(of: "DIR", with: dir.path) })
    #expect(run.code == 2, "\(run.stderr)")
    #expect(run.stderr == "detent: " + message.replacingOccurrences(of: "DIR", with: dir.path) + "\n")
    #expect(try Self.contents(dir) == before)
  }
}
