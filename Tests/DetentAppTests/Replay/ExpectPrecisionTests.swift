import Foundation
import Testing

@testable import DetentApp

/// A failed range expectation prints its numbers with as many decimals as make them differ
/// (RangeText.swift).
@Suite struct ExpectPrecisionTests {
  /// (notch b's height, the expected range as written, the failure's words).
  static let cases: [(String, String, String)] = [
    ("288.1944", "[288.194, 288.1942]", "height expected [288.194, 288.1942], actual 288.1944"),
    (
      "288.19440000001", "[288.1944, 288.1944]",
      "height expected [288.1944, 288.1944], actual 288.19440000001"
    ),
    ("288.2", "[100, 200]", "height expected [100, 200], actual 288.2"),
  ]

  @Test("expected and actual read differently when they differ", arguments: cases)
  func distinctNumbers(height: String, range: String, words: String) throws {
    let dir = try temporaryFolder()
    let script = try write(
      """
      {"name": "p", "window": [400, 600], "config": {"layout": {"mode": "bottom"}, "initialNotch": "b",
       "notches": [{"name": "a", "height": 100}, {"name": "b", "height": \(height)}]},
       "steps": [{"wait": 0.1}, {"expect": {"height": \(range)}}]}
      """, "p.json", in: dir)
    let run = try runDetent(["replay", script])
    #expect(run.code == 1)
    #expect(
      run.stdout.contains("\(script): step 2 (expect, line 3) at frame 6, t=0.1: \(words)\n"), "\(run.stdout)"
    )
  }
}
