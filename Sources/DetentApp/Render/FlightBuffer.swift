@preconcurrency import CSDL2

/// The ground along a camera flight, composed ahead of need into one texture, so that on a GPU
/// renderer every frame of the flight is one copy of a window of it (per band of rows of a
/// sheet's shadow) with the pins drawn live above it, instead of a copy per tile and band.
///
/// A flight's path is known from its start (`MapCamera.flight`: from, to, and a straight line
/// between them), so the buffer covers the bounding box of the flight's first and last views
/// plus `PanBuffer.margin` points on every side. It is filled tile by tile as the flight goes,
/// at most `tilesPerFrame` a frame (a copy into it costs its pixels, so filling a whole view at
/// once would make one frame cost two): first the tiles of the view shown (all held: the map is
/// only drawn from here when the view has no holes; until every one is in, the view is drawn
/// tile by tile), then held tiles of the ring one tile around the view, those ahead in the
/// flight's direction first, so that the view meets tiles already in (a flight moves at most
/// about a twentieth of its length a frame).
/// The tiles hold the ground and its labels; the pins and the location dot are placed for each
/// view, as when drawn tile by tile (`MapRenderer` plays them above), so the pixels are those of
/// the tiles copied one by one. After the flight its last view is still drawn from here (no
/// rebuild of the pan buffer in the frame after a flight); a view anywhere else lets it go.
/// `MapRenderer` decides when (GPU renderers only, like `PanBuffer`).
final class FlightBuffer {
  /// Largest buffer in device pixels (4 × a 1,280×800 view with its margins, 64 MiB): a longer
  /// flight is drawn tile by tile.
  static let maxPixels = 16 << 20
  /// Largest side in device pixels (what every GL implementation takes as a texture).
  static let maxSide = 8192
  /// Tiles copied in per frame (a third of a 1,280×800 view's 35).
  static let tilesPerFrame = 12

  /// What the buffer is for: the zoom, the flight's first and last top-left world pixels of the
  /// view (at that zoom) and the view's size in points.
  private struct Key: Equatable {
    var zoom: Double
    var from: Point
    var to: Point
    var width: Int
    var height: Int
  }

  /// A top-left world pixel at the key's zoom.
  struct Point: Equatable {
    var x: Int
    var y: Int
  }

  private var key: Key?
  /// The buffer's rectangle, world pixels at the key's zoom: its top-left and size in points,
  /// and its tile columns and rows.
  private var area = (x: 0, y: 0, width: 0, height: 0)
  private var columns = 0...0
  private var rowsOfTiles = 0...0
  /// Which tiles of the rectangle are in, row by row.
  private var filled: [Bool] = []
  private let buffer = ViewTexture(access: SDL_TEXTUREACCESS_TARGET)
  private var copies: [(tile: MapTile, x: Int, y: Int)] = []
  private var ahead: [(score: Int, key: TileKey)] = []
  /// Buffers set up so far, tiles copied into them and frames drawn from them (for the profile
  /// and tests).
  private(set) var builds = 0
  private(set) var tilesCopied = 0
  private(set) var frames = 0
  /// Whether a buffer is held (released once the pan buffer serves the view again).
  var isHeld: Bool { key != nil }
  /// Per-phase timing (`DETENT_PROFILE=phases`; nil: off).
  var profile: PhaseProfile?

  init() {
    copies.reserveCapacity(64)
    ahead.reserveCapacity(64)
  }

  /// Whether the buffer still serves the view whose top-left world pixel at zoom `z` is
  /// `view` once the flight is over: its last view, at the same zoom and size.
  /// (Within a pixel: the camera's last position is computed, not copied from the target.)
  func holds(zoom z: Double, view: Point, width: Int, height: Int) -> Bool {
    guard let key, key.zoom == z, abs(key.to.x - view.x) <= 1, abs(key.to.y - view.y) <= 1,
      key.width == width,
      key.height == height
    else { return false }
    return buffer.texture != nil
  }

  /// Lets the texture go (the pan buffer serves the view again).
  func release() {
    guard key != nil else { return }
    key = nil
    buffer.release()
  }

  /// Copies rows `0..<rows` of the view whose top-left world pixel at zoom `z` is `view`,
  /// `width`×`height` points, onto the canvas out of the buffer for the flight from `from` to
  /// `to` (top-left world pixels of its first and last views; nil: the flight the buffer was
  /// made for, over), multiplied by `shade` and
  /// darkened by the shadow of a sheet whose top edge is at `sheetTop`; copies in the tiles
  /// the view needs and some ahead of it first (`tile` looks tiles up, marking them used).
  /// False (nothing drawn): the caller draws the view itself (the flight's box is too large, or
  /// a tile of the view is not held).
  func draw(
    zoom z: Double, view: Point, width: Int, height: Int, flight: (from: Point, to: Point)?, rows: Int,
    shade: UInt8, sheetTop: Int?, canvas: Canvas, tile: (TileKey) -> MapTile?
  ) -> Bool {
    guard
      let wanted = flight.map({ Key(zoom: z, from: $0.from, to: $0.to, width: width, height: height) }) ?? key
    else { return false }
    if key != wanted, !setUp(wanted, canvas: canvas) { return false }
    let (from, to) = (wanted.from, wanted.to)
    guard view.x >= area.x, view.y >= area.y, view.x + width <= area.x + area.width,
      view.y + height <= area.y + area.height, let texture = buffer.texture
    else { return false }
    let complete = fill(zoom: z, view: view, width: width, height: height, toward: to, from: from, tile: tile)
    if !copies.isEmpty {
      let t = TileCache.size
      canvas.target(texture)
      for c in copies {
        var dst = SDL_Rect(x: Int32(c.x), y: Int32(c.y), w: Int32(t), h: Int32(t))
        SDL_SetTextureColorMod(c.tile.texture, 255, 255, 255)
        SDL_RenderCopy(canvas.renderer, c.tile.texture, nil, &dst)
      }
      canvas.target(nil)
      tilesCopied += copies.count
      copies.removeAll(keepingCapacity: true)
    }
    guard complete else { return false }
    frames += 1
    profile?.mark("flight fill")
    let s = Int32(canvas.scale)
    let (dx, dy) = (Int32(view.x - area.x), Int32(view.y - area.y))
    SDL_SetTextureAlphaMod(texture, 255)
    SheetShadow.Band(sheetTop: sheetTop, rows: min(rows, height)).forEachRun(base: shade) { rows, shade in
      var dst = SDL_Rect(x: 0, y: Int32(rows.lowerBound), w: Int32(width), h: Int32(rows.count))
      var src = SDL_Rect(x: dx * s, y: (dy + dst.y) * s, w: dst.w * s, h: dst.h * s)
      SDL_SetTextureColorMod(texture, shade, shade, shade)
      SDL_RenderCopy(canvas.renderer, texture, &src, &dst)
    }
    return true
  }

  /// Makes the (empty) buffer for `wanted`; false when its box is too large or SDL cannot.
  private func setUp(_ wanted: Key, canvas: Canvas) -> Bool {
    let m = PanBuffer.margin
    let x = min(wanted.from.x, wanted.to.x) - m
    let y = min(wanted.from.y, wanted.to.y) - m
    let width = abs(wanted.to.x - wanted.from.x) + wanted.width + 2 * m
    let height = abs(wanted.to.y - wanted.from.y) + wanted.height + 2 * m
    let (pw, ph) = (width * canvas.scale, height * canvas.scale)
    guard pw <= Self.maxSide, ph <= Self.maxSide, pw * ph <= Self.maxPixels,
      buffer.texture(for: canvas, pixelWidth: pw, pixelHeight: ph) != nil
    else {
      release()
      return false
    }
    key = wanted
    area = (x, y, width, height)
    let t = Double(TileCache.size)
    columns = TileScheduler.span(Double(x), width, size: t)
    rowsOfTiles = TileScheduler.span(Double(y), height, size: t)
    filled = Array(repeating: false, count: columns.count * rowsOfTiles.count)
    builds += 1
    return true
  }

  /// Lists in `copies` up to `tilesPerFrame` tiles to copy in: the view's not in yet, then held
  /// ones of the ring around it, those toward `to` first. False when a tile of the view is not
  /// in the buffer after them (or not held).
  private func fill(
    zoom z: Double, view: Point, width: Int, height: Int, toward to: Point, from: Point,
    tile: (TileKey) -> MapTile?
  ) -> Bool {
    let t = TileCache.size
    let size = Double(t)
    copies.removeAll(keepingCapacity: true)
    ahead.removeAll(keepingCapacity: true)
    let inner = (
      x: TileScheduler.span(Double(view.x), width, size: size),
      y: TileScheduler.span(Double(view.y), height, size: size)
    )
    let (dirX, dirY) = ((to.x - from.x).signum(), (to.y - from.y).signum())
    var budget = Self.tilesPerFrame
    var complete = true
    for j in (inner.y.lowerBound - 1)...(inner.y.upperBound + 1) where rowsOfTiles.contains(j) {
      for i in (inner.x.lowerBound - 1)...(inner.x.upperBound + 1) where columns.contains(i) {
        let slot = (j - rowsOfTiles.lowerBound) * columns.count + (i - columns.lowerBound)
        guard !filled[slot] else { continue }
        let key = TileKey(zoom: z, x: i, y: j)
        if inner.x.contains(i), inner.y.contains(j) {
          guard budget > 0, let held = tile(key) else {
            complete = false
            continue
          }
          copies.append((held, i * t - area.x, j * t - area.y))
          filled[slot] = true
          budget -= 1
        } else {
          // Ahead of the flight first: the ring's side it moves toward.
          let side =
            (i < inner.x.lowerBound ? -1 : i > inner.x.upperBound ? 1 : 0) * dirX
            + (j < inner.y.lowerBound ? -1 : j > inner.y.upperBound ? 1 : 0) * dirY
          ahead.append((side, key))
        }
      }
    }
    guard complete, budget > 0, !ahead.isEmpty else { return complete }
    ahead.sort { $0.score > $1.score }
    for a in ahead where budget > 0 {
      guard let held = tile(a.key) else { continue }
      let slot = (a.key.y - rowsOfTiles.lowerBound) * columns.count + (a.key.x - columns.lowerBound)
      copies.append((held, a.key.x * t - area.x, a.key.y * t - area.y))
      filled[slot] = true
      budget -= 1
    }
    return true
  }
}
