import Testing

@testable import DetentApp

/// FocusRing (KeyboardFocus.swift): Tab and Shift+Tab through an order of stops, as a table.
struct FocusRingTests {
  static let order: [FocusTarget] = [.grabber, .target(.searchField), .target(.chip(0)), .panel(4)]

  @Test(
    "from a stop (nil: none), Tab or Shift+Tab lands on the next or previous one, wrapping",
    arguments: [
      (nil, true, FocusTarget.grabber), (nil, false, .panel(4)), (.grabber, true, .target(.searchField)),
      (.grabber, false, .panel(4)), (.panel(4), true, .grabber),
      (.target(.chip(0)), false, .target(.searchField)),
      (.target(.row(9)), true, .grabber), (.target(.row(9)), false, .panel(4)),
    ] as [(FocusTarget?, Bool, FocusTarget)])
  func moves(from start: FocusTarget?, forward: Bool, to expected: FocusTarget) {
    var ring = FocusRing()
    if let start {
      ring.move(forward: true, through: [start])
    }
    ring.move(forward: forward, through: Self.order)
    #expect(ring.current == expected)
  }

  @Test("a stop that left the order loses the focus; one still in it keeps it; clear drops it")
  func keepAndClear() {
    var ring = FocusRing()
    ring.move(forward: true, through: [.target(.row(3))])
    ring.keep(within: Self.order)
    #expect(ring.current == nil)
    ring.move(forward: true, through: Self.order)
    ring.keep(within: Self.order)
    #expect(ring.current == .grabber)
    ring.clear()
    #expect(ring.current == nil)
    ring.move(forward: true, through: [])
    #expect(ring.current == nil, "an empty order moves nothing")
  }
}
