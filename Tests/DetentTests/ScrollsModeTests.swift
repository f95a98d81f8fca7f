import Detent
import Testing

/// OverlaySheet+Scrolls.swift: `list.interaction: "scrolls"`. Default notches in an 800-px
/// window (minimum 120, medium 400, maximum 740); pinned header 96, grabber 20, footer 50. At
/// medium the sheet's top is y = 400, the list runs from y = 516 to the footer at y = 750.
@Suite struct ScrollsModeTests {
  static func sheet(at notch: String = "medium", footer: Double = 50) throws -> OverlaySheet {
    var t = Tuning(initialNotch: notch)
    t.header = HeaderConfig(height: 96, mode: .pinned)
    t.list.interaction = .scrolls
    t.footer.height = footer
    t.policy = .nearest
    return try OverlaySheet(tuning: t, windowWidth: 400, windowHeight: 800)
  }

  typealias Frame = (dy: Double, height: Double, list: Double, phase: PhaseName)

  /// Presses at (200, `y`), then one move per row of `frames`, checking each after its move.
  static func play(_ sheet: inout OverlaySheet, from y: Double, _ frames: [Frame]) {
    sheet.pointerDown(x: 200, y: y)
    var y = y
    for (i, f) in frames.enumerated() {
      sheet.step(dt: 1.0 / 60)
      y += f.dy
      sheet.pointerMove(x: 200, y: y)
      let s = sheet.snapshot
      expectClose(s.height, f.height, 1e-9, "frame \(i) height")
      expectClose(s.listOffset, f.list, 1e-9, "frame \(i) list")
      #expect(s.phase == f.phase, "frame \(i) phase")
    }
  }

  @Test("the viewport is the visible part between header and footer, at every notch")
  func viewport() throws {
    for (notch, viewport) in [("minimum", 0.0), ("medium", 234), ("maximum", 574)] {
      let s = try Self.sheet(at: notch)
      #expect(s.snapshot.listViewport == viewport, "\(notch)")
      #expect(s.snapshot.maxListOffset == 200 * 64 - viewport, "\(notch)")
    }
  }

  @Test(
    "at medium: up scrolls the list (never the sheet), down to offset 0 then the sheet, up again takes back the sheet first"
  )
  func oneGesture() throws {
    var s = try Self.sheet()
    let frames: [Frame] = [
      // Up 10 px × 6: the list scrolls 60; the sheet stays at 400.
      (-10, 400, 10, .scrolling), (-10, 400, 20, .scrolling), (-10, 400, 30, .scrolling),
      (-10, 400, 40, .scrolling), (-10, 400, 50, .scrolling), (-10, 400, 60, .scrolling),
      // Down 25 × 4: the list back to 0 (the third frame splits 10 / 15), then the sheet lowers.
      (25, 400, 35, .scrolling), (25, 400, 10, .scrolling), (25, 385, 0, .dragging), (25, 360, 0, .dragging),
      // Up 15 × 5: the sheet back up to where the press found it (400), then the list.
      (-15, 375, 0, .dragging), (-15, 390, 0, .dragging), (-15, 400, 5, .scrolling),
      (-15, 400, 20, .scrolling),
      (-15, 400, 35, .scrolling),
    ]
    Self.play(&s, from: 600, frames)
    s.pointerUp(x: 200, y: 600 - 60 + 100 - 75, velocityOverride: 0)
    #expect(s.snapshot.notch == "medium" && s.height == 400)
    #expect(
      names(s.takeEvents()) == [
        "listScrollBegan", "listScrollEnded", "willStartDragging", "listScrollBegan", "willEndDragging",
        "willMoveToNotch", "didMoveToNotch", "listScrollEnded",
      ])
  }

  @Test("a drag up from the minimum notch never raises the sheet (4 px of list show under the header)")
  func neverRaises() throws {
    var s = try Self.sheet(at: "minimum", footer: 0)
    Self.play(
      &s, from: 798, [(-20, 120, 20, .scrolling), (-20, 120, 40, .scrolling), (-60, 120, 100, .scrolling)])
    s.pointerUp(x: 200, y: 698, velocityOverride: 0)
    settle(&s)
    #expect(s.snapshot.notch == "minimum")
    #expect(!names(s.takeEvents()).contains("willStartDragging"))
  }

  @Test("down on a list at offset 0 lowers the sheet from the first frame, in the same gesture")
  func downLowers() throws {
    var s = try Self.sheet()
    Self.play(&s, from: 600, [(30, 370, 0, .dragging), (30, 340, 0, .dragging), (100, 240, 0, .dragging)])
    s.pointerUp(x: 200, y: 760, velocityOverride: 0)
    settle(&s)
    #expect(s.snapshot.notch == "minimum")
  }

  @Test("grabber and header drag the sheet as before: up from medium raises it")
  func headerRaises() throws {
    var s = try Self.sheet()
    Self.play(&s, from: 450, [(-50, 450, 0, .dragging), (-50, 500, 0, .dragging)])
    s.pointerUp(x: 200, y: 350, velocityOverride: 0)
    settle(&s)
    #expect(s.snapshot.notch == "medium")
  }

  @Test(
    "the wheel over the list: down scrolls at any notch; up scrolls back, then lowers the sheet one notch",
    arguments: [(3, 400.0, 120.0, "medium"), (-1, 120, 0, "minimum")])
  func wheel(notches: Int, height: Double, list: Double, notch: String) throws {
    var s = try Self.sheet()
    s.wheel(x: 200, y: 600, notches: notches)
    settle(&s)
    #expect(s.height == height && s.snapshot.listOffset == list && s.snapshot.notch == notch)
  }

  @Test("the wheel up three then four: the fourth notch up lowers the sheet")
  func wheelBack() throws {
    var s = try Self.sheet()
    s.wheel(x: 200, y: 600, notches: 3)
    s.wheel(x: 200, y: 600, notches: -3)
    #expect(s.snapshot.listOffset == 0 && s.snapshot.notch == "medium")
    s.wheel(x: 200, y: 600, notches: -1)
    settle(&s)
    #expect(s.snapshot.notch == "minimum")
  }
}
