import Detent
import Testing

/// A tune while the sheet rests (OverlaySheet+Motion.swift, `setTuning` and `retune`): the
/// resting notch is followed by name; when the tune removes or disables it, the sheet settles,
/// with events, to where a new sheet would rest (`Tuning.startingNotch`).
struct RetuneTests {
  static let a = NotchSpec(name: "a", height: 100)
  static let b = NotchSpec(name: "b", height: 200)
  static let c = NotchSpec(name: "c", height: 300)

  /// (what the tune does, new notches, new initialNotch, where the sheet ends, events, moved
  /// by a spring): the sheet rests at b (200 px) before.
  static let cases: [(String, [NotchSpec], String?, String, [String], Bool)] = [
    ("removes b", [a, c], nil, "a", ["willMoveToNotch", "didMoveToNotch"], true),
    (
      "disables b", [a, NotchSpec(name: "b", height: 200, enabled: false), c], nil, "a",
      ["willMoveToNotch", "didMoveToNotch"], true
    ),
    ("removes b, initialNotch c", [a, c], "c", "c", ["willMoveToNotch", "didMoveToNotch"], true),
    (
      "removes b; a is disabled: the first enabled notch",
      [NotchSpec(name: "a", height: 100, enabled: false), c],
      nil, "c", ["willMoveToNotch", "didMoveToNotch"], true
    ),
    ("removes a: b stays, now first", [b, c], nil, "b", [], false),
    ("adds a notch under b", [a, NotchSpec(name: "a2", height: 150), b, c], nil, "b", [], false),
    ("renames b (same count)", [a, NotchSpec(name: "bee", height: 200), c], nil, "bee", [], false),
    (
      "moves b: the sheet goes with it at once", [a, NotchSpec(name: "b", height: 250), c], nil, "b", [],
      false
    ),
    ("disables c", [a, b, NotchSpec(name: "c", height: 300, enabled: false)], nil, "b", [], false),
  ]

  @Test("a tune while the sheet rests at b", arguments: cases)
  func restingNotch(
    what: String, notches: [NotchSpec], initial: String?, expected: String, events: [String], springs: Bool
  ) throws {
    var sheet = try makeSheet(initial: "b")
    _ = sheet.takeEvents()
    try sheet.setTuning(Tuning(notches: notches, initialNotch: initial))
    let target = try #require(sheet.notchIndex(named: expected))
    if springs {
      #expect(sheet.snapshot.phase == .settling)
      #expect(sheet.snapshot.targetNotch == expected)
      #expect(sheet.height == 200, "it starts from where it rests, no jump")
      sheet.step(dt: 1.0 / 60)
      #expect(sheet.height != 200 && sheet.height != sheet.notches[target].height)
      settle(&sheet)
    }
    #expect(sheet.snapshot.phase == .idle)
    #expect(sheet.snapshot.notch == expected)
    #expect(sheet.height == sheet.notches[target].height)
    let got = sheet.takeEvents()
    #expect(names(got) == events)
    #expect(got.allSatisfy { $0.notch == expected })
  }

  @Test("a sheet moved to a disabled notch stays there through a tune that keeps it disabled")
  func restingAtDisabled() throws {
    let disabledB = NotchSpec(name: "b", height: 200, enabled: false)
    var sheet = try makeSheet(notches: [Self.a, disabledB, Self.c], initial: "a")
    sheet.move(to: 1, animated: false)
    _ = sheet.takeEvents()
    var tuning = sheet.tuning
    tuning.spring = Spring(response: 0.5, dampingRatio: 1)
    try sheet.setTuning(tuning)
    #expect(sheet.snapshot.notch == "b")
    #expect(sheet.takeEvents().isEmpty)
  }

  /// (notches, initialNotch, the index a new sheet starts at)
  static let starts: [([NotchSpec], String?, Int)] = [
    ([a, b, c], nil, 0), ([a, b, c], "c", 2),
    ([NotchSpec(name: "a", height: 100, enabled: false), b, c], nil, 1),
    ([NotchSpec(name: "a", height: 100, enabled: false), b, c], "a", 0),
  ]

  @Test("one rule for the starting notch: a new sheet rests at Tuning.startingNotch", arguments: starts)
  func startingNotch(notches: [NotchSpec], initial: String?, expected: Int) throws {
    let tuning = Tuning(notches: notches, initialNotch: initial)
    #expect(tuning.startingNotch == expected)
    let sheet = try OverlaySheet(tuning: tuning, windowWidth: 400, windowHeight: 800)
    #expect(sheet.restingNotch == expected)
  }
}

extension RetuneTests {
  @Test(
    "a tune during a drag takes away the notch a dismissal to confirm returns to: it returns to the starting notch"
  )
  func departedNotchFollows() throws {
    var detail = Tuning(
      notches: [Self.a, Self.b, Self.c, NotchSpec(name: "d", height: 400)], initialNotch: "d")
    detail.dismiss.confirm = true
    var sheet = try makeDetailSheet(detail)
    sheet.pointerDown(x: 200, y: 405)  // the grabber of the sheet resting at d (400 px)
    var tuning = sheet.tuning
    tuning.notches = [Self.a, Self.b]
    tuning.initialNotch = "b"
    try sheet.setTuning(tuning)
    _ = sheet.takeEvents()
    // A fast downward release asks for a dismissal; confirm makes it an attempt that springs
    // back to where the sheet departed from: d is gone, so where a new sheet rests, b.
    sheet.step(dt: 1.0 / 60)
    sheet.pointerMove(x: 200, y: 425)
    sheet.pointerUp(x: 200, y: 425, velocityOverride: 2000)
    #expect(
      names(sheet.takeEvents()) == [
        "willStartDragging", "willEndDragging", "didAttemptDismiss", "willMoveToNotch",
      ])
    settle(&sheet)
    #expect(sheet.snapshot.notch == "b")
  }
}

extension RetuneTests {
  /// (the tune while the keyboard shows, where `restoreOnBlur` takes the sheet when it hides)
  static let blurs: [([NotchSpec], String)] = [
    // a moves to index 1 under a new notch: followed by name.
    ([NotchSpec(name: "low", height: 50), a, b, c], "a"),
    // a is taken away: nothing to go back to, the sheet stays at c.
    ([b, c], "c"),
  ]

  @Test("the notch restoreOnBlur returns to follows a tune by name, or is forgotten", arguments: blurs)
  func restoreFollowsTune(notches: [NotchSpec], expected: String) throws {
    var sheet = try makeSheet(initial: "a") {
      $0.keyboard = KeyboardConfig(height: 300, behavior: .extend, restoreOnBlur: true)
    }
    sheet.setKeyboardInset(300, animated: false)
    sheet.move(toNotchNamed: "c", animated: false)
    var tuning = sheet.tuning
    tuning.notches = notches
    tuning.initialNotch = nil
    try sheet.setTuning(tuning)
    settle(&sheet)
    #expect(sheet.snapshot.notch == "c")
    sheet.setKeyboardInset(0, animated: false)
    settle(&sheet)
    #expect(sheet.snapshot.notch == expected)
  }
}
