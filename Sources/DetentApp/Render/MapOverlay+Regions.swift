extension MapOverlay {
  /// A rectangle of screen pixels: `columns` × `rows`.
  struct Region: Equatable {
    var columns: Range<Int>
    var rows: Range<Int>

    func overlaps(_ other: Region) -> Bool {
      columns.overlaps(other.columns) && rows.overlaps(other.rows)
    }

    /// The smallest region holding both.
    func union(_ other: Region) -> Region {
      Region(
        columns: min(
          columns.lowerBound, other.columns.lowerBound)..<max(columns.upperBound, other.columns.upperBound),
        rows: min(rows.lowerBound, other.rows.lowerBound)..<max(rows.upperBound, other.rows.upperBound))
    }
  }

  /// Whole-pixel rectangles within `columns` × `rows` that hold every pixel the items reaching
  /// into it draw, merged until no two overlap (so every item lies wholly within one of them,
  /// within the bounds): where a pass over the overlay alone can work (`SurfaceComposer`).
  func regions(columns: Range<Int>, rows: Range<Int>) -> [Region] {
    Self.regions(of: items, columns: columns, rows: rows)
  }

  /// The same rectangles for `items` (of any overlay, or some of its items).
  static func regions(of items: some Sequence<Item>, columns: Range<Int>, rows: Range<Int>) -> [Region] {
    var regions: [Region] = []
    let top = Double(rows.lowerBound)
    let bottom = Double(rows.upperBound)
    for item in items where item.bottom > top && item.top < bottom {
      let span = item.columns
      let x0 = max(Int(span.left.rounded(.down)), columns.lowerBound)
      let x1 = min(Int(span.right.rounded(.up)), columns.upperBound)
      let y0 = max(Int(item.top.rounded(.down)), rows.lowerBound)
      let y1 = min(Int(item.bottom.rounded(.up)), rows.upperBound)
      guard x0 < x1, y0 < y1 else { continue }
      var region = Region(columns: x0..<x1, rows: y0..<y1)
      // Merge with every region it meets, until it meets none (a merged region can meet more).
      var merged = true
      while merged {
        merged = false
        var i = 0
        while i < regions.count {
          if regions[i].overlaps(region) {
            region = region.union(regions.remove(at: i))
            merged = true
          } else {
            i += 1
          }
        }
      }
      regions.append(region)
    }
    return regions
  }
}
