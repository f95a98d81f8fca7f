import Detent
import Testing

/// `Sheet/SheetEvent.swift`: the contract's event names, and the fields a sheet fills in for a
/// move and a drag (notch, height, depth). Read once from a run and checked by hand: default
/// notches in an 800-px window; a 400-px drag down over 10 frames of 1/60 s is −2,400 px/s.
struct SheetEventTests {
  static let kinds: [(SheetEventKind, String)] = [
    (.willStartDragging, "willStartDragging"), (.willEndDragging(velocity: -3), "willEndDragging"),
    (.willMoveToNotch(1), "willMoveToNotch"), (.didMoveToNotch(0), "didMoveToNotch"),
    (.dismissed, "dismissed"),
    (.listScrollBegan, "listScrollBegan"), (.listScrollEnded, "listScrollEnded"), (.didSettle, "didSettle"),
    (.didPop, "didPop"),
  ]

  @Test("each kind has its contract name, whatever it carries", arguments: kinds)
  func name(kind: SheetEventKind, name: String) {
    #expect(kind.name == name)
  }

  @Test("a move to a notch: willMoveToNotch at the start height, didMoveToNotch at the notch")
  func move() throws {
    var sheet = try OverlaySheet(tuning: Tuning(initialNotch: "medium"), windowWidth: 400, windowHeight: 800)
    sheet.move(to: 2, animated: true)
    settle(&sheet)
    let events = sheet.takeEvents()
    #expect(events.map(\.kind) == [.willMoveToNotch(2), .didMoveToNotch(2)])
    #expect(events.map(\.notch) == ["maximum", "maximum"])
    #expect(events.map(\.height) == [400, 740])
    #expect(events.map(\.sheet) == [0, 0])
    #expect(events[0].time == 0)
    #expect(sheet.takeEvents().isEmpty, "taken once")
  }

  @Test("a drag down from the top: start, release with its velocity, settle to the notch below")
  func dragDown() throws {
    var sheet = try OverlaySheet(tuning: Tuning(initialNotch: "maximum"), windowWidth: 400, windowHeight: 800)
    drag(&sheet, from: 100, to: 500, frames: 10)
    settle(&sheet)
    let events = sheet.takeEvents()
    #expect(
      events.map(\.kind.name) == [
        "willStartDragging", "willEndDragging", "willMoveToNotch", "didMoveToNotch",
      ])
    #expect(events.map(\.notch) == [nil, nil, "minimum", "minimum"])
    #expect(events.map(\.height) == [740, 340, 340, 120])
    guard case .willEndDragging(let v) = events[1].kind else {
      Issue.record("no release")
      return
    }
    expectClose(v, -2400, 1e-6)
    #expect(events[1].time == events[2].time, "the release and the settle's start are one moment")
  }
}
