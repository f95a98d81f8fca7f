import Detent
import Testing

@testable import DetentApp

@Suite struct DetailSheetTests {
  /// A model at the maximum notch in the 640-px bottom layout: the list starts at y = 176.
  func model() throws -> DemoModel {
    try DemoModel(
      tuning: Tuning(initialNotch: "maximum", layout: LayoutConfig(mode: .bottom)), width: 640, height: 800)
  }

  @Test(
    "choosing a place pushes its sheet, highlights its pin and flies the map to centre it above the sheet")
  func choosePlace() throws {
    let model = try model()
    tap(model, 200, 176 + 64 * 3 + 30)  // row 3
    #expect(model.stack.count == 2 && DetailSheet.place(of: model.stack.top) == 3)
    #expect(model.pins.selected == 3)
    #expect(model.needsFrames && model.camera.isFlying)
    wait(model, 1)
    #expect(!model.camera.isFlying)
    let place = model.places.place(3)
    let pin = model.camera.screen(x: place.x, y: place.y, width: 640, height: 800)
    // The middle of the map above the detail sheet's 216-px peek, the balloon 24 px above.
    #expect(abs(pin.x - 320) < 1e-9 && abs(pin.y - 316) < 1e-9)
    model.apply(.key("Escape"))
    #expect(model.pins.selected == nil)
  }

  @Test("under reduced motion the map jumps to the place")
  func reducedMotionJumps() throws {
    let model = try DemoModel(
      tuning: Tuning(initialNotch: "maximum", layout: LayoutConfig(mode: .bottom), reduceMotion: true),
      width: 640,
      height: 800)
    model.choosePlace(5)
    #expect(!model.camera.isFlying)
    let place = model.places.place(5)
    let pin = model.camera.screen(x: place.x, y: place.y, width: 640, height: 800)
    #expect(abs(pin.x - 320) < 1e-9 && abs(pin.y - 316) < 1e-9)
  }

  @Test(
    "the action buttons and the address, phone and website rows answer with a toast",
    arguments: [
      // The buttons are the sticky footer (740…800, buttons 748…792) at every notch; at full
      // (top 100, title 120…196, rows of 60 px from 196) the address, phone and website rows.
      ("peek", 100.0, 766.0, "Walking to Hazel Coffee: 250 m, about 3 min"),
      ("peek", 320.0, 766.0, "Call +1 415 555 1046: no phone in the demo"),
      ("peek", 540.0, 766.0, "hazelcoffee.example: no browser in the demo"),
      ("full", 540.0, 766.0, "hazelcoffee.example: no browser in the demo"),
      ("full", 300.0, 226.0, "Walking to Hazel Coffee: 250 m, about 3 min"),
      ("full", 300.0, 346.0, "Call +1 415 555 1046: no phone in the demo"),
      ("full", 300.0, 466.0, "hazelcoffee.example: no browser in the demo"),
    ])
  func actions(notch: String, x: Double, y: Double, message: String) throws {
    let model = try model()
    model.choosePlace(3)
    wait(model, 1)
    model.stack.withTop { _ = $0.move(toNotchNamed: notch, animated: false) }
    #expect(model.places.place(3).name == "Hazel Coffee")
    model.apply(.press(x: x, y: y))
    #expect(model.highlighted != nil, "the button or row shows pressed")
    model.step(dt: 1.0 / 60)
    model.apply(.release(x: x, y: y, velocity: nil))
    #expect(model.highlighted == nil)
    #expect(model.messages.toast?.message == message)
    #expect(model.needsFrames, "the program draws while the toast shows")
    wait(model, Toast.duration - 0.1)
    #expect(model.messages.toast != nil)
    wait(model, 0.15)
    #expect(model.messages.toast == nil && !model.needsFrames)
  }

  @Test(
    "rows, chips and the close button show pressed while held; a drag or a press that stops the list does not"
  )
  func pressedStates() throws {
    let model = try model()
    model.apply(.press(x: 200, y: 176 + 10))
    #expect(model.highlighted == .row(0))
    model.apply(.move(x: 200, y: 176 + 40))
    #expect(model.highlighted == nil, "a drag is no tap")
    model.apply(.release(x: 200, y: 176 + 40, velocity: .init(x: 0, y: 0)))
    wait(model, 1)
    let chip = HeaderLayout(width: 640, height: 96).chips[3]
    model.apply(.press(x: chip.x + 5, y: 80 + chip.y + 5))
    #expect(model.highlighted == .chip(3))
    model.apply(.release(x: chip.x + 5, y: 80 + chip.y + 5, velocity: nil))
    #expect(model.search.chip == 3 && model.highlighted == nil)
    // A flick sets the list coasting; the press that stops it shows nothing and opens nothing.
    model.apply(.press(x: 200, y: 600))
    for k in 1...4 {
      model.step(dt: 1.0 / 60)
      model.apply(.move(x: 200, y: 600 - Double(k) * 40))
    }
    model.apply(.release(x: 200, y: 440, velocity: .init(x: 0, y: -2000)))
    model.step(dt: 1.0 / 60)
    #expect(model.stack.root.snapshot.phase == .scrolling)
    model.apply(.press(x: 200, y: 300))
    #expect(model.highlighted == nil)
    model.apply(.release(x: 200, y: 300, velocity: nil))
    #expect(model.stack.count == 1)
    model.choosePlace(0)
    wait(model, 1)
    let close = HeaderLayout(width: 640, height: 76).closeButton
    model.apply(.press(x: close.cx, y: 604 + close.cy))  // peek top 584, grabber 20
    #expect(model.highlighted == .close)
    model.apply(.release(x: close.cx, y: 604 + close.cy, velocity: nil))
    #expect(model.stack.count == 1)
  }

  @Test(
    "the detail's peek is anchored to the address row and both notches fit every window",
    arguments: [
      // (window width, height, edge) → (peek, full; nil: the peek alone). The peek is grabber 20
      // + title 76 + address row 60 + actions 60 = 216 px, capped at the window; full is the
      // window less 100 px, at least 120 px above the peek, and only with 60 px of room above it.
      (200.0, 200.0, SheetEdge.bottom, 200.0, Double?.none), (390, 216, .bottom, 216, nil),
      (390, 250, .bottom, 216, nil), (390, 275, .bottom, 216, nil), (390, 276, .bottom, 216, 276),
      (390, 300, .bottom, 216, 300), (390, 436, .bottom, 216, 336), (390, 437, .bottom, 216, 337),
      (320, 568, .bottom, 216, 468), (390, 700, .bottom, 216, 600), (1280, 800, .bottom, 216, 700),
      (3840, 2160, .bottom, 216, 2060), (3840, 2160, .top, 216, 2060), (200, 200, .left, 60, 180),
      (1280, 800, .right, 384, 1180),
    ])
  func peekAnchoredToRow(width: Double, height: Double, edge: SheetEdge, peek: Double, full: Double?) throws {
    let root = Tuning(layout: LayoutConfig(mode: .bottom, edge: edge))
    let tuning = DetailSheet.tuning(root: root, axis: edge.isVertical ? height : width)
    #expect(tuning.notches[0].content == (edge.isVertical ? .row(0) : nil))
    let sheet = try OverlaySheet(tuning: tuning, windowWidth: width, windowHeight: height)
    #expect(sheet.notches.map(\.name) == (full == nil ? ["peek"] : ["peek", "full"]))
    #expect(sheet.notches.map(\.height) == [peek] + (full.map { [$0] } ?? []))
    #expect(sheet.height == peek)
  }

  @Test(
    "a detail sheet opens in every window and refits as the window resizes: full goes and comes back",
    arguments: [
      // (window height after the resize) → (notch names, the notch the sheet rests at, height)
      (200.0, ["peek"], "peek", 200.0), (250, ["peek"], "peek", 216), (300, ["peek", "full"], "full", 300),
      (568, ["peek", "full"], "full", 468), (2160, ["peek", "full"], "full", 2060),
    ])
  func refitsOnResize(height: Double, names: [String], notch: String, rest: Double) throws {
    let model = try DemoModel(
      tuning: Tuning(initialNotch: "maximum", layout: LayoutConfig(mode: .bottom)), width: 390, height: 800)
    model.choosePlace(3)
    wait(model, 1)
    #expect(model.moveTop(toNotchNamed: "full", animated: false))
    model.apply(.resize(width: 390, height: Int(height)))
    wait(model, 1.5)
    #expect(model.stack.count == 2)
    #expect(model.stack.top.notches.map(\.name) == names)
    #expect(model.stack.top.snapshot.notch == notch)
    #expect(model.stack.top.height == rest)
    // Back to the first size: full is back at the window less 100 px.
    model.apply(.resize(width: 390, height: 800))
    #expect(model.stack.top.notches.map(\.height) == [216, 700])
  }

  @Test(
    "a place chosen in the smallest window opens its detail sheet: the peek alone, the whole window",
    arguments: [(200.0, 200.0, 200.0), (320, 568, 216), (3840, 2160, 216)])
  func opensInEveryWindow(width: Double, height: Double, peek: Double) throws {
    // The defaults (a bottom sheet below 900 px, a card above) adapt to any window.
    let model = try DemoModel(tuning: Tuning(), width: Int(width), height: Int(height))
    model.choosePlace(3)
    wait(model, 1.5)
    #expect(model.stack.count == 2 && model.stack.top.snapshot.notch == "peek")
    #expect(model.stack.top.height == peek)
  }

  @Test(
    "a detail sheet sets the root back: it sinks behind it as the detail sheet rises",
    arguments: [
      // (detail height, root height) → (progress, root height as drawn); the peek is 216 px.
      (0.0, 740.0, 0.0, 740.0), (108.0, 740.0, 0.5, 370.0), (216.0, 740.0, 1.0, 200.0),
      (162.0, 740.0, 0.75, 185.0), (216.0, 120.0, 1.0, 120.0), (700.0, 740.0, 1.0, 684.0),
    ])
  func setBack(detail: Double, root: Double, progress: Double, drawn: Double) throws {
    var stack = SheetStack(
      root: try OverlaySheet(
        tuning: Tuning(notches: [NotchSpec(name: "a", height: root)]), windowWidth: 640, windowHeight: 800))
    #expect(SetBack(stack).progress == 0 && SetBack(stack).height == root)
    try stack.push(tuning: DetailSheet.tuning(root: Tuning(), axis: 800))
    stack.withTop { $0.replayRelease(height: detail, velocity: 0) }
    _ = stack.withTop { $0.pointerDown(x: 100, y: 799) }  // holds it at `detail`
    let back = SetBack(stack)
    #expect(abs(back.progress - progress) < 1e-9)
    #expect(abs(back.height - drawn) < 1e-9)
    let s = back.apply(to: stack.root.snapshot)
    #expect(abs(s.top - (800 - drawn)) < 1e-9 && s.dimAlpha == stack.root.snapshot.dimAlpha * (1 - progress))
  }
}
