import Detent
import Testing

/// SheetEvent.swift: the event names of the event log, and what an event carries (time, notch,
/// height, sheet depth) as a drag and a settle produce them.
struct SheetEventTests {
  @Test(
    "each kind has the contract's name",
    arguments: [
      (SheetEventKind.willStartDragging, "willStartDragging"),
      (.willEndDragging(velocity: 1), "willEndDragging"),
      (.willMoveToNotch(0), "willMoveToNotch"), (.didMoveToNotch(0), "didMoveToNotch"),
      (.dismissed, "dismissed"),
      (.listScrollBegan, "listScrollBegan"), (.listScrollEnded, "listScrollEnded"), (.didSettle, "didSettle"),
      (.didPop, "didPop"),
    ])
  func name(kind: SheetEventKind, name: String) {
    #expect(kind.name == name)
  }

  @Test("a flick from b to c: each event carries its time, notch, height and depth")
  func carried() throws {
    var sheet = try makeSheet(initial: "b")
    // Grabber of b (200 px) at y = 605; 40 px up in 4 frames, let go at 1,200 px/s upward.
    drag(&sheet, from: 605, to: 565, frames: 4, releaseVelocity: -1200)
    settle(&sheet)
    let events = sheet.takeEvents()
    #expect(names(events) == ["willStartDragging", "willEndDragging", "willMoveToNotch", "didMoveToNotch"])
    #expect(events.map(\.notch) == [nil, nil, "c", "c"])
    #expect(events.map(\.sheet) == [0, 0, 0, 0])
    // The drag starts on the first move (one frame in) and ends on the fourth (four frames in).
    expectClose(events[0].time, 1.0 / 60)
    expectClose(events[1].time, 4.0 / 60)
    expectClose(events[2].time, 4.0 / 60)
    // Heights: where the drag starts (before its first move), 240 at the release, exactly c
    // on arrival.
    #expect(events[0].height == 200)
    #expect(events[1].height == 240 && events[2].height == 240)
    #expect(events[3].height == 300)
    if case .willEndDragging(let v) = events[1].kind {
      #expect(v == 1200)
    } else {
      Issue.record("\(events[1])")
    }
  }
}
