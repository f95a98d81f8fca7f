@preconcurrency import CSDL2

/// Renders map tiles: each is painted (`MapPainter`) with SDL's software rasteriser into an
/// offscreen surface of its own, then uploaded into a static texture of the display's
/// renderer. Nothing is read back from the display's renderer (on OpenGL that would stall the
/// GPU); the pixels are the surface's, in main memory.
///
/// The map's own labels (street names, highway shields, the river's name: `MapLabels`) are
/// drawn into the tile above its ground at the tile's zoom, at full resolution and from world
/// positions, so a pan or a flight copies them with the tiles instead of blending a hundred
/// strings again. The ground alone is kept too (`MapTile.ground`) for when the tile stands in
/// scaled during a zoom: then the labels are drawn live above it, sharp.
final class TileRenderer {
  private let painter: MapPainter
  private let labels: MapLabels
  private let size: Int
  /// Device pixels per point: a tile covers `size` points of the world and holds
  /// size·scale pixels, so on a HiDPI display the ground is copied 1:1 into device pixels.
  private let scale: Int
  private let surface: UnsafeMutablePointer<SDL_Surface>
  private let canvas: Canvas
  /// Text rendered for the tiles' own renderer.
  private let text: TextCache
  private let overlay = MapOverlay()
  /// Tiles rendered so far.
  private(set) var renders = 0

  /// A renderer of `size`-point tiles of `map` at `scale`, drawing labels with `text`'s fonts.
  init?(map: CityMap, size: Int, scale: Int = 1, text: TextCache) {
    painter = MapPainter(map: map)
    labels = MapLabels(map: map)
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
    // The canvas owns the renderer and the surface from here on.
    let canvas = Canvas(owner: RendererOwner(renderer: renderer, surface: surface), scale: scale)
    guard let tileText = try? text.sibling(canvas: canvas) else { return nil }
    self.surface = surface
    self.canvas = canvas
    self.text = tileText
  }

  /// The bytes a tile rendered now would hold at most (both textures, and its pixels when kept).
  func tileBytes(keepPixels: Bool) -> Int {
    let pixels = size * scale * size * scale * 4
    return pixels * 2 + (keepPixels && scale == 1 ? pixels : 0)
  }

  /// Renders the tile at `key` into new textures of `target` (opaque, copied without
  /// blending); `keepPixels` also returns its pixels in the tile (at scale 1 only: the CPU
  /// composition of dimmed rows works in points, so at a higher scale the renderer's
  /// colour-modulated copy dims instead).
  func render(_ key: TileKey, for target: Canvas, keepPixels: Bool, frame: Int) -> MapTile? {
    renders += 1
    let (x, y) = (Double(key.x * size), Double(key.y * size))
    painter.paint(
      zoom: key.zoom, originX: x, originY: y, width: Double(size), height: Double(size), canvas: canvas)
    canvas.flush()
    // The labels reaching into the tile: centred on world points up to half a label's length
    // outside it.
    overlay.removeAll()
    let z = key.zoom
    let margin = MapLabels.reach / z
    labels.addNames(
      to: overlay, text: text, sx: { $0 * z - x }, sy: { $0 * z - y },
      bounds: (
        x / z - margin, (x + Double(size)) / z + margin, y / z - margin, (y + Double(size)) / z + margin
      ),
      zoom: z)
    let visible = overlay.items.contains { $0.bottom > 0 && $0.top < Double(size) }
    let ground = visible ? upload(target) : nil
    if visible {
      overlay.play(rows: 0..<size, width: size, shade: 255, canvas: canvas, text: text)
      canvas.flush()
      SDL_RenderFlush(canvas.renderer)
    }
    guard let texture = upload(target) else {
      if let ground { SDL_DestroyTexture(ground) }
      return nil
    }
    var pixels: [UInt32] = []
    if keepPixels, scale == 1, let base = surface.pointee.pixels {
      let pitch = Int(surface.pointee.pitch)
      pixels = [UInt32](unsafeUninitializedCapacity: size * size) { buffer, count in
        for row in 0..<size {
          Dimmer.dim(
            UnsafeBufferPointer(
              start: base.advanced(by: row * pitch).assumingMemoryBound(to: UInt32.self), count: size),
            into: UnsafeMutableBufferPointer(rebasing: buffer[(row * size)..<((row + 1) * size)]), shade: 255)
        }
        count = size * size
      }
    }
    return MapTile(
      texture: texture, ground: ground, pixels: pixels, size: size * scale, frame: frame, owner: target)
  }

  /// The surface's pixels as a new static texture of `target`, copied without blending.
  private func upload(_ target: Canvas) -> OpaquePointer? {
    guard
      let texture = SDL_CreateTexture(
        target.renderer, detent_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
        Int32(size * scale), Int32(size * scale)),
      let base = surface.pointee.pixels
    else { return nil }
    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
    SDL_UpdateTexture(texture, nil, base, surface.pointee.pitch)
    return texture
  }
}
