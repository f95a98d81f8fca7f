import Detent
import Testing

/// OverlaySheet+Pointer.swift: press, drag with the rubber band, tap, release and its velocity.
@Suite struct SheetDragTests {
  // Window 800 high: notch a (100) has its top edge at y = 700, c (300) at y = 500.

  @Test("the sheet follows the pointer 1:1 between the reachable notches")
  func oneToOne() throws {
    var sheet = try makeSheet()
    sheet.pointerDown(x: 200, y: 710)
    for (y, h) in [(708.0, 100.0), (690, 120), (650, 160), (520, 290), (600, 210)] {
      sheet.pointerMove(x: 200, y: y)
      #expect(sheet.height == h, "pointer at \(y)")
    }
    #expect(sheet.snapshot.phase == .dragging)
  }

  @Test("past the top the elastic rubber band resists")
  func rubberBandTop() throws {
    var sheet = try makeSheet()
    sheet.pointerDown(x: 200, y: 710)
    sheet.pointerMove(x: 200, y: 410)  // raw 400: 100 past c
    // 100 px past c shows (1 − 1/(100·0.55/800 + 1))·800 = 800 − 800/1.06875 = 51.462 px past it.
    expectClose(sheet.height, 351.461_988_304_094, 1e-9)
    sheet.pointerMove(x: 200, y: 510)
    #expect(sheet.height == 300)
  }

  @Test("rubberBand none clamps; per-edge switches")
  func rubberBandNone() throws {
    var sheet = try makeSheet { $0.rubberBand = RubberBand(kind: .none) }
    sheet.pointerDown(x: 200, y: 710)
    sheet.pointerMove(x: 200, y: 300)
    #expect(sheet.height == 300)
    sheet.pointerMove(x: 200, y: 790)
    #expect(sheet.height == 100)
  }

  @Test("a press that does not pass the slop is a tap, not a drag")
  func tap() throws {
    var sheet = try makeSheet()
    sheet.pointerDown(x: 200, y: 760)
    sheet.pointerMove(x: 201, y: 762)
    #expect(sheet.height == 100)
    let hit = sheet.pointerUp(x: 201, y: 762)
    #expect(hit != nil)
    #expect(sheet.takeEvents().isEmpty)
  }

  @Test("events fire in order with the release velocity; the settle snaps exactly")
  func eventOrder() throws {
    var sheet = try makeSheet()
    drag(&sheet, from: 710, to: 630, frames: 12, releaseVelocity: -500)
    settle(&sheet)
    let events = sheet.takeEvents()
    #expect(names(events) == ["willStartDragging", "willEndDragging", "willMoveToNotch", "didMoveToNotch"])
    #expect(events[1].kind == .willEndDragging(velocity: 500))
    #expect(events[2].notch == "c")
    #expect(events[3].notch == "c")
    #expect(sheet.height == 300)
    #expect(sheet.snapshot.phase == .idle)
  }

  @Test("measured release velocity is the least-squares slope of the last 100 ms")
  func measuredVelocity() throws {
    var sheet = try makeSheet()
    // 60 px per frame at 60 fps upward = 3600 px/s of dh/dt.
    drag(&sheet, from: 710, to: 470, frames: 4)
    let end = sheet.takeEvents().first { $0.kind.name == "willEndDragging" }
    guard case .willEndDragging(let v)? = end?.kind else {
      Issue.record("no willEndDragging")
      return
    }
    expectClose(v, 3600, 1e-6)
  }

  @Test("the same release gives the same trajectory at 30, 60, 120 and 240 Hz")
  func frameRateIndependence() throws {
    func trajectory(fps: Double) throws -> [Double] {
      var sheet = try makeSheet { $0.spring = Spring(response: 0.5, dampingRatio: 0.5) }
      sheet.pointerDown(x: 200, y: 710)
      sheet.pointerMove(x: 200, y: 650)
      sheet.pointerUp(x: 200, y: 650, velocityOverride: -2000)
      var samples: [Double] = []
      let frames = Int(fps * 2)
      let every = Int(fps / 30)
      for k in 1...frames {
        sheet.step(dt: 1 / fps)
        if k % every == 0 { samples.append(sheet.height) }
      }
      return samples
    }
    let reference = try trajectory(fps: 240)
    #expect(reference.max()! > 305, "this release overshoots c")
    for fps in [30.0, 60, 120] {
      let other = try trajectory(fps: fps)
      #expect(other.count == reference.count)
      let worst = zip(other, reference).map { abs($0 - $1) }.max()!
      #expect(worst <= 0.5, "\(fps) Hz differs by \(worst) px")
    }
  }

  @Test("a press during a settle stops the sheet where it is; the old target gets no didMoveToNotch")
  func interruption() throws {
    var sheet = try makeSheet()
    drag(&sheet, from: 710, to: 680, frames: 3, releaseVelocity: -3000)
    for _ in 0..<6 { sheet.step(dt: 1.0 / 60) }
    let before = sheet.height
    #expect(before > 130 && before < 300)
    _ = sheet.takeEvents()
    let y = 800 - before + 10
    sheet.pointerDown(x: 200, y: y)
    #expect(sheet.height == before)
    sheet.step(dt: 1.0 / 60)
    #expect(sheet.height == before, "held still while pressed")
    sheet.pointerMove(x: 200, y: y + 20)
    #expect(sheet.height == before - 20, "the new drag continues from there")
    sheet.pointerUp(x: 200, y: y + 20, velocityOverride: 3000)
    settle(&sheet)
    let events = sheet.takeEvents()
    #expect(events.filter { $0.kind == .didMoveToNotch(2) }.isEmpty)
    #expect(events.last?.notch == "a")
  }

  @Test("while the pointer drags the sheet the snapshot's velocity is the pointer's (it read 0)")
  func dragVelocity() throws {
    var sheet = try makeSheet()
    sheet.pointerDown(x: 200, y: 705)
    for k in 1...6 {
      sheet.step(dt: 1.0 / 60)
      sheet.pointerMove(x: 200, y: 705 - Double(k) * 10)
    }
    // 10 px up per 1/60 s: dh/dt = +600 px/s.
    #expect(abs(sheet.snapshot.velocity - 600) < 1e-6)
    #expect(sheet.snapshot.phase == .dragging)
  }

  @Test("a disabled notch is never chosen on release and the drag range skips it")
  func disabledNotch() throws {
    var sheet = try makeSheet(notches: [
      NotchSpec(name: "a", height: 100), NotchSpec(name: "b", height: 200),
      NotchSpec(name: "c", height: 300, enabled: false),
    ])
    drag(&sheet, from: 710, to: 560, frames: 10, releaseVelocity: -3000)
    #expect(sheet.height < 260, "past b the rubber band resists")
    settle(&sheet)
    #expect(sheet.snapshot.notch == "b")
  }
}

/// OverlaySheet+Pointer.swift: presses beside the sheet, on the backdrop.
@Suite struct BackdropTests {
  @Test(
    "a press on the dimmed backdrop acts per backdropTap",
    arguments: [(BackdropTap.collapse, "medium"), (.dismiss, "minimum"), (.none, "maximum")])
  func dimmed(action: BackdropTap, notch: String) throws {
    var tuning = Tuning(initialNotch: "maximum")
    tuning.backdropTap = action
    var sheet = try OverlaySheet(tuning: tuning, windowWidth: 400, windowHeight: 800)
    let route = sheet.pointerDown(x: 200, y: 30)
    #expect(route == .backdrop(action))
    settle(&sheet)
    #expect(sheet.snapshot.notch == notch)
  }

  @Test("a press on the undimmed backdrop belongs to what is behind the sheet (the app's map)")
  func undimmed() throws {
    var sheet = try OverlaySheet(tuning: Tuning(initialNotch: "medium"), windowWidth: 400, windowHeight: 800)
    let route = sheet.pointerDown(x: 200, y: 100)
    #expect(route == .behind)
    #expect(sheet.snapshot.phase == .idle)
  }
}
