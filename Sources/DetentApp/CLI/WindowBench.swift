@preconcurrency import CSDL2
import Detent
import DetentJSON
import Foundation

/// `detent bench --window`: the bench's scripted session played into the real demo window as
/// SDL events arriving at any moment within a frame (as a mouse delivers them), then 5 s
/// untouched; then a drag of the map and eight flights to places; then the same pointer moves
/// into a bare SDL loop in the same window (wait for an
/// event, clear, draw a bar where the pointer is, present) as the reference for latency, and a
/// bare texture drag (a window's worth of one texture copied per move) as the reference for
/// frames that move every pixel, as a flight's do.
struct WindowBench {
  let rows: Int
  let width: Int
  let height: Int
  /// Frames of the scripted session (the headless bench's input, one frame = 1/60 s).
  let frames: Int
  /// Seconds measured at rest.
  var restSeconds = 5.0

  struct Result {
    var size: String
    var renderer: String
    var fps: Double
    var session: DemoRunner.LoopStats
    var sessionSeconds: Double
    var restSeconds: Double
    var restFramesPresented: Int
    var restCPUPercent: Double
    var bareLatency: Histogram
    var bareFrameCost: Histogram
    /// CPU (% of a core) while the map is dragged for `dragSeconds`, and the bare texture drag's.
    var dragCPUPercent: Double
    var bareDragCPUPercent: Double
    var dragSeconds: Double
    /// The bare texture drag's input → present (`BareLoop.dragLatency`): the reference for
    /// frames that move every pixel of the window, as a flight's do.
    var bareDragLatency: Histogram
    /// Camera flights started in the flights after the map drag (`flightCount` when every tap
    /// opened a place).
    var flights: Int

    var fields: [(String, String)] {
      let ms = Bench.ms
      let lat = session.inputToPresent
      return [
        ("window_size", JSONWriter.quote(size)), ("window_renderer", JSONWriter.quote(renderer)),
        ("window_fps", EventLog.number(fps)),
        ("window_session_s", EventLog.number(sessionSeconds, decimals: 2)),
        ("window_frames_presented", String(session.presented)),
        ("window_frame_p50_ms", ms(session.frameCost.percentile(0.5))),
        ("window_frame_p99_ms", ms(session.frameCost.percentile(0.99))),
        ("window_latency_p50_ms", ms(lat.percentile(0.5))),
        ("window_latency_p99_ms", ms(lat.percentile(0.99))),
        ("window_latency_samples", String(lat.count)),
        ("window_flight_latency_p50_ms", ms(session.inputToPresentFlying.percentile(0.5))),
        ("window_flight_latency_p99_ms", ms(session.inputToPresentFlying.percentile(0.99))),
        ("window_flight_latency_samples", String(session.inputToPresentFlying.count)),
        ("window_flights", String(flights)),
        (
          "flight_latency_p99_ratio",
          EventLog.number(
            session.inputToPresentFlying.percentile(0.99) / max(bareDragLatency.percentile(0.99), 1e-6),
            decimals: 2)
        ),
        (
          "flight_latency_p99_ratio_to_bar",
          EventLog.number(
            session.inputToPresentFlying.percentile(0.99) / max(bareLatency.percentile(0.99), 1e-6),
            decimals: 2)
        ),
        ("map_drag_s", EventLog.number(dragSeconds, decimals: 2)),
        ("map_drag_cpu_percent", EventLog.number(dragCPUPercent, decimals: 1)),
        ("bare_drag_cpu_percent", EventLog.number(bareDragCPUPercent, decimals: 1)),
        ("map_drag_cpu_ratio", EventLog.number(dragCPUPercent / max(bareDragCPUPercent, 1e-6), decimals: 2)),
        ("window_rest_s", EventLog.number(restSeconds, decimals: 2)),
        ("window_rest_frames_presented", String(restFramesPresented)),
        ("window_rest_cpu_percent", EventLog.number(restCPUPercent, decimals: 2)),
        ("bare_latency_p50_ms", ms(bareLatency.percentile(0.5))),
        ("bare_latency_p99_ms", ms(bareLatency.percentile(0.99))),
        ("bare_frame_p50_ms", ms(bareFrameCost.percentile(0.5))),
        ("bare_drag_latency_p50_ms", ms(bareDragLatency.percentile(0.5))),
        ("bare_drag_latency_p99_ms", ms(bareDragLatency.percentile(0.99))),
        ("bare_drag_latency_samples", String(bareDragLatency.count)),
        (
          "latency_p99_ratio",
          EventLog.number(lat.percentile(0.99) / max(bareLatency.percentile(0.99), 1e-6), decimals: 2)
        ),
      ]
    }

    var json: String { Bench.jsonObject(fields) }

    var text: String {
      let f = Dictionary(uniqueKeysWithValues: fields)
      return """
        detent bench --window: \(size), \(renderer) renderer, \(f["window_fps"]!) fps
          session        \(f["window_session_s"]!) s, \(f["window_frames_presented"]!) frames presented
          frame CPU      p50 \(f["window_frame_p50_ms"]!) ms  p99 \(f["window_frame_p99_ms"]!) ms  (draw + present)
          input → present  p50 \(f["window_latency_p50_ms"]!) ms  p99 \(f["window_latency_p99_ms"]!) ms  (\(f["window_latency_samples"]!) inputs)
          bare SDL loop    p50 \(f["bare_latency_p50_ms"]!) ms  p99 \(f["bare_latency_p99_ms"]!) ms  (p99 ratio \(f["latency_p99_ratio"]!))
          bare texture drag  p50 \(f["bare_drag_latency_p50_ms"]!) ms  p99 \(f["bare_drag_latency_p99_ms"]!) ms  (\(f["bare_drag_latency_samples"]!) moves; a window's worth copied per move)
          during flights   input → present p50 \(f["window_flight_latency_p50_ms"]!) ms  p99 \(f["window_flight_latency_p99_ms"]!) ms (\(f["window_flight_latency_samples"]!) inputs, \(f["window_flights"]!) flights after the drag; ratio to the bare texture drag's p99 \(f["flight_latency_p99_ratio"]!), goal ≤ 1.2; to the bare loop's \(f["flight_latency_p99_ratio_to_bar"]!))
          map drag       CPU \(f["map_drag_cpu_percent"]!) % of a core over \(f["map_drag_s"]!) s; a bare SDL program dragging one texture \(f["bare_drag_cpu_percent"]!) % (ratio \(f["map_drag_cpu_ratio"]!), goal ≤ 1.5)
          at rest        \(f["window_rest_frames_presented"]!) frames presented in \(f["window_rest_s"]!) s, CPU \(f["window_rest_cpu_percent"]!) % of a core
        """
    }
  }

  /// The session's input at times within each frame spread by a fixed low-discrepancy sequence,
  /// so arrivals fall at every phase of the program's frame.
  static func schedule(frames: Int, width: Double, height: Double, start: Double) -> [InputInjector.Item] {
    var items: [InputInjector.Item] = []
    for k in 0..<frames {
      let t = InputInjector.spread(k, from: start)
      for input in Bench.input(
        frame: k, x: Bench.sheetCentre(width: width), mapX: Bench.mapBeside(width: width), height: height)
      {
        items.append(InputInjector.Item(time: t, input: input))
      }
    }
    return items
  }

  func run() throws -> Result {
    let env = ProcessInfo.processInfo.environment
    if let driver = env["SDL_VIDEODRIVER"], driver == "dummy" || driver == "offscreen" {
      throw EnvironmentError(
        description:
          "bench --window needs a real display, not SDL_VIDEODRIVER=\(driver): unset it and run under X, "
          + "or under a virtual display: xvfb-run -a detent bench --window")
    }
    var tuning = Tuning()
    tuning.list.rows = rows
    let runner = try DemoRunner(
      tuning: tuning,
      configPath: NSTemporaryDirectory() + "detent-bench-\(UUID().uuidString).json",
      width: width, height: height, fps: nil, logEvents: false, exitAfter: nil, recordPath: nil)
    let injector = InputInjector(
      items: Self.schedule(frames: frames, width: Double(width), height: Double(height), start: 0.5))
    let clock = ContinuousClock()
    let start = clock.now
    var sessionEnd: ContinuousClock.Instant?
    var rest: (start: ContinuousClock.Instant, cpu: Double, presented: Int)?
    var restResult = (seconds: 0.0, frames: 0, cpu: 0.0)
    runner.arrival = { injector.takeArrival(count: $0) }
    runner.shouldStop = {
      // Rest: every scripted event pushed and taken from SDL's queue, and nothing moving.
      guard injector.finished, SDL_HasEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) == SDL_FALSE,
        !runner.model.needsFrames, !runner.drawPending
      else { return false }
      let now = clock.now
      guard let r = rest else {
        sessionEnd = now
        rest = (now, Self.processCPUSeconds(), runner.loopStats.presented)
        return false
      }
      let seconds = Bench.seconds(now - r.start)
      guard seconds >= restSeconds else { return false }
      restResult = (
        seconds, runner.loopStats.presented - r.presented, (Self.processCPUSeconds() - r.cpu) / seconds * 100
      )
      return true
    }
    injector.start()
    try runner.run()
    runner.profile.report("session and rest, tiles rendered \(runner.scene.map.tileRenders)")
    let session = runner.loopStats
    // The map dragged: a press beside the card (or above a full-width sheet), 120 moves at 60 Hz.
    let drag = Self.mapDrag(width: Double(width), height: Double(height))
    let dragInjector = InputInjector(items: drag)
    runner.arrival = { dragInjector.takeArrival(count: $0) }
    runner.shouldStop = {
      dragInjector.finished && SDL_HasEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) == SDL_FALSE
        && !runner.model.needsFrames && !runner.drawPending
    }
    let dragStart = clock.now
    let dragCPU = Self.processCPUSeconds()
    let (tilesBefore, buildsBefore) = (runner.scene.map.tileRenders, runner.scene.map.pan.builds)
    dragInjector.start()
    try runner.run()
    let tiles = runner.scene.map.tileRenders - tilesBefore
    let builds = runner.scene.map.pan.builds - buildsBefore
    runner.profile.report("map drag, tiles rendered \(tiles), pan buffer builds \(builds)")
    let dragSeconds = Bench.seconds(clock.now - dragStart)
    let dragPercent = (Self.processCPUSeconds() - dragCPU) / max(dragSeconds, 1e-9) * 100
    // Flights: places opened one after another from the list, the pointer moving over the map
    // while the camera flies to each (the session has one flight: too few inputs for a p99).
    let flights = InputInjector(
      items: Self.flights(count: Self.flightCount, width: Double(width), height: Double(height)))
    runner.arrival = { flights.takeArrival(count: $0) }
    runner.shouldStop = {
      flights.finished && SDL_HasEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) == SDL_FALSE
        && !runner.model.needsFrames && !runner.drawPending
    }
    let flightsBefore = runner.model.camera.flightsStarted
    flights.start()
    try runner.run()
    var measured = session
    measured.inputToPresentFlying = runner.loopStats.inputToPresentFlying
    let bareDrag = BareLoop(display: runner.display).drag(drag)
    let bare = BareLoop(display: runner.display).run(height: Double(height))
    let bareDragLatency = BareLoop(display: runner.display).dragLatency(
      width: Double(width), height: Double(height)
    ).latency
    return Result(
      size: "\(width)x\(height)", renderer: runner.display.rendererName, fps: runner.fps, session: measured,
      sessionSeconds: Bench.seconds((sessionEnd ?? clock.now) - start), restSeconds: restResult.seconds,
      restFramesPresented: restResult.frames, restCPUPercent: restResult.cpu, bareLatency: bare.latency,
      bareFrameCost: bare.frameCost, dragCPUPercent: dragPercent, bareDragCPUPercent: bareDrag.cpuPercent,
      dragSeconds: dragSeconds, bareDragLatency: bareDragLatency,
      flights: runner.model.camera.flightsStarted - flightsBefore)
  }

  /// A map drag: press on the map, 120 moves of (−6, −2) px at 60 Hz, release.
  static func mapDrag(width: Double, height: Double) -> [InputInjector.Item] {
    let (x, y) = Bench.mapPoint(beside: Bench.mapBeside(width: width), else: width / 2, height: height)
    var items = [InputInjector.Item(time: 0.2, input: .press(x: x, y: y))]
    for k in 1...120 {
      items.append(
        InputInjector.Item(
          time: 0.2 + Double(k) / 60, input: .move(x: x - Double(k) * 6, y: y - Double(k) * 2)))
    }
    items.append(
      InputInjector.Item(time: 0.2 + 121.0 / 60, input: .release(x: x - 720, y: y - 240, velocity: nil)))
    return items
  }

  /// Places opened in the flights after the map drag.
  static let flightCount = 8

  /// `count` flights: Escape (a place's sheet the session left open closes) and the sheet to its
  /// top notch (key 3), then a row of its list tapped every 1.2 s, two rows in turn (each flight
  /// goes from one place to the other), the pointer moving over the map for 32 frames while the
  /// camera flies (0.5 s), and Escape closing the place's sheet before the next.
  static func flights(count: Int, width: Double, height: Double) -> [InputInjector.Item] {
    let x = Bench.sheetCentre(width: width)
    let (mapX, mapY) = Bench.mapPoint(beside: Bench.mapBeside(width: width), else: x, height: height)
    var items = [
      InputInjector.Item(time: 0.1, input: .key("Escape")), InputInjector.Item(time: 0.6, input: .key("3")),
    ]
    for i in 0..<count {
      let t = 1.2 + Double(i) * 1.2
      let row = 300.0 + Double(i % 2) * 64
      items.append(InputInjector.Item(time: t, input: .press(x: x, y: row)))
      items.append(InputInjector.Item(time: t, input: .release(x: x, y: row, velocity: nil)))
      for k in 1...32 {
        items.append(
          InputInjector.Item(
            time: InputInjector.spread(k, from: t), input: .move(x: mapX + Double(k) * 3, y: mapY)))
      }
      items.append(InputInjector.Item(time: t + 0.75, input: .key("Escape")))
    }
    return items
  }

  /// CPU time of the whole process (every thread), seconds.
  static func processCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }
}
