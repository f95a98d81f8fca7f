@preconcurrency import CSDL2

/// Which of the map's tiles show in a frame and which get rendered: a pan or a flight copies
/// tiles and renders only those that come into view (and were not rendered ahead); a zoom shows
/// the nearest level already held, scaled, and renders the exact level once the zoom has
/// settled (held still for `settleFrames` frames drawn, or as long by the camera's clock);
/// tiles are rendered ahead of need (around the view, along a flight's path), never past the
/// cache's cap.
///
/// Not `progressive` (shots, goldens, tests): every visible tile missing is rendered in the
/// frame that needs it (a zoom's, once settled: its whole view at once), on the calling thread,
/// and `tileBudget` tiles ahead of need a frame.
/// `progressive` (the demo, the bench): after the first frame (`paintsFirstView`) no tile is
/// painted on the main thread; the tiles a frame lacks are asked of a `TileWorker` (visible ones centre first, then ahead of need), and each
/// frame uploads at most `uploads(width:height:)` of those it finished. Until a tile arrives,
/// the nearest level held stands in, scaled, or the land's colour (`MapPainter.land`) shows.
final class TileScheduler {
  /// Frames the zoom must hold still before tiles at that zoom are rendered (while the nearest
  /// level held stands in, scaled): frames drawn at that zoom, or as much model time since the
  /// camera's zoom changed (a shot drawn a second after a zoom, its first frame at that zoom,
  /// shows it settled, as the window does by then).
  static let settleFrames = 8
  /// `settleFrames` in seconds of model time (at 60 frames a second).
  static let settleSeconds = (Double(settleFrames) - 0.5) / 60
  /// Tiles rendered ahead of need per frame when not progressive.
  static let tileBudget = 2
  /// Textures uploaded per frame at most (progressive): the tiles the worker finished, then the
  /// ground alone of tiles uploaded before. The main thread's only per-tile cost: ~0.12 ms a
  /// texture on the software renderer (a new 256 KiB surface, zeroed, then the copy).
  static let uploadBudget = 2

  let map: CityMap
  /// The tiles held.
  let cache: TileCache
  /// The tiles placed for the current frame.
  let layer = TileLayer()
  let tileSize = TileCache.size
  private var tiler: TileRenderer?
  /// Paints tiles off the main thread when progressive (nil until the first progressive frame,
  /// or when it could not start: tiles are then rendered as when not progressive).
  var worker: TileWorker?
  private var workerFailed = false
  /// The canvas whose renderer the worker's tiles are uploaded into.
  var uploadTarget: Canvas?
  /// Whether tiles keep their labelled pixels beside their texture, for the pan buffer to
  /// upload into its pages (`MapTile.labelledPixels`): nil (the default) on GPU renderers, where
  /// the pan buffer is used; the tests turn it on with the pan buffer on the software renderer.
  var keepsLabelled: Bool?
  /// What was last asked of the worker, and the keys in it.
  var requested: [TileKey] = []
  var asks: [TileKey] = []
  var asked: Set<TileKey> = []
  /// Tiles uploaded without their ground alone, uploaded a few a frame after them.
  var groundsPending: [TileKey] = []
  /// Tiles from the worker held back while the view refines in place (progressive only).
  var hold = ArrivalHold()
  /// Whether the last frame showed a scaled level standing in for tiles still missing.
  private var standingIn = false
  var frame = 0
  private var lastZoom = Double.nan
  var stableFrames = 0
  /// Whether this frame's zoom has held still long enough for its exact level (`settleFrames`).
  var settled = false
  var wanted: [TileKey] = []
  /// Tiles a page of the pan buffer being composed ahead waits for (`PanBuffer`), rendered
  /// ahead after the flight's path.
  var pageWants: [TileKey] = []
  /// Visible tiles of the current frame's grid not held yet (progressive only).
  var holes = 0
  /// Whether tiles are painted off the main thread (after the first frame, `paintsFirstView`),
  /// the view showing the nearest level scaled or the land until they arrive (what a user sees:
  /// the demo, the bench); false renders every
  /// visible tile in the frame that needs it (shots, goldens: the settled image at once).
  var progressive = false
  /// Whether the first progressive frame paints its visible tiles, half on this thread and half
  /// on the worker, waited for (the demo and the bench: the map whole from the first frame,
  /// about 10 ms at 1280×800, 45–60 at 3840×2160); off, they are asked of the worker like any
  /// other, the land showing until they arrive.
  /// Painted by the worker instead, the 16 tiles of a 1280×800 view arrived over the first 12–17
  /// frames, which the worker's painting slowed (0.4–0.6 ms), and the view then refined and was
  /// kept in 5 frames more (0.6–0.77 ms against a floor of 0.26–0.33 in the bench).
  var paintsFirstView = false
  /// Frames in which at least one tile was rendered or uploaded.
  private(set) var renders = 0
  /// Tiles from the worker uploaded so far.
  private(set) var tileUploads = 0
  /// Tiles rendered so far: on the main thread and on the worker.
  var tileRenders: Int { (tiler?.renders ?? 0) + (worker?.painted ?? 0) }
  /// Tiles painted on the worker's thread so far.
  var workerTiles: Int { worker?.painted ?? 0 }
  /// CPU seconds the worker's thread spent painting.
  var workerCPUSeconds: Double { worker?.cpuSeconds ?? 0 }
  /// Requests to the worker replaced before they were painted (the view moved on).
  var droppedRequests: Int { worker?.dropped ?? 0 }
  /// Whether the worker has tiles asked for, in progress or not uploaded yet, tiles are held
  /// back, or the view lacks tiles of a zoom not settled yet (a level standing in, scaled): the
  /// demo keeps drawing frames until they are shown. A zoom's exact level is asked for once the
  /// zoom has settled (`settleFrames`): without frames after the zoom ended, the window kept the
  /// level standing in until the next input. Once settled the worker's own work says it (a tile
  /// it could not paint does not keep frames coming).
  var pending: Bool {
    (worker?.pending ?? false) || !hold.tiles.isEmpty || (worker != nil && holes > 0 && !settled)
  }
  /// Whether this frame's arrivals are held back (`ArrivalHold`): the view will not change until
  /// they are shown together.
  var holdsArrivals: Bool { hold.active }

  init(map: CityMap, cacheBytes: Int = TileCache.defaultCapBytes) {
    self.map = map
    cache = TileCache(capBytes: cacheBytes)
    wanted.reserveCapacity(256)
  }

  /// Stops the worker (and waits for its thread to release its renderer) before the tiles go.
  deinit { worker?.stop() }

  /// Places the layer's tiles for `camera` in a view `width`×`height`, rendering what this
  /// frame may, and returns the zoom (snapped) and the view's top-left world pixel at that zoom
  /// (whole pixels when `exact`: the exact level's grid; else a scaled stand-in).
  func place(
    camera: MapCamera, width: Int, height: Int, canvas: Canvas, text: TextCache
  ) -> (zoom: Double, x: Double, y: Double, exact: Bool) {
    frame += 1
    // Zoom levels a few steps of the wheel apart that should meet (1.1⁴ then 1.1⁻⁴) share tiles.
    let z = (camera.zoom * 1e6).rounded() / 1e6
    if z != lastZoom {
      lastZoom = z
      stableFrames = 0
    } else {
      stableFrames += 1
    }
    settled = stableFrames >= Self.settleFrames || camera.zoomHeld >= Self.settleSeconds
    let (ox, oy) = (camera.centerX * z - Double(width) / 2, camera.centerY * z - Double(height) / 2)
    let exactX = ox.rounded()
    let exactY = oy.rounded()
    // The first progressive frame paints its visible tiles when asked (half here, half on the
    // worker: the map whole in the first frame, not the land filled in over the next ones).
    let paintedFirst =
      progressive && paintsFirstView && worker == nil && !workerFailed
      ? paintFirstView(
        zoom: z, x: exactX, y: exactY, width: width, height: height, canvas: canvas, text: text)
      : 0
    if paintedFirst > 0 { renders += 1 }
    if progressive, startWorker(canvas: canvas, text: text) {
      // Tiles held back while the view refined in place are shown once it moves.
      let released = show(
        hold.begin(
          view: ArrivalHold.View(zoom: z, x: ox, y: oy, width: width, height: height), missing: holes > 0))
      // A frame where a scaled level stands in costs several plain ones already (labels drawn
      // live, ~11 ms at 3840×2160): its tiles come `uploadBudget` a frame.
      let uploaded = deliver(
        limit: standingIn ? Self.uploadBudget : Self.uploads(width: width, height: height))
      let refined = releaseIfComplete(zoom: z, x: exactX, y: exactY, width: width, height: height)
      if uploaded + released + refined > 0 { renders += 1 }
      let exact = placeFromWorker(
        camera: camera, zoom: z, x: exactX, y: exactY, scaledX: ox, scaledY: oy, width: width,
        height: height)
      standingIn = !exact
      return exact ? (z, exactX, exactY, true) : (z, ox, oy, false)
    }
    makeTiler(canvas: canvas, text: text)
    let rendersBefore = tileRenders
    let exact = placeTiles(
      zoom: z, x: exactX, y: exactY, scaledX: ox, scaledY: oy, width: width, height: height, canvas: canvas)
    if exact {
      prefetch(
        camera: camera, x: exactX, y: exactY, width: width, height: height, budget: Self.tileBudget,
        canvas: canvas)
    }
    // (Counted once with the first view's tiles when the worker could not start.)
    if tileRenders > rendersBefore, paintedFirst == 0 { renders += 1 }
    return exact ? (z, exactX, exactY, true) : (z, ox, oy, false)
  }

  /// The tile at `key` if it is held, marked as used in the current frame (`PanBuffer`).
  func tile(_ key: TileKey) -> MapTile? { cache.tile(key, frame: frame) }

  /// Counts tiles from the worker uploaded.
  func noteUploads(_ count: Int) { tileUploads += count }

  /// Starts the worker on the first progressive frame; false when it cannot paint (then tiles
  /// are rendered on this thread, as when not progressive).
  private func startWorker(canvas: Canvas, text: TextCache) -> Bool {
    if workerFailed { return false }
    if let worker {
      guard worker.failed else { return true }
      worker.stop()
      self.worker = nil
      workerFailed = true
      return false
    }
    let (map, size, scale, fonts) = (map, tileSize, canvas.scale, text.fontFiles)
    let keep = canvas.isSoftware
    uploadTarget = canvas
    worker = TileWorker {
      TilePainter(map: map, size: size, scale: scale, fonts: fonts, keepPixels: keep)
    }
    return true
  }

  /// The range of tiles of `size` px covering `length` px from world pixel `origin`.
  static func span(_ origin: Double, _ length: Int, size: Double) -> ClosedRange<Int> {
    Int((origin / size).rounded(.down))...Int(((origin + Double(length) - 1) / size).rounded(.down))
  }

  /// Fills `wanted` with the tiles of the view at (`x`, `y`) not held at zoom `z`, and returns
  /// the nearest level held that can stand in for them, scaled (nil: none missing or none held).
  func findMissing(
    zoom z: Double, x: Double, y: Double, scaledX: Double, scaledY: Double, width: Int, height: Int
  ) -> Double? {
    let size = Double(tileSize)
    wanted.removeAll(keepingCapacity: true)
    for j in Self.span(y, height, size: size) {
      for i in Self.span(x, width, size: size) where !cache.contains(TileKey(zoom: z, x: i, y: j)) {
        wanted.append(TileKey(zoom: z, x: i, y: j))
      }
    }
    return wanted.isEmpty ? nil : nearestLevel(to: z, x: scaledX, y: scaledY, width: width, height: height)
  }

  /// Orders `wanted` by the distance of each tile's centre from the view's centre.
  func sortWantedCentreFirst(x: Double, y: Double, width: Int, height: Int) {
    let size = Double(tileSize)
    let cx = (x + Double(width) / 2) / size
    let cy = (y + Double(height) / 2) / size
    wanted.sort {
      let a = (Double($0.x) + 0.5 - cx, Double($0.y) + 0.5 - cy)
      let b = (Double($1.x) + 0.5 - cx, Double($1.y) + 0.5 - cy)
      return a.0 * a.0 + a.1 * a.1 < b.0 * b.0 + b.1 * b.1
    }
  }

  /// Paints the visible tiles of the view at (`x`, `y`) at zoom `z` not held yet, half on this
  /// thread and half on the worker, started now, and puts them in the cache; returns how many.
  private func paintFirstView(
    zoom z: Double, x: Double, y: Double, width: Int, height: Int, canvas: Canvas, text: TextCache
  ) -> Int {
    makeTiler(canvas: canvas, text: text)
    _ = findMissing(zoom: z, x: x, y: y, scaledX: x, scaledY: y, width: width, height: height)
    let keys = wanted
    let here = startWorker(canvas: canvas, text: text) ? (keys.count + 1) / 2 : keys.count
    if here < keys.count {
      requested = Array(keys[here...])
      worker?.submit(requested)
    }
    // Their textures wait as pixels where the worker's would (`defersTextures`).
    let deferred = Self.defersTextures(canvas)
    var painted = keys[..<here].reduce(0) {
      $0 + (render($1, canvas: canvas, deferTexture: deferred) == nil ? 0 : 1)
    }
    // Waited for and uploaded until all are in (the worker holds at most 48 finished tiles,
    // then waits for them to be collected: a 3840×2160 view's 72 took two rounds); their grounds
    // alone come later, a few a frame, as for any tile from the worker.
    while here < keys.count, worker?.pending == true {
      waitForWorker()
      painted += deliver(limit: keys.count - here)
    }
    return painted
  }

  /// Makes the painter of tiles on this thread on first use.
  private func makeTiler(canvas: Canvas, text: TextCache) {
    guard tiler == nil else { return }
    tiler = TileRenderer(
      map: map, size: tileSize, scale: canvas.scale, text: text, keepPixels: canvas.isSoftware)
  }

  /// Renders the tile at `key` on this thread (frames that are not progressive, and the first
  /// view's half) and puts it in the cache.
  func render(_ key: TileKey, canvas: Canvas, deferTexture: Bool = false) -> MapTile? {
    guard
      let tile = tiler?.render(
        key, for: canvas, frame: frame, deferTexture: deferTexture, keepsLabelled: keepsLabelled(canvas))
    else { return nil }
    cache.insert(tile, at: key, frame: frame)
    return tile
  }

  /// Fills the layer for this frame, rendering every visible tile missing (not progressive);
  /// true when it is the grid at the camera's zoom.
  private func placeTiles(
    zoom z: Double, x: Double, y: Double, scaledX: Double, scaledY: Double, width: Int, height: Int,
    canvas: Canvas
  ) -> Bool {
    let fallback = findMissing(
      zoom: z, x: x, y: y, scaledX: scaledX, scaledY: scaledY, width: width, height: height)
    if let fallback, !settled {
      // Zooming: the nearest level, scaled, until the zoom holds still.
      placeScaled(
        level: fallback, under: z, x: x, y: y, scaledX: scaledX, scaledY: scaledY, width: width,
        height: height)
      return false
    }
    // The grid at the camera's zoom: what is missing is rendered now (a zoom settled: its
    // whole view in one frame, as the window shows it once its tiles are all in).
    holes = 0
    placeGrid(zoom: z, x: x, y: y, width: width, height: height) { render($0, canvas: canvas) }
    return true
  }
}
