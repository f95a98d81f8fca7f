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
/// drawn tile by tile as before. A camera flight never rebuilds it on its way: a rebuild costs
/// several window-sized copies (20–25 ms under llvmpipe), which in the middle of a flight is a
/// hitch in the motion and the latency of the pointer moves it delays. In the flight's first
/// frame (the tap that opens a place, whose selected pin changes the pins as it starts) the
/// buffer is rebuilt around the flight's whole path, its first view and its last plus the
/// margin, when that is at most twice the usual buffer's area and its tiles are held, so that
/// every frame of the flight is one copy; otherwise the flight is drawn tile by tile, and the
/// buffer is rebuilt around the view once it lands. Not used on
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
  /// The start time of the last flight drawn (a flight's first frame is the one that may build).
  private var flightSeen: Double?

  /// A camera flight as the buffer sees it: the top-left world pixel of its last view and the
  /// model time it started.
  struct Flight {
    var end: (x: Int, y: Int)
    var start: Double
  }

  init() { placements.reserveCapacity(64) }

  /// Copies the view whose top-left world pixel at zoom `z` is (x, y), `width`×`height` points,
  /// rows `0..<rows`, onto the canvas, multiplied by `shade` and darkened by the shadow of a
  /// sheet whose top edge is at `sheetTop`. Rebuilds the buffer when the view has left it,
  /// unless a tile it needs is not held (`tile` looks tiles up, marking them used); during a
  /// camera `flight`, only in its first frame (`firstOfFlight`, from `see`), around its whole
  /// path (see the type's notes).
  /// `hidden`: a rectangle opaque sheets cover, not copied.
  /// `fill` adds the pins and the location dot of a rectangle to an overlay, whose marks are
  /// copied from `marks`. False: the
  /// caller draws the map itself this frame.
  func draw(
    zoom z: Double, x: Int, y: Int, width: Int, height: Int, pins: MapPins, rows: Int, shade: UInt8,
    sheetTop: Int?, hidden: MapOcclusion? = nil, flight: Flight? = nil, firstOfFlight: Bool = false,
    canvas: Canvas,
    text: TextCache,
    marks: SpriteCache?,
    tile: (TileKey) -> MapTile?,
    fill: (_ overlay: MapOverlay, _ x: Double, _ y: Double, _ width: Int, _ height: Int) -> Void
  ) -> Bool {
    let m = Self.margin
    // The rectangle a rebuild composes: the view and its margin, or a flight's whole path.
    var rect = (x: x - m, y: y - m, width: width + 2 * m, height: height + 2 * m)
    if let end = flight?.end {
      let path = (
        x: min(x, end.x) - m, y: min(y, end.y) - m, width: abs(end.x - x) + width + 2 * m,
        height: abs(end.y - y) + height + 2 * m
      )
      rect = path.width * path.height <= 2 * rect.width * rect.height ? path : (0, 0, 0, 0)
    }
    let covered = covers(zoom: z, x: x, y: y, width: width, height: height, pins: pins)
    // A flight's first frame rebuilds unless the buffer holds its last view too.
    let needed =
      firstOfFlight
      ? !(covered
        && flight.map { covers(zoom: z, x: $0.end.x, y: $0.end.y, width: width, height: height, pins: pins) }
          ?? false)
      : !covered
    if needed {
      let built =
        (flight == nil || firstOfFlight) && rect.width > 0
        && build(
          rect, zoom: z, view: (x, y, width, height), pins: pins, canvas: canvas, text: text, marks: marks,
          tile: tile, fill: fill)
      // Not rebuilt: the view is copied if the buffer still holds it, else drawn tile by tile.
      guard built || covered else { return false }
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

  /// Notes the camera's flight (nil: not flying) for every frame the map draws, whichever way
  /// it draws it; true in the first frame of a flight.
  func see(_ flight: Flight?) -> Bool {
    defer { flightSeen = flight?.start }
    return flight.map { $0.start != flightSeen } ?? false
  }

  /// Whether the buffer holds the whole view, at its zoom and with its pins.
  private func covers(zoom z: Double, x: Int, y: Int, width: Int, height: Int, pins: MapPins) -> Bool {
    guard let key, key.zoom == z, key.pins == pins, key.width >= width + 2 * Self.margin,
      key.height >= height + 2 * Self.margin
    else { return false }
    return x >= key.x && y >= key.y && x + width <= key.x + key.width && y + height <= key.y + key.height
  }

  /// Composes the tiles and the overlay of `rect` (world pixels at zoom `z`: the view plus its
  /// margin, or a flight's path), the pins of `view` placed first; false (nothing changed) when
  /// a tile is not held.
  private func build(
    _ rect: (x: Int, y: Int, width: Int, height: Int), zoom z: Double,
    view: (x: Int, y: Int, width: Int, height: Int), pins: MapPins, canvas: Canvas, text: TextCache,
    marks: SpriteCache?, tile: (TileKey) -> MapTile?,
    fill: (_ overlay: MapOverlay, _ x: Double, _ y: Double, _ width: Int, _ height: Int) -> Void
  ) -> Bool {
    let (bx, by, bw, bh) = rect
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
