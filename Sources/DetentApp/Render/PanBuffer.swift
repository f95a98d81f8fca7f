@preconcurrency import CSDL2

/// The map's exact tiles and overlay composed once into a texture larger than the view by
/// `margin` points on every side, so that on a GPU renderer a pan, a drag or a flight's last
/// stretch copies one rectangle of it at the view's offset (one draw, as a bare program dragging
/// one texture does) instead of a copy per tile and per pin. Each draw call costs a GPU renderer
/// a setup (under Mesa's llvmpipe about a tenth of a millisecond, as much as filling 30,000
/// pixels), so a view of 24 tiles and a dozen pins cost several copies' worth per frame.
///
/// The buffer is rebuilt, centred on the view, when the view leaves it, once every tile it
/// covers is held (the scheduler renders the ring around the view ahead of need, and the
/// margin is one tile, so the ring is exactly what a rebuild needs); until then the map is
/// drawn tile by tile as before. During a camera flight it is rebuilt only when the rebuilt
/// buffer holds the flight's last view (a short flight, such as the one to a place opened
/// nearby, whose selected pin changes the pins as it starts): a long flight would cross the
/// margin every few frames, and is drawn tile by tile once it leaves the buffer. Not used on
/// the software renderer, whose copies cost their pixels, not a setup (and whose dimming is
/// done on the CPU, `BackdropStrip`): `MapRenderer` decides.
final class PanBuffer {
  /// Points of map kept on each side of the view.
  static let margin = TileCache.size

  /// What the buffer holds: the zoom, its top-left world pixel at that zoom, its size in points
  /// and the pins composed into it (nil: nothing yet).
  private var key: (zoom: Double, x: Int, y: Int, width: Int, height: Int, pins: MapPins)?
  private let buffer = ViewTexture(access: SDL_TEXTUREACCESS_TARGET)
  private let overlay = MapOverlay()
  private var placements: [(tile: MapTile, x: Int, y: Int)] = []
  /// Rebuilds so far (for the profile and tests).
  private(set) var builds = 0

  init() { placements.reserveCapacity(64) }

  /// Copies the view whose top-left world pixel at zoom `z` is (x, y), `width`×`height` points,
  /// rows `0..<rows`, onto the canvas, multiplied by `shade` and darkened by the shadow of a
  /// sheet whose top edge is at `sheetTop`. Rebuilds the buffer when the view has left it,
  /// unless a tile it needs is not held (`tile` looks tiles up, marking them used) or, during a
  /// camera flight, the rebuilt buffer would not hold the flight's last view, whose top-left
  /// world pixel is `flightEnd`.
  /// `hidden`: a rectangle opaque sheets cover, not copied.
  /// `fill` adds the pins and the location dot of a rectangle to an overlay, whose marks are
  /// copied from `marks`. False: the
  /// caller draws the map itself this frame.
  func draw(
    zoom z: Double, x: Int, y: Int, width: Int, height: Int, pins: MapPins, rows: Int, shade: UInt8,
    sheetTop: Int?, hidden: MapOcclusion? = nil, flightEnd: (x: Int, y: Int)?, canvas: Canvas,
    text: TextCache,
    marks: SpriteCache?,
    tile: (TileKey) -> MapTile?,
    fill: (_ overlay: MapOverlay, _ x: Double, _ y: Double, _ width: Int, _ height: Int) -> Void
  ) -> Bool {
    if !covers(zoom: z, x: x, y: y, width: width, height: height, pins: pins) {
      let m = Self.margin
      let holdsEnd = flightEnd.map { abs($0.x - x) <= m && abs($0.y - y) <= m } ?? true
      guard holdsEnd,
        build(
          zoom: z, x: x, y: y, width: width, height: height, pins: pins, canvas: canvas, text: text,
          marks: marks,
          tile: tile, fill: fill)
      else { return false }
    }
    guard let texture = buffer.texture, let key else { return false }
    let s = Int32(canvas.scale)
    let (dx, dy) = (Int32(x - key.x), Int32(y - key.y))
    SDL_SetTextureAlphaMod(texture, 255)
    SheetShadow.Band(sheetTop: sheetTop, rows: min(rows, height)).forEachRun(base: shade) { rows, shade in
      SDL_SetTextureColorMod(texture, shade, shade, shade)
      // Not under an opaque card (a GPU renderer's copy costs its pixels).
      MapOcclusion.forEachPart(of: hidden, rows: rows, width: width) { rows, columns in
        var dst = SDL_Rect(
          x: Int32(columns.lowerBound), y: Int32(rows.lowerBound), w: Int32(columns.count),
          h: Int32(rows.count))
        var src = SDL_Rect(x: (dx + dst.x) * s, y: (dy + dst.y) * s, w: dst.w * s, h: dst.h * s)
        SDL_RenderCopy(canvas.renderer, texture, &src, &dst)
      }
    }
    return true
  }

  /// Whether the buffer holds the whole view, at its zoom and with its pins.
  private func covers(zoom z: Double, x: Int, y: Int, width: Int, height: Int, pins: MapPins) -> Bool {
    guard let key, key.zoom == z, key.pins == pins, key.width >= width + 2 * Self.margin,
      key.height >= height + 2 * Self.margin
    else { return false }
    return x >= key.x && y >= key.y && x + width <= key.x + key.width && y + height <= key.y + key.height
  }

  /// Composes the tiles and the overlay of the view plus its margin; false (nothing changed)
  /// when a tile is not held.
  private func build(
    zoom z: Double, x: Int, y: Int, width: Int, height: Int, pins: MapPins, canvas: Canvas, text: TextCache,
    marks: SpriteCache?, tile: (TileKey) -> MapTile?,
    fill: (_ overlay: MapOverlay, _ x: Double, _ y: Double, _ width: Int, _ height: Int) -> Void
  ) -> Bool {
    let m = Self.margin
    let (bx, by, bw, bh) = (x - m, y - m, width + 2 * m, height + 2 * m)
    let t = TileCache.size
    placements.removeAll(keepingCapacity: true)
    for j in TileScheduler.span(Double(by), bh, size: Double(t)) {
      for i in TileScheduler.span(Double(bx), bw, size: Double(t)) {
        guard let held = tile(TileKey(zoom: z, x: i, y: j)) else { return false }
        placements.append((held, i * t - bx, j * t - by))
      }
    }
    guard let texture = target(canvas, bw, bh) else { return false }
    canvas.target(texture)
    for p in placements {
      var dst = SDL_Rect(x: Int32(p.x), y: Int32(p.y), w: Int32(t), h: Int32(t))
      SDL_SetTextureColorMod(p.tile.texture, 255, 255, 255)
      SDL_RenderCopy(canvas.renderer, p.tile.texture, nil, &dst)
    }
    placements.removeAll(keepingCapacity: true)
    overlay.marks = marks
    overlay.removeAll()
    fill(overlay, Double(bx), Double(by), bw, bh)
    overlay.play(rows: 0..<bh, width: bw, shade: 255, canvas: canvas, text: text)
    canvas.target(nil)
    key = (z, bx, by, bw, bh, pins)
    builds += 1
    return true
  }

  /// The buffer's texture for `width`×`height` points at the canvas's scale.
  private func target(_ canvas: Canvas, _ width: Int, _ height: Int) -> OpaquePointer? {
    guard
      let (texture, fresh) = buffer.texture(for: canvas, width: width, height: height)
    else { return nil }
    if fresh { key = nil }
    return texture
  }
}
