import Detent
import Testing

/// OverlaySheet+Keyboard.swift: `keyboard.behavior` fillParent and `restoreOnBlur` (extend and
/// interactive differ only in what the app does on focus: both ride above the keyboard).
@Suite struct KeyboardBehaviorTests {
  static func sheet(_ behavior: KeyboardBehavior, restore: Bool = false) throws -> OverlaySheet {
    try makeSheet(initial: "a") {
      $0.keyboard = KeyboardConfig(height: 300, behavior: behavior, restoreOnBlur: restore)
    }
  }

  @Test(
    "while a 300-px keyboard shows, a sheet resting at a (100) is this tall",
    arguments: [(KeyboardBehavior.extend, 100.0), (.interactive, 100), (.fillParent, 500)])
  func shown(behavior: KeyboardBehavior, height: Double) throws {
    var s = try Self.sheet(behavior)
    s.setKeyboardInset(300, animated: false)
    #expect(s.height == height && s.snapshot.notch == "a")
    #expect(s.topY == 500 - height)
    s.setKeyboardInset(0, animated: false)
    #expect(s.height == 100)
  }

  @Test("fillParent grows with the keyboard's slide, frame by frame, and shrinks back with it")
  func fillSlides() throws {
    var s = try Self.sheet(.fillParent)
    s.setKeyboardInset(300)
    var last = s.height
    for _ in 0..<15 {
      s.step(dt: 1.0 / 60)
      #expect(s.height >= last)
      #expect(abs(s.topY) < 1e-9 || s.height < 500, "the top never leaves the window")
      last = s.height
    }
    #expect(s.height == 500 && s.topY == 0)
    s.setKeyboardInset(0)
    for _ in 0..<15 { s.step(dt: 1.0 / 60) }
    #expect(s.height == 100 && s.snapshot.notch == "a")
  }

  @Test(
    "restoreOnBlur: the keyboard hides and the sheet goes back to the notch it had when it showed",
    arguments: [(true, "a", 100.0), (false, "c", 300)])
  func restore(restore: Bool, notch: String, height: Double) throws {
    var s = try Self.sheet(.extend, restore: restore)
    s.setKeyboardInset(300, animated: false)
    s.move(toNotchNamed: "c", animated: true)
    settle(&s)
    #expect(s.snapshot.notch == "c")
    s.setKeyboardInset(0, animated: false)
    settle(&s)
    #expect(s.snapshot.notch == notch && s.height == height)
  }

  @Test(
    "a keyboard that leaves less room than a fixed notch: notches keep their order (an inset notch never falls below the one before it)",
    arguments: [
      (0, [20, 360, 680]),
      (300, [20, 360, 380]),
      (420, [20, 360, 360]),
      (510, [20, 290, 290]),
      (790, [10, 10, 10]),
      (800, [0, 0, 0]),
    ] as [(Double, [Double])])
  func tallKeyboardKeepsOrder(inset: Double, heights: [Double]) throws {
    var s = try makeSheet(
      notches: [
        NotchSpec(name: "min", height: 20), NotchSpec(name: "medium", height: 360),
        NotchSpec(name: "max", fraction: 1, inset: 120),
      ],
      initial: "medium")
    s.setKeyboardInset(inset, animated: false)
    #expect(s.notches.map(\.height) == heights)
    #expect(s.height == heights[1])
  }
}
