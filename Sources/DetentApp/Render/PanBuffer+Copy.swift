@preconcurrency import CSDL2

/// What the pan buffer asks of the renderer: whether a page fits its largest texture, and a
/// view copied out of a page onto the canvas.
extension PanBuffer {
  /// Whether a texture for `rect` fits the renderer's largest.
  static func fits(_ rect: PanPage.Rect, _ canvas: Canvas) -> Bool {
    var info = SDL_RendererInfo()
    guard SDL_GetRendererInfo(canvas.renderer, &info) == 0 else { return false }
    let s = Int32(canvas.scale)
    return (info.max_texture_width == 0 || Int32(rect.width) * s <= info.max_texture_width)
      && (info.max_texture_height == 0 || Int32(rect.height) * s <= info.max_texture_height)
  }

  /// Copies `view` out of a page texture holding `rect`: its rows `0..<rows` multiplied by
  /// `shade` in one copy (a GPU renderer's draw costs a setup: one for all the rows, not one per
  /// row of the shadow), then the shadow of a sheet whose top edge is at `sheetTop` blended over
  /// it from a sprite of `sprites` (within a step of rounding of the shadow multiplied in).
  static func copy(
    _ texture: OpaquePointer, from rect: PanPage.Rect, view: PanPage.Rect, rows: Int, shade: UInt8,
    sheetTop: Int?,
    hidden: MapOcclusion?, sprites: SpriteCache?, canvas: Canvas
  ) {
    let s = Int32(canvas.scale)
    let (dx, dy) = (Int32(view.x - rect.x), Int32(view.y - rect.y))
    let band = SheetShadow.Band(sheetTop: sheetTop, rows: min(rows, view.height))
    let sprite = band.shadow.isEmpty ? nil : sprites.flatMap { SheetShadow.sprite(width: view.width, in: $0) }
    SDL_SetTextureAlphaMod(texture, 255)
    func copy(_ rows: Range<Int>, _ shade: UInt8) {
      SDL_SetTextureColorMod(texture, shade, shade, shade)
      // Not under an opaque card (a GPU renderer's copy costs its pixels).
      MapOcclusion.forEachPart(of: hidden, rows: rows, width: view.width) { rows, columns in
        var dst = SDL_Rect(
          x: Int32(columns.lowerBound), y: Int32(rows.lowerBound), w: Int32(columns.count),
          h: Int32(rows.count))
        var src = SDL_Rect(x: (dx + dst.x) * s, y: (dy + dst.y) * s, w: dst.w * s, h: dst.h * s)
        SDL_RenderCopy(canvas.renderer, texture, &src, &dst)
      }
    }
    guard let sprite, let sheetTop else {
      band.forEachRun(base: shade) { rows, shade in copy(rows, shade) }
      return
    }
    copy(0..<band.below.upperBound, shade)
    canvas.clip((0, Double(band.shadow.lowerBound), Double(view.width), Double(band.shadow.count)))
    canvas.draw(
      sprite.texture, x: 0, y: Double(sheetTop - SheetShadow.height), w: Double(sprite.width),
      h: Double(sprite.height))
    canvas.clip(nil)
  }
}
