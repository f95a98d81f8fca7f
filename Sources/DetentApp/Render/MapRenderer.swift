@preconcurrency import CSDL2

/// Draws the map for a camera: its ground and labels from cached tiles (which tiles, and which
/// get rendered, is `TileScheduler`'s), composed each frame, with pins and the location dot
/// above them (`MapOverlay`; the labels too while tiles of another zoom stand in, scaled, under
/// them); dimmed and shadowed the fastest way the renderer allows (`BackdropStrip`); and a view
/// that holds still copied whole from a view cache.
final class MapRenderer {
  let map: CityMap
  private let tiles: TileScheduler
  private var layer: TileLayer { tiles.layer }
  private let strip = BackdropStrip()
  private let composer = SurfaceComposer()
  /// Scaled frames composed into that surface (progressive only).
  let zoom = ZoomComposer()
  /// Whether the map is composed straight into a software display's surface
  /// (`SurfaceComposer`) when it can be; off, it goes through the renderer as on a window (tests
  /// compare the two).
  var composesInSurface = true
  /// Whether the progressive frames composed into that surface blend the overlay on the CPU
  /// (`OverlayBlender`); off, through SDL (tests compare the two).
  var blendsOverlay = true {
    didSet {
      composer.blendsOverlay = blendsOverlay
      zoom.blendsOverlay = blendsOverlay
    }
  }
  /// Rows the surface compositor wrote (tests: which path a frame took).
  var surfaceRows: Int { composer.rowsComposed }
  /// Progressive frames composed on the CPU with a card's rectangle left out (tests).
  private(set) var framesCut = 0
  let overlay = MapOverlay()
  /// The view and a margin composed once, for a GPU renderer's pans (`PanBuffer`).
  let pan = PanBuffer()
  /// Whether views are copied from `pan`: nil (the default) on GPU renderers only; true also on
  /// the software renderer (tests check its pixels headless). Tiles keep their pixels for the
  /// pan buffer's uploads where it is used.
  var panBuffered: Bool? {
    didSet { tiles.keepsLabelled = panBuffered }
  }
  /// Whether the map is left out under opaque cards (`hidden`): nil (the default) on GPU
  /// renderers and in progressive frames composed on the CPU (`SurfaceComposer`, `ZoomComposer`);
  /// true also on the software renderer's other paths, false nowhere (tests compare the scene's
  /// pixels).
  var occludes: Bool?
  let labels: MapLabels
  /// The places the pins show, made once per pins (`PinPlaces`).
  let pinPlaces = PinPlaces()
  /// The map's own names that pins' names keep clear of, for the zoom shown.
  let nameBoxes = NameBoxes()
  /// What the overlay was built for.
  var overlayKey: (zoom: Double, x: Double, y: Double, width: Int, height: Int, pins: MapPins, labels: Bool)?
  /// What the layer shows (its version changes with it).
  private var layerKey: (zoom: Double, x: Double, y: Double, exact: Bool, tiles: Int)?
  private var layerVersion = 0
  var overlayVersion = 0
  /// The view cache: the tiles and the overlay composed, undimmed, for `cachedViewKey`.
  let view = ViewTexture(access: SDL_TEXTUREACCESS_TARGET)
  var cachedViewKey: (layer: Int, overlay: Int, width: Int, height: Int, shade: UInt8)?
  /// What the previous frame showed (the cache is filled once a view holds still).
  private var lastViewKey: (layer: Int, overlay: Int, width: Int, height: Int, shade: UInt8)?
  /// The tiles held.
  var cache: TileCache { tiles.cache }
  /// Frames in which at least one tile was rendered (for the bench and tests).
  var renders: Int { tiles.renders }
  /// Tiles rendered so far (on the main thread and on the tile worker).
  var tileRenders: Int { tiles.tileRenders }
  /// What the last `draw` did (the bench's per-kind figures).
  private(set) var lastKind = MapFrameKind.still
  /// Per-phase timing inside the map's frame (`DETENT_PROFILE=phases` in the bench; nil: off).
  var profile: PhaseProfile? {
    didSet {
      composer.profile = profile
      zoom.profile = profile
    }
  }
  /// The layer, overlay and shade the previous `draw` showed (to tell a still frame from a moving one).
  private var shown: (layer: Int, overlay: Int, shade: UInt8)?
  /// The tile scheduler (the worker's figures, waiting for it in tests and the bench).
  var scheduler: TileScheduler { tiles }
  /// Whether tiles are still being painted off the main thread or wait to be uploaded: the
  /// next frames will show more of the map.
  var tilesPending: Bool { tiles.pending }
  /// Whether tiles are rendered a few a frame, standing in the nearest level held scaled (or the
  /// land) until they are: the demo and the bench. Off (the default) every visible tile is
  /// rendered in the frame that shows it: shots and goldens, one frame each.
  var progressive: Bool {
    get { tiles.progressive }
    set { tiles.progressive = newValue }
  }

  init(seed: UInt64, cacheBytes: Int = TileCache.defaultCapBytes) {
    map = CityMap(seed: seed)
    tiles = TileScheduler(map: map, cacheBytes: cacheBytes)
    labels = MapLabels(map: map)
  }

  /// Copies the map for `camera` with `pins` onto the canvas. `dim` is the backdrop alpha: the
  /// map and what is drawn on it are multiplied by 1 − dim, which is exactly black at that
  /// alpha over it, without a second full-window blend. Only the top `visibleRows` rows are
  /// drawn (the sheet covers the rest); `sheetTop` is the row of the root sheet's top edge,
  /// whose shadow falls on the rows above it (nil: no sheet shows). `hidden`: a rectangle that
  /// opaque sheets cover, which a GPU renderer leaves out (`MapOcclusion`).
  func draw(
    camera: MapCamera, pins: MapPins, width: Int, height: Int, canvas: Canvas, text: TextCache,
    dim: Double = 0, visibleRows: Int? = nil, sheetTop: Int? = nil, hidden: MapOcclusion? = nil
  ) {
    guard width > 0, height > 0 else { return }
    makeMarks(canvas)
    // Texts' and marks' pixels are kept only where the overlay can be blended on the CPU: the
    // software display at 1× (elsewhere, a GPU renderer's sprite would be read back).
    overlay.keepsPixels = blendsOverlay && canvas.composesOnCPU
    let rendersBefore = tiles.renders
    let (z, x, y, exact) = tiles.place(
      camera: camera, width: width, height: height, canvas: canvas, text: text)
    profile?.mark("tiles placed")
    let key = (zoom: z, x: x, y: y, exact: exact, tiles: layer.placements.count)
    if layerKey.map({ $0 != key }) ?? true {
      layerKey = key
      layerVersion += 1
    }
    let shade = UInt8(max(0, min(255, ((1 - dim) * 255).rounded())))
    let rows = min(visibleRows ?? height, height)
    // The compositors write whole 64-byte lines past the cache: the rectangle cut to them (a line
    // cut in two reads it first, which cost more than the columns saved).
    let cut = progressive && (occludes ?? true) ? hidden.flatMap { $0.lines(16) } : nil
    let hidden = (occludes ?? !canvas.isSoftware) ? hidden : nil
    // A GPU renderer copies the view out of the pan buffer (one draw) whenever it can.
    let patchesBefore = pan.patches
    let panned =
      exact && !layer.hasHoles && (panBuffered ?? !canvas.isSoftware)
      && pan.draw(
        zoom: z, x: Int(x), y: Int(y), width: width, height: height, pins: pins, rows: rows, shade: shade,
        sheetTop: sheetTop, hidden: hidden,
        flight: flightEnd(camera, zoom: z, width: width, height: height).map { end in
          PanBuffer.Flight(end: end) { camera.framesUntil(restFraction: $0, fps: 60) ?? 0 }
        },
        canvas: canvas,
        text: text, marks: overlay.marks,
        tile: { tiles.tile($0) },
        fill: { overlay, rect, view in
          self.fill(
            overlay, zoom: z, x: Double(rect.x), y: Double(rect.y), width: rect.width, height: rect.height,
            pins: pins, labels: false, text: text,
            view: (Double(view.x), Double(view.y), view.width, view.height))
        })
    // The tiles a page composed ahead waits for are rendered ahead from the next frame.
    tiles.pageWants = pan.waiting
    if panned {
      // Pins patched into the page: the overlay shown changed.
      if pan.patches != patchesBefore { overlayVersion += 1 }
      noteKind(
        tilesRendered: tiles.renders > rendersBefore, exact: true, flying: camera.isFlying, shade: shade)
      return
    }
    buildOverlay(zoom: z, x: x, y: y, width: width, height: height, pins: pins, labels: !exact, text: text)
    profile?.mark("overlay built")
    noteKind(
      tilesRendered: tiles.renders > rendersBefore, exact: exact, flying: camera.isFlying, shade: shade)
    // A view that held still since the last frame is copied whole from the view cache (tiles
    // and overlay composed once), dimmed and shadowed by colour modulation. The software
    // renderer's modulated copy is slow, so there the cache holds the view already dimmed (on
    // the CPU, `BackdropStrip`) and only the shadow's rows are modulated.
    let dimmedCache = canvas.isSoftware && shade < 255
    let viewKey = (
      layer: layerVersion, overlay: overlayVersion, width: width, height: height,
      shade: canvas.isSoftware ? shade : 255
    )
    // The software display: rows written straight into its surface, once each.
    if exact, composesInSurface,
      let screen = composer.surface(canvas: canvas, layer: layer, width: width, height: height)
    {
      // The same view as the last frame's, whatever its dim level (the compositor keeps it).
      // A flying camera's view is not kept: it moves on in the next frame or the one after (a
      // flight's first frames move less than a pixel), and keeping it costs half a pass more.
      let still =
        !camera.isFlying
        && lastViewKey.map {
          $0.layer == viewKey.layer && $0.overlay == viewKey.overlay && $0.width == width
            && $0.height == height
        } ?? false
      // The first view shown, whole and not flying, is kept whole in its frame.
      let first = lastViewKey == nil && !camera.isFlying && !layer.hasHoles
      lastViewKey = viewKey
      if cut != nil { framesCut += 1 }
      composer.draw(
        into: screen, layer: layer, overlay: overlay,
        key: SurfaceComposer.Key(
          layer: layerVersion, overlay: overlayVersion, width: width, height: height, shade: shade),
        still: still, first: first, band: SheetShadow.Band(sheetTop: sheetTop, rows: rows),
        exact: !progressive, hidden: cut,
        canvas: canvas, text: text)
      return
    }
    if exact, let view = viewTexture(canvas, width, height), lastViewKey.map({ $0 == viewKey }) ?? false {
      if cachedViewKey.map({ $0 != viewKey }) ?? true {
        canvas.target(view)
        if dimmedCache {
          strip.draw(
            layer: layer, version: layerVersion, width: width, height: height, shade: shade,
            band: SheetShadow.Band(sheetTop: nil, rows: height), canvas: canvas)
        } else {
          layer.copy(rows: 0..<height, width: width, shade: 255, canvas: canvas)
        }
        overlay.play(
          rows: 0..<height, width: width, shade: dimmedCache ? shade : 255, canvas: canvas, text: text)
        canvas.target(nil)
        cachedViewKey = viewKey
      }
      guard canvas.isSoftware else {
        copyView(view, width: width, shade: shade, rows: rows, sheetTop: sheetTop, canvas: canvas)
        return
      }
      // The rows above the shadow from the cache; the shadow's rows and those beside the sheet's
      // corners as without it (exactly the same pixels as a frame drawn without the cache).
      let band = SheetShadow.Band(sheetTop: sheetTop, rows: rows)
      canvas.copyRows(view, width: width, rows: band.above, textureScale: canvas.scale)
      strip.draw(
        layer: layer, version: layerVersion, width: width, height: height, shade: shade, band: band,
        canvas: canvas, aboveShadow: false)
      band.forEachRun(from: band.above.upperBound, base: shade) { rows, shade in
        overlay.play(rows: rows, width: width, shade: shade, canvas: canvas, text: text)
      }
      return
    }
    lastViewKey = viewKey
    let band = SheetShadow.Band(sheetTop: sheetTop, rows: rows)
    // A scaled frame on the software display: straight into its surface.
    if progressive, composesInSurface,
      let screen = zoom.surface(canvas: canvas, layer: layer, width: width, height: height)
    {
      if cut != nil { framesCut += 1 }
      zoom.draw(
        into: screen, layer: layer, overlay: overlay, band: band,
        key: .init(
          layer: layerVersion, overlay: overlayVersion, width: width, shade: shade, rows: rows,
          sheetTop: sheetTop),
        keeps: !tiles.pending || tiles.holdsArrivals, hidden: cut, canvas: canvas, text: text)
      return
    }
    if progressive, shade < 255, canvas.multipliesInPlace {
      // A moving view dimmed on the software display: the tiles copied plain, then
      // every row multiplied once in place (the software renderer's modulated scaled copy costs
      // several plain ones), then the overlay colour-modulated over them: an exact frame's pixels.
      layer.copy(rows: 0..<rows, width: width, shade: 255, canvas: canvas)
      band.forEachRun(base: shade) { rows, shade in
        canvas.multiply(0, Double(rows.lowerBound), Double(width), Double(rows.count), by: shade)
      }
      band.forEachRun(base: shade) { rows, shade in
        overlay.play(rows: rows, width: width, shade: shade, canvas: canvas, text: text)
      }
      return
    }
    if let hidden {
      // A GPU renderer (its copies colour-modulated as the strip's), not under an opaque card.
      band.forEachRun(base: shade) { rows, shade in
        MapOcclusion.forEachPart(of: hidden, rows: rows, width: width) { rows, columns in
          layer.copy(rows: rows, width: width, shade: shade, canvas: canvas, columns: columns)
          overlay.play(rows: rows, columns: columns, shade: shade, canvas: canvas, text: text)
        }
      }
      return
    }
    strip.draw(
      layer: layer, version: layerVersion, width: width, height: height, shade: shade, band: band,
      canvas: canvas)
    band.forEachRun(base: shade) { rows, shade in
      overlay.play(rows: rows, width: width, shade: shade, canvas: canvas, text: text)
    }
  }

  /// Sets `lastKind` for a frame that showed the layer and overlay versions held now at `shade`
  /// (whichever path drew it: the pan buffer's pins are the overlay's too).
  private func noteKind(tilesRendered: Bool, exact: Bool, flying: Bool, shade: UInt8) {
    let now = (layer: layerVersion, overlay: overlayVersion, shade: shade)
    lastKind =
      tilesRendered
      ? .tiles
      : !exact
        ? .zoom
        : flying
          ? .flight
          : shown.map({ $0.layer != now.layer || $0.overlay != now.overlay }) ?? true
            ? .pan : shown?.shade != shade ? .dim : .still
    shown = now
  }

  /// Starts making, off the main thread, the storage a held zoom of a `width`×`height` view is
  /// kept in where the CPU composes the map (`ZoomComposer.reserve`); true when it started now.
  @discardableResult
  func reserveZoomStorage(width: Int, height: Int, canvas: Canvas) -> Bool {
    composesInSurface && canvas.composesOnCPU && zoom.reserve(width: width, height: height)
  }

  /// Starts making, off the main thread, the storage a still `width`×`height` view is kept in
  /// undimmed where the CPU composes the map (`SurfaceComposer.plain`): the first view is kept
  /// whole in its frame, which then waited for its page faults (17–33 ms at 3840×2160).
  func reserveStillStorage(width: Int, height: Int, canvas: Canvas) {
    guard composesInSurface, canvas.composesOnCPU, width > 0, height > 0 else { return }
    composer.prepared.prepare(count: width * height)
  }

  /// Textures made so far for the map's overlay: its texts in `text` and its marks.
  func texturesMade(text: TextCache) -> Int { text.renders + (overlay.marks?.renders ?? 0) }

  /// The sprites of the pins and the location dot, made on first use (1 MiB of them), and the
  /// balloons made ahead for the places in the list's rows on screen (`warmSelected`: about
  /// 1 MiB for the 30 rows of a 2,160-px window, which in 2 MiB evicted the pins' sprites, made
  /// again in the frames that showed them).
  func makeMarks(_ canvas: Canvas) {
    // Each sprite's pixels are kept too, for the CPU blend (`OverlayBlender`): as much again.
    if overlay.marks == nil { overlay.marks = SpriteCache(canvas: canvas, byteBudget: 4 << 20) }
  }
}
