@preconcurrency import CSDL2

/// An opaque texture sized to a view (the map's view cache, the pan buffer, the dimmed strip):
/// made again when the canvas or the size changes, destroyed with its holder, and keeping its
/// renderer alive while it exists (`RendererOwner`).
final class ViewTexture {
  private let access: SDL_TextureAccess
  /// The texture, once made.
  private(set) var texture: OpaquePointer?
  private var owner: Canvas?
  /// Its size in device pixels ((0, 0) until made).
  private(set) var size = (w: 0, h: 0)

  /// A texture made with `access` (target or streaming) when first asked for.
  init(access: SDL_TextureAccess) { self.access = access }

  deinit { if let texture { SDL_DestroyTexture(texture) } }

  /// The texture of `pixelWidth`×`pixelHeight` device pixels of `canvas`'s renderer, copied
  /// without blending; `fresh` when it was made now (its pixels are undefined). Nil when SDL
  /// cannot make it.
  func texture(for canvas: Canvas, pixelWidth: Int, pixelHeight: Int) -> (
    texture: OpaquePointer, fresh: Bool
  )? {
    if let texture, owner === canvas, size == (pixelWidth, pixelHeight) { return (texture, false) }
    if let texture { SDL_DestroyTexture(texture) }
    texture = nil
    size = (0, 0)
    owner = canvas
    guard pixelWidth > 0, pixelHeight > 0,
      let made = SDL_CreateTexture(
        canvas.renderer, detent_pixelformat_argb8888(), Int32(access.rawValue), Int32(pixelWidth),
        Int32(pixelHeight))
    else { return nil }
    SDL_SetTextureBlendMode(made, SDL_BLENDMODE_NONE)
    texture = made
    size = (pixelWidth, pixelHeight)
    return (made, true)
  }

  /// The texture made now unless the one held is at least `pixelWidth`×`pixelHeight` device
  /// pixels of `canvas`'s renderer (a page of the map of changing size keeps its texture,
  /// and copies only the part it composed); `fresh` as above.
  func texture(for canvas: Canvas, atLeastPixelWidth pixelWidth: Int, pixelHeight: Int) -> (
    texture: OpaquePointer, fresh: Bool
  )? {
    if let texture, owner === canvas, size.w >= pixelWidth, size.h >= pixelHeight { return (texture, false) }
    return texture(for: canvas, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
  }

  /// The texture for `width`×`height` points at the canvas's scale (see
  /// `texture(for:pixelWidth:pixelHeight:)`).
  func texture(for canvas: Canvas, width: Int, height: Int) -> (texture: OpaquePointer, fresh: Bool)? {
    texture(for: canvas, pixelWidth: width * canvas.scale, pixelHeight: height * canvas.scale)
  }
}
