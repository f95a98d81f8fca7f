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
    /// Whether the overlay is drawn colour-modulated (else plain, multiplied after).
    var exact = true
  }

  /// The view kept: `width`×`height` pixels, the map and its overlay multiplied by `key.shade`,
  /// without a sheet's shadow.
  private var kept: [UInt32] = []
  private var keptKey: Key?
  /// Progressive frames: the view kept undimmed (the map and its overlay drawn plain), from
  /// which any dim level is one pass (`Dimmer`) while the view holds still.
  private var plain: [UInt32] = []
  private var plainKey: Key?
  /// What the previous frame drew.
  private var lastKey: Key?
  /// Pixels from which a pass is written past the cache (64 Ki: 256 KiB, whole views and bands;
  /// not the regions under the overlay, drawn over next). Between two frames the view and the
  /// tiles leave the cache, so a view composed through it first reads every line it writes:
  /// the bench's pan frames took 0.35–0.48 ms through the cache at 1280×800 and 0.12 streamed;
  /// at 3840×2160, 1.6 ms streamed (a `memcpy` of the view, 33 MB: 1.3).
  static let streamFrom = 65_536
  /// Rows written by the compositor (the rest of a frame is SDL's; for tests).
  private(set) var rowsComposed = 0
  /// Per-phase timing (the bench's `DETENT_PROFILE=phases`; nil: off).
  var profile: PhaseProfile?

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
  /// the view (`key`, whatever its shade) showed in the previous frame too, so the rows above
  /// the shadow come from a kept view (made now if it is not that view). `exact` false
  /// (progressive frames: the demo, the bench) draws the overlay plain and multiplies it after
  /// (`drawOverlay`), and a view held still is kept undimmed: a change of the dim level is
  /// then one pass over it.
  func draw(
    into screen: UnsafeMutablePointer<SDL_Surface>, layer: TileLayer, overlay: MapOverlay, key: Key,
    still: Bool, band: SheetShadow.Band, exact: Bool = true, canvas: Canvas, text: TextCache
  ) {
    canvas.sync()
    var key = key
    key.exact = exact
    let previous = lastKey
    lastKey = key
    let width = key.width
    let rows = band.below.upperBound
    guard rows > 0, let base = screen.pointee.pixels else { return }
    let pitch = Int(screen.pointee.pitch)
    let surface = Surface(screen: screen, base: base, pitch: pitch)
    if still, !exact {
      drawStill(
        layer: layer, overlay: overlay, key: key, held: previous == key, band: band, into: surface,
        canvas: canvas, text: text)
      return
    }
    var from = 0
    if still, previous?.shade == key.shade {
      if keptKey != key {
        // The whole view, as a frame with no sheet would show it, kept for the frames that follow.
        keepWholeView(
          layer: layer, overlay: overlay, key: key, exact: exact, into: surface, canvas: canvas, text: text)
      } else {
        Self.blit(&kept, width: width, rows: band.above, into: surface)
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

  /// Composes the whole view at `key` (as a frame with no sheet shows it: every row at the
  /// key's shade, the overlay over it) into the surface and keeps a copy of it as `kept`.
  private func keepWholeView(
    layer: TileLayer, overlay: MapOverlay, key: Key, exact: Bool, into surface: Surface, canvas: Canvas,
    text: TextCache
  ) {
    let whole = SheetShadow.Band(sheetTop: nil, rows: key.height)
    compose(layer, whole, from: 0, shade: key.shade, width: key.width, into: surface)
    drawOverlay(
      overlay, layer: layer, band: whole, from: 0, shade: key.shade, width: key.width, exact: exact,
      into: surface, canvas: canvas, text: text)
    canvas.sync()
    keep(&kept, rows: 0..<key.height, width: key.width, from: surface)
    keptKey = key
  }

  /// A progressive frame whose view showed in the previous frame: rows from the view kept
  /// undimmed (made now if it is not this view), multiplied by their shades on the way; the
  /// rows above the shadow from a copy kept at this dim level once it has `held` a frame.
  private func drawStill(
    layer: TileLayer, overlay: MapOverlay, key: Key, held: Bool, band: SheetShadow.Band,
    into surface: Surface,
    canvas: Canvas, text: TextCache
  ) {
    let width = key.width
    let rows = band.below.upperBound
    var plainKey = key
    plainKey.shade = 255
    if self.plainKey != plainKey, key.shade < 255, keptKey == key || held {
      // The dim level has not changed since the view stopped: the view kept at this level is
      // composed as a moving frame is (no undimmed view and pass over it, until the level
      // changes); the rows from the shadow down from the tiles, as a moving frame draws them.
      if keptKey != key {
        keepWholeView(
          layer: layer, overlay: overlay, key: key, exact: false, into: surface, canvas: canvas, text: text)
      } else {
        // The view held still a second frame: its undimmed copy is made now, ahead of a change
        // of the dim level, which then costs one pass (made in that frame, that frame would
        // compose, draw the overlay, keep and dim: four). The screen is the kept view again.
        let whole = SheetShadow.Band(sheetTop: nil, rows: key.height)
        makePlain(
          layer: layer, overlay: overlay, key: plainKey, whole: whole, into: surface, canvas: canvas,
          text: text)
        Self.blit(&kept, width: width, rows: band.above, into: surface)
      }
      let from = band.above.upperBound
      guard from < rows else { return }
      compose(layer, band, from: from, shade: key.shade, width: width, into: surface)
      drawOverlay(
        overlay, layer: layer, band: band, from: from, shade: key.shade, width: width, exact: false,
        into: surface, canvas: canvas, text: text)
      return
    }
    if self.plainKey != plainKey {
      let whole = SheetShadow.Band(sheetTop: nil, rows: key.height)
      makePlain(
        layer: layer, overlay: overlay, key: plainKey, whole: whole, into: surface, canvas: canvas, text: text
      )
      if key.shade == 255 {
        redoShadow(
          layer: layer, overlay: overlay, key: key, band: band, into: surface, canvas: canvas, text: text)
        return
      }
      // The screen holds the view undimmed: multiplied in place.
      for row in 0..<rows where band.shade(key.shade, row: row) < 255 {
        Self.dim(surface.line(row), into: surface.line(row), width, band.shade(key.shade, row: row))
      }
      return
    }
    if key.shade == 255 {
      // Undimmed: the rows above the shadow copied, the shadow's as a moving frame draws them.
      Self.blit(&plain, width: width, rows: band.above, into: surface)
      redoShadow(
        layer: layer, overlay: overlay, key: key, band: band, into: surface, canvas: canvas, text: text)
      return
    }
    var from = 0
    if keptKey == key || held {
      if keptKey != key {
        kept = kept.count == plain.count ? kept : [UInt32](repeating: 0, count: plain.count)
        plain.withUnsafeBufferPointer { plain in
          kept.withUnsafeMutableBufferPointer { kept in
            Self.dim(plain.baseAddress!, into: kept.baseAddress!, plain.count, key.shade)
          }
        }
        keptKey = key
      }
      Self.blit(&kept, width: width, rows: band.above, into: surface)
      from = band.above.upperBound
    }
    plain.withUnsafeBufferPointer { plain in
      for row in from..<rows {
        Self.dim(
          plain.baseAddress! + row * width, into: surface.line(row), width, band.shade(key.shade, row: row))
      }
    }
  }

  /// Composes the view undimmed into the surface (tiles, then the overlay plain) and keeps it.
  private func makePlain(
    layer: TileLayer, overlay: MapOverlay, key: Key, whole: SheetShadow.Band, into surface: Surface,
    canvas: Canvas, text: TextCache
  ) {
    compose(layer, whole, from: 0, shade: 255, width: key.width, into: surface)
    overlay.play(rows: 0..<key.height, width: key.width, shade: 255, canvas: canvas, text: text)
    canvas.sync()
    keep(&plain, rows: 0..<key.height, width: key.width, from: surface)
    plainKey = key
  }

  /// An undimmed frame's rows from the shadow down as a moving frame draws them: from the
  /// tiles, the overlay colour-modulated by each row's shade (as the renderer's progressive
  /// path does when the map is not dimmed).
  private func redoShadow(
    layer: TileLayer, overlay: MapOverlay, key: Key, band: SheetShadow.Band, into surface: Surface,
    canvas: Canvas, text: TextCache
  ) {
    let from = band.above.upperBound
    guard from < band.below.upperBound else { return }
    compose(layer, band, from: from, shade: 255, width: key.width, into: surface)
    drawOverlay(
      overlay, layer: layer, band: band, from: from, shade: 255, width: key.width, exact: false,
      into: surface,
      canvas: canvas, text: text)
  }

  /// Writes rows `from..<band.below.upperBound` of the layer, each multiplied by its shade.
  private func compose(
    _ layer: TileLayer, _ band: SheetShadow.Band, from: Int, shade: UInt8, width: Int, into surface: Surface
  ) {
    // A view larger than the cache is streamed past it (`detent_compose_rows`).
    let stream = width * (band.below.upperBound - from) >= Self.streamFrom
    band.forEachRun(from: from, base: shade) { rows, shade in
      layer.compose(
        rows: rows, columns: 0..<width, shade: shade, into: surface.line(rows.lowerBound),
        pitch: surface.pitch,
        stream: stream)
    }
    rowsComposed += max(band.below.upperBound - from, 0)
    profile?.mark("rows composed")
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
      layer.compose(
        rows: region.rows, columns: region.columns, shade: 255, into: surface.line(region.rows.lowerBound),
        pitch: surface.pitch)
      overlay.play(rows: region.rows, columns: region.columns, shade: 255, canvas: canvas, text: text)
    }
    canvas.sync()
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
