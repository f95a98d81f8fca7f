@preconcurrency import CSDL2

/// Renders map tiles in the calling thread (the main thread: shots, goldens, tests, every
/// frame that is not progressive, and half of a progressive map's first view): a `TilePainter` paints the tile's pixels with SDL's
/// software rasteriser into an offscreen surface of its own, then they are uploaded into
/// static textures of the display's renderer (`TileUpload`). Nothing is read back from the
/// display's renderer (on OpenGL that would stall the GPU); the pixels are the surface's, in
/// main memory.
///
/// The map's own labels (street names, highway shields, the river's name: `MapLabels`) are
/// drawn into the tile above its ground at the tile's zoom, at full resolution and from world
/// positions, so a pan or a flight copies them with the tiles instead of blending a hundred
/// strings again. The ground alone is kept too (`MapTile.ground`) for when the tile stands in
/// scaled during a zoom: then the labels are drawn live above it, sharp.
final class TileRenderer {
  private let painter: TilePainter
  /// Tiles rendered so far.
  private(set) var renders = 0

  /// A renderer of `size`-point tiles of `map` at `scale`, drawing labels with faces of
  /// `text`'s fonts; `keepPixels` keeps each tile's pixels for CPU dimming (scale 1 only).
  init?(map: CityMap, size: Int, scale: Int = 1, text: TextCache, keepPixels: Bool) {
    guard
      let painter = TilePainter(
        map: map, size: size, scale: scale, fonts: text.fontFiles, keepPixels: keepPixels)
    else { return nil }
    self.painter = painter
  }

  /// Renders the tile at `key` into new textures of `target` (opaque, copied without blending);
  /// with `deferTexture`, a tile whose pixels are kept waits as pixels until a texture of it is
  /// drawn (`TileUpload.tile`).
  func render(
    _ key: TileKey, for target: Canvas, frame: Int, deferTexture: Bool = false, keepsLabelled: Bool = false
  ) -> MapTile? {
    renders += 1
    guard let pixels = painter.paint(key) else { return nil }
    return TileUpload.tile(
      pixels, for: target, frame: frame, deferTexture: deferTexture && pixels.kept != nil,
      keepsLabelled: keepsLabelled)
  }
}

/// Turns painted pixels into a `MapTile`: static textures of the display's renderer, created
/// and filled on the thread that owns that renderer (the main thread).
enum TileUpload {
  /// The bytes a tile of `size` points at `scale` holds at most (both textures, its pixels when
  /// kept for the CPU's compositors, and its labelled pixels when kept for the pan buffer).
  static func tileBytes(size: Int, scale: Int, keepPixels: Bool, keepsLabelled: Bool = false) -> Int {
    let pixels = size * scale * size * scale * 4
    return pixels * 2 + (keepPixels && scale == 1 ? pixels : 0) + (keepsLabelled ? pixels : 0)
  }

  /// A tile of `target`'s renderer holding `pixels`; its ground alone (when it has labels) is
  /// uploaded now when `ground`, else the first time it is needed (`MapTile.prepareGround`);
  /// with `deferTexture`, so is its ground with the labels (`MapTile.prepareTexture`). On a
  /// software display at 1× that keeps the tiles' pixels (where `ZoomComposer` reads them), the
  /// ground alone is kept as pixels instead (`MapTile.groundKept`), uploaded only if the renderer
  /// asks. `keepsLabelled`: the pixels with the labels are kept beside the texture
  /// (`MapTile.labelledPixels`, for the pan buffer's pages).
  static func tile(
    _ pixels: TilePixels, for target: Canvas, frame: Int, ground: Bool = true, deferTexture: Bool = false,
    keepsLabelled: Bool = false
  ) -> MapTile? {
    let keepGround = pixels.keptGround != nil && target.composesOnCPU
    let groundTexture =
      ground && !keepGround ? pixels.ground.flatMap { texture($0, side: pixels.side, for: target) } : nil
    let labelled = deferTexture ? nil : texture(pixels.pixels, side: pixels.side, for: target)
    guard deferTexture || labelled != nil else {
      if let groundTexture { SDL_DestroyTexture(groundTexture) }
      return nil
    }
    return MapTile(
      texture: labelled, texturePixels: deferTexture ? pixels.pixels : nil, ground: groundTexture,
      groundPixels: ground ? nil : pixels.ground, pixels: pixels.kept,
      groundKept: keepGround ? pixels.keptGround : nil, labelledPixels: keepsLabelled ? pixels.pixels : nil,
      size: pixels.side, frame: frame, owner: target)
  }

  /// `pixels` (`side`² ARGB8888) as a new static texture of `target`, copied without blending.
  static func texture(_ pixels: [UInt32], side: Int, for target: Canvas) -> OpaquePointer? {
    guard
      let texture = SDL_CreateTexture(
        target.renderer, detent_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
        Int32(side), Int32(side))
    else { return nil }
    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
    pixels.withUnsafeBufferPointer { _ = SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(side * 4)) }
    return texture
  }
}
