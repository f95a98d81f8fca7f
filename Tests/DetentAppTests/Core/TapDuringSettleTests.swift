import Detent
import Testing

@testable import DetentApp

/// A tap on a row while the sheet still settles: it only stops the sheet while the motion can
/// be seen; in the imperceptible end of a settle (within 2 px of the notch, under 40 px/s) it
/// goes through to the row, as iOS lets a tap through once the motion is imperceptible.
@Suite struct TapDuringSettleTests {
  /// A model at medium that the Up key sends to maximum (640×800, bottom layout: at maximum the
  /// list starts at y = 176).
  func rising() throws -> DemoModel {
    let model = try DemoModel(
      tuning: Tuning(initialNotch: "medium", layout: LayoutConfig(mode: .bottom)), width: 640, height: 800)
    model.apply(.key("Up"))
    return model
  }

  @Test("early in the settle a tap on a row stops the sheet and opens nothing")
  func early() throws {
    let model = try rising()
    wait(model, 0.1)
    #expect(model.stack.top.isMoving && !model.stack.top.motionIsImperceptible)
    tap(model, 200, 176 + 64 * 3 + 30)
    #expect(model.stack.count == 1)
  }

  @Test("in the imperceptible end of the settle the same tap opens the row's place")
  func late() throws {
    let model = try rising()
    var frames = 0
    while !model.stack.top.motionIsImperceptible && frames < 300 {
      model.step(dt: 1.0 / 60)
      frames += 1
    }
    let sheet = model.stack.top
    #expect(sheet.isMoving, "still settling")
    #expect(abs(sheet.height - 740) <= OverlaySheet.imperceptibleDistance)
    #expect(abs(sheet.velocity) <= OverlaySheet.imperceptibleSpeed)
    tap(model, 200, 176 + 64 * 3 + 30)
    #expect(model.stack.count == 2 && DetailSheet.place(of: model.stack.top) == 3)
    wait(model, 1)
    #expect(model.stack.root.snapshot.notch == "maximum", "the root still ends at its notch")
  }

  @Test("a settle's imperceptible end: within 2 px and under 40 px/s; never at rest or mid-move")
  func rule() throws {
    let model = try rising()
    #expect(!model.stack.top.motionIsImperceptible, "just started")
    wait(model, 3)
    #expect(!model.stack.top.isMoving)
    #expect(!model.stack.top.motionIsImperceptible, "at rest there is no motion to judge")
  }
}
