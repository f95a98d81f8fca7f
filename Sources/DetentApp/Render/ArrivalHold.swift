/// The tiles the worker finishes while the view holds still with visible tiles missing, held
/// back and shown together: once every visible tile missing has arrived, or `maxFrames` frames
/// after the first was held back, or as soon as the view moves.
///
/// Shown one by one, each arrival changed the view, so every frame of a view refining (the
/// exact level replacing the nearest level scaled after a zoom, the map filling the land at
/// start) composed the whole view again: 19 such frames after a zoom at 1280×800, each 0.34–0.47
/// ms on the bench's software display, where a frame whose view held still copies it (0.12–0.15).
/// Held back, the view stays what it was (the nearest level scaled, or the land) and refines in
/// one frame, as a map settling does; a moving view shows each tile as it arrives (its frames
/// compose the whole view anyway).
struct ArrivalHold {
  /// The view a frame shows: the zoom, the top-left world pixel (scaled) and the size.
  struct View: Equatable {
    var zoom: Double
    var x: Double
    var y: Double
    var width: Int
    var height: Int
  }

  /// Frames after the first tile held back before what arrived is shown even if tiles are still
  /// missing (half a second at 60 fps: a slow worker still shows its progress).
  static let maxFrames = 30
  /// The tiles held back, in the order they arrived.
  private(set) var tiles: [(key: TileKey, tile: MapTile)] = []
  private var keys: Set<TileKey> = []
  private var lastView: View?
  /// Frames since the first tile was held back.
  private var frames = 0
  /// Whether this frame's arrivals are held back (the view held still since the last frame,
  /// which had visible tiles missing).
  private(set) var active = false

  /// Starts a frame showing `view`; `missing`: the last frame had visible tiles missing. Returns
  /// the tiles to show from this frame on (the view moved, or the hold lasted `maxFrames`).
  mutating func begin(view: View, missing: Bool) -> [(key: TileKey, tile: MapTile)] {
    let still = lastView == view
    lastView = view
    if !tiles.isEmpty { frames += 1 }
    active = still && missing && frames < Self.maxFrames
    return active ? [] : release()
  }

  /// Holds `tile` back (the caller checked `active`).
  mutating func hold(_ tile: MapTile, at key: TileKey) {
    tiles.append((key, tile))
    keys.insert(key)
  }

  /// Whether the tile at `key` is held back.
  func holds(_ key: TileKey) -> Bool { keys.contains(key) }

  /// The tile held back at `key`, if any.
  func tile(_ key: TileKey) -> MapTile? { tiles.first { $0.key == key }?.tile }

  /// Ends the hold: the tiles held back, to be shown now.
  mutating func release() -> [(key: TileKey, tile: MapTile)] {
    let out = tiles
    tiles.removeAll(keepingCapacity: true)
    keys.removeAll(keepingCapacity: true)
    frames = 0
    active = false
    return out
  }
}
