import Foundation
import Testing

@testable import DetentApp

/// Traces are RFC 4180 CSV (CSV.swift): a notch named with a comma or a quote is quoted, and
/// `detent fit` (the panel's reference curve reads through it) reads quoted fields.
@Suite struct TraceCSVTests {
  static let script = """
    {"name": "n", "window": [400, 600], "config": {"layout": {"mode": "bottom"},
     "notches": [{"name": "a,b", "height": 100}, {"name": "say \\"hi\\"", "height": 300}]},
     "steps": [{"wait": 0.05},
               {"drag": {"from": "grabber", "to": {"by": [0, -60]}, "duration": 0.1, "velocity": [0, -800]}},
               {"waitUntil": {"phase": "idle", "timeout": 3}}, {"expect": {"notch": "say \\"hi\\""}}]}
    """

  @Test("a notch named a,b or say \"hi\" is quoted in --trace, every row has 13 fields, and fit reads it")
  func quotedNotchNames() throws {
    let dir = try temporaryFolder()
    let script = try write(Self.script, "n.json", in: dir)
    let trace = dir.appendingPathComponent("n.csv").path
    let run = try runDetent(["replay", script, "--trace", trace])
    #expect(run.code == 0, "\(run.stdout) \(run.stderr)")
    let text = try String(contentsOfFile: trace, encoding: .utf8)
    let lines = text.split(separator: "\n")
    #expect(lines[1] == #"0,0.0167,0,0,0,idle,100,0,"a,b",,0,0,0"#)
    #expect(lines.last == #"36,0.6167,199.5,449,0,idle,300,0,"say ""hi""",,0,0,0.4"#)
    let records = try CSV.records(text)
    #expect(records.count == 38)
    #expect(records.allSatisfy { $0.fields.count == 13 })
    #expect(records[1].fields[8] == "a,b")
    #expect(records[37].fields[8] == #"say "hi""#)
    let fit = try runDetent(["fit", trace, "--json"])
    #expect(fit.code == 0, "\(fit.stderr)")
    #expect(fit.stdout.contains(#""kind": "trace", "samples": 37"#))
    #expect(fit.stdout.contains(#""from": 159.957, "to": 300"#))
  }

  /// (CSV text, fit's exit code, the start of its message or report).
  static let quoted: [(String, Int32, String)] = [
    // A quoted field may hold a line break: the next record starts on line 4.
    (
      "t,height,note\n0,100,\"a\nb\"\n0.1,abc,x\n", 2,
      "detent: motion.csv:4: column height: \"abc\" is not a decimal number"
    ),
    (
      "\"t\",\"height\"\r\n0,100\r\n0.1,\"abc\"\r\n", 2,
      "detent: motion.csv:3: column height: \"abc\" is not a decimal number"
    ),
    ("t,height\n0,100\n0.1,\"1\n", 2, "detent: motion.csv:3: a quoted field is not closed"),
    ("t,height,note\n0,100,\"x,\"\"y\"\"\"\n0.1,1\n", 2, "detent: motion.csv:3: 2 fields, the header has 3"),
  ]

  @Test("fit reads quoted fields: line breaks and commas inside quotes, doubled quotes", arguments: quoted)
  func fitReadsQuotedFields(text: String, code: Int32, message: String) throws {
    let dir = try temporaryFolder()
    let path = try write(text, "motion.csv", in: dir)
    let run = try runDetent(["fit", path])
    #expect(run.code == code)
    #expect(run.stderr.hasPrefix(message.replacingOccurrences(of: "motion.csv", with: path)), "\(run.stderr)")
  }
}
