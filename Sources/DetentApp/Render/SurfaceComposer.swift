@preconcurrency import CSDL2
import CPixels
import Foundation

/// The map composed straight into the software display's own surface (the bench, replays,
/// shots and goldens at 1×, and a window drawn by the software renderer): each screen row is
/// written once from the tiles' kept pixels, multiplied by its shade on the way
/// (`TileLayer.compose`), with no texture in between, and a view that holds still is kept in
/// main memory and copied row by row.
///
/// Through SDL the same frame costs a pass more: rows dimmed into a streaming texture, then
/// copied by the renderer (or tiles copied plain, then multiplied in place). The pixels are
/// the same as those paths' (`SurfaceComposerTests`): the rows are the tiles' pixels times the
/// shade, then the overlay (pins, the location dot) is drawn over them with the same shade, by
/// the renderer in exact frames, blended on the CPU with the renderer's pixels in progressive
/// ones (`OverlayBlender`).
final class SurfaceComposer {
  /// What the kept view shows: the layer and overlay versions, the size and the shade.
  struct Key: Equatable {
    var layer: Int
    var overlay: Int
    var width: Int
    var height: Int
    var shade: UInt8
  }

  /// Exact frames: the view kept, `width`×`height` pixels, the map and its overlay multiplied
  /// by `key.shade`, without a sheet's shadow.
  var kept: [UInt32] = []
  var keptKey: Key?
  /// Progressive frames: the view kept undimmed (the map and its overlay drawn plain), from
  /// which a frame at any dim level, the shadow's rows included, is one pass while the view
  /// holds still.
  var plain: PixelBuffer?
  /// Rows `0..<plainRows` of `plain` hold `plainKey`'s view (the rest is still to be kept).
  var plainRows = 0
  /// A view is kept over this many frames, a band of rows each (`keepPlain`): kept in one frame,
  /// every row was written twice in it (3.2–3.5 ms at 3840×2160 against 1.7 for a moving frame,
  /// 0.28 against 0.13 at 1280×800); a quarter of it makes the frame a moving frame's and a
  /// quarter of a pass.
  static let keepFrames = 4
  var plainKey: Key?
  /// `plain`'s storage for a new size, made ready off the main thread from the first frame of
  /// that size on (page faults: 17–33 ms at 3840×2160).
  let prepared = PreparedPixels()
  /// Pixels from which a pass is written past the cache (64 Ki: 256 KiB, whole views and bands;
  /// not the regions under the overlay, drawn over next). Between two frames the view and the
  /// tiles leave the cache, so a view composed through it first reads every line it writes:
  /// the bench's pan frames took 0.35–0.48 ms through the cache at 1280×800 and 0.12 streamed;
  /// at 3840×2160, 1.6 ms streamed (a `memcpy` of the view, 33 MB: 1.3).
  static let streamFrom = 65_536
  /// Rows written by the compositor from the tiles (the rest of a frame is SDL's or copied from
  /// a kept view; for tests).
  var rowsComposed = 0
  /// Per-phase timing (the bench's `DETENT_PROFILE=phases`; nil: off).
  var profile: PhaseProfile?
  /// Whether progressive frames blend the overlay on the CPU (`OverlayBlender`); off, it is
  /// drawn through SDL (tests compare the two).
  var blendsOverlay = true

  /// The display's surface when the map can be composed into it for a `width`×`height` view of
  /// `layer`: a software display at 1× drawn on now, and a complete exact grid whose
  /// tiles kept their pixels.
  func surface(
    canvas: Canvas, layer: TileLayer, width: Int, height: Int
  ) -> UnsafeMutablePointer<SDL_Surface>? {
    layer.composable ? canvas.composableSurface(width: width, height: height) : nil
  }

  /// Draws the map's rows `band` covers (`0..<band.below.upperBound`) into `screen`: the tiles of
  /// `layer` and then `overlay`, multiplied by `shade`, the shadow's rows by theirs. `still`:
  /// the view (`key`, whatever its shade) showed in the previous frame too, so the rows come
  /// from a kept view (made now if it is not that view). `exact` false (progressive frames: the
  /// demo, the bench) blends the overlay on the CPU (`drawOverlay`), and a view held still is
  /// kept undimmed (`drawStill`). `first`: no view showed before (start-up, where no earlier
  /// frame's pace is kept): a progressive view is kept whole in its frame, not a band a frame.
  /// `hidden` (progressive frames): a rectangle an opaque card covers next, left unwritten (a
  /// view being kept undimmed is written whole).
  func draw(
    into screen: UnsafeMutablePointer<SDL_Surface>, layer: TileLayer, overlay: MapOverlay, key: Key,
    still: Bool, first: Bool = false, band: SheetShadow.Band, exact: Bool = true, hidden: MapOcclusion? = nil,
    canvas: Canvas, text: TextCache
  ) {
    canvas.sync()
    let width = key.width
    // Nothing past the surface: a view wider than it is not drawn, its rows (the band's, a kept
    // view's) cut to the surface's.
    guard let fitting = Self.rows(fitting: width, on: screen) else { return }
    var key = key
    key.height = min(key.height, fitting)
    let band = band.clamped(to: key.height)
    let rows = band.below.upperBound
    guard rows > 0, let base = screen.pointee.pixels else { return }
    let surface = Surface(screen: screen, base: base, pitch: Int(screen.pointee.pitch))
    if !exact {
      if plain?.count != width * key.height { prepared.prepare(count: width * key.height) }
      guard still || first else {
        compose(layer, band, from: 0, shade: key.shade, width: width, into: surface, hidden: hidden)
        drawOverlay(
          overlay, layer: layer, band: band, rows: 0..<rows, shade: key.shade, width: width, exact: false,
          into: surface, canvas: canvas, text: text, hidden: hidden)
        return
      }
      drawStill(
        layer: layer, overlay: overlay, key: key, band: band, into: surface, canvas: canvas, text: text,
        whole: first, hidden: hidden)
      return
    }
    var from = 0
    if still {
      if keptKey != key {
        // The whole view, as a frame with no sheet would show it, kept for the frames that follow.
        keepWholeView(layer: layer, overlay: overlay, key: key, into: surface, canvas: canvas, text: text)
      } else {
        Self.blit(&kept, width: width, rows: band.above, into: surface)
      }
      // The shadow's rows and those beside the sheet's rounded corners, from the tiles.
      from = band.above.upperBound
    }
    guard from < rows else { return }
    compose(layer, band, from: from, shade: key.shade, width: width, into: surface)
    drawOverlay(
      overlay, layer: layer, band: band, rows: from..<rows, shade: key.shade, width: width, exact: true,
      into: surface, canvas: canvas, text: text)
  }

  /// Composes the whole view at `key` (as a frame with no sheet shows it: every row at the
  /// key's shade, the overlay colour-modulated over it) into the surface and keeps a copy of it
  /// as `kept`.
  private func keepWholeView(
    layer: TileLayer, overlay: MapOverlay, key: Key, into surface: Surface, canvas: Canvas, text: TextCache
  ) {
    let whole = SheetShadow.Band(sheetTop: nil, rows: key.height)
    compose(layer, whole, from: 0, shade: key.shade, width: key.width, into: surface)
    drawOverlay(
      overlay, layer: layer, band: whole, rows: 0..<key.height, shade: key.shade, width: key.width,
      exact: true, into: surface, canvas: canvas, text: text)
    canvas.sync()
    keep(&kept, rows: 0..<key.height, width: key.width, from: surface)
    keptKey = key
  }

  /// Writes rows `from..<band.below.upperBound` of the layer, each multiplied by its shade, but
  /// under `hidden`.
  func compose(
    _ layer: TileLayer, _ band: SheetShadow.Band, from: Int, shade: UInt8, width: Int, into surface: Surface,
    hidden: MapOcclusion? = nil
  ) {
    // A view larger than the cache is streamed past it (`detent_compose_rows`).
    let stream = width * (band.below.upperBound - from) >= Self.streamFrom
    band.forEachRun(from: from, base: shade) { rows, shade in
      MapOcclusion.forEachPart(of: hidden, rows: rows, width: width) { rows, columns in
        layer.compose(
          rows: rows, columns: columns, shade: shade, into: surface.line(rows.lowerBound),
          pitch: surface.pitch, stream: stream)
      }
    }
    rowsComposed += max(band.below.upperBound - from, 0)
    profile?.mark("rows composed")
  }

  /// Draws the overlay over `rows` of composed (multiplied) rows, colour-modulated by each row's
  /// shade, as every other path draws it; blended on the CPU in progressive frames (`exact`
  /// false). Given `keep` (a progressive view being kept undimmed that the CPU could not blend
  /// the overlay into, or whose overlay goes through SDL: tests) it is drawn plain instead, over
  /// the layer's pixels written again unmultiplied where the overlay draws (its `regions`), each
  /// region handed to `keep` and then multiplied in place. Dimmed, a blended pixel there rounds
  /// up to 2 steps a channel otherwise than the modulated blend's: pins' edges, and every pixel
  /// of a translucent item (`SurfaceComposerKeepTests`); undimmed, none. Never in a shot or
  /// golden, which are exact.
  func drawOverlay(
    _ overlay: MapOverlay, layer: TileLayer, band: SheetShadow.Band, rows: Range<Int>, shade: UInt8,
    width: Int, exact: Bool, into surface: Surface, canvas: Canvas, text: TextCache,
    hidden: MapOcclusion? = nil, keep: ((MapOverlay.Region) -> Void)? = nil
  ) {
    // Progressive frames blend it on the CPU (the same pixels as through SDL). A moving frame
    // draws it colour-modulated by each row's shade, as an exact frame does (the same pixels:
    // on the CPU a modulated blend costs about what a plain one does, and the regions' ground is
    // not written twice); only a view being kept through `keep` draws it plain and multiplies
    // after.
    let blendInto = !exact && blendsOverlay ? surface : nil
    guard !exact, keep != nil else {
      band.forEachRun(from: rows.lowerBound, base: shade) { runs, shade in
        OverlayBlender.play(
          overlay, rows: runs, columns: 0..<width, shade: shade, into: blendInto, canvas: canvas, text: text,
          hidden: hidden)
      }
      overlayDrawn(canvas)
      return
    }
    let regions = overlay.regions(columns: 0..<width, rows: rows)
    for region in regions {
      layer.compose(
        rows: region.rows, columns: region.columns, shade: 255, into: surface.line(region.rows.lowerBound),
        pitch: surface.pitch)
    }
    profile?.mark("overlay's ground")
    // Every item lies within one region (within the rows): one pass over the items draws what
    // a pass per region would, without looking at every item for each (hundreds of pins at
    // 3840×2160: 6 ms that way).
    OverlayBlender.play(
      overlay, rows: rows, columns: 0..<width, shade: 255, into: blendInto, canvas: canvas, text: text)
    canvas.sync()
    profile?.mark("overlay drawn")
    for region in regions {
      keep?(region)
      // Each run of rows sharing a shade in one call (a region is mostly one run).
      band.forEachRun(from: region.rows.lowerBound, base: shade) { rows, shade in
        let rows = rows.clamped(to: region.rows)
        guard shade < 255, !rows.isEmpty else { return }
        let line = surface.line(rows.lowerBound) + region.columns.lowerBound
        detent_shade_rows(
          line, surface.pitch, line, surface.pitch, Int32(region.columns.count), Int32(rows.count), shade, 0)
      }
    }
    profile?.mark("overlay multiplied")
  }

  /// Marks the overlay's phase, what SDL queued of it drawn first (so that it is timed as its own).
  private func overlayDrawn(_ canvas: Canvas) {
    guard let profile else { return }
    canvas.sync()
    profile.mark("overlay drawn")
  }
}
