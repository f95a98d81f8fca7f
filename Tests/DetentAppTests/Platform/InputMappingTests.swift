import Detent
import DetentJSON
import Testing

@testable import DetentApp

/// The SDL mapping (InputInjector.swift, EventPump.swift): every input a device sends becomes
/// the SDL events the injector pushes, and the pump turns those events back into the same input;
/// the program's own inputs have no device event.
@Suite struct InputMappingTests {
  static let deviceInputs: [AppInput] =
    [
      .press(x: 0, y: 0), .press(x: 640, y: 790), .move(x: 12, y: 34), .release(x: 640, y: 10, velocity: nil),
      .wheel(x: 100, y: 200, dy: 1), .wheel(x: 100, y: 200, dy: -3), .fineWheel(x: 5, y: 6, dy: 0.25),
      .fineWheel(x: 5, y: 6, dy: -1.5), .hwheel(x: 7, y: 8, dx: 2), .hwheel(x: 7, y: 8, dx: -1),
      .text("r"), .text("roast"), .text("é"),
    ] + KeyNames.handled.map { .key($0) }

  @Test("a device's input survives the injector's events and the pump", arguments: deviceInputs)
  func roundTrip(input: AppInput) {
    let pump = EventPump()
    let events = InputInjector.events(for: input)
    #expect(events.count == 1)
    #expect(events.flatMap(pump.inputs(for:)) == [input])
  }

  @Test(
    "the program's own inputs have no device event",
    arguments: [
      AppInput.resize(width: 800, height: 600), .moveTo(notch: "medium", animated: true),
      .tune(.object([], line: 0)),
      .timeScale(0.5), .compare("Snappy"), .compare(nil), .status("saved", isError: false),
    ])
  func programOnly(input: AppInput) {
    #expect(InputInjector.events(for: input).isEmpty)
  }

  @Test("on a window whose units are device pixels the pump gives points")
  func scaledUnits() {
    var pump = EventPump()
    pump.unitsPerPoint = 2
    let events = InputInjector.events(for: .press(x: 640, y: 400))
    #expect(events.flatMap(pump.inputs(for:)) == [.press(x: 320, y: 200)])
  }
}
