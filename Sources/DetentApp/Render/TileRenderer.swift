@preconcurrency import CSDL2

/// Renders map tiles: each is painted (`MapPainter`) with SDL's software rasteriser into an
/// offscreen surface of its own, then uploaded into a static texture of the display's
/// renderer. Nothing is read back from the display's renderer (on OpenGL that would stall the
/// GPU); the pixels are the surface's, in main memory.
final class TileRenderer {
  private let painter: MapPainter
  private let size: Int
  /// Device pixels per point: a tile covers `size` points of the world and holds
  /// size·scale pixels, so on a HiDPI display the ground is copied 1:1 into device pixels.
  private let scale: Int
  private let surface: UnsafeMutablePointer<SDL_Surface>
  private let renderer: OpaquePointer
  private let canvas: Canvas
  /// Tiles rendered so far.
  private(set) var renders = 0

  init?(map: CityMap, size: Int, scale: Int = 1) {
    painter = MapPainter(map: map)
    self.size = size
    self.scale = scale
    guard
      let surface = SDL_CreateRGBSurfaceWithFormat(
        0, Int32(size * scale), Int32(size * scale), 32, detent_pixelformat_argb8888())
    else { return nil }
    guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
      SDL_FreeSurface(surface)
      return nil
    }
    self.surface = surface
    self.renderer = renderer
    canvas = Canvas(renderer: renderer, scale: scale)
  }

  deinit {
    SDL_DestroyRenderer(renderer)
    SDL_FreeSurface(surface)
  }

  /// Renders the tile at `key` into a new texture of `target` (opaque, copied without
  /// blending); `keepPixels` also returns its pixels in the tile (at scale 1 only: the CPU
  /// composition of dimmed rows works in points, so at a higher scale the renderer's
  /// colour-modulated copy dims instead).
  func render(_ key: TileKey, for target: OpaquePointer, keepPixels: Bool, frame: Int) -> MapTile? {
    renders += 1
    painter.paint(
      zoom: key.zoom, originX: Double(key.x * size), originY: Double(key.y * size), width: Double(size),
      height: Double(size), canvas: canvas)
    guard
      let texture = SDL_CreateTexture(
        target, detent_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
        Int32(size * scale), Int32(size * scale))
    else { return nil }
    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
    let pitch = Int(surface.pointee.pitch)
    guard let base = surface.pointee.pixels else { return nil }
    SDL_UpdateTexture(texture, nil, base, Int32(pitch))
    var pixels: [UInt32] = []
    if keepPixels, scale == 1 {
      pixels = [UInt32](unsafeUninitializedCapacity: size * size) { buffer, count in
        for row in 0..<size {
          let line = base.advanced(by: row * pitch).assumingMemoryBound(to: UInt32.self)
          for x in 0..<size { buffer[row * size + x] = line[x] | 0xFF00_0000 }
        }
        count = size * size
      }
    }
    return MapTile(texture: texture, pixels: pixels, size: size * scale, frame: frame)
  }
}
