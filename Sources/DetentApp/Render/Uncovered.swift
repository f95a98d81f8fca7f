/// The part of a rectangle that tile placements leave uncovered, as rectangles: where a scaled
/// layer leaves the view bare (a tile of the level standing in not held: the land's colour
/// there, as the renderer fills a grid's holes), and what of a placement the placements above
/// it leave showing (`ZoomComposer` writes each pixel once).
enum Uncovered {
  /// Calls `body` (x, y, width, height) with rectangles, within `columns` × `rows`, that no
  /// placement covers, together exactly the pixels none covers (none when they cover it all).
  static func forEach(
    in columns: Range<Int>, _ rows: Range<Int>, by placements: ArraySlice<TileLayer.Placement>,
    _ body: (Int, Int, Int, Int) -> Void
  ) {
    guard !columns.isEmpty, !rows.isEmpty else { return }
    // The cells between every placement edge inside the bounds.
    var xs = [columns.lowerBound, columns.upperBound]
    var ys = [rows.lowerBound, rows.upperBound]
    for p in placements {
      for x in [p.x, p.x + p.w] where columns.contains(x) { xs.append(x) }
      for y in [p.y, p.y + p.h] where rows.contains(y) { ys.append(y) }
    }
    xs = Array(Set(xs)).sorted()
    ys = Array(Set(ys)).sorted()
    let (nx, ny) = (xs.count - 1, ys.count - 1)
    var covered = [Bool](repeating: false, count: nx * ny)
    var left = nx * ny
    for p in placements {
      guard let i0 = xs.firstIndex(where: { $0 >= p.x }), let j0 = ys.firstIndex(where: { $0 >= p.y }) else {
        continue
      }
      var j = j0
      while j < ny, ys[j + 1] <= p.y + p.h {
        var i = i0
        while i < nx, xs[i + 1] <= p.x + p.w {
          if !covered[j * nx + i] {
            covered[j * nx + i] = true
            left -= 1
          }
          i += 1
        }
        j += 1
      }
    }
    guard left > 0 else { return }
    for j in 0..<ny {
      var i = 0
      while i < nx {
        guard !covered[j * nx + i] else {
          i += 1
          continue
        }
        let start = i
        while i < nx, !covered[j * nx + i] { i += 1 }
        body(xs[start], ys[j], xs[i] - xs[start], ys[j + 1] - ys[j])
      }
    }
  }
}
