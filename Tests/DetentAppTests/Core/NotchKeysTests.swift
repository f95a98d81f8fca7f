import Detent
import Testing

@testable import DetentApp

/// NotchKeys.swift: ↑ ↓ 1–9 H and the grabber's cycle on a stack, each key's target notch.
struct NotchKeysTests {
  /// A stack whose sheet rests at `start` among hidden (0), a (120), b (400, disabled when
  /// `bDisabled`), c (700).
  static func stack(at start: String, bDisabled: Bool = false) throws -> SheetStack {
    var b = NotchSpec(name: "b", height: 400)
    b.enabled = !bDisabled
    let tuning = Tuning(
      notches: [
        NotchSpec(name: "hidden", height: 0), NotchSpec(name: "a", height: 120), b,
        NotchSpec(name: "c", height: 700),
      ], initialNotch: start)
    return SheetStack(root: try OverlaySheet(tuning: tuning, windowWidth: 1280, windowHeight: 800))
  }

  @Test(
    "each key from b: the notch the sheet heads for (nil: it stays), and whether the key is NotchKeys'",
    arguments: [
      ("Up", "c", true), ("Down", "a", true), ("1", "hidden", true), ("2", "a", true), ("4", "c", true),
      ("5", nil, true), ("9", nil, true), ("H", "hidden", true), ("M", nil, false), ("Escape", nil, false),
    ] as [(String, String?, Bool)])
  func keyFromB(key: String, target: String?, handled: Bool) throws {
    var stack = try Self.stack(at: "b")
    var keys = NotchKeys()
    #expect(keys.handle(key: key, stack: &stack) == handled)
    #expect(stack.top.snapshot.targetNotch == target)
  }

  @Test("H remembers the notch it hid from; without one it shows the first shown, enabled notch")
  func hideRemembers() throws {
    var stack = try Self.stack(at: "c")
    var keys = NotchKeys()
    _ = keys.handle(key: "H", stack: &stack)
    #expect(keys.beforeHiding == 3)
    _ = keys.handle(key: "H", stack: &stack)
    #expect(stack.top.snapshot.targetNotch == "c")
    var fresh = NotchKeys()
    var hidden = try Self.stack(at: "hidden")
    _ = fresh.handle(key: "H", stack: &hidden)
    #expect(hidden.top.snapshot.targetNotch == "a")
  }

  @Test(
    "the grabber cycles up through the reachable notches and from the top to the lowest shown one",
    arguments: [
      ("a", false, "b"), ("b", false, "c"), ("c", false, "a"), ("hidden", false, "a"), ("a", true, "c"),
    ])
  func cycle(start: String, bDisabled: Bool, next: String) throws {
    var stack = try Self.stack(at: start, bDisabled: bDisabled)
    NotchKeys.cycle(&stack)
    #expect(stack.top.snapshot.targetNotch == next)
  }
}
