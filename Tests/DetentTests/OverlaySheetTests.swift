@testable import Detent
import Testing

/// `Sheet/OverlaySheet.swift`: where a new sheet rests, its limits among enabled notches, and the
/// tunings it refuses for the window. Default notches in an 800-px window (minimum 120, medium
/// 400, maximum 740); values worked out by hand.
struct OverlaySheetTests {
  /// (enabled minimum/medium/maximum, initial notch, rests at, bottom, top, lower, upper)
  static let limits: [([Bool], String?, String, Int, Int, Double, Double)] = [
    ([true, true, true], nil, "minimum", 0, 2, 120, 740),
    ([false, true, true], nil, "medium", 1, 2, 400, 740),
    ([true, true, false], nil, "minimum", 0, 1, 120, 400),
    ([true, false, true], "maximum", "maximum", 0, 2, 120, 740),
    // A disabled notch may still be where the sheet starts.
    ([true, false, true], "medium", "medium", 0, 2, 120, 740),
  ]

  @Test(
    "a new sheet rests at its initial notch, else the first enabled; limits skip disabled notches",
    arguments: limits)
  func restsAndLimits(
    enabled: [Bool], initial: String?, rests: String, bottom: Int, top: Int, lower: Double, upper: Double
  ) throws {
    var tuning = Tuning(initialNotch: initial)
    for (i, e) in enabled.enumerated() { tuning.notches[i].enabled = e }
    let sheet = try OverlaySheet(tuning: tuning, windowWidth: 400, windowHeight: 800)
    #expect(sheet.snapshot.notch == rests)
    #expect(sheet.bottomNotch == bottom && sheet.topNotch == top)
    #expect(sheet.lowerLimit == lower && sheet.upperLimit == upper)
    #expect(sheet.reachable == enabled)
    #expect(sheet.topY == 800 - sheet.height)
  }

  /// (what, change to the default tuning, window height, error)
  static let refused: [(String, @Sendable (inout Tuning) -> Void, Double, ConfigError)] = [
    (
      "unknown initial notch", { $0.initialNotch = "top" }, 800,
      ConfigError(key: "initialNotch", line: nil, reason: "no notch is named \"top\"")
    ),
    (
      "unknown dimming end", { $0.dimming.endNotch = "full" }, 800,
      ConfigError(key: "dimming.endNotch", line: nil, reason: "no notch is named \"full\"")
    ),
    (
      "a notch above a small window", { _ in }, 100,
      ConfigError(key: "notches[0]", line: nil, reason: "height 120 is above the window's 100 px")
    ),
  ]

  @Test("a tuning that does not fit the window is refused, naming the key", arguments: refused)
  func refuses(
    what: String, change: @Sendable (inout Tuning) -> Void, windowHeight: Double, error: ConfigError
  ) {
    var tuning = Tuning()
    change(&tuning)
    #expect(throws: error, "\(what)") {
      try OverlaySheet(tuning: tuning, windowWidth: 400, windowHeight: windowHeight)
    }
  }
}
