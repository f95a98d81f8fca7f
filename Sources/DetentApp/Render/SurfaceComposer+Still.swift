import CPixels

/// Progressive frames (the demo, the bench) whose view showed in the previous frame too: kept
/// undimmed once (a band of rows a frame over its first `keepFrames` frames), then every row
/// copied from that copy multiplied by its shade (the dim level, the shadow's rows): one pass,
/// the overlay included, whatever the dim level does.
extension SurfaceComposer {
  /// A progressive frame whose view showed in the previous frame: rows `0..<band.below
  /// .upperBound` from the view kept undimmed, multiplied by their shades on the way; until it is
  /// kept whole, the view is composed as a moving frame is and a band of it kept in the same pass.
  /// Rows copied from the kept view leave out `hidden` (covered by an opaque card next).
  func drawStill(
    layer: TileLayer, overlay: MapOverlay, key: Key, band: SheetShadow.Band, into surface: Surface,
    canvas: Canvas, text: TextCache, whole: Bool = false, hidden: MapOcclusion? = nil
  ) {
    var undimmed = key
    undimmed.shade = 255
    let width = key.width
    guard plainKey == undimmed, let plain, plain.count == width * key.height, plainRows >= key.height else {
      if plainKey != undimmed || self.plain?.count != width * key.height { plainRows = 0 }
      let step = whole ? key.height : (key.height + Self.keepFrames - 1) / Self.keepFrames
      let part = plainRows..<min(plainRows + step, key.height)
      keepPlain(
        layer: layer, overlay: overlay, key: key, band: band, part: part, into: surface, canvas: canvas,
        text: text)
      plainKey = undimmed
      plainRows = part.upperBound
      return
    }
    // Undimmed, the shadow's rows are drawn as a moving frame draws them then (the overlay
    // colour-modulated), the rows above copied.
    let copied = key.shade == 255 ? band.above.upperBound : band.below.upperBound
    copyKept(
      plain, rows: 0..<copied, band: band, shade: key.shade, width: width, into: surface, hidden: hidden,
      stream: width * copied >= Self.streamFrom)
    if copied < band.below.upperBound {
      redoShadow(
        layer: layer, overlay: overlay, key: key, band: band, into: surface, canvas: canvas, text: text)
    }
  }

  /// Rows `rows` of the kept view `plain` (`width` wide) written onto the screen, each multiplied
  /// by its shade (`band`'s runs from `shade`), but `hidden`'s columns, left as they are
  /// (`stream`: past the cache).
  private func copyKept(
    _ plain: PixelBuffer, rows: Range<Int>, band: SheetShadow.Band, shade: UInt8, width: Int,
    into surface: Surface, hidden: MapOcclusion? = nil, stream: Bool
  ) {
    band.forEachRun(base: shade) { run, shade in
      // Row by row around the hole, the kept view read in one run (`detent_shade_rows_around`):
      // its parts copied one after the other, a still frame at 3840×2160 took 3.2 ms, not 2.2.
      MapOcclusion.forEachBand(of: hidden, rows: run.clamped(to: rows), width: width) { rows, hole in
        detent_shade_rows_around(
          plain.base + rows.lowerBound * width, width * 4, surface.line(rows.lowerBound), surface.pitch,
          Int32(width), Int32(rows.count), Int32(hole.lowerBound), Int32(hole.upperBound), shade,
          stream ? 1 : 0)
      }
    }
  }

  /// An undimmed frame's rows from the shadow down as a moving frame draws them: from the
  /// tiles, the overlay colour-modulated by each row's shade (as every path draws it).
  private func redoShadow(
    layer: TileLayer, overlay: MapOverlay, key: Key, band: SheetShadow.Band, into surface: Surface,
    canvas: Canvas, text: TextCache
  ) {
    let from = band.above.upperBound
    guard from < band.below.upperBound else { return }
    compose(layer, band, from: from, shade: 255, width: key.width, into: surface)
    drawOverlay(
      overlay, layer: layer, band: band, rows: from..<band.below.upperBound, shade: 255, width: key.width,
      exact: false, into: surface, canvas: canvas, text: text)
  }

  /// Draws the frame as a moving frame does (rows `0..<band.below.upperBound` at their shades,
  /// the overlay colour-modulated) and keeps rows `part` of the view (of `key.height`) undimmed
  /// in `plain` on the way: the tiles written to both in one pass where the rows are on screen
  /// (`detent_compose_rows_into`), the rows under the sheet to `plain` alone, the overlay blended
  /// into `plain` unmodulated (or, when an item is one the CPU does not blend, drawn plain on the
  /// screen over its regions' ground and those regions copied into `plain` before they are
  /// multiplied). The view is
  /// kept a band a frame (`keepFrames`), each frame a moving frame's pass and a part of one
  /// more; the frames in between draw what the view is, the same each frame, so the bands
  /// join up.
  private func keepPlain(
    layer: TileLayer, overlay: MapOverlay, key: Key, band: SheetShadow.Band, part: Range<Int>,
    into surface: Surface, canvas: Canvas, text: TextCache
  ) {
    let (width, height) = (key.width, key.height)
    let rows = band.below.upperBound
    let plain =
      self.plain.flatMap { $0.count == width * height ? $0 : nil } ?? prepared.take(count: width * height)
    self.plain = plain
    let stream = width * height >= Self.streamFrom
    let kept = plain.base
    // The rows kept in the frames before (this view's, `0..<part.lowerBound`) copied from the
    // kept view at their shades, as a still frame copies them, the overlay in them (undimmed, not
    // the shadow's rows, which a still frame composes again too): only the rest is composed and
    // blended. Composing them again as well, the second to fourth frames after a pan, a flight
    // or a pop cost what a moving frame does (5.1–6.4 ms at 3840×2160 after a pop, where a still
    // frame took 2.3).
    let start =
      blendsOverlay ? min(part.lowerBound, key.shade == 255 ? band.above.upperBound : rows) : 0
    copyKept(
      plain, rows: 0..<start, band: band, shade: key.shade, width: width, into: surface, stream: stream)
    band.forEachRun(from: start, base: key.shade) { run, shade in
      let screen = { (rows: Range<Int>) in
        guard !rows.isEmpty else { return }
        layer.compose(
          rows: rows, columns: 0..<width, shade: shade, into: surface.line(rows.lowerBound),
          pitch: surface.pitch, stream: stream)
      }
      let both = run.clamped(to: part)
      guard !both.isEmpty else { return screen(run) }
      screen(run.lowerBound..<both.lowerBound)
      layer.compose(
        rows: both, columns: 0..<width,
        into: [
          detent_compose_target(base: surface.line(both.lowerBound), pitch: surface.pitch, shade: shade),
          detent_compose_target(base: kept + both.lowerBound * width, pitch: width * 4, shade: 255),
        ], stream: stream)
      screen(both.upperBound..<run.upperBound)
    }
    let below = (rows..<max(rows, height)).clamped(to: part)
    if !below.isEmpty {
      layer.compose(
        rows: below, columns: 0..<width, shade: 255, into: kept + below.lowerBound * width, pitch: width * 4,
        stream: stream)
    }
    rowsComposed += rows - start + below.count
    profile?.mark("rows composed")
    // Blended on the CPU: on the screen as a moving frame blends it (colour-modulated by each
    // row's shade), and unmodulated into the rows kept (under the sheet too: the kept view is
    // whole), each once; no region of the ground composed again, none multiplied.
    if blendsOverlay {
      drawOverlay(
        overlay, layer: layer, band: band, rows: start..<rows, shade: key.shade, width: width, exact: false,
        into: surface, canvas: canvas, text: text)
      if OverlayBlender.blend(
        overlay, rows: part, into: plain.base, width: width, height: height, canvas: canvas, text: text)
      {
        return
      }
    }
    // The overlay over the view down to the rows kept (under the sheet too: it covers them next).
    // Undimmed, the shadow's rows are drawn again after, as a moving frame draws them then.
    let undimmed = key.shade == 255
    drawOverlay(
      overlay, layer: layer, band: undimmed ? SheetShadow.Band(sheetTop: nil, rows: height) : band,
      rows: 0..<max(rows, part.upperBound), shade: key.shade, width: width, exact: false,
      into: surface, canvas: canvas, text: text
    ) { region in
      let kept = region.rows.clamped(to: part)
      guard !kept.isEmpty else { return }
      let start = kept.lowerBound * width + region.columns.lowerBound
      detent_shade_rows(
        surface.line(kept.lowerBound) + region.columns.lowerBound, surface.pitch,
        plain.base + start, width * 4, Int32(region.columns.count), Int32(kept.count), 255, 0
      )
    }
    if undimmed {
      redoShadow(
        layer: layer, overlay: overlay, key: key, band: band, into: surface, canvas: canvas, text: text)
    }
  }
}
