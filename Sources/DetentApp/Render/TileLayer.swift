@preconcurrency import CSDL2
import CPixels
import Foundation

/// The map's tiles placed on screen for one frame: either an exact grid (tiles at the camera's
/// zoom, at whole-pixel positions, copied 1:1) or scaled tiles of a nearby zoom level standing
/// in while the zoom moves or the exact tiles are still being rendered.
final class TileLayer {
  /// A tile's destination rectangle in screen pixels.
  struct Placement {
    var tile: MapTile
    var x: Int
    var y: Int
    var w: Int
    var h: Int
    /// Whether the tile's ground alone is placed (labels then drawn live above it).
    var ground: Bool
    /// The texture copied.
    var texture: OpaquePointer? { ground ? tile.ground : tile.texture }
  }

  private(set) var placements: [Placement] = []
  /// For an exact grid: the screen position of its first tile, its columns and the tile size.
  private(set) var grid: (x: Int, y: Int, columns: Int, rows: Int, size: Int)?
  /// For an exact grid: the placement of each cell, row by row (-1: a hole, not rendered yet).
  private var cells: [Int] = []
  /// For an exact grid: each cell's kept pixels, row by row (nil: a hole, or none kept).
  private var bases: [UnsafePointer<UInt32>?] = []

  init() { placements.reserveCapacity(256) }

  /// Starts a frame's exact grid of `columns`×`rows` tiles of `size` px, the first at (x, y);
  /// tiles are then added row by row.
  func beginGrid(x: Int, y: Int, columns: Int, rows: Int, size: Int) {
    placements.removeAll(keepingCapacity: true)
    grid = (x, y, columns, rows, size)
    cells.removeAll(keepingCapacity: true)
    cells.append(contentsOf: repeatElement(-1, count: columns * rows))
    bases.removeAll(keepingCapacity: true)
    bases.append(contentsOf: repeatElement(nil, count: columns * rows))
  }

  /// Starts a frame of scaled (or mixed) placements.
  func beginScaled() {
    placements.removeAll(keepingCapacity: true)
    grid = nil
  }

  /// Places `tile` at the rectangle (x, y, w, h): its ground alone when `ground` (labels are
  /// then drawn live), else with its labels.
  func add(_ tile: MapTile, x: Int, y: Int, w: Int, h: Int, ground: Bool = false) {
    if let grid {
      let cell = (y - grid.y) / grid.size * grid.columns + (x - grid.x) / grid.size
      cells[cell] = placements.count
      bases[cell] = tile.pixels.map { UnsafePointer($0.base) }
    }
    placements.append(Placement(tile: tile, x: x, y: y, w: w, h: h, ground: ground))
  }

  /// Whether the placements are scaled (or mixed), not an exact grid (`ZoomComposer`).
  var isScaled: Bool { grid == nil }

  /// Whether an exact grid lacks tiles still to render (`TileScheduler.progressive`).
  var hasHoles: Bool {
    guard let grid else { return false }
    return placements.count < grid.columns * grid.rows
  }

  /// Whether `compose(row:…)` can build rows on the CPU: an exact grid whose tiles kept their
  /// pixels (which include the labels); its holes are the land's colour there, as in `copy`.
  var composable: Bool {
    grid != nil && placements.allSatisfy { $0.tile.pixels != nil }
  }

  /// Copies the tiles onto screen rows `rows` (of a target `width` wide), colour-modulated by
  /// `shade` (255: unchanged), which the renderer does in its copy.
  /// `columns`: only those (nil: `0..<width`), e.g. beside a card that hides the rest.
  func copy(rows: Range<Int>, width: Int, shade: UInt8, canvas: Canvas, columns: Range<Int>? = nil) {
    let columns = columns ?? 0..<width
    guard !rows.isEmpty, !columns.isEmpty else { return }
    let (left, right) = (columns.lowerBound, columns.upperBound)
    canvas.clip((Double(left), Double(rows.lowerBound), Double(columns.count), Double(rows.count)))
    if hasHoles {
      // Tiles still to render show the land they will be painted on.
      let before = canvas.shade
      canvas.shade = shade
      canvas.fillRect(
        Double(left), Double(rows.lowerBound), Double(columns.count), Double(rows.count), MapPainter.land)
      canvas.shade = before
    }
    // The software renderer's scaled copy is several times slower colour-modulated than plain:
    // there scaled tiles are copied plain and the rows multiplied after, the same pixels.
    let multiplyAfter = canvas.isSoftware && grid == nil && shade < 255
    let copyShade = multiplyAfter ? 255 : shade
    for p in placements
    where p.y < rows.upperBound && p.y + p.h > rows.lowerBound && p.x < right && p.x + p.w > left {
      var dst = SDL_Rect(x: Int32(p.x), y: Int32(p.y), w: Int32(p.w), h: Int32(p.h))
      SDL_SetTextureColorMod(p.texture, copyShade, copyShade, copyShade)
      SDL_RenderCopy(canvas.renderer, p.texture, nil, &dst)
    }
    if multiplyAfter {
      canvas.multiply(
        Double(left), Double(rows.lowerBound), Double(columns.count), Double(rows.count), by: shade)
    }
    canvas.clip(nil)
  }

  /// Writes screen row `row` (`width` pixels) into `line`, multiplied by `shade` (`Dimmer`).
  /// Only for a `composable` layer.
  func compose(row: Int, into line: UnsafeMutablePointer<UInt32>, width: Int, shade: UInt8) {
    compose(rows: row..<(row + 1), columns: 0..<width, shade: shade, into: line, pitch: width * 4)
  }

  /// Writes pixels `columns` × `rows` of the view into the target whose row `r` starts at
  /// `base + (r − rows.lowerBound)·pitch` bytes (`base`: the first row's pixel 0), multiplied
  /// by `shade` (255: copied; exactly as `Dimmer`); holes are the land's colour (as `copy`
  /// fills them). `stream`: written past the cache (a view larger
  /// than it, which the next frame would not find there anyway). One C pass
  /// (`detent_compose_rows`), each row's span of a tile in one step. Only for a `composable`
  /// layer.
  func compose(
    rows: Range<Int>, columns: Range<Int>, shade: UInt8, into base: UnsafeMutablePointer<UInt32>, pitch: Int,
    stream: Bool = false
  ) {
    // No array for the one target (hundreds of overlay regions a frame at 3840×2160).
    withUnsafePointer(to: detent_compose_target(base: base, pitch: pitch, shade: shade)) { target in
      compose(
        rows: rows, columns: columns, into: UnsafeBufferPointer(start: target, count: 1), stream: stream)
    }
  }

  /// `compose(rows:columns:shade:into:pitch:stream:)` into each of `targets` at its own shade,
  /// the tiles read once (`detent_compose_rows_into`): the view on screen and kept undimmed.
  func compose(rows: Range<Int>, columns: Range<Int>, into targets: [detent_compose_target], stream: Bool) {
    targets.withUnsafeBufferPointer { compose(rows: rows, columns: columns, into: $0, stream: stream) }
  }

  private func compose(
    rows: Range<Int>, columns: Range<Int>, into targets: UnsafeBufferPointer<detent_compose_target>,
    stream: Bool
  ) {
    guard let grid, !rows.isEmpty, !columns.isEmpty else { return }
    let land = MapPainter.land
    let hole = 0xFF00_0000 | UInt32(land.r) << 16 | UInt32(land.g) << 8 | UInt32(land.b)
    bases.withUnsafeBufferPointer { tiles in
      var layout = detent_tile_grid(
        tiles: tiles.baseAddress, x: Int32(grid.x), y: Int32(grid.y), columns: Int32(grid.columns),
        rows: Int32(grid.rows), size: Int32(grid.size), hole: hole)
      detent_compose_rows_into(
        &layout, Int32(rows.lowerBound), Int32(rows.upperBound), Int32(columns.lowerBound),
        Int32(columns.upperBound), targets.baseAddress, Int32(targets.count), stream ? 1 : 0)
    }
  }
}
