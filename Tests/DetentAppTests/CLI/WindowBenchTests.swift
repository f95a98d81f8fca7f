import Detent
import Testing

@testable import DetentApp

/// The inputs `bench --window` plays do what its figures say they measure: played into the
/// demo's model (as the window's loop applies them, a frame at a time), after the bench's session
/// and map drag as in the bench, its flights open a place each and fly the camera while pointer
/// moves arrive.
@Suite struct WindowBenchTests {
  /// What playing `items` (times from 0) a frame at a time into `model` did.
  struct Played {
    /// The place opened at each flight's start (the detail sheet on top then), in order.
    var flights: [Int] = []
    /// Frames whose inputs were read while the camera was flying (the bench's flight samples).
    var inputsWhileFlying = 0
  }

  static func play(_ items: [InputInjector.Item], into model: DemoModel, settle: Double = 1.5) -> Played {
    var played = Played()
    var next = 0
    let frames = Int(((items.last?.time ?? 0) + settle) * 60)
    for k in 0..<frames {
      let flyingBefore = model.camera.isFlying
      var read = false
      while next < items.count, items[next].time < Double(k + 1) / 60 {
        model.apply(items[next].input)
        next += 1
        read = true
      }
      if read, flyingBefore { played.inputsWhileFlying += 1 }
      if model.camera.isFlying, !flyingBefore, model.stack.count > 1 {
        played.flights.append(DetailSheet.place(of: model.stack.top))
      }
      model.step(dt: 1.0 / 60)
    }
    return played
  }

  @Test(
    "after the session and the map drag, each of the bench's flights opens a place and flies to it, two places in turn, the pointer moving all the way",
    arguments: [
      (1280, 800, 600), (640, 800, 600), (390, 700, 600),
      // `--frames 560` (the display check's): the session ends with a place's sheet open.
      (1280, 800, 560),
    ])
  func flights(width: Int, height: Int, frames: Int) throws {
    var tuning = Tuning()
    tuning.list.rows = 10_000
    let model = try DemoModel(tuning: tuning, width: width, height: height)
    let (w, h) = (Double(width), Double(height))
    // The session as the window bench plays it (`WindowBench.schedule`), then the drag.
    _ = Self.play(WindowBench.schedule(frames: frames, width: w, height: h, start: 0), into: model)
    _ = Self.play(WindowBench.mapDrag(width: w, height: h), into: model)
    #expect(!model.camera.isFlying && model.stack.count == (frames == 600 ? 1 : 2))
    let started = model.camera.flightsStarted
    let played = Self.play(
      WindowBench.flights(count: WindowBench.flightCount, width: w, height: h), into: model)
    #expect(played.flights.count == 8, "\(played.flights)")
    // What `bench --window` reports as `window_flights`.
    #expect(model.camera.flightsStarted - started == 8)
    let (a, b) = (played.flights.first ?? -1, played.flights.dropFirst().first ?? -1)
    #expect(a != b)
    #expect(played.flights == (0..<8).map { $0 % 2 == 0 ? a : b })
    // 0.5 s a flight, 60 Hz moves: 29 or 30 inputs read while flying in each.
    #expect((8 * 29...8 * 30).contains(played.inputsWhileFlying), "\(played.inputsWhileFlying)")
    #expect(model.stack.count == 1, "every place's sheet closed by Escape")
  }
}
