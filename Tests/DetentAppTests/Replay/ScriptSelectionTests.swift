import Foundation
import Testing

@testable import DetentApp

/// Runs that report everything (ScriptSelection.swift, ReplayCommand): `--only`, colliding
/// outputs refused before anything runs, an invalid script among good ones.
@Suite struct ScriptSelectionTests {
  /// (pattern, file name or script name, matches).
  static let patterns: [(String, String, Bool)] = [
    ("policy-*", "policy-nearest", true),
    ("policy-*", "default-flicks", false),
    ("handoff", "handoff-down-to-sheet", true),
    ("Handoff", "handoff-down-to-sheet", false),
    ("*-sheet", "handoff-down-to-sheet", true),
    ("flick?", "flicks", true),
    ("[ab]*", "card-layout", false),
  ]

  @Test("--only: a glob, or a substring without wildcards", arguments: patterns)
  func only(pattern: String, text: String, matches: Bool) {
    #expect(ScriptSelection.matches(pattern, text) == matches)
  }

  @Test(
    "two scripts writing one shot are refused before any runs; an invalid script is reported, the others run")
  func collisionsAndInvalid() throws {
    let dir = try temporaryFolder()
    let a = dir.appendingPathComponent("a")
    let b = dir.appendingPathComponent("b")
    try FileManager.default.createDirectory(at: a, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: b, withIntermediateDirectories: true)
    let one = try write(#"{"steps": [{"shot": "same.png"}]}"#, "s.json", in: a)
    let two = try write(#"{"steps": [{"shot": "same.png"}]}"#, "s.json", in: b)
    let shots = dir.appendingPathComponent("shots").path
    let refused = try runDetent(["replay", one, two, "--shots", shots])
    #expect(refused.code == 2)
    #expect(
      refused.stderr
        == "detent: replay: \(one) and \(two) both write the shot \(shots)/same.png; nothing was run (give them different files)\n"
    )
    #expect(!FileManager.default.fileExists(atPath: shots + "/same.png"))
    let good = try write(#"{"name": "good", "steps": [{"wait": 0.1}]}"#, "good.json", in: dir)
    let bad = try write(#"{"steps": [{"hover": [1, 2]}]}"#, "bad.json", in: dir)
    let junit = dir.appendingPathComponent("j.xml").path
    let run = try runDetent(["replay", bad, good, "--junit", junit])
    #expect(run.code == 2)
    #expect(run.stdout.contains("PASS good"))
    let xml = try String(contentsOfFile: junit, encoding: .utf8)
    #expect(xml.contains(#"tests="2" failures="1""#))
    #expect(
      xml.contains(#"<failure type="invalid script" message="\#(bad):1: steps[0].hover: unknown step kind"#))
  }
}
