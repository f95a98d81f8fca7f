@preconcurrency import CSDL2
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
    var texture: OpaquePointer { ground ? tile.ground : tile.texture }
  }

  private(set) var placements: [Placement] = []
  /// For an exact grid: the screen position of its first tile, its columns and the tile size.
  private(set) var grid: (x: Int, y: Int, columns: Int, rows: Int, size: Int)?
  /// For an exact grid: the placement of each cell, row by row (-1: a hole, not rendered yet).
  private var cells: [Int] = []

  init() { placements.reserveCapacity(256) }

  /// Starts a frame's exact grid of `columns`×`rows` tiles of `size` px, the first at (x, y);
  /// tiles are then added row by row.
  func beginGrid(x: Int, y: Int, columns: Int, rows: Int, size: Int) {
    placements.removeAll(keepingCapacity: true)
    grid = (x, y, columns, rows, size)
    cells.removeAll(keepingCapacity: true)
    cells.append(contentsOf: repeatElement(-1, count: columns * rows))
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
      cells[(y - grid.y) / grid.size * grid.columns + (x - grid.x) / grid.size] = placements.count
    }
    placements.append(Placement(tile: tile, x: x, y: y, w: w, h: h, ground: ground))
  }

  /// Whether an exact grid lacks tiles still to render (`TileScheduler.progressive`).
  var hasHoles: Bool {
    guard let grid else { return false }
    return placements.count < grid.columns * grid.rows
  }

  /// Whether `compose(row:…)` can build rows on the CPU: an exact grid whose tiles kept their
  /// pixels (which include the labels); its holes are the land's colour there, as in `copy`.
  var composable: Bool {
    grid != nil && placements.allSatisfy { !$0.tile.pixels.isEmpty }
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
    compose(row: row, into: line, columns: 0..<width, shade: shade)
  }

  /// Writes pixels `columns` of screen row `row` into `line` (the row's pixel 0) at the same
  /// columns, multiplied by `shade` (`Dimmer`). Only for a `composable` layer.
  func compose(row: Int, into line: UnsafeMutablePointer<UInt32>, columns: Range<Int>, shade: UInt8) {
    guard let grid else { return }
    let offset = row - grid.y
    guard offset >= 0 else { return }
    let tileRow = offset / grid.size
    guard tileRow < grid.rows else { return }
    let inTile = offset - tileRow * grid.size
    for c in 0..<grid.columns {
      let left = grid.x + c * grid.size
      let x0 = max(left, columns.lowerBound)
      let x1 = min(left + grid.size, columns.upperBound)
      guard x0 < x1 else { continue }
      let index = cells[tileRow * grid.columns + c]
      guard index >= 0 else {
        // A hole: the land's colour multiplied by the shade (as `copy` fills it).
        let land = MapPainter.land
        func channel(_ v: UInt8) -> UInt32 { UInt32(v) * UInt32(shade) / 255 }
        let pixel = 0xFF00_0000 | channel(land.r) << 16 | channel(land.g) << 8 | channel(land.b)
        (line + x0).update(repeating: pixel, count: x1 - x0)
        continue
      }
      let p = placements[index]
      p.tile.pixels.withUnsafeBufferPointer { pixels in
        let start = inTile * grid.size + (x0 - p.x)
        // Kept pixels are opaque already: undimmed, a row is a plain copy.
        guard shade < 255 else {
          memcpy(line + x0, pixels.baseAddress! + start, (x1 - x0) * 4)
          return
        }
        Dimmer.dim(
          UnsafeBufferPointer(rebasing: pixels[start..<(start + x1 - x0)]),
          into: UnsafeMutableBufferPointer(start: line + x0, count: x1 - x0), shade: shade)
      }
    }
  }
}
