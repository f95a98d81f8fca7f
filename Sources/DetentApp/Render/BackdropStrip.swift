@preconcurrency import CSDL2

/// The visible strip of the map above the root sheet: dimmed by the backdrop alpha and darkened
/// by the sheet's shadow, both computed on the CPU (`Dimmer`) into one streaming texture.
///
/// Work per frame is kept to the rows that changed: the rows above the shadow are dimmed once
/// per shade and kept (undimmed, they are copied straight from the map texture); only the
/// shadow rows and the rows beside the sheet's rounded corners are redone every frame, plus
/// the rows the sheet uncovered since the last frame.
final class BackdropStrip {
  private var texture: OpaquePointer?
  private var size = (w: 0, h: 0)
  /// Rows `0..<cleanRows` of `texture` hold the map dimmed by `cleanShade`, without shadow.
  private var cleanRows = 0
  private var cleanShade: UInt8 = 255
  private var cleanVersion = -1

  deinit { if let texture { SDL_DestroyTexture(texture) } }

  /// Copies rows `0..<rows` of the map onto the canvas, dimmed by `shade`, with the shadow of
  /// a sheet whose top edge is at row `sheetTop` (nil: no sheet, no shadow). `map` is the map
  /// texture and `pixels` its pixels (`width`×`height`), of map render `version`.
  func draw(
    map: OpaquePointer, pixels: UnsafeBufferPointer<UInt32>, version: Int, width: Int, height: Int,
    shade: UInt8, rows: Int, sheetTop: Int?, canvas: Canvas
  ) {
    let rows = min(max(rows, 0), height)
    guard rows > 0, pixels.count == width * height, let texture = streamingTexture(canvas, width, height)
    else {
      canvas.copyRows(map, width: width, rows: 0..<rows, shade: shade)
      return
    }
    // Rows from `shadowTop` on change with the sheet's position; the rows above only with the shade.
    let shadowTop = sheetTop.map { min(max($0 - SheetShadow.height, 0), rows) } ?? rows
    if shadowTop > 0 {
      if shade == 255 {
        canvas.copyRows(map, width: width, rows: 0..<shadowTop)
      } else {
        if cleanShade != shade || cleanVersion != version {
          cleanRows = 0
          cleanShade = shade
          cleanVersion = version
        }
        if cleanRows < shadowTop {
          fill(texture, pixels, width: width, rows: cleanRows..<shadowTop) { _ in shade }
          cleanRows = shadowTop
        }
        canvas.copyRows(texture, width: width, rows: 0..<shadowTop)
      }
    }
    if shadowTop < rows, let sheetTop {
      let firstShadowRow = sheetTop - SheetShadow.height
      fill(texture, pixels, width: width, rows: shadowTop..<rows) { row in
        row < sheetTop ? SheetShadow.shade(shade, row: row - firstShadowRow) : shade
      }
      cleanRows = min(cleanRows, shadowTop)
      canvas.copyRows(texture, width: width, rows: shadowTop..<rows)
    }
  }

  private func streamingTexture(_ canvas: Canvas, _ width: Int, _ height: Int) -> OpaquePointer? {
    if let texture, size == (width, height) { return texture }
    if let texture { SDL_DestroyTexture(texture) }
    texture = SDL_CreateTexture(
      canvas.renderer, detent_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
      Int32(width), Int32(height))
    if let texture { SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE) }
    size = (width, height)
    cleanRows = 0
    return texture
  }

  /// Writes `rows` of the map into the texture, row `r` multiplied by `shade(r)`.
  private func fill(
    _ texture: OpaquePointer, _ pixels: UnsafeBufferPointer<UInt32>, width: Int, rows: Range<Int>,
    shade: (Int) -> UInt8
  ) {
    guard !rows.isEmpty else { return }
    var rect = SDL_Rect(x: 0, y: Int32(rows.lowerBound), w: Int32(width), h: Int32(rows.count))
    var target: UnsafeMutableRawPointer?
    var pitch: Int32 = 0
    guard SDL_LockTexture(texture, &rect, &target, &pitch) == 0, let target else { return }
    for (i, row) in rows.enumerated() {
      let line = target.advanced(by: i * Int(pitch)).assumingMemoryBound(to: UInt32.self)
      Dimmer.dim(
        UnsafeBufferPointer(rebasing: pixels[(row * width)..<((row + 1) * width)]),
        into: UnsafeMutableBufferPointer(start: line, count: width), shade: shade(row))
    }
    SDL_UnlockTexture(texture)
  }
}
