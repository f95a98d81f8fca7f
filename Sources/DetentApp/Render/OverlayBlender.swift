@preconcurrency import CPixels
@preconcurrency import CSDL2

/// The map's overlay played on the CPU, straight into the software display's surface:
/// each text and mark blended from the pixels kept beside its texture (`TextCache`,
/// `SpriteCache`) by `detent_blend_rect`, which writes exactly the pixels SDL's software
/// renderer writes for the same unscaled copy, colour-modulated by the shade and alpha-modulated
/// by a mark's alpha (the halo) included. On the software renderer each `SDL_RenderCopy` costs a
/// command, a clip and a blitter's setup, which for a hundred street names was most of a zoom
/// frame.
///
/// A highway shield (`roundedRect`: opaque rectangles and triangles on whole pixels) is blended
/// from a sprite of its shape drawn once by SDL, whose pixels are each opaque or untouched. What
/// it does not reproduce goes through SDL in its turn, the items' order kept: a translucent
/// rounded rectangle, a copy that would be scaled (a texture's pixels not its box's, `--scale
/// 2`), a text or mark off whole pixels, and everything when the canvas draws in a column. The SDL items queued are drawn (`Canvas.sync`) before the next item blended.
/// Used by the progressive frames composed into the surface (`SurfaceComposer`,
/// `ZoomComposer`); shots and goldens keep `MapOverlay.play`.
struct OverlayBlender {
  let surface: SurfaceComposer.Surface
  let canvas: Canvas
  let text: TextCache
  /// Items drawn through SDL and blended on the CPU (tests: which path items took).
  private(set) var throughSDL = 0
  private(set) var blended = 0
  /// Whether items the CPU does not reproduce are drawn through SDL (onto the display); off,
  /// they are left out and counted in `missed` (a target that is not the display).
  var drawsThroughSDL = true
  /// Items left out (`drawsThroughSDL` off).
  private(set) var missed = 0

  init(surface: SurfaceComposer.Surface, canvas: Canvas, text: TextCache) {
    self.surface = surface
    self.canvas = canvas
    self.text = text
  }

  /// Draws `overlay`'s items reaching into `columns` × `rows` blended into `surface`, or
  /// through SDL (`MapOverlay.play`) when there is none; those wholly within `hidden` (an opaque
  /// card drawn over them next) are left out of the blend.
  static func play(
    _ overlay: MapOverlay, rows: Range<Int>, columns: Range<Int>, shade: UInt8,
    into surface: SurfaceComposer.Surface?, canvas: Canvas, text: TextCache, hidden: MapOcclusion? = nil
  ) {
    guard let surface else {
      overlay.play(rows: rows, columns: columns, shade: shade, canvas: canvas, text: text)
      return
    }
    var blender = OverlayBlender(surface: surface, canvas: canvas, text: text)
    blender.play(overlay, rows: rows, columns: columns, shade: shade, hidden: hidden)
  }

  /// Blends `overlay`'s items reaching into `rows` (all columns), unmodulated, into the
  /// `width`×`height` pixels at `base` (rows `width` apart): a copy of the view kept in memory.
  /// False when an item is one the CPU does not reproduce (left out: the caller draws the
  /// overlay another way).
  static func blend(
    _ overlay: MapOverlay, rows: Range<Int>, into base: UnsafeMutablePointer<UInt32>, width: Int, height: Int,
    canvas: Canvas, text: TextCache
  ) -> Bool {
    guard
      let wrapper = SDL_CreateRGBSurfaceWithFormatFrom(
        base, Int32(width), Int32(height), 32, Int32(width * 4), detent_pixelformat_argb8888())
    else { return false }
    defer { SDL_FreeSurface(wrapper) }
    var blender = OverlayBlender(
      surface: SurfaceComposer.Surface(
        screen: wrapper, base: UnsafeMutableRawPointer(base), pitch: width * 4),
      canvas: canvas, text: text)
    blender.drawsThroughSDL = false
    blender.play(overlay, rows: rows, columns: 0..<width, shade: 255)
    return blender.missed == 0
  }

  /// Draws the items of `overlay` that reach into `columns` × `rows`, clipped to them (and to
  /// the surface), every colour multiplied by `shade`/255: the pixels `overlay.play` draws.
  mutating func play(
    _ overlay: MapOverlay, rows: Range<Int>, columns: Range<Int>, shade: UInt8, hidden: MapOcclusion? = nil
  ) {
    let bounds = (
      columns: columns.clamped(to: 0..<Int(surface.screen.pointee.w)),
      rows: rows.clamped(to: 0..<Int(surface.screen.pointee.h))
    )
    guard !bounds.rows.isEmpty, !bounds.columns.isEmpty else { return }
    guard canvas.column == nil || !drawsThroughSDL else {
      throughSDL += 1
      overlay.play(rows: rows, columns: columns, shade: shade, canvas: canvas, text: text)
      return
    }
    let (top, bottom) = (Double(rows.lowerBound), Double(rows.upperBound))
    let (left, right) = (Double(columns.lowerBound), Double(columns.upperBound))
    // Whether SDL has items queued (the clip and shade set for them) since the last sync.
    var queued = false
    // Whether to draw the item through SDL (false: left out, `drawsThroughSDL` off).
    func viaSDL() -> Bool {
      guard drawsThroughSDL else {
        missed += 1
        return false
      }
      throughSDL += 1
      guard !queued else { return true }
      canvas.clip((left, top, right - left, bottom - top))
      canvas.shade = shade
      queued = true
      return true
    }
    func onCPU() {
      blended += 1
      guard queued else { return }
      canvas.shade = 255
      canvas.clip(nil)
      canvas.sync()
      queued = false
    }
    for item in overlay.items where item.bottom > top && item.top < bottom {
      let span = item.columns
      guard span.right > left, span.left < right,
        hidden?.covers(left: span.left, right: span.right, top: item.top, bottom: item.bottom) != true
      else { continue }
      switch item.shape {
      case .roundedRect(let x, let y, let w, let h, let radius):
        // As `Canvas.fillRoundedRect` puts it on whole pixels.
        let (x0, y0) = (x.rounded(), y.rounded())
        let (pw, ph) = ((x + w).rounded() - x0, (y + h).rounded() - y0)
        if item.color.a == 255, pw >= 1, ph >= 1, pw < 4096, ph < 4096,
          let pixels = overlay.shieldSprite(
            width: Int(pw), height: Int(ph), radius: radius, color: item.color, canvas: canvas)?.pixels,
          Self.fits(pixels, x: x0, y: y0, w: pw, h: ph)
        {
          onCPU()
          blend(pixels, x: Int(x0), y: Int(y0), bounds: bounds, color: shade, alpha: 255)
        } else if viaSDL() {
          canvas.fillRoundedRect(x, y, w, h, radius: radius, item.color)
        }
      case .text(let string, let style, let x, let y, let w, let h, let turned):
        if let pixels = item.pixels
          ?? text.texture(string, style, item.color, turned: turned, pixels: true)?
          .pixels, Self.fits(pixels, x: x, y: y, w: w, h: h)
        {
          onCPU()
          blend(pixels, x: Int(x), y: Int(y), bounds: bounds, color: shade, alpha: 255)
        } else if let t = text.texture(string, style, item.color, turned: turned), viaSDL() {
          canvas.draw(t.texture, x: x, y: y, w: w, h: h)
        }
      case .mark(let mark, let x, let y):
        let box = mark.box
        let (bx, by) = (x + Double(box.x), y + Double(box.y))
        if let pixels = overlay.sprite(of: mark, canvas: canvas, text: text)?.pixels,
          Self.fits(pixels, x: bx, y: by, w: Double(box.w), h: Double(box.h))
        {
          onCPU()
          blend(pixels, x: Int(bx), y: Int(by), bounds: bounds, color: shade, alpha: mark.alpha)
        } else if viaSDL() {
          overlay.draw(mark, x: x, y: y, canvas: canvas, text: text)
        }
      }
    }
    if queued {
      canvas.shade = 255
      canvas.clip(nil)
    }
  }

  /// Whether `pixels` copied to (x, y, w, h) is an unscaled copy to whole pixels (SDL's software
  /// renderer truncates a destination to whole pixels; only whole ones are the same both ways).
  static func fits(_ pixels: KeptPixels, x: Double, y: Double, w: Double, h: Double) -> Bool {
    x == x.rounded(.down) && y == y.rounded(.down) && abs(x) < 1e9 && abs(y) < 1e9
      && Double(pixels.width) == w && Double(pixels.height) == h
  }

  /// Blends `pixels` with its top-left at (x, y), clipped to `bounds`.
  private func blend(
    _ pixels: KeptPixels, x: Int, y: Int, bounds: (columns: Range<Int>, rows: Range<Int>), color: UInt8,
    alpha: UInt8
  ) {
    let x0 = max(x, bounds.columns.lowerBound)
    let x1 = min(x + pixels.width, bounds.columns.upperBound)
    let y0 = max(y, bounds.rows.lowerBound)
    let y1 = min(y + pixels.height, bounds.rows.upperBound)
    guard x0 < x1, y0 < y1 else { return }
    detent_blend_rect(
      pixels.buffer.base + (y0 - y) * pixels.width + (x0 - x), pixels.width, surface.line(y0) + x0,
      surface.pitch / 4, Int32(x1 - x0), Int32(y1 - y0), color, alpha)
  }
}
