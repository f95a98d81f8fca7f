@preconcurrency import CSDL2

/// Draws the map for a camera: its ground and labels from cached tiles (`TileCache`, rendered
/// by `TileRenderer`), composed each frame, with pins and the location dot above them
/// (`MapOverlay`; the labels too while tiles of another zoom stand in, scaled, under them). A pan or a flight copies tiles and renders only those that come into view;
/// a zoom shows the nearest level already held, scaled, and renders the exact level once the
/// zoom has held still for `settleFrames` frames, `tileBudget` tiles per frame.
final class MapRenderer {
  /// Frames the zoom must hold still before tiles at that zoom are rendered (while the nearest
  /// level held stands in, scaled).
  static let settleFrames = 8
  /// Tiles rendered per frame at most while a scaled level can stand in for the missing ones,
  /// and for tiles rendered ahead of need (around the view and along a flight's path).
  static let tileBudget = 2

  let map: CityMap
  let cache: TileCache
  private let tileSize = TileCache.size
  private var tiler: TileRenderer?
  private let layer = TileLayer()
  private let strip = BackdropStrip()
  private let overlay = MapOverlay()
  private let labels: MapLabels
  /// What the overlay was built for.
  private var overlayKey:
    (zoom: Double, x: Double, y: Double, width: Int, height: Int, pins: MapPins, labels: Bool)?
  /// What the layer shows (its version changes with it).
  private var layerKey: (zoom: Double, x: Double, y: Double, exact: Bool, tiles: Int)?
  private var layerVersion = 0
  private var overlayVersion = 0
  /// The view cache: the tiles and the overlay composed, undimmed, for `cachedViewKey`.
  private var view: OpaquePointer?
  private var viewSize = (0, 0)
  private var cachedViewKey: (layer: Int, overlay: Int, width: Int, height: Int, shade: UInt8)?
  /// What the previous frame showed (the cache is filled once a view holds still).
  private var lastViewKey: (layer: Int, overlay: Int, width: Int, height: Int, shade: UInt8)?
  private var frame = 0
  private var lastZoom = Double.nan
  private var stableFrames = 0
  private var wanted: [TileKey] = []
  /// Frames in which at least one tile was rendered (for the bench and tests).
  private(set) var renders = 0
  /// Tiles rendered so far.
  var tileRenders: Int { tiler?.renders ?? 0 }

  init(seed: UInt64, cacheBytes: Int = TileCache.defaultCapBytes) {
    map = CityMap(seed: seed)
    cache = TileCache(capBytes: cacheBytes)
    labels = MapLabels(map: map)
    wanted.reserveCapacity(256)
  }

  deinit { if let view { SDL_DestroyTexture(view) } }

  /// Copies the map for `camera` with `pins` onto the canvas. `dim` is the backdrop alpha: the
  /// map and what is drawn on it are multiplied by 1 − dim, which is exactly black at that
  /// alpha over it, without a second full-window blend. Only the top `visibleRows` rows are
  /// drawn (the sheet covers the rest); `sheetTop` is the row of the root sheet's top edge,
  /// whose shadow falls on the rows above it (nil: no sheet shows).
  func draw(
    camera: MapCamera, pins: MapPins, width: Int, height: Int, canvas: Canvas, text: TextCache,
    dim: Double = 0, visibleRows: Int? = nil, sheetTop: Int? = nil
  ) {
    guard width > 0, height > 0 else { return }
    if tiler == nil { tiler = TileRenderer(map: map, size: tileSize, scale: canvas.scale, text: text) }
    if overlay.marks == nil { overlay.marks = SpriteCache(canvas: canvas, byteBudget: 1 << 20) }
    frame += 1
    // Zoom levels a few steps of the wheel apart that should meet (1.1⁴ then 1.1⁻⁴) share tiles.
    let z = (camera.zoom * 1e6).rounded() / 1e6
    if z != lastZoom {
      lastZoom = z
      stableFrames = 0
    } else {
      stableFrames += 1
    }
    let (ox, oy) = (camera.centerX * z - Double(width) / 2, camera.centerY * z - Double(height) / 2)
    let exactX = ox.rounded()
    let exactY = oy.rounded()
    let rendersBefore = tileRenders
    let exact = placeTiles(
      zoom: z, x: exactX, y: exactY, scaledX: ox, scaledY: oy, width: width, height: height, canvas: canvas)
    if exact { prefetch(camera: camera, x: exactX, y: exactY, width: width, height: height, canvas: canvas) }
    if tileRenders > rendersBefore { renders += 1 }
    let (x, y) = exact ? (exactX, exactY) : (ox, oy)
    let key = (zoom: z, x: x, y: y, exact: exact, tiles: layer.placements.count)
    if layerKey.map({ $0 != key }) ?? true {
      layerKey = key
      layerVersion += 1
    }
    let shade = UInt8(max(0, min(255, ((1 - dim) * 255).rounded())))
    let rows = min(visibleRows ?? height, height)
    buildOverlay(zoom: z, x: x, y: y, width: width, height: height, pins: pins, labels: !exact, text: text)
    // A view that held still since the last frame is copied whole from the view cache (tiles
    // and overlay composed once), dimmed and shadowed by colour modulation. The software
    // renderer's modulated copy is slow, so there the cache holds the view already dimmed (on
    // the CPU, `BackdropStrip`) and only the shadow's rows are modulated.
    let dimmedCache = canvas.isSoftware && shade < 255
    let viewKey = (
      layer: layerVersion, overlay: overlayVersion, width: width, height: height,
      shade: canvas.isSoftware ? shade : 255
    )
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
    strip.draw(
      layer: layer, version: layerVersion, width: width, height: height, shade: shade, band: band,
      canvas: canvas)
    band.forEachRun(base: shade) { rows, shade in
      overlay.play(rows: rows, width: width, shade: shade, canvas: canvas, text: text)
    }
  }

  /// Copies rows `0..<rows` of the cached view, multiplied by `shade`, the 14 rows above
  /// `sheetTop` by their shadow's shade.
  private func copyView(
    _ view: OpaquePointer, width: Int, shade: UInt8, rows: Int, sheetTop: Int?, canvas: Canvas
  ) {
    SheetShadow.Band(sheetTop: sheetTop, rows: rows).forEachRun(base: shade) { rows, shade in
      canvas.copyRows(view, width: width, rows: rows, shade: shade, textureScale: canvas.scale)
    }
  }

  private func viewTexture(_ canvas: Canvas, _ width: Int, _ height: Int) -> OpaquePointer? {
    if let view, viewSize == (width, height) { return view }
    if let view { SDL_DestroyTexture(view) }
    view = SDL_CreateTexture(
      canvas.renderer, detent_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
      Int32(width * canvas.scale), Int32(height * canvas.scale))
    if let view { SDL_SetTextureBlendMode(view, SDL_BLENDMODE_NONE) }
    viewSize = (width, height)
    cachedViewKey = nil
    return view
  }

  /// Draws the whole map for `camera` directly onto the canvas, without tiles or cache (the
  /// bench's floor image).
  func render(camera: MapCamera, pins: MapPins, width: Int, height: Int, canvas: Canvas, text: TextCache) {
    let z = camera.zoom
    let x = camera.centerX * z - Double(width) / 2
    let y = camera.centerY * z - Double(height) / 2
    MapPainter(map: map).paint(
      zoom: z, originX: x, originY: y, width: Double(width), height: Double(height), canvas: canvas)
    let scratch = MapOverlay()
    // Marks drawn as in `draw` (the halo's copy at alpha 40 rounds one step from a blended shape).
    if overlay.marks == nil { overlay.marks = SpriteCache(canvas: canvas, byteBudget: 1 << 20) }
    scratch.marks = overlay.marks
    fill(scratch, zoom: z, x: x, y: y, width: width, height: height, pins: pins, text: text)
    scratch.play(rows: 0..<height, width: width, shade: 255, canvas: canvas, text: text)
  }

  // MARK: - Tiles

  /// The range of tiles of `size` px covering `length` px from world pixel `origin`.
  private func span(_ origin: Double, _ length: Int, size: Double) -> ClosedRange<Int> {
    Int((origin / size).rounded(.down))...Int(((origin + Double(length) - 1) / size).rounded(.down))
  }

  private func render(_ key: TileKey, canvas: Canvas) -> MapTile? {
    guard let tile = tiler?.render(key, for: canvas.renderer, keepPixels: canvas.isSoftware, frame: frame)
    else { return nil }
    cache.insert(tile, at: key, frame: frame)
    return tile
  }

  /// Fills the layer for this frame; true when it is the exact grid at the camera's zoom.
  private func placeTiles(
    zoom z: Double, x: Double, y: Double, scaledX: Double, scaledY: Double, width: Int, height: Int,
    canvas: Canvas
  ) -> Bool {
    let size = Double(tileSize)
    let columns = span(x, width, size: size)
    let rows = span(y, height, size: size)
    var missing = 0
    for j in rows { for i in columns where !cache.contains(TileKey(zoom: z, x: i, y: j)) { missing += 1 } }
    let fallback =
      missing == 0 ? nil : nearestLevel(to: z, x: scaledX, y: scaledY, width: width, height: height)
    if missing > 0, let fallback {
      // Zooming: the nearest level, scaled. Settled: render a few exact tiles, centre first.
      var budget = stableFrames < Self.settleFrames ? 0 : Self.tileBudget
      if budget > 0 {
        let cx = (x + Double(width) / 2) / size
        let cy = (y + Double(height) / 2) / size
        wanted.removeAll(keepingCapacity: true)
        for j in rows {
          for i in columns where !cache.contains(TileKey(zoom: z, x: i, y: j)) {
            wanted.append(TileKey(zoom: z, x: i, y: j))
          }
        }
        wanted.sort {
          let a = (Double($0.x) + 0.5 - cx, Double($0.y) + 0.5 - cy)
          let b = (Double($1.x) + 0.5 - cx, Double($1.y) + 0.5 - cy)
          return a.0 * a.0 + a.1 * a.1 < b.0 * b.0 + b.1 * b.1
        }
        for key in wanted where budget > 0 {
          _ = render(key, canvas: canvas)
          budget -= 1
          missing -= 1
        }
      }
      if missing > 0 {
        placeScaled(level: fallback, zoom: z, x: scaledX, y: scaledY, width: width, height: height)
        // Exact tiles already rendered go on top, at their place.
        for j in rows {
          for i in columns {
            if let tile = cache.tile(TileKey(zoom: z, x: i, y: j), frame: frame) {
              layer.add(
                tile, x: i * tileSize - Int(x), y: j * tileSize - Int(y), w: tileSize, h: tileSize,
                ground: true)
            }
          }
        }
        return false
      }
    }
    layer.beginGrid(
      x: columns.lowerBound * tileSize - Int(x), y: rows.lowerBound * tileSize - Int(y),
      columns: columns.count,
      rows: rows.count, size: tileSize)
    for j in rows {
      for i in columns {
        let key = TileKey(zoom: z, x: i, y: j)
        guard let tile = cache.tile(key, frame: frame) ?? render(key, canvas: canvas) else { continue }
        layer.add(tile, x: i * tileSize - Int(x), y: j * tileSize - Int(y), w: tileSize, h: tileSize)
      }
    }
    return true
  }

  /// The zoom level held whose tiles cover the view and is nearest to `z` (by ratio), if any.
  private func nearestLevel(to z: Double, x: Double, y: Double, width: Int, height: Int) -> Double? {
    var best: (level: Double, distance: Double)?
    for level in cache.zooms where level != z {
      let distance = abs(log(level / z))
      if let best, best.distance <= distance { continue }
      let scale = z / level
      let size = Double(tileSize) * scale
      let covered = span(x, width, size: size).allSatisfy { i in
        span(y, height, size: size).allSatisfy { j in cache.contains(TileKey(zoom: level, x: i, y: j)) }
      }
      if covered { best = (level, distance) }
    }
    return best?.level
  }

  /// Places the tiles of zoom `level` scaled to `z`, on whole-pixel edges shared by neighbours.
  private func placeScaled(level: Double, zoom z: Double, x: Double, y: Double, width: Int, height: Int) {
    layer.beginScaled()
    let size = Double(tileSize) * z / level
    for j in span(y, height, size: size) {
      let top = Int((Double(j) * size - y).rounded(.down))
      let bottom = Int((Double(j + 1) * size - y).rounded(.down))
      for i in span(x, width, size: size) {
        guard let tile = cache.tile(TileKey(zoom: level, x: i, y: j), frame: frame) else { continue }
        let left = Int((Double(i) * size - x).rounded(.down))
        let right = Int((Double(i + 1) * size - x).rounded(.down))
        layer.add(tile, x: left, y: top, w: right - left, h: bottom - top, ground: true)
      }
    }
  }

  /// Renders tiles ahead of need, within the frame's budget: along a flight's path first, then
  /// the ring of tiles around the view.
  private func prefetch(camera: MapCamera, x: Double, y: Double, width: Int, height: Int, canvas: Canvas) {
    var budget = Self.tileBudget
    let z = (camera.zoom * 1e6).rounded() / 1e6
    let size = Double(tileSize)
    // Never past the cap: a tile rendered ahead would evict another, to be rendered again.
    let tileBytes = tiler?.tileBytes(keepPixels: canvas.isSoftware) ?? 0
    func ensure(_ columns: ClosedRange<Int>, _ rows: ClosedRange<Int>) {
      for j in rows where budget > 0 {
        for i in columns where budget > 0 {
          let key = TileKey(zoom: z, x: i, y: j)
          if cache.contains(key) { continue }
          guard cache.bytes + tileBytes <= cache.capBytes else {
            budget = 0
            return
          }
          _ = render(key, canvas: canvas)
          budget -= 1
        }
      }
    }
    if let flight = camera.flight {
      for step in 1...8 where budget > 0 {
        let e = Double(step) / 8
        let cx = (flight.fromX + (flight.toX - flight.fromX) * e) * z - Double(width) / 2
        let cy = (flight.fromY + (flight.toY - flight.fromY) * e) * z - Double(height) / 2
        ensure(span(cx, width, size: size), span(cy, height, size: size))
      }
    }
    let columns = span(x, width, size: size)
    let rows = span(y, height, size: size)
    ensure((columns.lowerBound - 1)...(columns.upperBound + 1), (rows.lowerBound - 1)...(rows.upperBound + 1))
  }

  // MARK: - Overlay

  /// Builds the overlay for the view (the labels too when the tiles under it are placed without
  /// theirs), unless it is built already.
  private func buildOverlay(
    zoom z: Double, x: Double, y: Double, width: Int, height: Int, pins: MapPins, labels: Bool,
    text: TextCache
  ) {
    if let k = overlayKey, k.zoom == z, k.x == x, k.y == y, k.width == width, k.height == height,
      k.pins == pins, k.labels == labels
    {
      return
    }
    overlayKey = (z, x, y, width, height, pins, labels)
    overlayVersion += 1
    overlay.removeAll()
    fill(overlay, zoom: z, x: x, y: y, width: width, height: height, pins: pins, labels: labels, text: text)
  }

  /// Adds the labels (when `labels`), pins and location dot of the view whose top-left world
  /// pixel at zoom `z` is (x, y).
  private func fill(
    _ overlay: MapOverlay, zoom z: Double, x: Double, y: Double, width: Int, height: Int, pins: MapPins,
    labels withLabels: Bool = true, text: TextCache
  ) {
    func sx(_ wx: Double) -> Double { wx * z - x }
    func sy(_ wy: Double) -> Double { wy * z - y }
    let bounds = (x / z - 40, (x + Double(width)) / z + 40, y / z - 40, (y + Double(height)) / z + 40)
    if withLabels {
      // Labels centred just outside the view reach into it (as they do into a tile).
      let m = MapLabels.reach / z
      labels.addNames(
        to: overlay, text: text, sx: sx, sy: sy,
        bounds: (x / z - m, (x + Double(width)) / z + m, y / z - m, (y + Double(height)) / z + m), zoom: z)
    }
    PinRenderer(overlay: overlay, text: text).draw(pins, sx: sx, sy: sy, bounds: bounds)
    labels.addLocation(to: overlay, sx: sx, sy: sy)
  }
}
