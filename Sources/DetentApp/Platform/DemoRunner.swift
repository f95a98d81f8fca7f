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
  /// Which tuning was loaded from where, for the ready line.
  private let tuningSource: String
  private let handCursor: OpaquePointer?
  private let arrowCursor: OpaquePointer?
  /// Frame and input timing for debugging (`DETENT_PROFILE=phases` or `latency`).
  let profile: PhaseProfile

  init(
    tuning: Tuning, configPath: String, configRead: Bool = true, width: Int, height: Int, fps: Double?,
    logEvents: Bool, exitAfter: Double?, recordPath: String?, tuningSource: String = "the default tuning",
    scale: Int? = nil
  ) throws {
    self.tuningSource = tuningSource
    let assets = try AssetLocator.locate()
    let display = try Display(windowTitle: "Detent", width: width, height: height, scale: scale)
    let scene = try SceneRenderer(display: display, assets: assets)
    // A software window's surface known, the storage kept views need is made ahead for it.
    display.drawing { scene.drawProgressively() }
    (self.display, self.scene) = (display, scene)
    profile = PhaseProfile(renderer: display.renderer)
    scene.profile = profile.mode == .phases ? profile : nil
    scene.map.profile = scene.profile
    do {
      model = try DemoModel(
        tuning: tuning, width: width, height: height, presets: Presets(assets: assets).entries,
        tuningPath: configPath)
    } catch {
      // Only a file that was read is named (the defaults fit any window: see DemoModel).
      throw CLIError.input(configRead ? TuningFile.message(error, path: configPath) : "the tuning: \(error)")
    }
    // The display's refresh rate unless --fps says otherwise (60 when SDL reports none).
    let fps = fps ?? display.refreshRate ?? 60
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
    // SDL ends with the window (`RendererOwner`), once the scene's textures are gone.
  }

  /// What the loop measured, for the HUD and `bench --window`.
  struct LoopStats {
    /// Wall time of each drawn frame, from the start of drawing to the end of present (s).
    var frameCost = Histogram()
    /// From the arrival of the input that woke a frame (SDL's event time) to the end of its
    /// present (ms, SDL tick resolution).
    var inputToPresent = Histogram()
    /// The same, for the inputs read while the map's camera was flying (not the input that
    /// started the flight).
    var inputToPresentFlying = Histogram()
    /// Frames drawn and presented.
    var presented = 0
    /// Engine frames stepped.
    var stepped = 0
  }

  /// Measurements so far.
  private(set) var loopStats = LoopStats()
  /// Ends the loop when it returns true (checked once per wake).
  var shouldStop: (() -> Bool)?
  /// Whether a frame is still to be drawn for what changed (a motion's last frame comes a frame
  /// after the one before it, after the model stopped moving).
  private(set) var drawPending = false
  /// When the oldest of the `count` device events just read arrived (uptime ns), for a caller
  /// that knows it more precisely than SDL's millisecond timestamps (the window bench).
  var arrival: ((_ count: Int) -> UInt64?)?

  /// The loop. Engine time runs on a fixed grid of 1/fps frames, so a recording replays
  /// exactly; drawing happens on demand: when input arrives (applied and presented at once,
  /// without waiting for a tick), a frame apart while something moves (`FramePacer`), and never
  /// at rest, when the program sleeps in SDL's event wait until input or a timer (hot reload, a
  /// shown HUD).
  func run() throws {
    var pump = EventPump()
    pump.unitsPerPoint = display.windowUnitsPerPoint
    let clock = FrameClock(fps: fps)
    let dt = 1 / fps
    var frame = 0
    var overDraggable = false
    var nextReloadCheck = 0.0
    var nextHUD = 0.0
    var dirty = true
    // When to draw: input at once, motion a frame after the last frame (`FramePacer`).
    var pacer = FramePacer(dt: dt)
    var inputDirty = false
    var pendingTicks: UInt32?
    var pendingArrival: UInt64?
    // Whether the camera was flying when the oldest input not yet shown was read: an input that
    // starts a flight (a tap opening a place) is not an input during one.
    var pendingFlying = false
    var readAt: UInt64 = 0
    FileHandle.standardError.write(
      "detent: ready \(Int(model.windowWidth))x\(Int(model.windowHeight)) at \(EventLog.number(fps)) fps (\(display.rendererName)); \(tuningSource)\n"
        .data(using: .utf8)!)
    // What the inputs of a wake ask for (save, copy, quit): done once they all applied.
    var effects: [AppEffect] = []
    var quitting = false
    while !pump.quit && !quitting {
      var deadline = min(nextReloadCheck, model.hudShown ? nextHUD : .infinity)
      // Map tiles painted off the main thread are shown on the frames after they arrive.
      let tilesPending = scene.map.tilesPending
      if model.needsFrames || tilesPending { deadline = min(deadline, Double(frame + 1) * dt) }
      if let due = pacer.due(changed: dirty, input: inputDirty) { deadline = min(deadline, due) }
      if let exitAfter { deadline = min(deadline, exitAfter) }
      // At rest (nothing to draw), what a tap may need next is drawn ahead, once.
      if !dirty, !model.needsFrames, !tilesPending {
        display.drawing { scene.drawAhead(model) }
      }
      pump.wait(seconds: deadline - clock.elapsed)
      // Engine frames that are due run first (none while nothing moves changes the screen).
      let now = clock.elapsed
      let due = Int((now / dt).rounded(.down))
      var tick = false
      if due > frame {
        let wasMoving = model.needsFrames
        // Far behind (a stalled process): catch up without replaying every frame's drawing.
        while frame < due {
          model.step(dt: dt)
          frame += 1
          loopStats.stepped += 1
        }
        printEvents()
        if wasMoving || tilesPending { dirty = true }
        tick = wasMoving
      }
      // Input, as late as possible: applied at the start of the current frame and shown at once.
      inputs.removeAll(keepingCapacity: true)
      pump.poll(into: &inputs)
      // Uncovered: the same frame drawn again (nothing in the model changed).
      if pump.exposed { dirty = true }
      if pendingTicks == nil, pendingArrival == nil, !inputs.isEmpty { pendingFlying = model.camera.isFlying }
      if pendingTicks == nil { pendingTicks = pump.oldestInputTicks }
      if pump.deviceEvents > 0, let arrived = arrival?(pump.deviceEvents), pendingArrival == nil {
        pendingArrival = arrived
        readAt = DispatchTime.now().uptimeNanoseconds
      }
      if now >= nextReloadCheck {
        nextReloadCheck = now + Self.reloadInterval
        let reload = watcher.check(
          current: model.rootTuning, windowWidth: model.stack.root.windowWidth,
          windowHeight: model.stack.root.windowHeight - model.stack.root.keyboardInset)
        // Hot-reload errors also go to stderr: a terminal or a log sees them, not only the panel.
        for case .status(let message, true) in reload {
          DetentCommand.printError(Message.oneLine(message))
        }
        inputs += reload
      }
      if model.hudShown, now >= nextHUD {
        nextHUD = now + Self.hudInterval
        dirty = true
      }
      if !inputs.isEmpty {
        for input in inputs {
          if case .resize = input { display.refreshSize() }
          effects += model.apply(input)
        }
        quitting = perform(effects)
        effects.removeAll(keepingCapacity: true)
        for r in model.takeRecordable() { recorder?.record(r.input, target: r.target, frame: frame) }
        printEvents()
        updateCursor(&overDraggable)
        dirty = true
        inputDirty = true
      }
      if pacer.draws(at: clock.elapsed, changed: dirty, input: inputDirty, tick: tick) {
        let drawStart = clock.elapsed
        let drawStartNs = DispatchTime.now().uptimeNanoseconds
        let drawStartCPU = profile.mode == .latency ? WindowBench.processCPUSeconds() : 0
        let tilesBefore = scene.map.tileRenders
        profile.begin()
        display.drawing { scene.render(model, stats: stats, fps: fps, renderer: display.rendererName) }
        display.present()
        profile.mark("present")
        profile.end(flying: model.camera.isFlying)
        let cost = clock.elapsed - drawStart
        stats.record(cost)
        loopStats.frameCost.record(cost)
        loopStats.presented += 1
        var latency: Double?
        if let pendingArrival {
          latency = Double(DispatchTime.now().uptimeNanoseconds - pendingArrival) / 1e9
        } else if let pendingTicks {
          latency = Double(SDL_GetTicks() &- pendingTicks) / 1000
        }
        if let latency {
          loopStats.inputToPresent.record(latency)
          if pendingFlying { loopStats.inputToPresentFlying.record(latency) }
          if let pendingArrival {
            profile.input(
              latency: latency, flying: pendingFlying, arrived: pendingArrival, read: readAt,
              drawn: drawStartNs, cost: cost, cpu: WindowBench.processCPUSeconds() - drawStartCPU,
              tiles: scene.map.tileRenders - tilesBefore)
          }
        }
        pendingArrival = nil
        pendingTicks = nil
        pendingFlying = false
        pacer.drew(at: drawStart, input: inputDirty)
        inputDirty = false
        dirty = false
      }
      if let exitAfter, clock.elapsed >= exitAfter { break }
      drawPending = dirty
      if shouldStop?() == true { break }
    }
    try recorder?.finish(frames: frame, model: model)
  }

  /// Prints the engine events so far (`--log-events`), flushed at once.
  private func printEvents() {
    model.drainEvents(into: &events)
    if logEvents, !events.isEmpty {
      for e in events { print(EventLog.line(e)) }
      detent_flush_stdout()
    }
    events.removeAll(keepingCapacity: true)
  }

  private func updateCursor(_ overDraggable: inout Bool) {
    let draggable =
      model.isDraggable(x: model.pointerX, y: model.pointerY) || model.pointerDown && !model.panning
    if draggable != overDraggable {
      SDL_SetCursor(draggable ? handCursor : arrowCursor)
      overDraggable = draggable
    }
  }

  /// Seconds between HUD refreshes while nothing else redraws.
  static let hudInterval = 0.25

  /// Seconds between checks of the tuning file on disk (hot reload).
  static let reloadInterval = 0.25

  /// Does what the inputs asked, in order; true when one asked to quit (the loop ends after
  /// this wake). The status lines it applies ask for nothing.
  private func perform(_ effects: [AppEffect]) -> Bool {
    var quit = false
    for effect in effects {
      switch effect {
      case .saveTuning(let path, let text): save(text, to: path)
      case .copyToClipboard(let text):
        if SDL_SetClipboardText(text) != 0 {
          model.apply(
            .status("could not use the clipboard: \(String(cString: SDL_GetError()))", isError: true))
        }
      case .quit: quit = true
      }
    }
    return quit
  }

  /// Writes the tuning's text to its file atomically (S or Save) and says so in the panel.
  private func save(_ text: String, to path: String) {
    do {
      try OutputFile.write(text, to: path)
      watcher.noteSaved()
      model.apply(.status("saved \(path)", isError: false))
    } catch {
      DetentCommand.printError(Message.oneLine("\(error)"))
      model.apply(.status("\(error)", isError: true))
    }
  }
}
