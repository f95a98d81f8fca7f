@preconcurrency import CSDL2
import Detent
import Foundation

/// The benchmark: a fixed scripted session through the demo's model and renderer, headless with
/// the software renderer, timed per frame; plus the floor, the engine step alone, start-up and RSS.
struct Bench {
  let frames: Int
  let rows: Int
  let width: Int
  let height: Int
  /// The list's row heights (a repeating pattern); nil keeps the tuning's 64 px.
  var rowHeights: [Double]? = nil
  /// Device pixels per point (`--scale`): the session is drawn at width·scale × height·scale.
  var scale = 1

  static func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
  }

  /// The calling thread's CPU time, seconds.
  static func threadCPU() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }

  static func currentRSSMiB() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let parts = text.split(separator: " ")
    guard parts.count > 1, let pages = Double(parts[1]) else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
  }

  /// The horizontal centre of the default tuning's sheet in a window `width` wide (the card's
  /// centre in the card layout): where the script presses, so its drags move the sheet.
  static func sheetCentre(width: Double) -> Double {
    let frame = Tuning().layout.frame(windowWidth: width)
    return frame.x + frame.width / 2
  }

  /// A point of the map beside the default tuning's card in a window `width` wide (the middle
  /// of the wider side), or nil when the sheet takes the whole width.
  static func mapBeside(width: Double) -> Double? {
    let frame = Tuning().layout.frame(windowWidth: width)
    guard frame.width < width else { return nil }
    let right = width - frame.x - frame.width
    return frame.x >= right ? frame.x / 2 : frame.x + frame.width + right / 2
  }

  /// Where the bench presses the map: at `mapX` beside a card, half-way down the window `height`
  /// tall; with no map beside the sheet (nil: a full-width sheet), at `x`, 60 px from the top,
  /// above the sheet.
  static func mapPoint(beside mapX: Double?, else x: Double, height: Double) -> (x: Double, y: Double) {
    mapX.map { ($0, height / 2) } ?? (x, 60)
  }

  /// The scripted input for frame `k`, pressing at `x` (the sheet) and at `mapX` (the map, beside
  /// a card; nil: the sheet is full-width, the map is pressed above it): a loop of drags,
  /// flicks, settles, list scrolling with hand-off, wheel, a backdrop tap, a map pan, zooms in
  /// and out with the wheel, and a push and pop of a detail sheet (the map flies to the place).
  /// Each loop starts where the last one ended, so later loops pan and zoom over new ground.
  static func input(frame k: Int, x: Double, mapX: Double? = nil, height: Double) -> [AppInput] {
    let k = k % 600
    let (panX, panY) = mapPoint(beside: mapX, else: x, height: height)
    switch k {
    // A tap on the dimmed backdrop (the sheet is at its top notch) lowers it; once the map is
    // no longer dimmed a drag pans it for a second.
    case 110: return [.press(x: panX, y: panY), .release(x: panX, y: panY, velocity: nil)]
    case 130: return [.press(x: panX, y: panY)]
    case 131...190: return [.move(x: panX - Double(k - 130) * 6, y: panY - Double(k - 130) * 2)]
    case 191: return [.release(x: panX - 360, y: panY - 120, velocity: nil)]
    // The sheet to its lowest notch first, so that it dims the map at no window size (the
    // wheel leaves a dimmed map alone: in a 3840×2160 window the drag above leaves it dimming).
    case 294: return [.key("1")]
    case 300...303: return [.wheel(x: panX, y: panY, dy: -1)]
    case 330...333: return [.wheel(x: panX, y: panY, dy: 1)]
    case 0: return [.press(x: x, y: height - 110)]
    case 1...12: return [.move(x: x, y: height - 110 - Double(k) * 50)]
    case 13: return [.release(x: x, y: height - 710, velocity: nil)]
    case 80: return [.press(x: x, y: height - 150)]
    case 81...100: return [.move(x: x, y: height - 150 - Double(k - 80) * 25)]
    case 101: return [.release(x: x, y: height - 650, velocity: nil)]
    case 200...229: return [.wheel(x: x, y: height / 2, dy: 1)]
    case 240: return [.press(x: x, y: 300)]
    case 241...290: return [.move(x: x, y: 300 + Double(k - 240) * 8)]
    case 291: return [.release(x: x, y: 700, velocity: nil)]
    case 360: return [.key("3")]
    case 420: return [.press(x: x, y: 20), .release(x: x, y: 20, velocity: nil)]
    case 470: return [.key("3")]
    case 520: return [.press(x: x, y: 300), .release(x: x, y: 300, velocity: nil)]
    // The pointer moves over the map while the camera flies to the place (input during a flight).
    case 521...549: return [.move(x: panX + Double(k - 521) * 3, y: panY)]
    case 570: return [.key("Escape")]
    case 590: return [.key("1")]
    default: return []
    }
  }

  func run() throws -> Result {
    let start = ContinuousClock.now
    let clock = ContinuousClock()
    let assets = try AssetLocator.locate()
    let display = try Display(offscreenWidth: width, height: height, scale: scale)
    let scene = try SceneRenderer(display: display, assets: assets)
    scene.drawProgressively()
    var tuning = Tuning()
    tuning.list.rows = rows
    if let rowHeights { tuning.list.rowHeights = RowPattern(rowHeights) }
    let model: DemoModel
    do {
      model = try DemoModel(tuning: tuning, width: width, height: height)
    } catch {
      throw CLIError.input("bench: the default tuning does not fit a \(width)x\(height) window: \(error)")
    }
    let dt = 1.0 / 60
    let sheetX = Self.sheetCentre(width: Double(width))
    let mapX = Self.mapBeside(width: Double(width))
    var frameTimes = Histogram()
    var events: [SheetEvent] = []
    events.reserveCapacity(64)
    var startMs = 0.0
    var rssAt1000: Double?
    // The floor: the same renderer presenting a cleared frame plus one full-window texture
    // copy. One floor frame follows every session frame, so that both see the same state of
    // the machine (and of its caches).
    let floor = FloorFrame(display: display)
    var floorTimes = Histogram()
    var frameCPU = Histogram()
    var floorCPU = Histogram()
    var byKind = KindTimes()
    // `DETENT_PROFILE=phases`: each frame slower than 1.5× its floor frame is printed to stderr
    // with its kind and phases (the map's inner phases too), and the means at the end.
    let profile = PhaseProfile(renderer: display.renderer)
    if profile.mode == .phases {
      scene.profile = profile
      scene.map.profile = profile
    }
    // `DETENT_PROFILE=frames`: every frame on stderr, with the textures it made.
    let everyFrame = profile.mode == .frames
    func made() -> Int { scene.texturesMade }
    for k in 0..<frames {
      let madeBefore = everyFrame ? made() : 0
      scene.profile?.begin()
      let c0 = Self.threadCPU()
      let t0 = clock.now
      for input in Self.input(frame: k, x: sheetX, mapX: mapX, height: Double(height)) { model.apply(input) }
      model.step(dt: dt)
      model.drainEvents(into: &events)
      events.removeAll(keepingCapacity: true)
      scene.render(model)
      display.present()
      scene.profile?.mark("present")
      // The first frame (map generation, first text) is the start-up figure; frame statistics
      // cover the frames after it.
      if k == 0 {
        startMs = Self.seconds(clock.now - start) * 1000
        // The floor's full-window image: the map, opaque, rendered once.
        floor.prepare(map: scene.map, camera: model.camera, pins: model.pins, text: scene.text)
      } else {
        let wall = Self.seconds(clock.now - t0)
        let cpu = Self.threadCPU() - c0
        frameTimes.record(wall)
        frameCPU.record(cpu)
        byKind.record(scene.map.lastKind, wall: wall, cpu: cpu)
        if everyFrame {
          FileHandle.standardError.write(
            String(
              format: "frame %d %@ %.3f ms, %d textures made\n", k, scene.map.lastKind.name, wall * 1000,
              made() - madeBefore
            ).data(using: .utf8)!)
        }
        let f0 = clock.now
        let fc0 = Self.threadCPU()
        floor.frame()
        floorTimes.record(Self.seconds(clock.now - f0))
        floorCPU.record(Self.threadCPU() - fc0)
        scene.profile?.line(
          frame: k, kind: scene.map.lastKind.name, slow: 1.5 * Self.seconds(clock.now - f0))
      }
      if k == 999 { rssAt1000 = Self.currentRSSMiB() }
    }
    scene.profile?.report("bench, \(width)x\(height)")
    let rssEnd = Self.currentRSSMiB()
    // Tiles the worker still paints for the last frames are waited for and uploaded (outside
    // the frames measured), so the tile figures count a settled map and the worker is idle
    // while the engine step's heap is measured.
    scene.map.scheduler.finishWorker()
    // A short session still gets a floor of 60 frames (the image was prepared after frame 0).
    while floorTimes.count < 60 {
      let f0 = clock.now
      let fc0 = Self.threadCPU()
      floor.frame()
      floorTimes.record(Self.seconds(clock.now - f0))
      floorCPU.record(Self.threadCPU() - fc0)
    }
    // Engine step alone, steady state: a settle, then rest; heap in use before and after.
    var sheet = model.stack.root
    var stepNs: [Double] = []
    stepNs.reserveCapacity(20_000)
    sheet.move(to: 0, animated: true)
    var sink: [SheetEvent] = []
    sink.reserveCapacity(64)
    for _ in 0..<100 {
      sheet.step(dt: dt)
      sheet.drainEvents(into: &sink)
      sink.removeAll(keepingCapacity: true)
    }
    let heapBefore = detent_heap_in_use()
    for i in 0..<20_000 {
      if i % 2000 == 0 { sheet.move(to: (i / 2000) % sheet.notches.count, animated: true) }
      let t0 = clock.now
      sheet.step(dt: dt)
      stepNs.append(Self.seconds(clock.now - t0) * 1e9)
      sheet.drainEvents(into: &sink)
      sink.removeAll(keepingCapacity: true)
    }
    let heapAfter = detent_heap_in_use()
    var result = Result(
      frames: frames, rows: rows, rowHeights: tuning.list.rowHeights.heights, width: width, height: height,
      scale: scale, frame: frameTimes, stepNs: stepNs,
      floor: floorTimes, startMs: startMs,
      peakRSSMiB: Double(detent_peak_rss_kib()) / 1024,
      rssAt1000MiB: rssAt1000,
      rssEndMiB: rssEnd, heapDriftBytes: heapAfter - heapBefore, mapRenders: scene.map.renders,
      tileRenders: scene.map.tileRenders, tileCacheTiles: scene.map.cache.count,
      tileCacheMiB: Double(scene.map.cache.bytes) / 1_048_576,
      tileCacheCapMiB: Double(scene.map.cache.capBytes) / 1_048_576,
      textTextures: scene.text.renders)
    let tiles = scene.map.scheduler
    result.tilesOnWorker = tiles.workerTiles
    result.tileUploads = tiles.tileUploads
    result.tileRequestsDropped = tiles.droppedRequests
    result.tileWorkerCPUSeconds = tiles.workerCPUSeconds
    result.frameCPU = frameCPU
    result.floorCPU = floorCPU
    result.byKind = byKind
    return result
  }
}

/// The bench's floor frame: a cleared frame plus one full-window opaque texture copy, presented.
final class FloorFrame {
  private let display: Display
  private var texture: OpaquePointer?

  init(display: Display) { self.display = display }

  deinit { if let texture { SDL_DestroyTexture(texture) } }

  /// Renders the full-window image (the map for `camera`) into the floor's texture, once.
  func prepare(map: MapRenderer, camera: MapCamera, pins: MapPins, text: TextCache) {
    guard texture == nil else { return }
    texture = SDL_CreateTexture(
      display.renderer, detent_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
      Int32(display.pixelWidth), Int32(display.pixelHeight))
    guard let texture else { return }
    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
    display.canvas.target(texture)
    map.render(
      camera: camera, pins: pins, width: display.width, height: display.height, canvas: display.canvas,
      text: text)
    display.canvas.target(nil)
  }

  /// One floor frame.
  func frame() {
    display.canvas.clear(Color(hex: 0x808080))
    if let texture {
      display.canvas.draw(texture, x: 0, y: 0, w: Double(display.width), h: Double(display.height))
    }
    display.present()
  }
}
