@preconcurrency import CSDL2

/// One tile of the map: `TileCache.size`² pixels of one zoom level, its ground with the map's
/// labels, as a texture of the renderer in use and, for the software renderer, its pixels too
/// (to compose them on the CPU); and its ground alone, for standing in scaled under live
/// labels. Either texture can wait as pixels and be uploaded the first time it is needed
/// (`prepareTexture`, `prepareGround`): on the software display the compositor reads the kept
/// pixels, and a tile's textures are drawn only while a zoom scales it.
final class MapTile {
  /// The ground with the labels, copied 1:1 at the tile's zoom (nil: still in
  /// `texturePixels`, or its upload failed).
  private var labelled: OpaquePointer?
  /// The ground with the labels not uploaded yet (ARGB8888, `side`² pixels).
  private var texturePixels: [UInt32]?
  /// The ground without labels (nil: the tile has none, `texture` is the ground; or it is
  /// still in `groundPixels`).
  private var groundOnly: OpaquePointer?
  /// The ground without labels not uploaded yet (ARGB8888, `side`² pixels).
  private var groundPixels: [UInt32]?
  private let side: Int
  /// ARGB8888 pixels of `texture`, row-major (nil unless kept for composing on the CPU).
  let pixels: PixelBuffer?
  /// The ground alone as pixels, kept on the software display for the zoom
  /// compositor (`ZoomComposer`), which scales them on the CPU (nil: not kept, or the tile has
  /// no labels and `pixels` is its ground). Its texture is then made only if the renderer's
  /// path asks for `ground`.
  let groundKept: PixelBuffer?
  /// The ground with the labels as pixels (ARGB8888, `side`² of them), kept beside its texture
  /// where the pan buffer composes pages (a GPU renderer): a page is composed by uploading them
  /// into it (`PanPage.upload`; nil: not kept).
  let labelledPixels: [UInt32]?
  /// Whether the tile has labels (its ground alone differs from its texture).
  private let hasLabels: Bool
  /// The frame that last used the tile (for the LRU).
  fileprivate(set) var used: Int
  /// Bytes the tile holds: its texture, its ground (texture or pixels) and its kept pixels (for
  /// the CPU's compositors, or the pan buffer's uploads).
  let bytes: Int
  /// Keeps the renderer of the textures alive while the tile holds them.
  private let owner: Canvas

  /// A tile holding `texture` (or `texturePixels` to upload when first needed; and `ground`, or
  /// `groundPixels` likewise, or `groundKept` in place of both), textures of `owner`'s
  /// renderer, which it destroys.
  init(
    texture: OpaquePointer?, texturePixels: [UInt32]? = nil, ground: OpaquePointer? = nil,
    groundPixels: [UInt32]? = nil, pixels: PixelBuffer?, groundKept: PixelBuffer? = nil,
    labelledPixels: [UInt32]? = nil,
    size: Int, frame: Int, owner: Canvas
  ) {
    self.labelledPixels = labelledPixels
    self.owner = owner
    self.labelled = texture
    self.texturePixels = texture == nil ? texturePixels : nil
    self.groundOnly = ground
    self.groundPixels = ground == nil && groundKept == nil ? groundPixels : nil
    self.groundKept = groundKept
    hasLabels = ground != nil || groundPixels != nil || groundKept != nil
    self.side = size
    self.pixels = pixels
    self.used = frame
    bytes =
      size * size * 4 * (hasLabels ? 2 : 1) + (pixels?.count ?? 0) * 4 + (labelledPixels?.count ?? 0) * 4
  }

  /// Whether the ground alone still waits to be uploaded (for a tile without labels, its
  /// texture, which is its ground).
  /// A ground kept as pixels of its own does not wait: the zoom compositor reads them.
  var groundPending: Bool {
    groundKept == nil && (groundPixels != nil || groundOnly == nil && texturePixels != nil)
  }

  /// The pixels of the ground alone when the CPU holds them (`ZoomComposer`): the kept ground,
  /// or the kept pixels of a tile without labels.
  var groundPixelsKept: PixelBuffer? { groundKept ?? (hasLabels ? nil : pixels) }

  /// Uploads the ground with the labels into its texture if it waits (on the renderer's thread).
  func prepareTexture() {
    guard let texturePixels else { return }
    self.texturePixels = nil
    labelled = TileUpload.texture(texturePixels, side: side, for: owner)
  }

  /// The ground with the labels (uploaded now if it was not yet; nil if that failed).
  var texture: OpaquePointer? {
    prepareTexture()
    return labelled
  }

  /// Uploads the ground alone into its texture if it waits (on the renderer's thread).
  func prepareGround() {
    if groundOnly == nil, let groundKept {
      // Kept as pixels for the zoom compositor: the renderer's path asks for it after all.
      groundOnly = TileUpload.texture(Array(groundKept.pixels), side: side, for: owner)
      return
    }
    guard let groundPixels else {
      if groundOnly == nil { prepareTexture() }
      return
    }
    self.groundPixels = nil
    groundOnly = TileUpload.texture(groundPixels, side: side, for: owner)
  }

  /// The ground without the labels (uploaded now if it was not yet).
  var ground: OpaquePointer? {
    prepareGround()
    return groundOnly ?? texture
  }

  deinit {
    if let labelled { SDL_DestroyTexture(labelled) }
    if let groundOnly { SDL_DestroyTexture(groundOnly) }
  }
}

/// Where a tile sits: its zoom level and its column and row in that level's grid of world
/// pixels (tile (x, y) covers world pixels x·size ..< (x+1)·size, and the same for y).
struct TileKey: Hashable {
  var zoom: Double
  var x: Int
  var y: Int
}

/// The map's tiles, least recently used first out once they hold more than `capBytes`; a tile
/// used in the current frame is never evicted (a view larger than the cap keeps its tiles, and
/// the cap is exceeded by that much until it shrinks).
final class TileCache {
  /// Tile edge in pixels.
  static let size = 256
  /// The default cap: 256 MiB. A tile with labels holds 0.75 MiB on the software renderer (its
  /// texture, its ground alone, its pixels), so a 4K view and its ring of tiles rendered ahead
  /// (198 tiles) is about 150 MiB, with room for the level standing in while a zoom settles.
  static let defaultCapBytes = 256 * 1024 * 1024

  let capBytes: Int
  private var tiles: [TileKey: MapTile] = [:]
  /// Tiles held per zoom level.
  private var levels: [Double: Int] = [:]
  /// Bytes held now.
  private(set) var bytes = 0
  /// Tiles evicted so far.
  private(set) var evictions = 0

  init(capBytes: Int = TileCache.defaultCapBytes) { self.capBytes = capBytes }

  /// Tiles held now.
  var count: Int { tiles.count }

  /// The zoom levels with at least one tile.
  var zooms: Dictionary<Double, Int>.Keys { levels.keys }

  /// The tile at `key`, marked as used in `frame`, if it is held.
  func tile(_ key: TileKey, frame: Int) -> MapTile? {
    guard let t = tiles[key] else { return nil }
    t.used = frame
    return t
  }

  /// The tile at `key` if it is held, without marking it used.
  func peek(_ key: TileKey) -> MapTile? { tiles[key] }

  /// Whether the tile at `key` is held (without marking it used).
  func contains(_ key: TileKey) -> Bool { tiles[key] != nil }

  /// Adds `tile` at `key`, then evicts least recently used tiles (not used in `frame`) while
  /// the cache holds more than its cap.
  func insert(_ tile: MapTile, at key: TileKey, frame: Int) {
    if let old = tiles.updateValue(tile, forKey: key) {
      bytes -= old.bytes
    } else {
      levels[key.zoom, default: 0] += 1
    }
    tile.used = frame
    bytes += tile.bytes
    while bytes > capBytes, evictOldest(before: frame) {}
  }

  /// Evicts the least recently used tile last used before `frame`; false when there is none.
  private func evictOldest(before frame: Int) -> Bool {
    guard let oldest = tiles.min(by: { $0.value.used < $1.value.used }), oldest.value.used < frame
    else { return false }
    tiles.removeValue(forKey: oldest.key)
    bytes -= oldest.value.bytes
    evictions += 1
    if let n = levels[oldest.key.zoom], n > 1 {
      levels[oldest.key.zoom] = n - 1
    } else {
      levels.removeValue(forKey: oldest.key.zoom)
    }
    return true
  }

  /// Drops every tile.
  func removeAll() {
    tiles.removeAll()
    levels.removeAll()
    bytes = 0
  }
}
