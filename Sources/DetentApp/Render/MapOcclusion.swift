import Detent

/// The part of the window that opaque sheets cover, where a GPU renderer need not draw the map:
/// under llvmpipe (Mesa's software GL) every pixel of a textured copy costs about 2.5 ns of CPU,
/// and a card over the map hides up to a third of it (420 of 1,280 columns from its top down).
///
/// It is the body of a bottom card (a sheet narrower than the window, attached to the bottom
/// edge): from 1 px inside its left and right edges, 1 px below its rounded top corners, down to
/// the window's bottom (or 1 px above a floating card's rounded bottom corners), which
/// `SheetRenderer.drawBody` fills opaque; a detail card in the same column continues it
/// downwards (the root is not drawn under it). Everything else the map shows is drawn as
/// before, so the window's pixels do not change. GPU renderers use it (`MapRenderer`), and so
/// do the progressive frames composed on the CPU (`SurfaceComposer`, `ZoomComposer`: the demo
/// and the bench on the software display), with the rectangle narrowed to whole 64-byte lines
/// (`lines`): cut mid-line, each row's cut line was read before it was written, and the frames
/// took longer than drawn whole. Shots and goldens (exact frames) stay exactly as they were.
struct MapOcclusion: Equatable {
  /// Columns hidden, window points.
  var columns: Range<Int>
  /// Rows hidden, window points.
  var rows: Range<Int>

  /// The rectangle a card's snapshot (as drawn) covers opaquely, if it is a bottom card.
  init?(card s: SheetSnapshot, windowWidth: Double, windowHeight: Double) {
    guard s.edge == .bottom, s.sheetWidth < windowWidth, s.height > 0.5 else { return nil }
    let radius = s.cornerRadius
    let left = Int(s.contentX.rounded(.up)) + 1
    let right = Int((s.contentX + s.contentWidth).rounded(.down)) - 1
    let top = Int((s.top.rounded() + radius).rounded(.up)) + 1
    let floating = s.floatingInset > 0.5
    let bottom = floating ? Int((s.bottom.rounded() - radius).rounded(.down)) - 1 : Int(windowHeight)
    guard left < right, top < bottom else { return nil }
    columns = left..<right
    rows = top..<bottom
  }

  /// The root card's rectangle (its body stops at `coveredFrom`, the top of an opaque detail
  /// sheet stacked above, as `SheetRenderer.drawRoot` draws it), continued by the top detail
  /// card's when that stands in the same column and its body meets the root's; else the larger
  /// of the two (nil: no card hides any of the map).
  static func of(
    root: SheetSnapshot, coveredFrom: Double?, detail: SheetSnapshot?, windowWidth: Double,
    windowHeight: Double
  ) -> MapOcclusion? {
    var r = MapOcclusion(card: root, windowWidth: windowWidth, windowHeight: windowHeight)
    if let cut = coveredFrom, let hidden = r {
      let end = min(hidden.rows.upperBound, Int(cut.rounded(.down)))
      r =
        hidden.rows.lowerBound < end
        ? MapOcclusion(columns: hidden.columns, rows: hidden.rows.lowerBound..<end) : nil
    }
    guard let detail, let d = MapOcclusion(card: detail, windowWidth: windowWidth, windowHeight: windowHeight)
    else { return r }
    guard let r else { return d }
    // Between the root's body (down to `coveredFrom`, rounded up) and the detail's (1 px below its
    // corners) lie at most 2 rows, each the one or the other's body.
    if r.columns == d.columns, d.rows.lowerBound <= r.rows.upperBound + 2 {
      return MapOcclusion(
        columns: r.columns, rows: min(r.rows.lowerBound, d.rows.lowerBound)..<d.rows.upperBound)
    }
    return d.area > r.area ? d : r
  }

  init(columns: Range<Int>, rows: Range<Int>) {
    self.columns = columns
    self.rows = rows
  }

  /// The rectangle narrowed to columns that are multiples of `line` (whole lines of a screen whose
  /// rows start on one), nil when nothing is left.
  func lines(_ line: Int) -> MapOcclusion? {
    // Rounded down (towards −∞, as `/` does not for negative numbers): the right edge.
    func floor(_ x: Int) -> Int { x >= 0 ? x / line * line : -((-x + line - 1) / line * line) }
    let (left, right) = (-floor(-columns.lowerBound), floor(columns.upperBound))
    return left < right ? MapOcclusion(columns: left..<right, rows: rows) : nil
  }

  /// Points hidden.
  var area: Int { columns.count * rows.count }

  /// Whether the rectangle holds all of the box from `left` to `right` and `top` to `bottom`
  /// (points, exclusive ends).
  func covers(left: Double, right: Double, top: Double, bottom: Double) -> Bool {
    top >= Double(rows.lowerBound) && bottom <= Double(rows.upperBound) && left >= Double(columns.lowerBound)
      && right <= Double(columns.upperBound)
  }

  /// Calls `body` with the runs of `rows` (in order: above the hidden rectangle, beside it, below
  /// it) and the columns of `0..<width` hidden in each (`width..<width`: none).
  static func forEachBand(
    of hidden: MapOcclusion?, rows: Range<Int>, width: Int, _ body: (Range<Int>, Range<Int>) -> Void
  ) {
    guard !rows.isEmpty else { return }
    let none = width..<width
    guard let hidden, hidden.rows.overlaps(rows), hidden.columns.overlaps(0..<width) else {
      body(rows, none)
      return
    }
    let beside = hidden.rows.clamped(to: rows)
    if rows.lowerBound < beside.lowerBound { body(rows.lowerBound..<beside.lowerBound, none) }
    body(beside, hidden.columns.clamped(to: 0..<width))
    if beside.upperBound < rows.upperBound { body(beside.upperBound..<rows.upperBound, none) }
  }

  /// Calls `body` with the parts of `rows` × `0..<width` left to draw: whole rows above and
  /// below the hidden rectangle, and beside it the columns left and right of it.
  static func forEachPart(
    of hidden: MapOcclusion?, rows: Range<Int>, width: Int, _ body: (Range<Int>, Range<Int>) -> Void
  ) {
    forEachBand(of: hidden, rows: rows, width: width) { rows, hole in
      guard !hole.isEmpty else { return body(rows, 0..<width) }
      if hole.lowerBound > 0 { body(rows, 0..<hole.lowerBound) }
      if hole.upperBound < width { body(rows, hole.upperBound..<width) }
    }
  }
}
