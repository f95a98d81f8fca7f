import Detent
import Testing

/// The notch a sheet last rested at (`OverlaySheet.handle(_:)` keeps it with every `.idle`):
/// a dismissal to confirm springs back there. Review finding: after a release whose list part
/// moved last and that rests on the top notch (the hand-off), it still named the notch of an
/// earlier gesture, so the next attempt sprang back to that one.
@Suite struct DepartedNotchTests {
  /// Root: notches z 0, a 200, b 400 in an 800-px window, resting at a, 40 rows, nearest
  /// policy, `dismiss.confirm` with a 1,500 px/s flick.
  static func root() throws -> OverlaySheet {
    try makeSheet(
      notches: [
        NotchSpec(name: "z", height: 0), NotchSpec(name: "a", height: 200), NotchSpec(name: "b", height: 400),
      ],
      initial: "a",
      configure: {
        $0.policy = .nearest
        $0.list.rows = 40
        $0.dismiss = DismissConfig(velocity: 1500, threshold: 0, confirm: true)
      })
  }

  /// What follows the hand-off.
  enum Then: String, CaseIterable, CustomStringConvertible {
    /// The app asks to dismiss (Escape).
    case requestDismiss
    /// A key moves to the 0-height notch.
    case moveToZero
    /// A fast flick down on the header (2,000 px/s down).
    case flickDown
    var description: String { rawValue }
  }

  /// (what follows, phase after, events) — each after the hand-off left the sheet at b.
  static let cases: [(Then, String, [String])] = [
    (.requestDismiss, "idle@b", ["didAttemptDismiss"]),
    (.moveToZero, "idle@b", ["didAttemptDismiss"]),
    (
      .flickDown, "settling→b",
      ["willStartDragging", "willEndDragging", "didAttemptDismiss", "willMoveToNotch"]
    ),
  ]

  /// A list drag from a: the sheet rises 200 px to b (its top notch), the list scrolls the
  /// other 100, and the release (still) leaves the sheet at b with the list's part last.
  static func handOff(_ s: inout OverlaySheet) {
    let y = s.snapshot.listTop + 10
    drag(&s, from: y, to: y - 300, frames: 10, releaseVelocity: 0)
  }

  @Test("the hand-off's release rests at b and says so")
  func handOffRestsAtTop() throws {
    var s = try Self.root()
    Self.handOff(&s)
    #expect(SheetInputTests.describe(s) == "idle@b")
    #expect(s.height == 400)
    #expect(s.snapshot.listOffset == 100)
    #expect(
      names(s.takeEvents()) == [
        "willStartDragging", "listScrollBegan", "willEndDragging", "willMoveToNotch", "didMoveToNotch",
        "listScrollEnded",
      ])
  }

  @Test(
    "after a hand-off that rests at the top notch, a dismissal to confirm returns there", arguments: cases)
  func afterHandOff(then: Then, after: String, events: [String]) throws {
    var s = try Self.root()
    Self.handOff(&s)
    _ = s.takeEvents()
    switch then {
    case .requestDismiss: s.requestDismiss()
    case .moveToZero: s.move(to: 0, animated: true)
    case .flickDown:
      let top = s.snapshot.top
      drag(&s, from: top + 5, to: top + 25, frames: 2, releaseVelocity: 2000)
    }
    #expect(SheetInputTests.describe(s) == after)
    #expect(names(s.takeEvents()) == events)
    settle(&s)
    #expect(s.snapshot.notch == "b")
    #expect(s.height == 400)
  }
}
