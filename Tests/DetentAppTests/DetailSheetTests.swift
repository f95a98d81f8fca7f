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
    // The middle of the map above the detail sheet's 156-px peek, the balloon 24 px above.
    #expect(abs(pin.x - 320) < 1e-9 && abs(pin.y - 346) < 1e-9)
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
    #expect(abs(pin.x - 320) < 1e-9 && abs(pin.y - 346) < 1e-9)
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
    model.apply(.press(x: close.cx, y: 664 + close.cy))
    #expect(model.highlighted == .close)
    model.apply(.release(x: close.cx, y: 664 + close.cy, velocity: nil))
    #expect(model.stack.count == 1)
  }

  @Test(
    "the detail's peek is sized to its content: grabber, title bar and action buttons",
    arguments: [
      // (window width, height) → peek height; the full notch is the window less 100 px
      (640.0, 800.0, 156.0), (390.0, 700.0, 156.0), (1920.0, 1080.0, 156.0), (390.0, 300.0, 156.0),
    ])
  func peekFitsContent(width: Double, height: Double, peek: Double) throws {
    let sheet = try OverlaySheet(
      tuning: DetailSheet.tuning(root: Tuning()), windowWidth: width, windowHeight: height)
    #expect(sheet.notches.map(\.name) == ["peek", "full"])
    #expect(sheet.notches[0].height == peek)
    #expect(sheet.notches[1].height == max(height - 100, 0))
    #expect(sheet.height == peek)
  }

  @Test("a window too short for the peek below the full notch gets no detail sheet")
  func tooShortForDetail() throws {
    // 250 px: full would be 150, below the 156-px peek.
    #expect(throws: ConfigError.self) {
      try OverlaySheet(tuning: DetailSheet.tuning(root: Tuning()), windowWidth: 390, windowHeight: 250)
    }
    let model = try DemoModel(
      tuning: Tuning(initialNotch: "maximum", layout: LayoutConfig(mode: .bottom)), width: 390, height: 250)
    model.choosePlace(3)
    #expect(model.stack.count == 1)
  }

  @Test(
    "a detail sheet sets the root back: it sinks behind it as the detail sheet rises",
    arguments: [
      // (detail height, root height) → (progress, root height as drawn); the peek is 156 px.
      (0.0, 740.0, 0.0, 740.0), (78.0, 740.0, 0.5, 370.0), (156.0, 740.0, 1.0, 140.0),
      (117.0, 740.0, 0.75, 185.0), (156.0, 120.0, 1.0, 120.0), (700.0, 740.0, 1.0, 684.0),
    ])
  func setBack(detail: Double, root: Double, progress: Double, drawn: Double) throws {
    var stack = SheetStack(
      root: try OverlaySheet(
        tuning: Tuning(notches: [NotchSpec(name: "a", height: root)]), windowWidth: 640, windowHeight: 800))
    #expect(SetBack(stack).progress == 0 && SetBack(stack).height == root)
    try stack.push(tuning: DetailSheet.tuning(root: Tuning()))
    stack.withTop { $0.replayRelease(height: detail, velocity: 0) }
    _ = stack.withTop { $0.pointerDown(x: 100, y: 799) }  // holds it at `detail`
    let back = SetBack(stack)
    #expect(abs(back.progress - progress) < 1e-9)
    #expect(abs(back.height - drawn) < 1e-9)
    let s = back.apply(to: stack.root.snapshot)
    #expect(abs(s.top - (800 - drawn)) < 1e-9 && s.dimAlpha == stack.root.snapshot.dimAlpha * (1 - progress))
  }
}
