@preconcurrency import CSDL2

/// A tile's pixels, painted but not uploaded yet: what the tile worker hands the main thread,
/// which turns them into textures of the display's renderer (`TileUpload`).
struct TilePixels: Sendable {
  /// Where the tile sits.
  let key: TileKey
  /// Pixels per edge (the tile's points × the scale).
  let side: Int
  /// ARGB8888, row-major: the ground with the labels.
  let pixels: [UInt32]
  /// The ground alone (nil: the tile shows no label, `pixels` is its ground).
  let ground: [UInt32]?
  /// `pixels` with alpha forced opaque, kept for composing on the CPU (nil unless asked for).
  let kept: PixelBuffer?
}

/// Paints tiles into pixels on the one thread that made it.
protocol TilePainting: AnyObject {
  /// The pixels of the tile at `key`, nil if it could not be painted.
  func paint(_ key: TileKey) -> TilePixels?
}

/// Paints map tiles into pixels: `MapPainter` draws the ground with SDL's software rasteriser
/// into a surface of its own, `MapLabels` the labels above it (after the ground's pixels are
/// taken), through a text cache of its own.
///
/// Threads: SDL's render API may only be used from the thread that created the renderer, and a
/// FreeType face by one thread at a time. A painter creates its surface, its software renderer
/// (`SDL_CreateSoftwareRenderer`, which touches neither the video subsystem nor a window) and
/// its text cache (its own font faces, opened under `TextCache.fontLock`) in `init`, and must be
/// used and released on the thread that created it: the main thread for tiles rendered in the
/// frame that shows them, the tile worker's thread for the others (`TileWorker`).
final class TilePainter: TilePainting {
  private let painter: MapPainter
  private let labels: MapLabels
  private let size: Int
  /// Device pixels per point: a tile covers `size` points of the world and holds size·scale
  /// pixels, so on a HiDPI display the ground is copied 1:1 into device pixels.
  private let scale: Int
  private let keepPixels: Bool
  private let surface: UnsafeMutablePointer<SDL_Surface>
  private let canvas: Canvas
  /// Text rendered for the painter's own renderer.
  private let text: TextCache
  private let overlay = MapOverlay()

  /// A painter of `size`-point tiles of `map` at `scale`, drawing labels with faces of `fonts`;
  /// `keepPixels` also returns the pixels for CPU dimming (at scale 1 only: that composition
  /// works in points, so at a higher scale the renderer's colour-modulated copy dims instead).
  init?(map: CityMap, size: Int, scale: Int, fonts: AssetLocator.Fonts, keepPixels: Bool) {
    painter = MapPainter(map: map)
    labels = MapLabels(map: map)
    self.size = size
    self.scale = scale
    self.keepPixels = keepPixels && scale == 1
    guard
      let surface = SDL_CreateRGBSurfaceWithFormat(
        0, Int32(size * scale), Int32(size * scale), 32, detent_pixelformat_argb8888())
    else { return nil }
    guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
      SDL_FreeSurface(surface)
      return nil
    }
    // The canvas owns the renderer and the surface from here on; the text cache keeps the
    // canvas, so its textures go before the renderer whatever order the painter is released in.
    let canvas = Canvas(owner: RendererOwner(renderer: renderer, surface: surface), scale: scale)
    guard let text = try? TextCache(canvas: canvas, fonts: fonts, capacity: 512) else { return nil }
    self.surface = surface
    self.canvas = canvas
    self.text = text
  }

  func paint(_ key: TileKey) -> TilePixels? {
    let (x, y) = (Double(key.x * size), Double(key.y * size))
    painter.paint(
      zoom: key.zoom, originX: x, originY: y, width: Double(size), height: Double(size), canvas: canvas)
    canvas.sync()
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
    guard let ground = pixels() else { return nil }
    guard visible else {
      return TilePixels(
        key: key, side: size * scale, pixels: ground, ground: nil,
        kept: keepPixels ? PixelBuffer(opaque: ground) : nil
      )
    }
    overlay.play(rows: 0..<size, width: size, shade: 255, canvas: canvas, text: text)
    canvas.sync()
    guard let labelled = pixels() else { return nil }
    return TilePixels(
      key: key, side: size * scale, pixels: labelled, ground: ground,
      kept: keepPixels ? PixelBuffer(opaque: labelled) : nil)
  }

  /// The surface's pixels now, row-major without padding.
  private func pixels() -> [UInt32]? {
    guard let base = surface.pointee.pixels else { return nil }
    let side = size * scale
    let pitch = Int(surface.pointee.pitch)
    return [UInt32](unsafeUninitializedCapacity: side * side) { buffer, count in
      for row in 0..<side {
        let line = UnsafeRawPointer(base.advanced(by: row * pitch)).assumingMemoryBound(to: UInt32.self)
        UnsafeMutableBufferPointer(rebasing: buffer[(row * side)..<((row + 1) * side)])
          .baseAddress!.update(from: line, count: side)
      }
      count = side * side
    }
  }
}
