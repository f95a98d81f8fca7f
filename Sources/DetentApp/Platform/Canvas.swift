@preconcurrency import CSDL2
import CPixels
import Foundation

/// Immediate-mode drawing on an SDL renderer. Shapes are batched as colored triangles into one
/// reused vertex buffer and sent with a single `SDL_RenderGeometry` per batch.
final class Canvas {
  /// The renderer drawn on.
  let renderer: OpaquePointer
  /// Keeps the renderer alive while anything drawn with this canvas may still hold its
  /// textures (every texture owner keeps its canvas).
  let owner: RendererOwner
  private var vertices: [SDL_Vertex] = []
  /// Whether every batched vertex is opaque: the batch is then drawn without blending, which
  /// the software renderer does directly in the target (a blended batch goes through a
  /// temporary surface per triangle).
  private var batchOpaque = true
  /// Multiplies every colour drawn from here on (vertices, fills, texture copies) by
  /// `shade`/255 per channel, alpha kept: what dimming does to a layer drawn over a dimmed
  /// backdrop, without a second pass over its pixels. 255: colours as given.
  var shade: UInt8 = 255 {
    didSet { if shade != oldValue { flush() } }
  }

  /// Whether the renderer is SDL's software renderer (whose colour-modulated copies are slow,
  /// so dimming is done on the CPU there).
  let isSoftware: Bool
  /// Device pixels per point (1 on a normal display, 2 on a HiDPI one or with `--scale 2`).
  /// Every coordinate given to the canvas is in points; the renderer's own scale
  /// (`SDL_RenderSetScale`) maps them to device pixels, and vertices snap to device pixels.
  let scale: Int

  /// The surface the software renderer draws the display into, when the canvas knows it (an
  /// offscreen display, or a window drawn by the software renderer: `Display.drawing`):
  /// `multiply` then works on its pixels in place.
  var screen: UnsafeMutablePointer<SDL_Surface>?
  /// Whether drawing goes to the display (not a target texture).
  private(set) var onScreen = true
  /// The column drawn into (`viewport(x:width:)`, points), nil: the whole target.
  private(set) var column: (x: Double, width: Double)?
  /// The texture drawn into now (nil: the display).
  private(set) var current: OpaquePointer?
  /// A texture whose drawing is held to a rectangle (`hold(_:to:)`).
  private(set) var held: (texture: OpaquePointer, rect: SDL_Rect)?
  /// Whether `multiply` works on the display's pixels in place now (one SIMD pass, far faster
  /// than the software renderer's modulated copies and fills).
  var multipliesInPlace: Bool { onScreen && screen != nil }
  /// Whether the display is a software one at 1× (its surface known, a device pixel a point):
  /// where the map is composed, its overlay blended and its tiles' textures deferred on the CPU.
  /// A "software display" in these docs: the offscreen one (headless), or a window drawn by
  /// SDL's software renderer, whose surface `Display.drawing` gives the canvas.
  var composesOnCPU: Bool { screen != nil && scale == 1 }

  init(owner: RendererOwner, scale: Int = 1) {
    self.owner = owner
    let renderer = owner.renderer
    self.renderer = renderer
    self.scale = scale
    if scale != 1 { SDL_RenderSetScale(renderer, Float(scale), Float(scale)) }
    var info = SDL_RendererInfo()
    isSoftware =
      SDL_GetRendererInfo(renderer, &info) == 0 && info.name.map { String(cString: $0) } == "software"
    vertices.reserveCapacity(64 * 1024)
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
  }

  /// Sends the batched triangles.
  func flush() {
    guard !vertices.isEmpty else { return }
    if batchOpaque { SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE) }
    vertices.withUnsafeBufferPointer { buffer in
      _ = SDL_RenderGeometry(renderer, nil, buffer.baseAddress, Int32(buffer.count), nil, 0)
    }
    if batchOpaque { SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND) }
    vertices.removeAll(keepingCapacity: true)
    batchOpaque = true
  }

  /// Draws from here on into `texture` (a target texture of `scale`× the points drawn into
  /// it), or into the display again when nil, at the canvas's scale.
  func target(_ texture: OpaquePointer?) {
    flush()
    SDL_SetRenderTarget(renderer, texture)
    onScreen = texture == nil
    current = texture
    // SDL resets the scale to 1 for a target texture (and restores the display's own after).
    if texture != nil, scale != 1 { SDL_RenderSetScale(renderer, Float(scale), Float(scale)) }
    // SDL clears a texture's clip rectangle when it becomes the target: a held one's is set again.
    if let held, held.texture == texture { clip(nil) }
  }

  /// Holds drawing into `texture` to `rect` (points; nil: lets it go), from now while it is the
  /// target and whenever it becomes the target again (after a sprite drawn on the way).
  func hold(_ texture: OpaquePointer, to rect: SDL_Rect?) {
    held = rect.map { (texture, $0) }
    if texture == current { clip(nil) }
  }

  /// Fills the whole target.
  func clear(_ c: Color) {
    vertices.removeAll(keepingCapacity: true)
    batchOpaque = true
    SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a)
    SDL_RenderClear(renderer)
  }

  /// Draws from here on into the full-height column `x ..< x + width` of the target, with its
  /// left edge as x = 0 and clipped to it (a card sheet); nil: the whole target again.
  func viewport(x: Double?, width: Double = 0) {
    flush()
    guard let x else {
      column = nil
      SDL_RenderSetViewport(renderer, nil)
      return
    }
    var outputWidth: Int32 = 0
    var outputHeight: Int32 = 0
    SDL_GetRendererOutputSize(renderer, &outputWidth, &outputHeight)
    // The viewport is in points (SDL scales it); the output size is in device pixels.
    var r = SDL_Rect(
      x: Int32(pixel: x.rounded()), y: 0, w: Int32(pixel: max(width, 0).rounded()),
      h: outputHeight / Int32(scale))
    column = (Double(r.x), Double(r.w))
    SDL_RenderSetViewport(renderer, &r)
  }

  /// `c` multiplied by `shade` (`x·s/255` rounded down, as a colour modulation does).
  @inline(__always) private func shaded(_ c: Color) -> Color {
    guard shade < 255 else { return c }
    let s = UInt32(shade)
    return Color(
      r: UInt8(UInt32(c.r) * s / 255), g: UInt8(UInt32(c.g) * s / 255), b: UInt8(UInt32(c.b) * s / 255),
      a: c.a)
  }

  @inline(__always) private func vertex(_ x: Double, _ y: Double, _ c: Color) -> SDL_Vertex {
    if c.a != 255 { batchOpaque = false }
    let c = shaded(c)
    // The software renderer truncates vertex positions to whole pixels toward zero, which is
    // not the same rule left and right of 0: floored here, geometry rasterises the same
    // wherever it lands (a map tile draws exactly what the whole view would at that place).
    // At a scale above 1 the floor is at device pixels (SDL multiplies by the scale).
    let position =
      scale == 1
      ? SDL_FPoint(x: Float(x).rounded(.down), y: Float(y).rounded(.down))
      : SDL_FPoint(
        x: (Float(x) * Float(scale)).rounded(.down) / Float(scale),
        y: (Float(y) * Float(scale)).rounded(.down) / Float(scale))
    return SDL_Vertex(
      position: position,
      color: SDL_Color(r: c.r, g: c.g, b: c.b, a: c.a),
      tex_coord: SDL_FPoint(x: 0, y: 0))
  }

  /// One triangle.
  func triangle(
    _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x3: Double, _ y3: Double, _ c: Color
  ) {
    vertices.append(vertex(x1, y1, c))
    vertices.append(vertex(x2, y2, c))
    vertices.append(vertex(x3, y3, c))
  }

  /// A quad given by four corners in order, with a color per corner.
  func quad(_ p: [(Double, Double)], _ colors: [Color]) {
    vertices.append(vertex(p[0].0, p[0].1, colors[0]))
    vertices.append(vertex(p[1].0, p[1].1, colors[1]))
    vertices.append(vertex(p[2].0, p[2].1, colors[2]))
    vertices.append(vertex(p[0].0, p[0].1, colors[0]))
    vertices.append(vertex(p[2].0, p[2].1, colors[2]))
    vertices.append(vertex(p[3].0, p[3].1, colors[3]))
  }

  /// A filled rectangle. On whole pixels, translucent ones and opaque ones of 64 px or more
  /// take the renderer's fill path, which the software renderer does far faster than triangles
  /// (and blends without a temporary surface).
  func fillRect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ c: Color) {
    guard w > 0, h > 0 else { return }
    if w * h >= 64 || c.a != 255, x == x.rounded(), y == y.rounded(), w == w.rounded(), h == h.rounded() {
      flush()
      let f = shaded(c)
      SDL_SetRenderDrawColor(renderer, f.r, f.g, f.b, f.a)
      var rect = SDL_Rect(x: Int32(pixel: x), y: Int32(pixel: y), w: Int32(pixel: w), h: Int32(pixel: h))
      // An opaque fill needs no blending: the software renderer then fills rows directly.
      if c.a == 255 { SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE) }
      SDL_RenderFillRect(renderer, &rect)
      if c.a == 255 { SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND) }
      return
    }
    triangle(x, y, x + w, y, x + w, y + h, c)
    triangle(x, y, x + w, y + h, x, y + h, c)
  }

  /// Sends the batched triangles and has SDL draw everything it queued, so the target's pixels
  /// can be read or written directly (the software display's surface, a tile's surface).
  func sync() {
    flush()
    SDL_RenderFlush(renderer)
  }

  /// Multiplies every pixel of the whole-point rectangle by `shade`/255 per channel (⌊x·s/255⌋,
  /// exactly what a colour-modulated copy does): the renderer's modulating fill, one pass over
  /// the pixels, for what was copied unmodulated because the modulated copy is slow (the
  /// software renderer's scaled copies).
  func multiply(_ x: Double, _ y: Double, _ w: Double, _ h: Double, by shade: UInt8) {
    guard w > 0, h > 0, shade < 255 else { return }
    flush()
    if onScreen, let screen, let base = screen.pointee.pixels {
      // The display's own pixels, in place (`Dimmer`'s multiply, the rows ahead prefetched),
      // once SDL has drawn what it queued.
      SDL_RenderFlush(renderer)
      let s = Double(scale)
      let x0 = max(0, Int(x * s))
      let x1 = min(Int(screen.pointee.w), Int((x + w) * s))
      let y0 = max(0, Int(y * s))
      let y1 = min(Int(screen.pointee.h), Int((y + h) * s))
      guard x0 < x1, y0 < y1 else { return }
      let pitch = Int(screen.pointee.pitch) / 4
      let corner = base.assumingMemoryBound(to: UInt32.self) + y0 * pitch + x0
      detent_dim_rect(corner, pitch, x1 - x0, y1 - y0, shade)
      return
    }
    SDL_SetRenderDrawColor(renderer, shade, shade, shade, 255)
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_MOD)
    var rect = SDL_Rect(x: Int32(pixel: x), y: Int32(pixel: y), w: Int32(pixel: w), h: Int32(pixel: h))
    SDL_RenderFillRect(renderer, &rect)
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
  }

  /// Copies rows `rows` (points) of a `width`-wide texture to the same rows of the target,
  /// colour-modulated by `shade` (255: unchanged). `textureScale`: the texture's pixels per
  /// point (a view cache is at the canvas's scale, a CPU-built strip at 1).
  func copyRows(
    _ texture: OpaquePointer, width: Int, rows: Range<Int>, shade: UInt8 = 255, textureScale: Int = 1
  ) {
    guard !rows.isEmpty else { return }
    flush()
    var rect = SDL_Rect(x: 0, y: Int32(rows.lowerBound), w: Int32(width), h: Int32(rows.count))
    var source = SDL_Rect(
      x: 0, y: rect.y * Int32(textureScale), w: rect.w * Int32(textureScale), h: rect.h * Int32(textureScale))
    SDL_SetTextureAlphaMod(texture, 255)
    SDL_SetTextureColorMod(texture, shade, shade, shade)
    SDL_RenderCopy(renderer, texture, &source, &rect)
  }

  /// Copies `height` rows (points) of a `width`-wide texture at the canvas's scale, from its
  /// row `sourceY`, to the target's rows from `y` (whole points, in the current column), without
  /// scaling, colour-modulated by `shade` (255: unchanged).
  func copy(_ texture: OpaquePointer, sourceY: Int, y: Int, width: Int, height: Int, shade: UInt8 = 255) {
    guard width > 0, height > 0 else { return }
    flush()
    let s = Int32(scale)
    var source = SDL_Rect(x: 0, y: Int32(sourceY) * s, w: Int32(width) * s, h: Int32(height) * s)
    var rect = SDL_Rect(x: 0, y: Int32(y), w: Int32(width), h: Int32(height))
    SDL_SetTextureAlphaMod(texture, 255)
    SDL_SetTextureColorMod(texture, shade, shade, shade)
    SDL_RenderCopy(renderer, texture, &source, &rect)
  }

  /// Copies `texture` to the rectangle (x, y, w, h), optionally rotated by `angle` degrees about
  /// its center; `sourceWidth`/`sourceHeight` (points) copy only that much of its top-left.
  func draw(
    _ texture: OpaquePointer, x: Double, y: Double, w: Double, h: Double, angle: Double = 0,
    alpha: UInt8 = 255, sourceWidth: Double? = nil, sourceHeight: Double? = nil
  ) {
    flush()
    var dst = SDL_FRect(x: Float(x), y: Float(y), w: Float(w), h: Float(h))
    SDL_SetTextureAlphaMod(texture, alpha)
    SDL_SetTextureColorMod(texture, shade, shade, shade)
    if sourceWidth != nil || sourceHeight != nil {
      // The top-left part of the texture only (in points, scaled to its pixels).
      var width: Int32 = 0
      var height: Int32 = 0
      SDL_QueryTexture(texture, nil, nil, &width, &height)
      var src = SDL_Rect(
        x: 0, y: 0, w: sourceWidth.map { Int32(pixel: $0 * Double(scale)) } ?? width,
        h: sourceHeight.map { Int32(pixel: $0 * Double(scale)) } ?? height)
      SDL_RenderCopyF(renderer, texture, &src, &dst)
    } else if angle == 0 {
      SDL_RenderCopyF(renderer, texture, nil, &dst)
    } else {
      SDL_RenderCopyExF(renderer, texture, nil, &dst, angle, nil, SDL_FLIP_NONE)
    }
  }
}

extension Int32 {
  /// `v` (a whole number of pixels) for an SDL rectangle: NaN is 0, and values past ±2³⁰ stop
  /// there, off any display, instead of trapping (SDL's rectangles are 32-bit).
  init(pixel v: Double) {
    self = v.isNaN ? 0 : Int32(Swift.max(-1_073_741_824, Swift.min(1_073_741_824, v)))
  }
}
