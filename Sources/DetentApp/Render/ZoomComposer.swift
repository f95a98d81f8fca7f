@preconcurrency import CPixels
@preconcurrency import CSDL2

/// The map's frames that are not an exact grid (a zoom moving, or the exact level's tiles not
/// all painted yet, the nearest level held standing in, scaled) composed straight into the
/// software display's surface, as `SurfaceComposer` composes exact frames: each
/// placement's kept pixels (its ground alone, `MapTile.groundKept`) scaled on the CPU
/// (`detent_scale_block`: precomputed column and row index tables, a row whose source row and
/// shade are the previous row's copied, the shade multiplied on the way), then the overlay (the
/// labels, pins and the location dot) blended above on the CPU (`OverlayBlender`) with the
/// pixels the renderer's path draws.
///
/// The sampling is the renderer's own: SDL's software renderer copies a scaled texture
/// nearest-neighbour (`SDL_SoftStretch`), destination pixel i of a tile d pixels wide taking
/// source pixel (inc/2 + i·inc) >> 16, inc = (256 << 16) / d; the same for rows. A tile that
/// crosses the renderer's clip rectangle (the last visible row, a shadow row drawn alone) is
/// resampled by SDL from a clipped, rounded source rectangle, so there its rows may sample one
/// source row over; everywhere else the pixels are the renderer's (`ZoomComposerTests`).
/// Pixels no placement covers (a tile of the standing-in level missing) are the land's colour.
///
/// Only for progressive frames (the bench, the demo headless): shots and goldens are never
/// progressive and keep the renderer's path.
final class ZoomComposer {
  /// What a frame shows: the layer's and the overlay's versions, the view's width, the shade
  /// and the rows drawn with the sheet's top edge.
  struct Key: Equatable {
    var layer: Int
    var overlay: Int
    var width: Int
    var shade: UInt8
    var rows: Int
    var sheetTop: Int?
  }

  /// Rows written (tests: which path a frame took).
  private(set) var rowsComposed = 0
  /// Whether the overlay is blended on the CPU (`OverlayBlender`); off, it is drawn through SDL
  /// (tests compare the two).
  var blendsOverlay = true
  /// Per-phase timing (the bench's `DETENT_PROFILE=phases`; nil: off).
  var profile: PhaseProfile?
  /// Scratch index tables (reused from frame to frame).
  private var columnTable = [UInt16](repeating: 0, count: 1024)
  private var rowTable = [UInt16](repeating: 0, count: 1024)
  private var shadeTable = [UInt8](repeating: 0, count: 1024)
  /// The frame kept once it showed twice in a row (a zoom settling, before the exact level is
  /// asked for), a band a frame: copied whole while it holds, not composed again. Its storage is prepared off
  /// the main thread (`PreparedPixels`).
  private var kept: PixelBuffer?
  private let prepared = PreparedPixels()
  private var keptKey: Key?
  /// Whether the last frame's view is kept whole (tests).
  var keptWhole: Bool { keptKey != nil && keptKey == lastKey }
  /// The frame being kept (a band of rows a frame, `keptPerFrame`), and its rows
  /// `0..<keepingRows` kept so far.
  private var keepingKey: Key?
  private var keepingRows = 0
  /// The pixels the last frame's view would keep, and those of its whole view (the storage's).
  private var keptCount = 0
  private var wholeCount = 0
  /// The size of the storage last asked for, and how many were asked for so far (tests).
  private var preparing: Int?
  private(set) var storageStarts = 0
  private var lastKey: Key?
  /// Pixels of a held view kept a frame at most (each band's copy comes on top of composing the
  /// frame): a 3840×2160 view is kept in nine bands.
  var keptPerFrame = 1280 * 800
  /// Bands a held view is kept in at least: a 1280×800 view in four (its second to fifth frames).
  /// Kept whole in its second frame, the copy (0.15–0.2 ms, the screen's rows read back from
  /// memory) came on top of composing it: 0.58–0.65 ms on the 2026-11 EPYC VM against a line of
  /// 0.53 (1.5× the bench's floor), where each of four frames now takes 0.05 ms more than composing.
  var keptBands = 4
  /// Scratch: the placements reaching into the rectangle being written.
  private var hits: [TileLayer.Placement] = []
  /// Scratch: the placements above the one being written.
  private var above: [TileLayer.Placement] = []

  /// The display's surface when `layer` can be composed into it for a `width`×`height` view: a
  /// software display at 1× drawn on now, a layer of
  /// scaled placements (an exact grid is `SurfaceComposer`'s) whose pixels are all held.
  func surface(canvas: Canvas, layer: TileLayer, width: Int, height: Int) -> UnsafeMutablePointer<
    SDL_Surface
  >? {
    guard layer.isScaled, layer.placements.allSatisfy({ Self.pixels(of: $0) != nil }) else { return nil }
    return canvas.composableSurface(width: width, height: height)
  }

  /// The pixels a placement copies (its ground alone, or the tile with its labels), when held.
  private static func pixels(of p: TileLayer.Placement) -> UnsafePointer<UInt32>? {
    guard let kept = p.ground ? p.tile.groundPixelsKept : p.tile.pixels,
      kept.count == TileCache.size * TileCache.size
    else { return nil }
    return UnsafePointer(kept.base)
  }

  /// Draws rows `0..<band.below.upperBound` of the map into `screen`: the layer's placements
  /// scaled and multiplied by `shade` (the shadow's rows by theirs), then `overlay` above,
  /// colour-modulated by each row's shade, as the renderer's paths draw it.
  /// A frame showing what the previous one showed (`key`) is kept, at most `keptPerFrame` pixels
  /// in each of the next frames showing it, and copied from then on; not while `keeps` is false
  /// (tiles on their way will change the view: a frame between two arrivals kept for nothing).
  func draw(
    into screen: UnsafeMutablePointer<SDL_Surface>, layer: TileLayer, overlay: MapOverlay,
    band: SheetShadow.Band, key: Key, keeps: Bool = true, hidden: MapOcclusion? = nil, canvas: Canvas,
    text: TextCache
  ) {
    canvas.sync()
    // Nothing past the surface: a view wider than it is not drawn, its rows cut to the surface's.
    guard let fitting = SurfaceComposer.rows(fitting: key.width, on: screen) else { return }
    let band = band.clamped(to: fitting)
    let rows = band.below.upperBound
    guard rows > 0, let base = screen.pointee.pixels else { return }
    let surface = SurfaceComposer.Surface(screen: screen, base: base, pitch: Int(screen.pointee.pitch))
    let previous = lastKey
    lastKey = key
    keptCount = key.width * rows
    if keptKey == key, let kept, kept.count >= keptCount {
      SurfaceComposer.blit(kept.base, width: key.width, height: rows, rows: 0..<rows, into: surface)
      profile?.mark("kept view")
      return
    }
    // A frame that keeps a band of itself is written whole (what is kept is copied from it): the
    // rows kept in the frames before copied from the kept view, the rest composed. Composing them
    // all again, each of the nine frames keeping a 3840×2160 view cost a moving frame's 5.5–6.4 ms.
    let keeping = previous == key && keeps
    var keptBefore = 0
    if keeping, keepingKey == key, let kept, kept.count >= keptCount {
      keptBefore = min(keepingRows, rows)
      SurfaceComposer.blit(kept.base, width: key.width, height: rows, rows: 0..<keptBefore, into: surface)
    }
    draw(
      into: surface, layer: layer, overlay: overlay, band: band, from: keptBefore, shade: key.shade,
      width: key.width, hidden: keeping ? nil : hidden, canvas: canvas, text: text)
    // Its storage (a whole view's, whatever rows the sheet leaves) made ready off the main
    // thread (`PreparedPixels`): ahead in a quiet frame (`reserve`), or while the view moves.
    if kept.map({ $0.count < keptCount }) ?? true {
      keptKey = nil
      keepingKey = nil
      wholeCount = key.width * max(Int(screen.pointee.h), rows)
      kept = prepared.takeIfReady(count: wholeCount)
      if kept == nil { prepare(wholeCount) }
    }
    guard let kept, previous == key, keeps else { return }
    // A band of the frame kept a frame (each frame of this key draws the same pixels): kept
    // whole at once, the copy (1.6 ms at 3840×2160) came on top of the frame's own composing.
    if keepingKey != key {
      keepingKey = key
      keepingRows = 0
    }
    let bands = max(keptBands, 1, (key.width * rows + keptPerFrame - 1) / max(keptPerFrame, 1))
    let step = (rows + bands - 1) / bands
    let part = keepingRows..<min(keepingRows + step, rows)
    canvas.sync()
    SurfaceComposer.blit(
      kept.base, width: key.width, height: rows, rows: part, into: surface, fromScreen: true)
    keepingRows = part.upperBound
    if keepingRows >= rows { keptKey = key }
  }

  /// Starts making the storage a held view `width`×`height` is kept in, off the main thread,
  /// unless it is made or being made: called from a quiet frame (`MapWarmer`), so that a zoom's
  /// first frame does not start a thread (0.05 ms) and its frames do not share the memory with
  /// the page faults of 4 MiB being zeroed (1280×800).
  /// True when it started it now.
  @discardableResult
  func reserve(width: Int, height: Int) -> Bool {
    guard width > 0, height > 0, kept.map({ $0.count < width * height }) ?? true else { return false }
    return prepare(width * height)
  }

  /// Starts making storage of `count` pixels unless storage as large or larger is being made;
  /// true when it started.
  @discardableResult
  private func prepare(_ count: Int) -> Bool {
    guard preparing.map({ $0 < count }) ?? true else { return false }
    preparing = count
    storageStarts += 1
    prepared.prepare(count: count)
    return true
  }

  /// Waits until the storage for the last frame's view to be kept is ready (tests: the frame
  /// that can keep a view keeps it).
  func waitForKeptPixels() {
    guard keptCount > 0, kept.map({ $0.count < keptCount }) ?? true else { return }
    kept = prepared.take(count: max(wholeCount, keptCount))
  }

  /// Rows `from..<band.below.upperBound` of the frame: the layer's placements scaled at their
  /// shades (but under `hidden`), the overlay colour-modulated over them.
  private func draw(
    into surface: SurfaceComposer.Surface, layer: TileLayer, overlay: MapOverlay, band: SheetShadow.Band,
    from: Int = 0, shade: UInt8, width: Int, hidden: MapOcclusion?, canvas: Canvas, text: TextCache
  ) {
    let rows = band.below.upperBound
    guard from < rows else { return }
    rowsComposed += rows - from
    let blendInto = blendsOverlay ? surface : nil
    // The rows composed once at their shades (but under `hidden`), the overlay colour-modulated
    // by each row's shade over them (blended on the CPU, a modulated blend costs about what a
    // plain one does), as an exact frame draws it.
    MapOcclusion.forEachPart(of: hidden, rows: from..<rows, width: width) { rows, columns in
      compose(layer, columns: columns, rows: rows, into: surface) { band.shade(shade, row: $0) }
    }
    profile?.mark("rows composed")
    band.forEachRun(from: from, base: shade) { rows, shade in
      OverlayBlender.play(
        overlay, rows: rows, columns: 0..<width, shade: shade, into: blendInto, canvas: canvas, text: text,
        hidden: hidden)
    }
    if let profile {
      // Drawn before the mark, so that the phase is timed with its own drawing.
      canvas.sync()
      profile.mark("overlay drawn")
    }
  }

  /// Writes `columns` × `rows` of the screen from the layer's placements (later ones above
  /// earlier ones), row r multiplied by `shade(r)`; the land's colour where none reaches.
  func compose(
    _ layer: TileLayer, columns: Range<Int>, rows: Range<Int>, into surface: SurfaceComposer.Surface,
    shade: (Int) -> UInt8
  ) {
    guard !columns.isEmpty, !rows.isEmpty else { return }
    // The placements reaching into the rectangle (a few for an overlay's region).
    hits.removeAll(keepingCapacity: true)
    for p in layer.placements
    where p.x < columns.upperBound && p.x + p.w > columns.lowerBound && p.y < rows.upperBound
      && p.y + p.h > rows.lowerBound
    {
      hits.append(p)
    }
    let placements = hits
    Uncovered.forEach(in: columns, rows, by: placements[...]) { x, y, w, h in
      let land = MapPainter.land
      let pixel = 0xFF00_0000 | UInt32(land.r) << 16 | UInt32(land.g) << 8 | UInt32(land.b)
      for row in y..<(y + h) {
        // The land's colour dimmed once for the row, not every pixel of it.
        (surface.line(row) + x).update(repeating: Dimmer.dim(pixel, shade: shade(row)), count: w)
      }
    }
    for (i, p) in placements.enumerated() {
      let x0 = max(p.x, columns.lowerBound)
      let x1 = min(p.x + p.w, columns.upperBound)
      let y0 = max(p.y, rows.lowerBound)
      let y1 = min(p.y + p.h, rows.upperBound)
      guard x0 < x1, y0 < y1, let pixels = Self.pixels(of: p) else { continue }
      // Only what the placements above leave showing (the exact level's tiles over the level
      // standing in hide most of it once they arrive).
      above.removeAll(keepingCapacity: true)
      for q in placements[(i + 1)...] where q.x < x1 && q.x + q.w > x0 && q.y < y1 && q.y + q.h > y0 {
        above.append(q)
      }
      guard !above.isEmpty else {
        scale(p, pixels, x0..<x1, y0..<y1, into: surface, shade: shade)
        continue
      }
      Uncovered.forEach(in: x0..<x1, y0..<y1, by: above[...]) { x, y, w, h in
        scale(p, pixels, x..<(x + w), y..<(y + h), into: surface, shade: shade)
      }
    }
  }

  /// Writes `columns` × `rows` of placement `p` (of `pixels`) into the surface, row r
  /// multiplied by `shade(r)`.
  private func scale(
    _ p: TileLayer.Placement, _ pixels: UnsafePointer<UInt32>, _ columns: Range<Int>, _ rows: Range<Int>,
    into surface: SurfaceComposer.Surface, shade: (Int) -> UInt8
  ) {
    let side = TileCache.size
    let (width, height) = (columns.count, rows.count)
    if columnTable.count < width { columnTable = [UInt16](repeating: 0, count: width) }
    if rowTable.count < height {
      rowTable = [UInt16](repeating: 0, count: height)
      shadeTable = [UInt8](repeating: 0, count: height)
    }
    for r in 0..<height { shadeTable[r] = shade(rows.lowerBound + r) }
    detent_scale_index(
      UInt32(side), UInt32(p.w), UInt32(columns.lowerBound - p.x), UInt32(width), &columnTable)
    detent_scale_index(UInt32(side), UInt32(p.h), UInt32(rows.lowerBound - p.y), UInt32(height), &rowTable)
    detent_scale_block(
      pixels, side, rowTable, shadeTable, height, columnTable, width,
      surface.line(rows.lowerBound) + columns.lowerBound, surface.pitch / 4,
      // Streamed past the cache at every size: measured at 1280×800 too (4 MB, which the overlay
      // then reads back), 0.23–0.33 ms a frame against 0.31–0.41 ms written through the cache.
      1)
  }
}
