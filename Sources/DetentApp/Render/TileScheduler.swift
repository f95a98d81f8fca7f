@preconcurrency import CSDL2

/// Which of the map's tiles show in a frame and which get rendered: a pan or a flight copies
/// tiles and renders only those that come into view (and were not rendered ahead); a zoom shows
/// the nearest level already held, scaled, and renders the exact level once the zoom has held
/// still for `settleFrames` frames, `tileBudget` tiles per frame, centre first; tiles are
/// rendered ahead of need within the same budget, never past the cache's cap. When
/// `progressive` (the demo, the bench), a frame renders `tileBudget` tiles at most once something
/// is shown: tiles a pan or a flight needs and nothing stands in for show the land until rendered.
final class TileScheduler {
  /// Frames the zoom must hold still before tiles at that zoom are rendered (while the nearest
  /// level held stands in, scaled).
  static let settleFrames = 8
  /// Tiles rendered per frame at most while a scaled level can stand in for the missing ones,
  /// and for tiles rendered ahead of need (around the view and along a flight's path).
  static let tileBudget = 2

  private let map: CityMap
  /// The tiles held.
  let cache: TileCache
  /// The tiles placed for the current frame.
  let layer = TileLayer()
  private let tileSize = TileCache.size
  private var tiler: TileRenderer?
  private var frame = 0
  private var lastZoom = Double.nan
  private var stableFrames = 0
  private var wanted: [TileKey] = []
  /// Visible tiles of the current frame's grid not rendered yet (progressive only).
  private(set) var holes = 0
  /// Whether tiles are rendered `tileBudget` a frame, the view showing the nearest level scaled
  /// or the land until they are (what a user sees: the demo, the bench); false renders every
  /// visible tile in the frame that needs it (shots, goldens: the settled image at once).
  var progressive = false
  /// Frames in which at least one tile was rendered.
  private(set) var renders = 0
  /// Tiles rendered so far.
  var tileRenders: Int { tiler?.renders ?? 0 }

  init(map: CityMap, cacheBytes: Int = TileCache.defaultCapBytes) {
    self.map = map
    cache = TileCache(capBytes: cacheBytes)
    wanted.reserveCapacity(256)
  }

  /// Places the layer's tiles for `camera` in a view `width`×`height`, rendering what this
  /// frame may, and returns the zoom (snapped) and the view's top-left world pixel at that zoom
  /// (whole pixels when `exact`: the exact level's grid; else a scaled stand-in).
  func place(
    camera: MapCamera, width: Int, height: Int, canvas: Canvas, text: TextCache
  ) -> (zoom: Double, x: Double, y: Double, exact: Bool) {
    if tiler == nil { tiler = TileRenderer(map: map, size: tileSize, scale: canvas.scale, text: text) }
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
    // Ahead of need only with what the frame's budget leaves (progressive: a frame renders
    // `tileBudget` tiles at most, once it has something to show).
    let left = progressive ? Self.tileBudget - (tileRenders - rendersBefore) : Self.tileBudget
    if exact, holes == 0, left > 0 {
      prefetch(
        camera: camera, x: exactX, y: exactY, width: width, height: height, budget: left, canvas: canvas)
    }
    if tileRenders > rendersBefore { renders += 1 }
    return exact ? (z, exactX, exactY, true) : (z, ox, oy, false)
  }

  /// The tile at `key` if it is held, marked as used in the current frame (`PanBuffer`).
  func tile(_ key: TileKey) -> MapTile? { cache.tile(key, frame: frame) }

  /// The range of tiles of `size` px covering `length` px from world pixel `origin`.
  private func span(_ origin: Double, _ length: Int, size: Double) -> ClosedRange<Int> {
    Int((origin / size).rounded(.down))...Int(((origin + Double(length) - 1) / size).rounded(.down))
  }

  private func render(_ key: TileKey, canvas: Canvas) -> MapTile? {
    guard let tile = tiler?.render(key, for: canvas, keepPixels: canvas.isSoftware, frame: frame)
    else { return nil }
    cache.insert(tile, at: key, frame: frame)
    return tile
  }

  /// Fills the layer for this frame; true when it is the grid at the camera's zoom (complete, or
  /// with holes still to render, drawn in the land's colour).
  private func placeTiles(
    zoom z: Double, x: Double, y: Double, scaledX: Double, scaledY: Double, width: Int, height: Int,
    canvas: Canvas
  ) -> Bool {
    let size = Double(tileSize)
    let columns = span(x, width, size: size)
    let rows = span(y, height, size: size)
    wanted.removeAll(keepingCapacity: true)
    for j in rows {
      for i in columns where !cache.contains(TileKey(zoom: z, x: i, y: j)) {
        wanted.append(TileKey(zoom: z, x: i, y: j))
      }
    }
    let fallback =
      wanted.isEmpty ? nil : nearestLevel(to: z, x: scaledX, y: scaledY, width: width, height: height)
    // Without a level to stand in, tiles are held back only when progressive and something is
    // shown already (the first frame gets its whole view).
    if !wanted.isEmpty, fallback != nil || (progressive && cache.count > 0) {
      // Zooming: the nearest level, scaled, until the zoom holds still. Else a few exact tiles a
      // frame, centre first, over the nearest level scaled or, where none is held, the land.
      var budget = fallback != nil && stableFrames < Self.settleFrames ? 0 : Self.tileBudget
      if budget > 0 {
        let cx = (x + Double(width) / 2) / size
        let cy = (y + Double(height) / 2) / size
        wanted.sort {
          let a = (Double($0.x) + 0.5 - cx, Double($0.y) + 0.5 - cy)
          let b = (Double($1.x) + 0.5 - cx, Double($1.y) + 0.5 - cy)
          return a.0 * a.0 + a.1 * a.1 < b.0 * b.0 + b.1 * b.1
        }
        var rendered = 0
        for key in wanted where budget > 0 {
          _ = render(key, canvas: canvas)
          budget -= 1
          rendered += 1
        }
        wanted.removeFirst(rendered)
      }
      if !wanted.isEmpty, let fallback {
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
    // The grid at the camera's zoom: what is missing is rendered now unless progressive (then
    // the layer keeps holes, which the next frames fill, `tileBudget` a frame).
    holes = progressive && cache.count > 0 ? wanted.count : 0
    layer.beginGrid(
      x: columns.lowerBound * tileSize - Int(x), y: rows.lowerBound * tileSize - Int(y),
      columns: columns.count,
      rows: rows.count, size: tileSize)
    for j in rows {
      for i in columns {
        let key = TileKey(zoom: z, x: i, y: j)
        guard let tile = cache.tile(key, frame: frame) ?? (holes > 0 ? nil : render(key, canvas: canvas))
        else { continue }
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
  private func prefetch(
    camera: MapCamera, x: Double, y: Double, width: Int, height: Int, budget: Int, canvas: Canvas
  ) {
    var budget = budget
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
}
