/// What the map did in a frame, the most costly first: the bench reports its frame times by
/// kind (which kind of frame sets the 99th percentile), and tests see which path a frame took.
enum MapFrameKind: Int, CaseIterable, Sendable {
  /// At least one tile was rendered or uploaded (from the tile worker) in this frame.
  case tiles
  /// The zoom moved or the exact level is not complete: the nearest level stands in, scaled.
  case zoom
  /// The camera flew (a view that moves by itself towards a place).
  case flight
  /// The view moved under the pointer (a drag of the map) or the pins changed.
  case pan
  /// The view held still but its dim level changed (a sheet moving between notches).
  case dim
  /// The map held still at the same dim level (one copy of the view cache).
  case still

  /// The name in the bench's output: the case's own.
  var name: String { String(describing: self) }
}
