/// The shadow a sheet casts on what lies above its top edge: black, from transparent
/// `height` px above the edge to `maxAlpha` at the edge, one alpha per pixel row.
enum SheetShadow {
  /// Rows of shadow above the sheet's top edge.
  static let height = 14
  /// The alpha of the row touching the sheet.
  static let maxAlpha = 38

  /// The alpha of row `row` of the shadow (0 is the farthest from the sheet), sampled at the
  /// row's centre of a linear ramp from 0 to `maxAlpha`.
  static func alpha(row: Int) -> UInt8 {
    let clamped = min(max(row, 0), height - 1)
    return UInt8((Double(maxAlpha) * (Double(clamped) + 0.5) / Double(height)).rounded())
  }

  /// The shadow `width` px wide as a sprite of `sprites` (black, each row at its alpha), made on
  /// first use: blended over what lies above a sheet's top edge.
  static func sprite(width: Int, in sprites: SpriteCache) -> SpriteCache.Sprite? {
    sprites.sprite(
      .sheetShadow(width: width), width: width, height: height, opaque: false,
      draw: { canvas in
        for row in 0..<height {
          canvas.fillRect(0, Double(row), Double(width), 1, Color(hex: 0x000000, alpha: alpha(row: row)))
        }
      })
  }

  /// The shade (255 = unchanged) that black at `alpha(row:)` over a backdrop already shaded
  /// by `base` leaves: `base · (255 − α) / 255`, rounded.
  static func shade(_ base: UInt8, row: Int) -> UInt8 {
    UInt8((Int(base) * (255 - Int(alpha(row: row))) + 127) / 255)
  }
}

extension SheetShadow {
  /// How the rows `0..<rows` of a backdrop split around the shadow of a sheet whose top edge is
  /// at row `sheetTop` (nil: no sheet, every row is above): the rows above the shadow, the
  /// shadow's own rows (each with its shade) and the rows from the edge down. The map, its
  /// cached view and its dimmed strip all draw by these three bands.
  struct Band {
    /// Rows above the shadow: the backdrop's own shade.
    let above: Range<Int>
    /// The shadow's rows, each darkened by `shade(_:row:)`.
    let shadow: Range<Int>
    /// Rows from the sheet's top edge down (under the sheet's rounded corners): the backdrop's
    /// own shade.
    let below: Range<Int>
    private let firstRow: Int
    /// The sheet's top edge the band was made for (nil: no sheet).
    private let sheetTop: Int?

    init(sheetTop: Int?, rows: Int) {
      let rows = max(rows, 0)
      self.sheetTop = sheetTop
      guard let sheetTop else {
        (above, shadow, below, firstRow) = (0..<rows, rows..<rows, rows..<rows, 0)
        return
      }
      let top = min(max(sheetTop - SheetShadow.height, 0), rows)
      above = 0..<top
      shadow = top..<max(top, min(sheetTop, rows))
      below = min(max(sheetTop, top), rows)..<rows
      firstRow = sheetTop - SheetShadow.height
    }

    /// The band cut to at most `rows` rows (a band made for a view taller than the surface it is
    /// drawn into: nothing past the surface's last row is written).
    func clamped(to rows: Int) -> Band {
      below.upperBound <= rows ? self : Band(sheetTop: sheetTop, rows: rows)
    }

    /// The shade of `row` over a backdrop shaded by `base`.
    func shade(_ base: UInt8, row: Int) -> UInt8 {
      shadow.contains(row) ? SheetShadow.shade(base, row: row - firstRow) : base
    }

    /// Calls `body` with each run of rows from `from` on that shares a shade over a backdrop
    /// shaded by `base`: the rows above, each shadow row alone, the rows below (empty runs left
    /// out).
    func forEachRun(from: Int = 0, base: UInt8, _ body: (Range<Int>, UInt8) -> Void) {
      func clipped(_ r: Range<Int>) -> Range<Int> { max(r.lowerBound, from)..<max(r.upperBound, from) }
      if !clipped(above).isEmpty { body(clipped(above), base) }
      for row in clipped(shadow) { body(row..<(row + 1), shade(base, row: row)) }
      if !clipped(below).isEmpty { body(clipped(below), base) }
    }
  }
}
