import Foundation

/// Where `TileScheduler` places a frame's tiles in the layer: the grid at the camera's zoom,
/// or the nearest level held, scaled, standing in.
extension TileScheduler {
  /// Fills the layer with the nearest `level` held, scaled to the view at (`scaledX`,
  /// `scaledY`), and the exact tiles of zoom `z` already held on top, at their place (the view
  /// at (`x`, `y`)).
  func placeScaled(
    level: Double, under z: Double, x: Double, y: Double, scaledX: Double, scaledY: Double, width: Int,
    height: Int
  ) {
    placeScaled(level: level, zoom: z, x: scaledX, y: scaledY, width: width, height: height)
    let size = Double(tileSize)
    for j in Self.span(y, height, size: size) {
      for i in Self.span(x, width, size: size) {
        if let tile = cache.tile(TileKey(zoom: z, x: i, y: j), frame: frame) {
          layer.add(
            tile, x: i * tileSize - Int(x), y: j * tileSize - Int(y), w: tileSize, h: tileSize, ground: true)
        }
      }
    }
  }

  /// Fills the layer with the grid of zoom `z`'s tiles for the view at (`x`, `y`): those held,
  /// and what `missing` gives for the others (nil leaves a hole).
  func placeGrid(
    zoom z: Double, x: Double, y: Double, width: Int, height: Int, missing: (TileKey) -> MapTile?
  ) {
    let size = Double(tileSize)
    let columns = Self.span(x, width, size: size)
    let rows = Self.span(y, height, size: size)
    layer.beginGrid(
      x: columns.lowerBound * tileSize - Int(x), y: rows.lowerBound * tileSize - Int(y),
      columns: columns.count, rows: rows.count, size: tileSize)
    for j in rows {
      for i in columns {
        let key = TileKey(zoom: z, x: i, y: j)
        guard let tile = cache.tile(key, frame: frame) ?? missing(key) else { continue }
        layer.add(tile, x: i * tileSize - Int(x), y: j * tileSize - Int(y), w: tileSize, h: tileSize)
      }
    }
  }

  /// The zoom level held whose tiles cover the view and is nearest to `z` (by ratio), if any.
  func nearestLevel(to z: Double, x: Double, y: Double, width: Int, height: Int) -> Double? {
    var best: (level: Double, distance: Double)?
    for level in cache.zooms where level != z {
      let distance = abs(log(level / z))
      if let best, best.distance <= distance { continue }
      let scale = z / level
      let size = Double(tileSize) * scale
      let covered = Self.span(x, width, size: size).allSatisfy { i in
        Self.span(y, height, size: size).allSatisfy { j in cache.contains(TileKey(zoom: level, x: i, y: j)) }
      }
      if covered { best = (level, distance) }
    }
    return best?.level
  }

  /// Places the tiles of zoom `level` scaled to `z`, on whole-pixel edges shared by neighbours.
  func placeScaled(level: Double, zoom z: Double, x: Double, y: Double, width: Int, height: Int) {
    layer.beginScaled()
    let size = Double(tileSize) * z / level
    for j in Self.span(y, height, size: size) {
      let top = Int((Double(j) * size - y).rounded(.down))
      let bottom = Int((Double(j + 1) * size - y).rounded(.down))
      for i in Self.span(x, width, size: size) {
        guard let tile = cache.tile(TileKey(zoom: level, x: i, y: j), frame: frame) else { continue }
        let left = Int((Double(i) * size - x).rounded(.down))
        let right = Int((Double(i + 1) * size - x).rounded(.down))
        layer.add(tile, x: left, y: top, w: right - left, h: bottom - top, ground: true)
      }
    }
  }
}
