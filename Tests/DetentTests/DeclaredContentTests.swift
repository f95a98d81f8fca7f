import Detent
import Testing

/// The sheet's geometry from its tuning: grabber, header, row heights, footer, `row:N` notches,
/// the list's viewport and what a press hits.
@Suite struct DeclaredContentTests {
  /// 800×800, notches peek (a content notch), 600 and 740; header 96, rows [64, 88], footer 50.
  static func sheet(
    peek: NotchContent = .row(2), grabber: Double = 20, footer: Double = 50, rows: Int = 200,
    configure: (inout Tuning) -> Void = { _ in }
  ) throws -> OverlaySheet {
    try makeSheet(
      notches: [
        NotchSpec(name: "peek", content: peek), NotchSpec(name: "mid", height: 600),
        NotchSpec(name: "top", fraction: 1, inset: 60),
      ],
      configure: { t in
        t.sheet.grabber = grabber
        t.header = HeaderConfig(height: 96, mode: .pinned)
        t.list = ListConfig(rows: rows, rowHeights: [64, 88])
        t.footer.height = footer
        configure(&t)
      }, height: 800)
  }

  @Test(
    "row:N = grabber + header + rows 0…N + footer",
    arguments: [
      (NotchContent.row(0), 20.0, 50.0, 230.0), (.row(1), 20, 50, 318), (.row(2), 20, 50, 382),
      (.row(2), 28, 50, 390), (.row(2), 20, 0, 332), (.row(3), 0, 0, 400), (.header, 20, 50, 166),
    ])
  func rowNotch(content: NotchContent, grabber: Double, footer: Double, height: Double) throws {
    let s = try Self.sheet(peek: content, grabber: grabber, footer: footer)
    #expect(s.height == height)
    #expect(s.snapshot.notch == "peek")
  }

  @Test(
    "row:N past the last row measures every row; fewer rows re-resolve it",
    arguments: [(3, 20 + 96 + 216 + 50.0)])
  func pastLast(rows: Int, height: Double) throws {
    var s = try Self.sheet(peek: .row(9), rows: rows)
    #expect(s.height == height)
    s.setListRows(2)
    settle(&s)
    #expect(s.height == 20 + 96 + 152 + 50)
  }

  @Test("the footer sticks to the visible bottom, above the keyboard; the list ends above it")
  func footerGeometry() throws {
    var s = try Self.sheet()
    s.move(to: 2, animated: false)
    #expect(s.snapshot.footerTop == 750)
    #expect(s.snapshot.listViewport == 740 - 20 - 96 - 50)
    s.setKeyboardInset(200, animated: false)
    #expect(s.snapshot.footerTop == 550)
    #expect(s.snapshot.footerTop == 550)
  }

  @Test(
    "what a press hits, top to bottom (sheet at 382: top y 418)",
    arguments: [
      (430.0, SheetHit.grabber), (440, .header(x: 100, y: 2)), (534, .row(index: 0, x: 100, y: 0)),
      (600, .row(index: 1, x: 100, y: 2)), (749, .row(index: 2, x: 100, y: 63)),
      (750, .footer(x: 100, y: 0)), (799, .footer(x: 100, y: 49)),
    ])
  func hits(y: Double, hit: SheetHit) throws {
    let s = try Self.sheet()
    #expect(s.hitTest(x: 100, y: y) == hit)
  }

  @Test("a drag on the footer moves the sheet like the header, with its events")
  func footerDrags() throws {
    var s = try Self.sheet()
    drag(&s, from: 775, to: 575, frames: 10, releaseVelocity: 0)
    settle(&s)
    #expect(s.snapshot.notch == "mid")
    #expect(names(s.takeEvents()).prefix(2) == ["willStartDragging", "willEndDragging"])
  }

  @Test("the snapshot carries the declared chrome")
  func snapshot() throws {
    let s = try Self.sheet(grabber: 28) { $0.sheet.cornerRadius = 20 }
    let snap = s.snapshot
    #expect(snap.grabber == 28 && snap.cornerRadius == 20 && snap.footerHeight == 50)
    #expect(snap.listTop == 418 - 8 + 28 + 96)
    #expect(snap.rowTop(2) == snap.listTop + 152)
  }

  @Test("wheel step is the host's: 25 px a notch")
  func wheelStep() throws {
    var s = try Self.sheet()
    s.move(to: 2, animated: false)
    s.wheelStep = 25
    s.wheel(x: 100, y: 300, notches: 2)
    #expect(s.snapshot.listOffset == 50)
  }
}
