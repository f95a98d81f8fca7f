import Testing

@testable import DetentApp

/// Where a dragged view is going: its last step, the frames until it leaves a page at that
/// step, and the page composed next (half a margin ahead of it).
struct DragAheadTests {
  typealias Rect = PanPage.Rect

  @Test(
    "frames until a view leaves a page at its step",
    arguments: [
      // (step, frames): the view is 100 px from the page's left and top edges, 60 from its right
      // and 40 from its bottom.
      ((dx: 6, dy: 0), 10.0), ((dx: -5, dy: 0), 20.0), ((dx: 0, dy: 4), 10.0), ((dx: 0, dy: -50), 2.0),
      ((dx: 3, dy: 2), 20.0), ((dx: 30, dy: 30), 4.0 / 3), ((dx: 0, dy: 0), .infinity),
    ] as [((dx: Int, dy: Int), Double)])
  func framesUntilExit(step: (dx: Int, dy: Int), frames: Double) {
    let page = Rect(x: 0, y: 0, width: 800, height: 940)
    let view = Rect(x: 100, y: 100, width: 640, height: 800)
    #expect(DragAhead.framesUntilExit(of: view, from: page, step: step) == frames)
  }

  @Test("a view already out of the page leaves it in 0 frames")
  func alreadyOut() {
    let page = Rect(x: 0, y: 0, width: 800, height: 940)
    #expect(
      DragAhead.framesUntilExit(of: Rect(x: 200, y: 100, width: 640, height: 800), from: page, step: (4, 0))
        == 0)
  }

  @Test("the step is the last frame's move; none when the view held still or the zoom changed")
  func step() {
    var drag = DragAhead()
    let view = Rect(x: 10, y: 20, width: 640, height: 800)
    drag.note(zoom: 1, view: view)
    #expect(drag.step == nil)
    drag.note(zoom: 1, view: Rect(x: 16, y: 18, width: 640, height: 800))
    #expect(drag.step?.dx == 6 && drag.step?.dy == -2)
    drag.note(zoom: 1, view: Rect(x: 16, y: 18, width: 640, height: 800))
    #expect(drag.step == nil)
    drag.note(zoom: 1.1, view: Rect(x: 30, y: 18, width: 640, height: 800))
    #expect(drag.step == nil)
  }

  @Test("the next page: none while the view is far from the edge, then the view's page half a margin ahead")
  func next() {
    var drag = DragAhead()
    let page = Rect(x: -256, y: -256, width: 1152, height: 1312)
    // 12 px a frame to the right, from 120 px inside the page's right edge: 10 frames.
    drag.note(zoom: 1, view: Rect(x: 124, y: 0, width: 640, height: 800))
    drag.note(zoom: 1, view: Rect(x: 136, y: 0, width: 640, height: 800))
    let view = Rect(x: 136, y: 0, width: 640, height: 800)
    #expect(drag.next(view: view, leaving: page, within: 9, margin: 256) == nil)
    let next = drag.next(view: view, leaving: page, within: 14, margin: 256)
    #expect(next?.view == Rect(x: 264, y: 0, width: 640, height: 800))
    #expect(next?.rect == Rect(x: 8, y: -256, width: 1152, height: 1312))
    #expect(next.map { $0.rect.contains(view) } == true)
    // Diagonally (3, −4): 128 px along it.
    drag.note(zoom: 1, view: Rect(x: 139, y: -4, width: 640, height: 800))
    let diagonal = drag.next(
      view: Rect(x: 139, y: -4, width: 640, height: 800), leaving: page, within: 100, margin: 256)
    #expect(diagonal?.view == Rect(x: 139 + 77, y: -4 - 102, width: 640, height: 800))
  }
}
