import Detent
import Foundation
import Testing

/// The hand-off by axis (OverlaySheet+Pointer.swift, OverlaySheet+Wheel.swift): a top sheet's
/// is the bottom's mirrored; a drawer's list scrolls vertically behind a 30° direction lock.
/// 1000×800 window, notches a/b/c at 100/200/300, header 96, rows 64.
@Suite struct HandOffEdgeTests {
  static func sheet(_ edge: SheetEdge, at notch: String, rows: Int = 200) throws -> OverlaySheet {
    try SheetEdgeTests.sheet(edge, initial: notch) {
      $0.list.rows = rows
      $0.header.mode = .pinned
    }
  }

  /// Moves the pressed pointer from `from` by (dx, dy) in `frames` equal moves.
  static func move(
    _ sheet: inout OverlaySheet, from: (x: Double, y: Double), by d: (x: Double, y: Double), frames: Int
  ) -> (x: Double, y: Double) {
    for k in 1...frames {
      sheet.step(dt: 1.0 / 60)
      let f = Double(k) / Double(frames)
      sheet.pointerMove(x: from.x + d.x * f, y: from.y + d.y * f)
    }
    return (from.x + d.x, from.y + d.y)
  }

  @Test("top, at its largest notch: dragging up scrolls the list toward its end, the sheet stays")
  func topScrollsAtLargest() throws {
    var sheet = try Self.sheet(.top, at: "c")
    sheet.pointerDown(x: 500, y: 150)
    _ = Self.move(&sheet, from: (500, 150), by: (0, -100), frames: 5)
    #expect(sheet.height == 300)
    #expect(sheet.snapshot.listOffset == 100)
    #expect(sheet.snapshot.phase == .scrolling)
    // Back down 60: the list follows the pointer toward its top; the sheet stays at its largest.
    _ = Self.move(&sheet, from: (500, 50), by: (0, 60), frames: 3)
    #expect(sheet.snapshot.listOffset == 40)
    #expect(sheet.height == 300)
  }

  /// Where a list shows a pull of `pull` px past its top: −(1 − 1/(pull·0.55/d + 1))·d, the
  /// elastic rubber band over its viewport d.
  static func pastEnd(_ pull: Double, viewport d: Double) -> Double {
    -(1 - 1 / (pull * 0.55 / d + 1)) * d
  }

  @Test("top: the list hands back at its end, and the rest of the same drag shrinks the sheet")
  func topHandsBackAtItsEnd() throws {
    // 5 rows: 320 px of content in a 184-px viewport, so the list ends at 136.
    var sheet = try Self.sheet(.top, at: "c", rows: 5)
    sheet.pointerDown(x: 500, y: 200)
    _ = Self.move(&sheet, from: (500, 200), by: (0, -200), frames: 8)
    #expect(sheet.snapshot.listOffset == 136)
    #expect(sheet.height == 236)
    #expect(sheet.snapshot.phase == .dragging)
    #expect(names(sheet.takeEvents()) == ["listScrollBegan", "listScrollEnded", "willStartDragging"])
  }

  @Test("top, below its largest notch: dragging down grows it to the top notch, then scrolls the list")
  func topGrowsThenScrolls() throws {
    var sheet = try Self.sheet(.top, at: "b")
    sheet.pointerDown(x: 500, y: 120)
    _ = Self.move(&sheet, from: (500, 120), by: (0, 150), frames: 5)
    #expect(sheet.height == 300)
    // The last 50 px go to the list, at its top already: it shows them past its top,
    // rubber-banded over its 184-px viewport (300 − grabber 20 − header 96), as a bottom
    // sheet's list shows a pull past its end.
    #expect(abs(sheet.snapshot.listOffset - Self.pastEnd(50, viewport: 184)) < 1e-9)
    #expect(sheet.snapshot.phase == .scrolling)
  }

  @Test("top with list.interaction scrolls: up scrolls to the list's end, then shrinks; down never grows")
  func topScrollsFirst() throws {
    // 5 rows: 320 px of content in the visible 84 px (200 − grabber 20 − header 96): ends at 236.
    var sheet = try SheetEdgeTests.sheet(.top, initial: "b") {
      $0.list.rows = 5
      $0.header.mode = .pinned
      $0.list.interaction = .scrolls
    }
    sheet.pointerDown(x: 500, y: 150)
    var at = Self.move(&sheet, from: (500, 150), by: (0, -100), frames: 4)
    #expect(sheet.snapshot.listOffset == 100)
    #expect(sheet.height == 200)
    // Down 150: the list back to its top (100), the other 50 grow nothing: the list shows them
    // past its top, rubber-banded over its 84-px viewport.
    at = Self.move(&sheet, from: at, by: (0, 150), frames: 5)
    #expect(abs(sheet.snapshot.listOffset - Self.pastEnd(50, viewport: 84)) < 1e-9)
    #expect(sheet.height == 200)
    // Up 350 in seven moves of 50: the first takes the list back to its top, the sixth to its
    // end (236), whose other 14 shrink the sheet to 186; its viewport is then 70 px, so the list
    // ends at 250 and takes 14 of the seventh move, the sheet the other 36: 150.
    _ = Self.move(&sheet, from: at, by: (0, -350), frames: 7)
    #expect(sheet.snapshot.listOffset == 250)
    #expect(sheet.height == 150)
  }

  @Test(
    "a drawer's list: a move less than 30° from the horizontal moves the drawer, a steeper one scrolls",
    arguments: [
      // edge, press, first move (dx, dy), drawer extent after, list offset after
      (SheetEdge.left, (x: 100.0, y: 300.0), (x: 40.0, y: -22.17), 240.0, 0.0),  // 29°
      (.left, (100, 300), (40, -24.03), 200, 24.03),  // 31°
      (.right, (900, 300), (-40, 22.17), 240, 0),  // 29°, pointer down: the list stays
      (.right, (900, 300), (-40, -24.03), 200, 24.03),  // 31°
    ])
  func directionLock(
    edge: SheetEdge, press: (x: Double, y: Double), by d: (x: Double, y: Double), extent: Double,
    offset: Double
  ) throws {
    var sheet = try Self.sheet(edge, at: "b")
    guard case .row = sheet.hitTest(x: press.x, y: press.y) else {
      Issue.record("the press is not on the list")
      return
    }
    sheet.pointerDown(x: press.x, y: press.y)
    let at = Self.move(&sheet, from: press, by: d, frames: 1)
    expectClose(sheet.height, extent, 1e-9)
    expectClose(sheet.snapshot.listOffset, offset, 1e-9)
    // The lock holds for the rest of the gesture: the other axis' movement changes nothing.
    _ = Self.move(&sheet, from: at, by: offset == 0 ? (0, -50) : (30, 0), frames: 2)
    expectClose(sheet.height, extent, 1e-9)
    expectClose(sheet.snapshot.listOffset, offset, 1e-9)
  }

  @Test("a drawer's header and grabber: a horizontal drag moves the drawer, a vertical one nothing")
  func drawerHeader() throws {
    var sheet = try Self.sheet(.left, at: "b")
    #expect(sheet.hitTest(x: 50, y: 40) == .header(x: 50, y: 40))
    sheet.pointerDown(x: 50, y: 40)
    _ = Self.move(&sheet, from: (50, 40), by: (0, 80), frames: 4)
    #expect(sheet.height == 200 && sheet.snapshot.listOffset == 0)
    _ = Self.move(&sheet, from: (50, 120), by: (60, 0), frames: 4)
    #expect(sheet.height == 260)
  }

  @Test("a drawer's wheel scrolls its list only, at any notch")
  func drawerWheel() throws {
    var sheet = try Self.sheet(.right, at: "a")
    let took = sheet.wheel(x: 960, y: 300, notches: 2)
    #expect(took)
    #expect(sheet.snapshot.listOffset == 80)
    #expect(sheet.height == 100 && sheet.snapshot.phase != .settling)
  }

  @Test("top: the wheel, mirrored: up grows a notch; at the top notch down scrolls to the end, then shrinks")
  func topWheel() throws {
    var sheet = try Self.sheet(.top, at: "b", rows: 5)
    sheet.wheel(x: 500, y: 120, notches: -1)
    #expect(sheet.snapshot.targetNotch == "c")
    settle(&sheet)
    for expected in [40.0, 80, 120, 136] {
      sheet.wheel(x: 500, y: 120, notches: 1)
      #expect(sheet.snapshot.listOffset == expected)
    }
    // The fourth notch reached the end with 16 px of its 40 left: the sheet shrinks a notch.
    #expect(sheet.snapshot.targetNotch == "b")
  }
}

/// A list the pointer drives alone (a sheet that does not drag, a header-only drag region, a
/// shade at its largest notch) shows a pull past its top as it shows one past its end, and lets
/// go from there without a jump.
@Suite struct ListPullPastTopTests {
  /// A bottom sheet of 1000×800 at its largest notch (c, 300 px: a 184-px viewport), the list
  /// at its top, pressed on the list.
  static func pressedSheet(_ configure: (inout Tuning) -> Void) throws -> OverlaySheet {
    var sheet = try SheetEdgeTests.sheet(.bottom, initial: "c") {
      $0.list.rows = 200
      $0.header.mode = .pinned
      configure(&$0)
    }
    sheet.pointerDown(x: 500, y: 700)
    return sheet
  }

  @Test(
    "pulled down 20 px a frame: the list shows −band(pull) while pulled",
    arguments: ["notDraggable", "headerRegion"])
  func showsPull(kind: String) throws {
    var sheet = try Self.pressedSheet {
      if kind == "notDraggable" { $0.sheet.draggable = false } else { $0.dragRegion = .header }
    }
    var at = (x: 500.0, y: 700.0)
    for pull in stride(from: 20.0, through: 100, by: 20) {
      at = HandOffEdgeTests.move(&sheet, from: at, by: (0, 20), frames: 1)
      #expect(abs(sheet.snapshot.listOffset - HandOffEdgeTests.pastEnd(pull, viewport: 184)) < 1e-9)
      #expect(sheet.height == 300)
    }
  }

  @Test(
    "let go past its top at 1,200 px/s: the bounce starts at the speed the list showed (band slope × pointer)"
  )
  func releaseWithoutJump() throws {
    var sheet = try Self.pressedSheet { $0.sheet.draggable = false }
    let at = HandOffEdgeTests.move(&sheet, from: (500, 700), by: (0, 100), frames: 5)
    let before = sheet.snapshot.listOffset
    sheet.pointerUp(x: at.x, y: at.y, velocityOverride: 1200)
    #expect(sheet.snapshot.listOffset == before)
    // The band's slope at a 100-px pull over 184 px: 0.55 / (100·0.55/184 + 1)².
    let slope = 0.55 / pow(100 * 0.55 / 184 + 1, 2)
    let dt = 1e-4
    sheet.step(dt: dt)
    let shownSpeed = (before - sheet.snapshot.listOffset) / dt
    // The first 0.1 ms of the bounce moves at the shown speed (the spring barely pulls yet).
    #expect(abs(shownSpeed - 1200 * slope) < 0.03 * 1200 * slope, "\(shownSpeed) vs \(1200 * slope)")
  }
}
