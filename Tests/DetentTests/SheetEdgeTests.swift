@testable import Detent
import Testing

/// `layout.edge`: the pointer-to-extent mapping, notches along the axis, drags, velocities, hit
/// tests and the keyboard on each edge, in a 1000×800 window with notches a/b/c at 100/200/300
/// and the full-width layout (no card).
@Suite struct SheetEdgeTests {
  static func sheet(
    _ edge: SheetEdge, notches: [NotchSpec]? = nil, initial: String? = nil,
    configure: (inout Tuning) -> Void = { _ in }
  ) throws -> OverlaySheet {
    try makeSheet(
      notches: notches ?? [
        NotchSpec(name: "a", height: 100), NotchSpec(name: "b", height: 200),
        NotchSpec(name: "c", height: 300),
      ], initial: initial,
      configure: {
        $0.layout.edge = edge
        $0.layout.mode = .bottom
        configure(&$0)
      }, width: 1000, height: 800)
  }

  @Test(
    "axisValue, extent, freeEdge and extentVelocity per edge (length 800)",
    arguments: [
      // edge, point, axisValue, extent, free edge of a 100-px sheet, d(extent)/dt of (30, -40) px/s
      (SheetEdge.bottom, (x: 10.0, y: 700.0), -700.0, 100.0, 700.0, 40.0),
      (.top, (10, 100), 100, 100, 100, -40),
      (.left, (100, 10), 100, 100, 100, 30),
      (.right, (700, 10), -700, 100, 700, -30),
    ])
  func mapping(
    edge: SheetEdge, point: (x: Double, y: Double), axis: Double, extent: Double, free: Double,
    velocity: Double
  ) {
    #expect(edge.axisValue(x: point.x, y: point.y) == axis)
    #expect(edge.extent(x: point.x, y: point.y, length: 800) == extent)
    #expect(edge.freeEdge(extent: 100, length: 800) == free)
    #expect(edge.extentVelocity(x: 30, y: -40) == velocity)
  }

  @Test(
    "velocity along the axis in screen terms, and the list's hand-off sign",
    arguments: [(SheetEdge.bottom, -500.0, 1.0), (.top, 500, -1), (.left, 500, 0), (.right, -500, 0)])
  func alongAxis(edge: SheetEdge, screen: Double, sign: Double) {
    #expect(edge.extentVelocity(alongAxis: screen) == 500)
    #expect(edge.listSign == sign)
  }

  @Test(
    "a fraction is of the window's size along the axis; the keyboard shortens the bottom edge only",
    arguments: [(SheetEdge.bottom, 400.0, 540.0), (.top, 400, 800), (.left, 500, 1000), (.right, 500, 1000)])
  func fractionsAlongTheAxis(edge: SheetEdge, half: Double, fullWithKeyboard: Double) throws {
    var sheet = try Self.sheet(
      edge, notches: [NotchSpec(name: "half", fraction: 0.5), NotchSpec(name: "full", fraction: 1)])
    #expect(sheet.notches.map(\.height) == [half, half * 2])
    sheet.setKeyboardInset(260, animated: false)
    #expect(sheet.notches[1].height == fullWithKeyboard)
    #expect(sheet.availableHeight == fullWithKeyboard)
  }

  @Test(
    "a grabber drag of +70 px of extent follows the pointer 1:1 and settles at b (200)",
    arguments: [
      // edge, press on the grabber, the pointer 70 px farther from the edge
      (SheetEdge.bottom, (x: 500.0, y: 710.0), (x: 500.0, y: 640.0)),
      (.top, (500, 90), (500, 160)),
      (.left, (90, 400), (160, 400)),
      (.right, (910, 400), (840, 400)),
    ])
  func dragFollowsThePointer(
    edge: SheetEdge, from: (x: Double, y: Double), to: (x: Double, y: Double)
  ) throws {
    var sheet = try Self.sheet(edge)
    #expect(sheet.hitTest(x: from.x, y: from.y) == .grabber)
    sheet.pointerDown(x: from.x, y: from.y)
    for k in 1...7 {
      sheet.step(dt: 1.0 / 60)
      let f = Double(k) / 7
      sheet.pointerMove(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
    }
    #expect(sheet.height == 170)
    #expect(sheet.snapshot.phase == .dragging)
    sheet.pointerUp(x: to.x, y: to.y, velocity: PointerVelocity(x: 0, y: 0))
    settle(&sheet)
    #expect(sheet.snapshot.notch == "b")
    #expect(sheet.height == 200)
    #expect(
      names(sheet.takeEvents()) == [
        "willStartDragging", "willEndDragging", "willMoveToNotch", "didMoveToNotch",
      ])
  }

  @Test(
    "a release's screen velocity becomes d(extent)/dt: 1200 px/s away from the edge targets c",
    arguments: [
      (SheetEdge.bottom, (x: 500.0, y: 710.0), PointerVelocity(x: 0, y: -1200)),
      (.top, (500, 90), PointerVelocity(x: 0, y: 1200)),
      (.left, (90, 400), PointerVelocity(x: 1200, y: 0)),
      (.right, (910, 400), PointerVelocity(x: -1200, y: 0)),
    ])
  func releaseVelocity(edge: SheetEdge, at p: (x: Double, y: Double), v: PointerVelocity) throws {
    var sheet = try Self.sheet(edge)
    sheet.pointerDown(x: p.x, y: p.y)
    sheet.step(dt: 1.0 / 60)
    // 10 px toward the middle of the window along the axis.
    let to: (x: Double, y: Double) =
      switch edge {
      case .bottom: (p.x, p.y - 10)
      case .top: (p.x, p.y + 10)
      case .left: (p.x + 10, p.y)
      case .right: (p.x - 10, p.y)
      }
    sheet.pointerMove(x: to.x, y: to.y)
    sheet.pointerUp(x: to.x, y: to.y, velocity: v)
    let events = sheet.takeEvents()
    #expect(events.map(\.kind).contains(.willEndDragging(velocity: 1200)))
    // rushingForward: p = 110 + 0.1·1200 = 230; faster than 400 px/s growing picks the higher
    // of the two nearest (b, c).
    #expect(sheet.snapshot.targetNotch == "c")
    #expect(sheet.velocity == 1200)
  }

  @Test(
    "a fast release toward the edge dismisses to a 0 notch on every edge",
    arguments: SheetEdge.allCases)
  func dismissAlongTheAxis(edge: SheetEdge) throws {
    var sheet = try Self.sheet(
      edge, notches: [NotchSpec(name: "closed", height: 0), NotchSpec(name: "open", height: 300)],
      initial: "open")
    sheet.replayRelease(height: 300, velocity: -2000)
    settle(&sheet)
    #expect(sheet.snapshot.notch == "closed")
    #expect(names(sheet.takeEvents()).suffix(2) == ["didMoveToNotch", "dismissed"])
  }

  @Test(
    "hit tests per edge (a sheet at 300 px, header 96, rows 64)",
    arguments: [
      // bottom: the sheet spans y 500..<800; grabber at its top, header below, then rows.
      (SheetEdge.bottom, (x: 500.0, y: 505.0), SheetHit?.some(.grabber)),
      (.bottom, (500, 530), .header(x: 500, y: 10)),
      (.bottom, (500, 620), .row(index: 0, x: 500, y: 4)),
      (.bottom, (500, 499), nil),
      // top: the sheet spans y 0..<300; header at the window's top, grabber at its lower edge.
      (.top, (500, 10), .header(x: 500, y: 10)),
      (.top, (500, 100), .row(index: 0, x: 500, y: 4)),
      (.top, (500, 170), .row(index: 1, x: 500, y: 10)),
      (.top, (500, 285), .grabber),
      (.top, (500, 300), nil),
      // left: x 0..<300; grabber strip at x 280..<300, content 0..<280.
      (.left, (290, 400), .grabber),
      (.left, (10, 10), .header(x: 10, y: 10)),
      (.left, (10, 100), .row(index: 0, x: 10, y: 4)),
      (.left, (300, 400), nil),
      // right: x 700..<1000; grabber strip at x 700..<720, content from 720.
      (.right, (705, 400), .grabber),
      (.right, (730, 10), .header(x: 10, y: 10)),
      (.right, (730, 100), .row(index: 0, x: 10, y: 4)),
      (.right, (699, 400), nil),
    ])
  func hitTests(edge: SheetEdge, point: (x: Double, y: Double), hit: SheetHit?) throws {
    let sheet = try Self.sheet(edge, initial: "c")
    #expect(sheet.hitTest(x: point.x, y: point.y) == hit)
  }

  @Test(
    "frames per edge: sheetX, sheetWidth, top, bottom, listTop for a 300-px sheet",
    arguments: [
      (SheetEdge.bottom, [0.0, 1000, 500, 800, 616]),
      (.top, [0, 1000, 0, 300, 96]),
      (.left, [0, 300, 0, 800, 96]),
      (.right, [700, 300, 0, 800, 96]),
    ])
  func frames(edge: SheetEdge, values: [Double]) throws {
    let s = try Self.sheet(edge, initial: "c").snapshot
    #expect([s.sheetX, s.sheetWidth, s.top, s.bottom, s.listTop] == values)
  }

  @Test("a drawer's list viewport is the window's height less the header; a shade's is its content's")
  func viewports() throws {
    #expect(try Self.sheet(.left, initial: "a").snapshot.listViewport == 800 - 96)
    #expect(try Self.sheet(.top, initial: "a").snapshot.listViewport == 300 - 20 - 96)
    #expect(try Self.sheet(.bottom, initial: "a").snapshot.listViewport == 300 - 20 - 96)
  }
}

/// The card layout per edge in a 1280-px window (`breakpoint` 900).
@Suite struct EdgeCardTests {
  @Test(
    "auto is a card for a bottom sheet only; card mode also for a shade; never for a drawer",
    arguments: [
      (SheetEdge.bottom, LayoutMode.auto, true), (.top, .auto, false), (.left, .auto, false),
      (.right, .auto, false), (.bottom, .card, true), (.top, .card, true), (.left, .card, false),
      (.right, .card, false), (.top, .bottom, false),
    ])
  func cards(edge: SheetEdge, mode: LayoutMode, card: Bool) {
    #expect(LayoutConfig(mode: mode, edge: edge).isCard(windowWidth: 1280) == card)
  }
}
