@preconcurrency import CSDL2

/// Small images drawn once with the canvas into textures and reused every frame (row icons,
/// the sheet's top cap, the header). Keyed by a string naming everything the image depends on;
/// keeps the most recently used ones within `byteBudget` bytes of pixels.
final class SpriteCache {
  struct Sprite {
    let texture: OpaquePointer
    let width: Int
    let height: Int
    /// Its pixels read back once drawn, when asked for (the map's marks, blended on the CPU).
    var pixels: KeptPixels?
  }

  /// What a sprite shows; everything its pixels depend on (hashing it allocates nothing).
  enum Key: Hashable {
    /// The root sheet's search field band; `pressed`: 0 nothing, 1 the clear button, 2 Cancel.
    case searchField(width: Int, focused: Bool, text: String, pressed: Int)
    /// The root sheet's chips band; `pressed` is the chip held down (−1: none).
    case chips(width: Int, height: Int, chip: Int, pressed: Int, scroll: Int)
    /// A detail sheet's close button.
    case closeButton(radius: Int, pressed: Bool)
    /// A detail sheet's action buttons; `pressed` is the button held down (−1: none).
    case actions(width: Int, height: Int, pressed: Int)
    /// The opaque middle of a sheet's top 12 rows, with the grabber.
    case sheetBand(width: Int, radius: Int)
    /// A sheet's rounded top corner, left or right (transparent outside the arc).
    case sheetCorner(right: Bool, radius: Int)
    /// The shadow a stacked sheet casts above its top edge.
    case sheetShadow(width: Int)
    /// A category icon, on white or on a pressed row's grey.
    case icon(category: Int, pressed: Bool)
    /// One of the nine pieces of a card's soft shadow (`SoftShadow.Part`) for a corner radius.
    case softShadow(part: Int, radius: Int)
    /// A pin, balloon or location dot on the map, at a fraction of a pixel.
    case mapMark(MapMark)
    /// A highway shield on the map: an opaque rounded rectangle on whole pixels (0xRRGGBB).
    case mapShield(width: Int, height: Int, radius: Double, color: UInt32)
  }

  private let canvas: Canvas
  private var entries: [Key: (sprite: Sprite, used: UInt64)] = [:]
  private var clock: UInt64 = 0
  private var bytes = 0
  /// The most pixel memory the cache keeps.
  let byteBudget: Int
  /// Sprites drawn since start (for the bench).
  private(set) var renders = 0

  init(canvas: Canvas, byteBudget: Int = 2 << 20) {
    self.canvas = canvas
    self.byteBudget = byteBudget
  }

  deinit { for entry in entries.values { SDL_DestroyTexture(entry.sprite.texture) } }

  /// The sprite for `key`, drawing it with `draw` (local coordinates) on first use. An `opaque`
  /// sprite starts from `background` and is copied without blending; otherwise it starts
  /// transparent. `pixels`: its pixels are read back once drawn and kept beside it (counted in
  /// the budget).
  func sprite(
    _ key: Key, width: Int, height: Int, opaque: Bool, background: Color = .white, pixels: Bool = false,
    draw: (Canvas) -> Void
  ) -> Sprite? {
    clock &+= 1
    // One hash of the key (a map mark's holds its glyph's string): found by index, marked used.
    if let index = entries.index(forKey: key) {
      entries.values[index].used = clock
      return entries.values[index].sprite
    }
    guard width > 0, height > 0,
      let texture = SDL_CreateTexture(
        canvas.renderer, detent_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
        Int32(width * canvas.scale), Int32(height * canvas.scale))
    else { return nil }
    SDL_SetTextureBlendMode(texture, opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
    canvas.flush()
    var clip = SDL_Rect()
    let clipped = SDL_RenderIsClipEnabled(canvas.renderer) == SDL_TRUE
    if clipped { SDL_RenderGetClipRect(canvas.renderer, &clip) }
    // Drawn while composing into another texture (the map's view cache), it goes back there.
    let previous = SDL_GetRenderTarget(canvas.renderer)
    canvas.target(texture)
    let fill = opaque ? background : Color(r: 0, g: 0, b: 0, a: 0)
    SDL_SetRenderDrawColor(canvas.renderer, fill.r, fill.g, fill.b, fill.a)
    SDL_RenderClear(canvas.renderer)
    draw(canvas)
    var kept: KeptPixels?
    if pixels {
      canvas.flush()
      kept = KeptPixels(reading: canvas.renderer, width: width * canvas.scale, height: height * canvas.scale)
    }
    canvas.target(previous)
    if clipped { SDL_RenderSetClipRect(canvas.renderer, &clip) }
    renders += 1
    let sprite = Sprite(texture: texture, width: width, height: height, pixels: kept)
    let size = bytes(of: sprite)
    while bytes + size > byteBudget, let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
      SDL_DestroyTexture(oldest.value.sprite.texture)
      bytes -= bytes(of: oldest.value.sprite)
      entries.removeValue(forKey: oldest.key)
    }
    entries[key] = (sprite, clock)
    bytes += size
    return sprite
  }

  /// The bytes `sprite` holds: its texture's pixels and those kept beside it.
  private func bytes(of sprite: Sprite) -> Int {
    sprite.width * sprite.height * 4 * canvas.scale * canvas.scale + (sprite.pixels?.bytes ?? 0)
  }

  /// Copies a sprite stretched to the rectangle (x, y, w, h) (whole pixels).
  func draw(_ sprite: Sprite, x: Double, y: Double, w: Double, h: Double) {
    guard w > 0, h > 0 else { return }
    canvas.draw(sprite.texture, x: x.rounded(), y: y.rounded(), w: w.rounded(), h: h.rounded())
  }

  /// Copies a sprite with its top-left at (x, y) (whole pixels).
  func draw(_ sprite: Sprite, x: Double, y: Double) {
    canvas.draw(
      sprite.texture, x: x.rounded(), y: y.rounded(), w: Double(sprite.width), h: Double(sprite.height))
  }

  /// Copies a sprite whose pixels are the same all along its longer side (a shadow's edge piece)
  /// stretched over the rectangle (x, y, w, h) (whole pixels) along that side, cut to the output:
  /// one copy, the pixels `drawTiled` leaves where the rectangle keeps the sprite's size across. For
  /// GPU renderers, where a copy's cost is its pixels and a draw's setup (about 35 µs of the main
  /// thread under llvmpipe), not the software renderer's temporary surface per stretched copy.
  func drawStretched(_ sprite: Sprite, x: Double, y: Double, w: Double, h: Double) {
    let (x, y, width, height) = (x.rounded(), y.rounded(), w.rounded(), h.rounded())
    guard width > 0, height > 0, [x, y, width, height].allSatisfy({ abs($0) < 1e9 }) else { return }
    let (left, right, bottom) = outputBounds()
    let (x0, y0) = (max(x, left), max(y, 0))
    let (x1, y1) = (min(x + width, right), min(y + height, bottom))
    guard x0 < x1, y0 < y1 else { return }
    // Cut only along the axis the sprite is stretched on: across it, its pixels differ.
    let alongX = sprite.width >= sprite.height
    let (cx, cw) = alongX ? (x0, x1 - x0) : (x, width)
    let (cy, ch) = alongX ? (y, height) : (y0, y1 - y0)
    canvas.draw(sprite.texture, x: cx, y: cy, w: cw, h: ch)
  }

  /// Fills the rectangle (x, y, w, h) (whole pixels) with copies of a sprite at its own size,
  /// the last ones in each direction cut short: no stretching, which the software renderer
  /// does through a temporary surface per copy.
  func drawTiled(_ sprite: Sprite, x: Double, y: Double, w: Double, h: Double) {
    let (x, y, width, height) = (x.rounded(), y.rounded(), w.rounded(), h.rounded())
    guard width > 0, height > 0, [x, y, width, height].allSatisfy({ abs($0) < 1e9 }) else { return }
    let (sw, sh) = (Double(sprite.width), Double(sprite.height))
    // Only the copies that reach into the output (whole copies skipped, so the tiling's phase
    // stays): a rectangle far larger than the display costs what the display shows.
    let (left, right, bottom) = outputBounds()
    let h = min(height, max(bottom - y, 0))
    let w = min(width, max(right - x, 0))
    var row = max(((-y) / sh).rounded(.down), 0) * sh
    while row < h {
      let ph = min(sh, h - row)
      var column = max(((left - x) / sw).rounded(.down), 0) * sw
      while column < w {
        let pw = min(sw, w - column)
        canvas.draw(
          sprite.texture, x: x + column, y: y + row, w: pw, h: ph, sourceWidth: pw, sourceHeight: ph)
        column += pw
      }
      row += ph
    }
  }

  /// The output's left, right and bottom edges in the canvas's points (its top is 0; a column's
  /// viewport moves its origin, so its left edge is then negative).
  private func outputBounds() -> (left: Double, right: Double, bottom: Double) {
    var (outputWidth, outputHeight) = (Int32(0), Int32(0))
    SDL_GetRendererOutputSize(canvas.renderer, &outputWidth, &outputHeight)
    let scale = Double(max(canvas.scale, 1))
    let left = -(canvas.column?.x ?? 0)
    return (left, Double(outputWidth) / scale + left, Double(outputHeight) / scale)
  }
}
