@preconcurrency import CSDL2

/// One rectangle of the map (its exact tiles, then the pins and the location dot) composed into
/// a texture for `PanBuffer`: at once, or a few tiles a frame while the view is still copied
/// from another page; and, when only the pins change (a place opened or closed), patched in
/// place where the pins differ instead of composed again.
final class PanPage {
  /// A rectangle in whole world pixels at a zoom: its top-left corner and its size in points.
  struct Rect: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    /// Whether `other` lies wholly inside.
    func contains(_ other: Rect) -> Bool {
      other.x >= x && other.y >= y && other.x + other.width <= x + width
        && other.y + other.height <= y + height
    }

    /// The smallest rectangle holding both.
    func union(_ other: Rect) -> Rect {
      let (left, top) = (min(x, other.x), min(y, other.y))
      return Rect(
        x: left, y: top, width: max(x + width, other.x + other.width) - left,
        height: max(y + height, other.y + other.height) - top)
    }

    /// Grown by `margin` on every side.
    func inset(by margin: Int) -> Rect {
      Rect(x: x - margin, y: y - margin, width: width + 2 * margin, height: height + 2 * margin)
    }
  }

  /// What a page holds (or is being composed for): the zoom, the rectangle, the pins, and the
  /// view inside it whose pins are placed first, as for that view alone.
  struct Key: Equatable {
    var zoom: Double
    var rect: Rect
    var pins: MapPins
    var view: Rect
  }

  /// Adds the pins and the location dot of a rectangle (its top-left world pixel and size) to an
  /// overlay, those of `view` (a rectangle in it) placed first.
  typealias Fill = (_ overlay: MapOverlay, _ rect: Rect, _ view: Rect) -> Void

  private let buffer = ViewTexture(access: SDL_TEXTUREACCESS_TARGET)
  /// What the page holds or is being composed for (nil: nothing).
  private(set) var key: Key?
  /// Whether every tile and the whole overlay are composed.
  private(set) var complete = false
  /// The tiles still to compose, in order, with their offset in the page.
  private var queue: [(key: TileKey, x: Int, y: Int)] = []
  /// The tiles the page waits for, found by the last `compose` (for the scheduler to render
  /// them ahead).
  private(set) var waiting: [TileKey] = []
  /// Rows of the overlay composed so far (the overlay follows the last tile, in bands).
  private var overlayRows = 0
  private var overlay = MapOverlay()
  /// The overlay for new pins, compared with `overlay` by `patch`.
  private var scratch = MapOverlay()

  /// Units composed so far, every page this one held (tests).
  private(set) var composed = 0

  /// Rows of the overlay composed per unit of a frame's budget (as many as a tile has).
  static let band = TileCache.size

  init() { queue.reserveCapacity(128) }

  /// Units of work left to complete the page (a tile or a band of the overlay's rows each).
  var unitsLeft: Int {
    guard let key, !complete else { return 0 }
    return queue.count + (key.rect.height - overlayRows + Self.band - 1) / Self.band
  }

  /// Units of work of a whole page for `rect` (as `unitsLeft` counts them).
  static func units(of rect: Rect) -> Int {
    let t = Double(TileCache.size)
    let tiles =
      TileScheduler.span(Double(rect.y), rect.height, size: t).count
      * TileScheduler.span(Double(rect.x), rect.width, size: t).count
    return tiles + (rect.height + band - 1) / band
  }

  /// Whether every tile still to compose is held (`tile` looks them up).
  func restHeld(tile: (TileKey) -> MapTile?) -> Bool {
    queue.allSatisfy { tile($0.key) != nil }
  }

  /// Whether every tile of `rect` at zoom `z` is held (`tile` looks them up).
  static func tilesHeld(_ rect: Rect, zoom z: Double, tile: (TileKey) -> MapTile?) -> Bool {
    let t = Double(TileCache.size)
    for j in TileScheduler.span(Double(rect.y), rect.height, size: t) {
      for i in TileScheduler.span(Double(rect.x), rect.width, size: t)
      where tile(TileKey(zoom: z, x: i, y: j)) == nil {
        return false
      }
    }
    return true
  }

  /// The page's texture, once it has one.
  var texture: OpaquePointer? { key == nil ? nil : buffer.texture }

  /// Starts composing `key` (nothing of it shows until `compose` completes it): false when
  /// SDL cannot make the texture. `marks`: the overlay's sprites.
  func start(_ key: Key, canvas: Canvas, marks: SpriteCache?, fill: Fill) -> Bool {
    guard reserve(key.rect, canvas: canvas) else {
      self.key = nil
      return false
    }
    self.key = key
    complete = false
    let r = key.rect
    let t = TileCache.size
    queue.removeAll(keepingCapacity: true)
    for j in TileScheduler.span(Double(r.y), r.height, size: Double(t)) {
      for i in TileScheduler.span(Double(r.x), r.width, size: Double(t)) {
        queue.append((TileKey(zoom: key.zoom, x: i, y: j), i * t - r.x, j * t - r.y))
      }
    }
    overlayRows = 0
    overlay.marks = marks
    overlay.removeAll()
    fill(overlay, r, key.view)
    return true
  }

  /// Makes the page's texture hold `rect` (and keeps it for any page that fits): making a
  /// texture costs a GPU renderer its pixels, so the pan buffer makes the next page's ahead, in
  /// a frame that composes a page anyway. False when SDL cannot make it.
  @discardableResult
  func reserve(_ rect: Rect, canvas: Canvas) -> Bool {
    // Whole tiles' worth (Mesa's llvmpipe copies out of an odd-sized texture at half the speed).
    func whole(_ n: Int) -> Int { (n + TileCache.size - 1) / TileCache.size * TileCache.size * canvas.scale }
    return buffer.texture(for: canvas, atLeastPixelWidth: whole(rect.width), pixelHeight: whole(rect.height))
      != nil
  }

  /// Composes up to `budget` more units: a tile each, then a band of the overlay's rows each once
  /// every tile is (`tile` looks them up; one not held stops this frame's work). True when the
  /// page is complete.
  @discardableResult
  func compose(budget: Int, canvas: Canvas, text: TextCache, tile: (TileKey) -> MapTile?) -> Bool {
    guard !complete, let key, let texture = buffer.texture else { return complete }
    var budget = budget
    canvas.target(texture)
    let t = Int32(TileCache.size)
    // The tiles held, in order; those not held yet wait (`waiting`), in order too.
    waiting.removeAll(keepingCapacity: true)
    var kept = 0
    for i in queue.indices {
      let next = queue[i]
      if budget > 0, let held = tile(next.key) {
        if let pixels = held.labelledPixels {
          Self.upload(pixels, at: (next.x, next.y), into: texture, scale: canvas.scale)
        } else {
          var dst = SDL_Rect(x: Int32(next.x), y: Int32(next.y), w: t, h: t)
          SDL_SetTextureColorMod(held.texture, 255, 255, 255)
          SDL_RenderCopy(canvas.renderer, held.texture, nil, &dst)
        }
        budget -= 1
        composed += 1
      } else {
        if budget > 0 { waiting.append(next.key) }
        queue[kept] = next
        kept += 1
      }
    }
    queue.removeSubrange(kept...)
    while queue.isEmpty, budget > 0, overlayRows < key.rect.height {
      let rows = overlayRows..<min(overlayRows + Self.band, key.rect.height)
      overlay.play(rows: rows, width: key.rect.width, shade: 255, canvas: canvas, text: text)
      overlayRows = rows.upperBound
      budget -= 1
      composed += 1
    }
    canvas.target(nil)
    complete = queue.isEmpty && overlayRows >= key.rect.height
    return complete
  }

  /// Composes the page again where its pins and those of `pins` differ (the tiles under them
  /// copied again, then every item of the new overlay reaching there), which leaves exactly the
  /// pixels of the page composed whole with `pins`. False when that cannot be done (the items
  /// common to both are not in the same order, or a tile is no longer held): the page is then
  /// dropped.
  func patch(
    pins: MapPins, canvas: Canvas, text: TextCache, tile: (TileKey) -> MapTile?, fill: Fill
  ) -> Bool {
    guard complete, var key, let texture = buffer.texture else { return false }
    key.pins = pins
    scratch.marks = overlay.marks
    scratch.removeAll()
    fill(scratch, key.rect, key.view)
    let r = key.rect
    guard let changed = Self.changed(from: overlay.items, to: scratch.items) else {
      self.key = nil
      return false
    }
    let t = TileCache.size
    canvas.target(texture)
    defer { canvas.target(nil) }
    for region in MapOverlay.regions(of: changed, columns: 0..<r.width, rows: 0..<r.height) {
      canvas.clip(
        (
          Double(region.columns.lowerBound), Double(region.rows.lowerBound), Double(region.columns.count),
          Double(region.rows.count)
        ))
      for j in TileScheduler.span(Double(r.y + region.rows.lowerBound), region.rows.count, size: Double(t)) {
        for i in TileScheduler.span(
          Double(r.x + region.columns.lowerBound), region.columns.count, size: Double(t))
        {
          guard let held = tile(TileKey(zoom: key.zoom, x: i, y: j)) else {
            canvas.clip(nil)
            self.key = nil
            return false
          }
          var dst = SDL_Rect(x: Int32(i * t - r.x), y: Int32(j * t - r.y), w: Int32(t), h: Int32(t))
          SDL_SetTextureColorMod(held.texture, 255, 255, 255)
          SDL_RenderCopy(canvas.renderer, held.texture, nil, &dst)
        }
      }
      scratch.play(rows: region.rows, columns: region.columns, shade: 255, canvas: canvas, text: text)
    }
    swap(&overlay, &scratch)
    self.key = key
    return true
  }

  /// Writes a tile's pixels `argb` (a square of them) into `texture` with its top-left corner
  /// at point `at` (the page's offset of it, `scale` pixels a point), the part inside the
  /// texture: an upload, which Mesa's llvmpipe does as a copy of memory, where drawing the
  /// tile's texture into the page ran its rasteriser over every pixel (0.3–0.5 ms a tile).
  static func upload(_ argb: [UInt32], at: (x: Int, y: Int), into texture: OpaquePointer, scale: Int) {
    let side = Int(Double(argb.count).squareRoot())
    var w: Int32 = 0
    var h: Int32 = 0
    SDL_QueryTexture(texture, nil, nil, &w, &h)
    let (x0, y0) = (at.x * scale, at.y * scale)
    let left = max(0, -x0)
    let top = max(0, -y0)
    let right = min(side, Int(w) - x0)
    let bottom = min(side, Int(h) - y0)
    guard right > left, bottom > top else { return }
    var rect = SDL_Rect(
      x: Int32(x0 + left), y: Int32(y0 + top), w: Int32(right - left), h: Int32(bottom - top))
    argb.withUnsafeBufferPointer {
      _ = SDL_UpdateTexture(texture, &rect, $0.baseAddress! + top * side + left, Int32(side * 4))
    }
  }

  /// Drops what the page holds.
  func drop() {
    key = nil
    complete = false
    waiting.removeAll(keepingCapacity: true)
  }

  /// The items of `new` not in `old` and those of `old` not in `new` (alike when they draw the
  /// same shape in the same colour); nil when the items in both are not in the same order (an
  /// item drawn over another in one and under it in the other).
  static func changed(from old: [MapOverlay.Item], to new: [MapOverlay.Item]) -> [MapOverlay.Item]? {
    struct Look: Hashable {
      var shape: MapOverlay.Item.Shape
      var color: Color
    }
    func counts(_ items: [MapOverlay.Item]) -> [Look: Int] {
      var counts: [Look: Int] = [:]
      for item in items { counts[Look(shape: item.shape, color: item.color), default: 0] += 1 }
      return counts
    }
    var changed: [MapOverlay.Item] = []
    // Each list's items split into those in the other (in order) and the rest.
    func split(_ items: [MapOverlay.Item], against other: [MapOverlay.Item]) -> [Look] {
      var left = counts(other)
      var common: [Look] = []
      for item in items {
        let look = Look(shape: item.shape, color: item.color)
        if let n = left[look], n > 0 {
          left[look] = n - 1
          common.append(look)
        } else {
          changed.append(item)
        }
      }
      return common
    }
    guard split(old, against: new) == split(new, against: old) else { return nil }
    return changed
  }
}
