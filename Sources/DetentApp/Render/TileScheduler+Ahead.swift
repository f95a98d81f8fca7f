/// Tiles ahead of need: along a camera flight's path, then the ring around the view, rendered
/// here (synchronous frames) or asked of the tile worker (`askAhead`), in one order.
extension TileScheduler {
  /// Renders tiles ahead of need, within the frame's budget (`forEachAhead`'s order), never past
  /// the cache's cap.
  func prefetch(
    camera: MapCamera, x: Double, y: Double, width: Int, height: Int, budget: Int, canvas: Canvas
  ) {
    var budget = budget
    // Never past the cap: a tile rendered ahead would evict another, to be rendered again.
    let tileBytes = tileBytes(for: canvas)
    forEachAhead(camera: camera, x: x, y: y, width: width, height: height) { key in
      guard budget > 0, cache.bytes + tileBytes <= cache.capBytes else { return false }
      if !cache.contains(key) {
        _ = render(key, canvas: canvas)
        budget -= 1
      }
      return true
    }
  }

  /// The tiles ahead of need for the view at (`x`, `y`) (world pixels at the camera's zoom):
  /// along a flight's path first (the views at 8 steps of it), then those a pan page composed
  /// ahead waits for (`pageWants`), then the ring of tiles around the view, in that order, each given to `visit` until it returns false. One walk for the tiles
  /// rendered ahead here and those asked of the tile worker.
  func forEachAhead(
    camera: MapCamera, x: Double, y: Double, width: Int, height: Int, _ visit: (TileKey) -> Bool
  ) {
    let z = (camera.zoom * 1e6).rounded() / 1e6
    let size = Double(tileSize)
    var going = true
    func walk(_ columns: ClosedRange<Int>, _ rows: ClosedRange<Int>) {
      for j in rows where going {
        for i in columns where going { going = visit(TileKey(zoom: z, x: i, y: j)) }
      }
    }
    if let flight = camera.flight {
      for step in 1...8 where going {
        let e = Double(step) / 8
        let cx = (flight.fromX + (flight.toX - flight.fromX) * e) * z - Double(width) / 2
        let cy = (flight.fromY + (flight.toY - flight.fromY) * e) * z - Double(height) / 2
        walk(Self.span(cx, width, size: size), Self.span(cy, height, size: size))
      }
    }
    for key in pageWants where going { going = visit(key) }
    let columns = Self.span(x, width, size: size)
    let rows = Self.span(y, height, size: size)
    if going {
      walk((columns.lowerBound - 1)...(columns.upperBound + 1), (rows.lowerBound - 1)...(rows.upperBound + 1))
    }
  }
}
