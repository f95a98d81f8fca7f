@preconcurrency import CSDL2
import Foundation

/// Text style: size in points and weight.
struct TextStyle: Hashable, Sendable {
  var size: Int
  var bold = false

  static let body = TextStyle(size: 15)
  static let bodyBold = TextStyle(size: 15, bold: true)
  static let caption = TextStyle(size: 12)
  static let small = TextStyle(size: 11)
  static let title = TextStyle(size: 20, bold: true)
  static let label = TextStyle(size: 11, bold: true)
}

/// A rendered string; `width` and `height` in points (its pixels are scale × that).
struct TextTexture {
  let texture: OpaquePointer
  let width: Double
  let height: Double
  /// Its pixels, kept when asked for (`TextCache.texture(…, pixels: true)`, a blended text).
  var pixels: KeptPixels?
}

/// Renders each (string, style, color) once into a texture and keeps at most `capacity` of them,
/// dropping the least recently used. Fonts are opened once per style.
final class TextCache {
  private struct Key: Hashable {
    var text: String
    var style: TextStyle
    var color: UInt32
    var background: UInt32
    var turned: Bool
  }

  /// Keeps the renderer alive while the cache holds its textures.
  private let canvas: Canvas
  private let regularPath: String
  private let boldPath: String
  private var fonts: [TextStyle: OpaquePointer] = [:]
  private var entries: [Key: (texture: TextTexture, used: UInt64)] = [:]
  private struct WidthKey: Hashable {
    var text: String
    var style: TextStyle
  }
  private var widths: [WidthKey: Double] = [:]
  /// The most widths `measure` keeps.
  static let widthCapacity = 4096
  /// Strings measured through the font so far (not from the kept widths).
  private(set) var measured = 0
  private var clock: UInt64 = 0
  let capacity: Int
  /// Textures created since start (for the bench).
  private(set) var renders = 0
  /// Bytes of pixels kept beside the textures (`TextTexture.pixels`).
  private(set) var pixelBytes = 0

  /// Device pixels per point: fonts are opened at size × scale, so text is rasterised at the
  /// display's resolution, and each texture is drawn at its size in points.
  let scale: Int

  /// A cache of text drawn with `canvas`'s renderer, rasterised at its scale.
  init(canvas: Canvas, fonts: AssetLocator.Fonts, capacity: Int = 2048) throws {
    self.canvas = canvas
    self.scale = max(canvas.scale, 1)
    self.regularPath = fonts.regular
    self.boldPath = fonts.bold
    self.capacity = capacity
    let initialised = Self.fontLock.withLock { TTF_WasInit() != 0 || TTF_Init() == 0 }
    if !initialised { throw EnvironmentError.sdl("TTF_Init failed") }
    _ = try font(.body)
  }

  deinit {
    for entry in entries.values { SDL_DestroyTexture(entry.texture.texture) }
    Self.fontLock.withLock {
      for font in fonts.values { TTF_CloseFont(font) }
    }
  }

  /// Serialises opening and closing fonts: FreeType creates and destroys faces through one
  /// library object, which only one thread may do at a time (the map tiles' worker has text
  /// caches of its own, `TileWorker`). Drawing with a face needs no lock as long as one thread
  /// uses it: each cache's fonts are used only by the thread that draws with that cache.
  static let fontLock = NSLock()

  /// The font files this cache opens (a cache on another thread opens its own faces of them).
  var fontFiles: AssetLocator.Fonts { AssetLocator.Fonts(regular: regularPath, bold: boldPath) }

  /// Number of textures held.
  var count: Int { entries.count }

  private func font(_ style: TextStyle) throws -> OpaquePointer {
    if let f = fonts[style] { return f }
    let path = style.bold ? boldPath : regularPath
    let size = Int32(style.size * scale)
    guard let f = Self.fontLock.withLock({ TTF_OpenFont(path, size) }) else {
      throw EnvironmentError.sdl(
        "cannot open font \(path)",
        hint: "Reinstall the Assets folder or set DETENT_ASSETS to a folder with Fonts/")
    }
    fonts[style] = f
    return f
  }

  /// Opens the fonts of `styles` and renders every glyph the program shows once, so that the
  /// font's glyph cache is warm before the first frame: a string seen for the first time then
  /// costs its shaping and copy only, not the rasterising of its glyphs.
  func warm(_ styles: [TextStyle]) {
    let sample = (32..<127).map { String(UnicodeScalar(UInt8($0))) }.joined() + "·★✕–…"
    for style in styles {
      guard let f = try? font(style) else { continue }
      let fg = SDL_Color(r: 0, g: 0, b: 0, a: 255)
      let bg = SDL_Color(r: 255, g: 255, b: 255, a: 255)
      if let surface = TTF_RenderUTF8_Shaded(f, sample, fg, bg) { SDL_FreeSurface(surface) }
    }
  }

  /// Width of `text` in `style` without rendering it. Widths are kept (the panel and the pins
  /// measure the same strings every frame they change): at most `widthCapacity`, all dropped
  /// at once when full.
  func measure(_ text: String, _ style: TextStyle) -> Double {
    let key = WidthKey(text: text, style: style)
    if let width = widths[key] { return width }
    guard let f = try? font(style) else { return 0 }
    var w: Int32 = 0
    var h: Int32 = 0
    TTF_SizeUTF8(f, text, &w, &h)
    let width = Double(w) / Double(scale)
    if widths.count >= Self.widthCapacity { widths.removeAll(keepingCapacity: true) }
    widths[key] = width
    measured += 1
    return width
  }

  /// The texture for `text`, rendered on first use. With an opaque `background` the text is
  /// rendered onto it and copied without blending (the same pixels, a faster copy). `pixels`: a
  /// blended text keeps its pixels beside the texture (the map's overlay, blended on the CPU;
  /// an entry made without them is rendered again).
  func texture(
    _ text: String, _ style: TextStyle, _ color: Color, background: Color? = nil, turned: Bool = false,
    pixels: Bool = false
  ) -> TextTexture? {
    guard !text.isEmpty else { return nil }
    clock &+= 1
    func pack(_ c: Color) -> UInt32 { UInt32(c.r) << 24 | UInt32(c.g) << 16 | UInt32(c.b) << 8 | UInt32(c.a) }
    let key = Key(
      text: text, style: style, color: pack(color), background: background.map(pack) ?? 0,
      turned: turned && background == nil)
    let keepsPixels = pixels && background == nil
    if let index = entries.index(forKey: key) {
      if !keepsPixels || entries.values[index].texture.pixels != nil {
        entries.values[index].used = clock
        return entries.values[index].texture
      }
      remove(key)
    }
    let fg = SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)
    guard let f = try? font(style),
      let surface = background.map({ bg in
        TTF_RenderUTF8_Shaded(f, text, fg, SDL_Color(r: bg.r, g: bg.g, b: bg.b, a: 255))
      }) ?? TTF_RenderUTF8_Blended(f, text, fg)
    else { return nil }
    defer { SDL_FreeSurface(surface) }
    // Text on a background comes as 8-bit palettised pixels; converted to the frame's own format
    // first, its texture is copied row by row, without a per-pixel format conversion.
    let converted =
      background == nil ? nil : SDL_ConvertSurfaceFormat(surface, detent_pixelformat_argb8888(), 0)
    defer { if let converted { SDL_FreeSurface(converted) } }
    // Turned a quarter clockwise once here: a rotated copy per frame is slow on the software renderer.
    let quarter = key.turned ? Self.turnedClockwise(surface) : nil
    defer { if let quarter { SDL_FreeSurface(quarter) } }
    guard let texture = SDL_CreateTextureFromSurface(canvas.renderer, quarter ?? converted ?? surface) else {
      return nil
    }
    SDL_SetTextureBlendMode(texture, background == nil ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE)
    renders += 1
    let shown = quarter ?? surface
    let t = TextTexture(
      texture: texture, width: Double(shown.pointee.w) / Double(scale),
      height: Double(shown.pointee.h) / Double(scale),
      pixels: keepsPixels ? KeptPixels(surface: shown) : nil)
    if entries.count >= capacity { evict() }
    entries[key] = (t, clock)
    pixelBytes += t.pixels?.bytes ?? 0
    return t
  }

  /// Drops the entry for `key` and its texture.
  private func remove(_ key: Key) {
    guard let entry = entries.removeValue(forKey: key) else { return }
    SDL_DestroyTexture(entry.texture.texture)
    pixelBytes -= entry.texture.pixels?.bytes ?? 0
  }

  /// `surface` (32-bit pixels) turned a quarter clockwise: pixel (x, y) goes to (h − 1 − y, x).
  private static func turnedClockwise(_ surface: UnsafeMutablePointer<SDL_Surface>) -> UnsafeMutablePointer<
    SDL_Surface
  >? {
    guard let source = SDL_ConvertSurfaceFormat(surface, detent_pixelformat_argb8888(), 0) else { return nil }
    defer { SDL_FreeSurface(source) }
    let w = Int(source.pointee.w)
    let h = Int(source.pointee.h)
    guard
      let turned = SDL_CreateRGBSurfaceWithFormat(0, Int32(h), Int32(w), 32, detent_pixelformat_argb8888()),
      let from = source.pointee.pixels, let to = turned.pointee.pixels
    else { return nil }
    let fromPitch = Int(source.pointee.pitch)
    let toPitch = Int(turned.pointee.pitch)
    for y in 0..<h {
      let line = from.advanced(by: y * fromPitch).assumingMemoryBound(to: UInt32.self)
      for x in 0..<w {
        to.advanced(by: x * toPitch).assumingMemoryBound(to: UInt32.self)[h - 1 - y] = line[x]
      }
    }
    return turned
  }

  /// Drops the least recently used entry (one scan: the cost of a miss stays flat, with no
  /// periodic burst of evictions).
  private func evict() {
    guard let oldest = entries.min(by: { $0.value.used < $1.value.used }) else { return }
    remove(oldest.key)
  }

  /// Draws `text` with its top-left at (x, y); returns its width.
  @discardableResult
  func draw(
    _ canvas: Canvas, _ text: String, x: Double, y: Double, _ style: TextStyle, _ color: Color,
    angle: Double = 0, background: Color? = nil
  ) -> Double {
    guard let t = texture(text, style, color, background: background) else { return 0 }
    canvas.draw(t.texture, x: x.rounded(), y: y.rounded(), w: t.width, h: t.height, angle: angle)
    return t.width
  }

  /// Draws `text` with its top-left at (x, y) in at most `room` px: a longer text is cut and ends
  /// with an ellipsis. `rowTop`…`rowTop + rowHeight` is the band the cut clips to.
  func drawCut(
    _ canvas: Canvas, _ text: String, x: Double, y: Double, room: Double, _ style: TextStyle, _ color: Color,
    background: Color? = nil, rowTop: Double, rowHeight: Double
  ) {
    guard let t = texture(text, style, color, background: background), t.width > room else {
      draw(canvas, text, x: x, y: y, style, color, background: background)
      return
    }
    let dots = texture("…", style, color, background: background)?.width ?? 0
    canvas.clip((x, rowTop, max(room - dots, 0), rowHeight))
    draw(canvas, text, x: x, y: y, style, color, background: background)
    canvas.clip(nil)
    draw(canvas, "…", x: x + max(room - dots, 0), y: y, style, color, background: background)
  }

  /// Draws `text` with its right edge at `right`.
  /// Returns the text's width.
  @discardableResult
  func drawRight(
    _ canvas: Canvas, _ text: String, right: Double, y: Double, _ style: TextStyle, _ color: Color,
    background: Color? = nil
  ) -> Double {
    guard let t = texture(text, style, color, background: background) else { return 0 }
    canvas.draw(t.texture, x: (right - t.width).rounded(), y: y.rounded(), w: t.width, h: t.height)
    return t.width
  }

  /// Draws `text` centered on (cx, cy).
  func drawCentered(
    _ canvas: Canvas, _ text: String, cx: Double, cy: Double, _ style: TextStyle, _ color: Color,
    angle: Double = 0
  ) {
    guard let t = texture(text, style, color) else { return }
    canvas.draw(
      t.texture, x: (cx - t.width / 2).rounded(), y: (cy - t.height / 2).rounded(), w: t.width, h: t.height,
      angle: angle)
  }
}
