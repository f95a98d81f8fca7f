@preconcurrency import CSDL2
import Detent
import Foundation

/// The interactive program: owns the window, the event pump and the frame clock, feeds input
/// and time to the model, logs events and draws. It decides no physics.
final class DemoRunner {
  let model: DemoModel
  let display: Display
  let scene: SceneRenderer
  let fps: Double
  let logEvents: Bool
  let exitAfter: Double?
  let recorder: InputRecorder?
  let configPath: String
  private var watcher: ConfigWatcher
  private var stats = FrameStats()
  private var inputs: [AppInput] = []
  private var events: [SheetEvent] = []
  private let handCursor: OpaquePointer?
  private let arrowCursor: OpaquePointer?

  init(
    tuning: Tuning, configPath: String, width: Int, height: Int, fps: Double, logEvents: Bool,
    exitAfter: Double?,
    recordPath: String?
  ) throws {
    let assets = try AssetLocator.locate()
    display = try Display(windowTitle: "Detent", width: width, height: height)
    scene = try SceneRenderer(display: display, assets: assets)
    do {
      model = try DemoModel(
        tuning: tuning, width: width, height: height, presets: Presets(assets: assets).entries)
    } catch {
      throw CLIError.input(TuningFile.message(error, path: configPath))
    }
    self.fps = fps
    self.logEvents = logEvents
    self.exitAfter = exitAfter
    recorder = recordPath.map {
      InputRecorder(path: $0, fps: fps, width: width, height: height, config: tuning)
    }
    self.configPath = configPath
    watcher = ConfigWatcher(path: configPath)
    handCursor = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_HAND)
    arrowCursor = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_ARROW)
    inputs.reserveCapacity(64)
    events.reserveCapacity(64)
  }

  deinit {
    if let handCursor { SDL_FreeCursor(handCursor) }
    if let arrowCursor { SDL_FreeCursor(arrowCursor) }
    SDL_Quit()
  }

  func run() throws {
    var pump = EventPump()
    var clock = FrameClock(fps: fps)
    let dt = 1 / fps
    var frame = 0
    var overDraggable = false
    FileHandle.standardError.write(
      "detent: ready \(Int(model.windowWidth))x\(Int(model.windowHeight)) at \(EventLog.number(fps)) fps\n"
        .data(using: .utf8)!)
    var nextReloadCheck = 0.0
    while !pump.quit && !model.quitRequested {
      let workStart = clock.elapsed
      inputs.removeAll(keepingCapacity: true)
      pump.poll(into: &inputs)
      if workStart >= nextReloadCheck {
        nextReloadCheck = workStart + Self.reloadInterval
        inputs += watcher.check(current: model.rootTuning, windowHeight: model.stack.root.availableHeight)
      }
      for input in inputs {
        if case .resize = input { display.refreshSize() }
        model.apply(input)
      }
      if model.takeSaveRequest() { save() }
      for input in model.takeRecordable() { recorder?.record(input, frame: frame) }
      model.step(dt: dt)
      model.drainEvents(into: &events)
      if logEvents, !events.isEmpty {
        for e in events { print(EventLog.line(e)) }
        detent_flush_stdout()
      }
      events.removeAll(keepingCapacity: true)
      let draggable =
        model.isDraggable(x: model.pointerX, y: model.pointerY) || model.pointerDown && !model.panning
      if draggable != overDraggable {
        SDL_SetCursor(draggable ? handCursor : arrowCursor)
        overDraggable = draggable
      }
      scene.render(model, stats: stats, fps: fps)
      display.present()
      stats.record(clock.elapsed - workStart)
      frame += 1
      if let exitAfter, clock.elapsed >= exitAfter { break }
      clock.wait()
    }
    try recorder?.finish(frames: frame, model: model)
  }

  /// Seconds between checks of the tuning file on disk (hot reload).
  static let reloadInterval = 0.25

  /// Writes the tuning to the config file atomically (S or Save) and says so in the panel.
  private func save() {
    do {
      try TuningFile.save(model.rootTuning, to: configPath)
      watcher.noteSaved()
      model.apply(.status("saved \(configPath)", isError: false))
    } catch {
      model.apply(.status("\(error)", isError: true))
    }
  }
}
