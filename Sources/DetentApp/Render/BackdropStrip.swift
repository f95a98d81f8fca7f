@preconcurrency import CSDL2

/// The visible strip of the map above the root sheet, dimmed by the backdrop alpha and darkened
/// by the sheet's shadow, each the fastest way the renderer in use allows.
///
/// A GPU renderer copies the tiles colour-modulated (per row in the shadow's 14 rows): free
/// there. The software renderer's modulated copy is slow, so there the dimmed rows are built on
/// the CPU from the tiles' kept pixels (`Dimmer`, the same arithmetic) into one streaming
/// texture, and the work per frame is kept to the rows that changed: the rows above the shadow
/// are dimmed once per shade and view and kept (undimmed, they are copied straight from the
/// tiles); only the shadow rows and the rows beside the sheet's rounded corners are redone
/// every frame, plus the rows the sheet uncovered since the last frame.
final class BackdropStrip {
  private let strip = ViewTexture(access: SDL_TEXTUREACCESS_STREAMING)
  /// Rows `0..<cleanRows` of `texture` hold the map dimmed by `cleanShade`, without shadow.
  private var cleanRows = 0
  private var cleanShade: UInt8 = 255
  private var cleanVersion = -1

  /// Copies the rows of `band` (the rows above a sheet's shadow, its shadow's rows and those
  /// from its top edge down) of the map's `layer` onto the canvas, dimmed by `shade` and
  /// darkened by the shadow. `version` changes whenever the layer's pixels do. `aboveShadow:
  /// false` leaves out the rows above the shadow (the caller has them).
  func draw(
    layer: TileLayer, version: Int, width: Int, height: Int, shade: UInt8, band: SheetShadow.Band,
    canvas: Canvas, aboveShadow: Bool = true
  ) {
    // Rows from `shadowTop` on change with the sheet's position; the rows above only with the shade.
    let shadowTop = min(band.above.upperBound, height)
    let rows = min(band.below.upperBound, height)
    guard rows > 0 else { return }
    guard canvas.isSoftware, layer.composable, let texture = streamingTexture(canvas, width, height) else {
      band.forEachRun(from: aboveShadow ? 0 : shadowTop, base: shade) { rows, shade in
        layer.copy(rows: rows, width: width, shade: shade, canvas: canvas)
      }
      return
    }
    if shadowTop > 0, aboveShadow {
      if shade == 255 {
        layer.copy(rows: 0..<shadowTop, width: width, shade: 255, canvas: canvas)
      } else {
        if cleanShade != shade || cleanVersion != version {
          cleanRows = 0
          cleanShade = shade
          cleanVersion = version
        }
        if cleanRows < shadowTop {
          fill(texture, layer, width: width, rows: cleanRows..<shadowTop) { _ in shade }
          cleanRows = shadowTop
        }
        canvas.copyRows(texture, width: width, rows: 0..<shadowTop)
      }
    }
    if shadowTop < rows {
      fill(texture, layer, width: width, rows: shadowTop..<rows) { band.shade(shade, row: $0) }
      cleanRows = min(cleanRows, shadowTop)
      canvas.copyRows(texture, width: width, rows: shadowTop..<rows)
    }
  }

  private func streamingTexture(_ canvas: Canvas, _ width: Int, _ height: Int) -> OpaquePointer? {
    guard let (texture, fresh) = strip.texture(for: canvas, pixelWidth: width, pixelHeight: height) else {
      return nil
    }
    if fresh { cleanRows = 0 }
    return texture
  }

  /// Writes `rows` of the layer into the texture, row `r` multiplied by `shade(r)`.
  private func fill(
    _ texture: OpaquePointer, _ layer: TileLayer, width: Int, rows: Range<Int>, shade: (Int) -> UInt8
  ) {
    guard !rows.isEmpty else { return }
    var rect = SDL_Rect(x: 0, y: Int32(rows.lowerBound), w: Int32(width), h: Int32(rows.count))
    var target: UnsafeMutableRawPointer?
    var pitch: Int32 = 0
    guard SDL_LockTexture(texture, &rect, &target, &pitch) == 0, let target else { return }
    for (i, row) in rows.enumerated() {
      let line = target.advanced(by: i * Int(pitch)).assumingMemoryBound(to: UInt32.self)
      layer.compose(row: row, into: line, width: width, shade: shade(row))
    }
    SDL_UnlockTexture(texture)
  }
}
