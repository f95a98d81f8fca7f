@preconcurrency import CSDL2
import Foundation

/// The map composed straight into the offscreen software display's own surface (the bench,
/// replays, shots and goldens at 1×): each screen row is written once from the tiles' kept
/// pixels, multiplied by its shade on the way (`TileLayer.compose`, `Dimmer`), with no texture
/// in between, and a view that holds still is kept in main memory and copied row by row.
///
/// Through SDL the same frame costs a pass more: rows dimmed into a streaming texture, then
/// copied by the renderer (or tiles copied plain, then multiplied in place). The pixels are
/// the same as those paths' (`SurfaceComposerTests`): the rows are the tiles' pixels times the
/// shade, then the overlay (pins, the location dot) is drawn over them with the same shade, by
/// the renderer, exactly as there.
final class SurfaceComposer {
  /// What the kept view shows: the layer and overlay versions, the size and the shade.
  struct Key: Equatable {
    var layer: Int
    var overlay: Int
    var width: Int
    var height: Int
    var shade: UInt8
  }

  /// The view kept: `width`×`height` pixels, the map and its overlay multiplied by `key.shade`,
  /// without a sheet's shadow.
  private var kept: [UInt32] = []
  private var keptKey: Key?
  /// Rows written by the compositor (the rest of a frame is SDL's; for tests).
  private(set) var rowsComposed = 0

  /// The display's surface when the map can be composed into it for a `width`×`height` view of
  /// `layer`: an offscreen software display at 1× drawn on now, and a complete exact grid whose
  /// tiles kept their pixels.
  func surface(
    canvas: Canvas, layer: TileLayer, width: Int, height: Int
  ) -> UnsafeMutablePointer<SDL_Surface>? {
    guard canvas.multipliesInPlace, canvas.scale == 1, let screen = canvas.screen,
      screen.pointee.pixels != nil, Int(screen.pointee.w) >= width, Int(screen.pointee.h) >= height,
      screen.pointee.format.pointee.format == detent_pixelformat_argb8888(), layer.composable
    else { return nil }
    return screen
  }

  /// Draws the map's rows `band` covers (`0..<band.below.upperBound`) into `screen`: the tiles of
  /// `layer` and then `overlay`, multiplied by `shade`, the shadow's rows by theirs. `still`:
  /// the view (`key`) showed in the previous frame too, so the rows above the shadow come from
  /// the kept view (made now if it is not that view). `exact` false (progressive frames: the
  /// demo, the bench) draws the overlay plain and multiplies it after (`drawOverlay`).
  func draw(
    into screen: UnsafeMutablePointer<SDL_Surface>, layer: TileLayer, overlay: MapOverlay, key: Key,
    still: Bool, band: SheetShadow.Band, exact: Bool = true, canvas: Canvas, text: TextCache
  ) {
    canvas.flush()
    SDL_RenderFlush(canvas.renderer)
    let width = key.width
    let rows = band.below.upperBound
    guard rows > 0, let base = screen.pointee.pixels else { return }
    let pitch = Int(screen.pointee.pitch)
    let surface = Surface(base: base, pitch: pitch)
    var from = 0
    if still {
      if keptKey != key {
        // The whole view, as a frame with no sheet would show it, kept for the frames that follow.
        let whole = SheetShadow.Band(sheetTop: nil, rows: key.height)
        compose(layer, whole, from: 0, shade: key.shade, width: width, into: surface)
        drawOverlay(
          overlay, layer: layer, band: whole, from: 0, shade: key.shade, width: width, exact: exact,
          into: surface, canvas: canvas, text: text)
        canvas.flush()
        SDL_RenderFlush(canvas.renderer)
        if kept.count != width * key.height { kept = [UInt32](repeating: 0, count: width * key.height) }
        kept.withUnsafeMutableBufferPointer { kept in
          for row in 0..<key.height { memcpy(kept.baseAddress! + row * width, surface.line(row), width * 4) }
        }
        keptKey = key
      } else {
        kept.withUnsafeBufferPointer { kept in
          for row in band.above { memcpy(surface.line(row), kept.baseAddress! + row * width, width * 4) }
        }
      }
      // The shadow's rows and those beside the sheet's rounded corners, from the tiles.
      from = band.above.upperBound
    }
    guard from < rows else { return }
    compose(layer, band, from: from, shade: key.shade, width: width, into: surface)
    drawOverlay(
      overlay, layer: layer, band: band, from: from, shade: key.shade, width: width, exact: exact,
      into: surface, canvas: canvas, text: text)
  }

  /// The display's pixels: row `row` starts at `base + row · pitch`.
  private struct Surface {
    let base: UnsafeMutableRawPointer
    let pitch: Int
    func line(_ row: Int) -> UnsafeMutablePointer<UInt32> {
      (base + row * pitch).assumingMemoryBound(to: UInt32.self)
    }
  }

  /// Writes rows `from..<band.below.upperBound` of the layer, each multiplied by its shade.
  private func compose(
    _ layer: TileLayer, _ band: SheetShadow.Band, from: Int, shade: UInt8, width: Int, into surface: Surface
  ) {
    for row in from..<band.below.upperBound {
      layer.compose(row: row, into: surface.line(row), width: width, shade: band.shade(shade, row: row))
    }
    rowsComposed += max(band.below.upperBound - from, 0)
  }

  /// Draws the overlay over rows `from..<band.below.upperBound` of composed (multiplied) rows.
  /// `exact`: colour-modulated by each row's shade, as every other path draws it. Else plain,
  /// over the layer's pixels written again unmultiplied where the overlay draws (its
  /// `regions`), then those pixels multiplied in place: a modulated copy of a pin or a name
  /// costs several plain ones on the software renderer, and a blended edge may round one step
  /// otherwise than the modulated copy's (never in a shot or golden, which are exact).
  private func drawOverlay(
    _ overlay: MapOverlay, layer: TileLayer, band: SheetShadow.Band, from: Int, shade: UInt8, width: Int,
    exact: Bool, into surface: Surface, canvas: Canvas, text: TextCache
  ) {
    let rows = from..<band.below.upperBound
    guard !exact, shade < 255 else {
      band.forEachRun(from: from, base: shade) { rows, shade in
        overlay.play(rows: rows, width: width, shade: shade, canvas: canvas, text: text)
      }
      return
    }
    let regions = overlay.regions(columns: 0..<width, rows: rows)
    for region in regions {
      for row in region.rows {
        layer.compose(row: row, into: surface.line(row), columns: region.columns, shade: 255)
      }
      overlay.play(rows: region.rows, columns: region.columns, shade: 255, canvas: canvas, text: text)
    }
    canvas.flush()
    SDL_RenderFlush(canvas.renderer)
    for region in regions {
      for row in region.rows where band.shade(shade, row: row) < 255 {
        let line = surface.line(row) + region.columns.lowerBound
        let count = region.columns.count
        Dimmer.dim(
          UnsafeBufferPointer(start: line, count: count),
          into: UnsafeMutableBufferPointer(start: line, count: count),
          shade: band.shade(shade, row: row))
      }
    }
  }
}
