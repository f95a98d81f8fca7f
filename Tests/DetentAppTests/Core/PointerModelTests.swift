import Detent
import Testing

@testable import DetentApp

/// PointerModel.swift on a 1280×800 stack with the default tuning (the root sheet at its
/// 120-px notch: x 16…436, top 680): who holds the pointer, what shows pressed, what a release
/// reports.
struct PointerModelTests {
  static func stack() throws -> SheetStack {
    SheetStack(root: try OverlaySheet(tuning: Tuning(), windowWidth: 1280, windowHeight: 800))
  }

  /// Presses at (x, y), the sheet's taps naming row 0, the chip row at `chipScroll` when given.
  static func press(
    _ pointer: inout PointerModel, _ stack: inout SheetStack, _ x: Double, _ y: Double,
    chipScroll: Double? = nil
  ) {
    pointer.pressScene(
      x: x, y: y, stack: &stack, time: 0, target: { _, _ in .row(0) }, chipScroll: { _ in chipScroll })
  }

  @Test(
    "a press: on the sheet it holds and shows the target pressed; behind it the map pans",
    arguments: [
      (200.0, 700.0, PointerModel.Capture.sheet, PressTarget.row(0) as PressTarget?, false),
      (800, 300, .map, nil, true),
      (200, 300, .map, nil, true),
    ])
  func pressHolders(
    x: Double, y: Double, holder: PointerModel.Capture, highlighted: PressTarget?, panning: Bool
  )
    throws
  {
    var stack = try Self.stack()
    var pointer = PointerModel()
    Self.press(&pointer, &stack, x, y)
    #expect(pointer.capture == holder && pointer.isDown)
    #expect(pointer.highlighted == highlighted)
    #expect(pointer.panning == panning)
    #expect(pointer.release(x: x, y: y) == holder)
    #expect(!pointer.isDown)
  }

  @Test(
    "a release on the sheet: a still press is a tap; a drag of 40 px is none; a sideways drag on the chip row scrolls it",
    arguments: [
      (0.0, 0.0, nil as Double?, "tap row(0)", 0.0),
      (0, -40, nil, "drag", 0),
      (-30, 0, 0, "no tap", 30),
      (0, -30, 0, "drag", 0),
    ])
  func releases(dx: Double, dy: Double, chipScroll: Double?, outcome: String, scrolled: Double) throws {
    var stack = try Self.stack()
    var search = SearchState()
    var pointer = PointerModel()
    Self.press(&pointer, &stack, 200, 700, chipScroll: chipScroll)
    for k in 1...4 {
      _ = pointer.move(x: 200 + dx * Double(k) / 4, y: 700 + dy * Double(k) / 4)
      pointer.dragSheet(stack: &stack, search: &search, time: Double(k) / 60)
    }
    _ = pointer.release(x: 200 + dx, y: 700 + dy)
    let released = pointer.releaseSheet(velocity: nil, stack: &stack, time: 5.0 / 60)
    let got =
      released.wasDragging ? "drag" : released.tapped.map { "tap \($0)" } ?? "no tap"
    #expect(got == outcome)
    #expect(search.chipScroll == scrolled)
    #expect(released.heightAtPress == 120)
    #expect(pointer.highlighted == nil)
  }

  @Test("a press that stops a moving sheet shows nothing pressed")
  func pressOnMovingSheet() throws {
    var stack = try Self.stack()
    stack.withTop { $0.move(to: 1, animated: true) }
    stack.step(dt: 0.05)
    var pointer = PointerModel()
    Self.press(&pointer, &stack, 200, stack.top.topY + 40)
    #expect(pointer.capture == .sheet)
    #expect(pointer.highlighted == nil)
  }

  @Test("the panel holds the pointer: moves report it with the distance, the release ends it")
  func panelHolds() {
    var pointer = PointerModel()
    pointer.press(x: 1000, y: 50, heldBy: .panel)
    let moved = pointer.move(x: 1010, y: 20)
    #expect(moved.holder == .panel && moved.dx == 10 && moved.dy == -30)
    #expect(pointer.x == 1010 && pointer.y == 20)
    #expect(pointer.release(x: 1010, y: 20) == .panel)
    #expect(pointer.capture == .none)
  }

  @Test(
    "a wheel puts the pointer where it turned (the trace's pointer_x/pointer_y), unless a press holds it",
    arguments: [
      (nil as PointerModel.Capture?, (300.0, 400.0)),
      (.panel, (1000, 50)),
    ])
  func wheelHover(held: PointerModel.Capture?, expected: (Double, Double)) {
    var pointer = PointerModel()
    if let held { pointer.press(x: 1000, y: 50, heldBy: held) }
    pointer.hover(x: 300, y: 400)
    #expect(pointer.x == expected.0 && pointer.y == expected.1)
  }

  @Test("a wheel step in a replay moves the trace's pointer to where it turned")
  func wheelInModel() throws {
    let model = try DemoModel(tuning: Tuning(), width: 1280, height: 800)
    model.apply(.wheel(x: 200, y: 720, dy: -1))
    #expect(model.pointerX == 200 && model.pointerY == 720)
  }
}
