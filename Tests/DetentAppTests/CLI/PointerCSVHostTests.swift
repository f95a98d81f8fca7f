import Foundation
import Testing

/// The second host (`Examples/PointerCSV`) refuses sample times it could never reach.
@Suite(.serialized) struct PointerCSVHostTests {
  /// The example's binary, built beside `detent` by `swift build`.
  static let binary = URL(fileURLWithPath: detentBinary()).deletingLastPathComponent()
    .appendingPathComponent("PointerCSV").path

  /// (rows after the header, exit code, what stderr or the last line of stdout says).
  static let cases: [(String, Int32, String)] = [
    ("0,200,700,1\n1e308,200,600,0", 2, "s.csv:3: time 1e+308 is outside 0…3600 seconds"),
    ("0,200,700,1\n3600.5,200,600,0", 2, "s.csv:3: time 3600.5 is outside 0…3600 seconds"),
    ("-0.5,200,700,1\n0.1,200,600,0", 2, "s.csv:2: time -0.5 is outside 0…3600 seconds"),
    ("0,200,700,1\n0.1,200,600,1\n0.1,200,600,0", 0, "rest "),
  ]

  @Test(
    "sample times outside 0…3600 s are bad input naming the line (1e308 ran forever)",
    .enabled(if: FileManager.default.isExecutableFile(atPath: binary), "needs swift build (PointerCSV)"),
    arguments: cases.indices)
  func sampleTimes(index: Int) throws {
    let (rows, code, said) = Self.cases[index]
    let dir = try temporaryFolder()
    let csv = try write("t,x,y,down\n" + rows + "\n", "s.csv", in: dir)
    let run = try runProgram(Self.binary, [csv], limit: 30)
    let (stdout, stderr) = (run.stdout, run.stderr)
    #expect(run.code == code, "\(stderr)")
    if code == 0 {
      #expect(stdout.split(separator: "\n").last?.hasPrefix(said) == true, "\(stdout)")
    } else {
      #expect(stderr == "pointer-csv: \(csv.replacingOccurrences(of: "s.csv", with: "") + said)\n")
    }
  }
}
