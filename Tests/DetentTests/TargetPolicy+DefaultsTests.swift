import Detent
import Testing

/// The default policy's flick boundaries (rushingForward, minimumVelocity 400 px/s,
/// minimumDuration 0.1 s) with the default notches minimum 120, medium 400, maximum 740 in an
/// 800-px window, measured on both sides of each boundary through the sheet. The rule: p = h +
/// 0.1·v; at |v| ≤ 400 the nearest notch to p; above, the higher (up) or lower (down) of the two
/// notches nearest p. So a flick skips medium exactly when p is past 430, the midpoint of minimum
/// and maximum: up when p > 430, down when p ≤ 430 (at 430 both outer notches are 310 away; the
/// tie goes to the lower one).
struct DefaultFlickTests {
  /// (release height, dh/dt px/s, notch the sheet settles at)
  static let boundaries: [(Double, Double, String)] = [
    // Up from minimum: 400 px/s is not a rush (p = 160, nearest minimum); above it, medium.
    (120, 400, "minimum"), (120, 401, "medium"),
    // ...and past medium to maximum when p > 430: v > 10·(430 − h).
    (120, 3099, "medium"), (120, 3100, "medium"), (120, 3101, "maximum"),
    (140, 2899, "medium"), (140, 2901, "maximum"),
    (125, 3000, "medium"), (125, 3051, "maximum"),
    // Down from maximum: a rush when |v| > 400, past medium to minimum when p ≤ 430.
    (740, -400, "maximum"), (740, -401, "medium"),
    (740, -3099, "medium"), (740, -3100, "minimum"), (740, -3101, "minimum"),
    (720, -2899, "medium"), (720, -2901, "minimum"),
    // From medium any rush passes the midpoint's side at once: up to maximum, down to minimum.
    (400, 399, "medium"), (400, 401, "maximum"), (400, -399, "medium"), (400, -401, "minimum"),
  ]

  static func sheet() throws -> OverlaySheet {
    try OverlaySheet(tuning: Tuning(), windowWidth: 800, windowHeight: 800)
  }

  @Test("a release at h with dh/dt v settles where the boundaries say", arguments: boundaries)
  func boundary(height: Double, velocity: Double, expected: String) throws {
    var sheet = try Self.sheet()
    #expect(sheet.notches.map(\.height) == [120, 400, 740])
    sheet.replayRelease(height: height, velocity: velocity)
    settle(&sheet)
    #expect(sheet.snapshot.notch == expected)
  }

  /// (screen y the drag ends at, pointer velocity px/s in screen coordinates, notch) from a
  /// 20-px drag: up from minimum ends at 140 px, down from maximum at 720.
  static let drags: [(Double, Double, Double, String)] = [
    (690, 670, -2899, "medium"), (690, 670, -2901, "maximum"),
    (70, 90, 2899, "medium"), (70, 90, 2901, "minimum"),
  ]

  @Test("the same boundaries through a drag (the scenario library's default-flicks)", arguments: drags)
  func dragged(from: Double, to: Double, pointerVelocity: Double, expected: String) throws {
    var sheet = try Self.sheet()
    if from < 400 { sheet.move(to: 2, animated: false) }
    drag(&sheet, from: from, to: to, frames: 6, releaseVelocity: pointerVelocity)
    settle(&sheet)
    #expect(sheet.snapshot.notch == expected)
  }
}

/// The policy rules declared once (TargetPolicy.swift): the projection formula and the defaults.
struct PolicyRuleTests {
  /// (height, dh/dt, rate, projected stop): h + (v/1000)·r/(1 − r), r clamped below 1.
  static let projections: [(Double, Double, Double, Double)] = [
    (200, 0, 0.998, 200), (200, 1000, 0.998, 699), (200, -1000, 0.998, -299), (0, 500, 0.99, 49.5),
    (100, 1000, 0.5, 101), (100, 1000, 0, 100), (100, 1, 1, 100 + 0.999_999 / 0.000_001 / 1000),
  ]

  @Test("the projection formula", arguments: projections)
  func projection(height: Double, velocity: Double, rate: Double, expected: Double) {
    let got = TargetPolicy.projection(from: height, velocity: velocity, decelerationRate: rate)
    #expect(abs(got - expected) < 1e-6)
  }

  /// (kind, the policy an omitted key leaves)
  static let defaults: [(String, TargetPolicy?)] = [
    ("nearest", .nearest), ("rushingForward", .rushingForward(minimumVelocity: 400, minimumDuration: 0.1)),
    ("projection", .projection(decelerationRate: 0.998, skipsNotches: true)),
    ("free", .free(decelerationRate: 0.998)), ("spring", nil),
  ]

  @Test(
    "each policy's defaults (a file naming only the kind gets them: TuningCodingTests)", arguments: defaults)
  func policyDefaults(kind: String, expected: TargetPolicy?) throws {
    #expect(TargetPolicy.defaults(kind: kind) == expected)
    #expect(Tuning().policy == .standard)
  }

  /// (notch names, dimming start, dimming end, start index, end index)
  static let dimming: [([String], String?, String?, Int, Int)] = [
    (["a", "b", "c"], nil, nil, 1, 2), (["a"], nil, nil, 0, 0), (["a", "b"], nil, nil, 0, 1),
    (["a", "b", "c", "d"], "a", nil, 0, 3), (["a", "b", "c", "d"], nil, "b", 2, 1),
  ]

  @Test("the dimming notches: the named ones, else the second-highest and the highest", arguments: dimming)
  func dimmingNotches(names: [String], start: String?, end: String?, startIndex: Int, endIndex: Int) throws {
    var tuning = Tuning(notches: names.enumerated().map { NotchSpec(name: $1, height: Double($0 + 1) * 100) })
    tuning.dimming.startNotch = start
    tuning.dimming.endNotch = end
    #expect(tuning.dimmingNotches == (startIndex, endIndex))
    let sheet = try OverlaySheet(tuning: tuning, windowWidth: 400, windowHeight: 800)
    #expect(sheet.dimmingRange == (Double(startIndex + 1) * 100, Double(endIndex + 1) * 100))
  }
}
