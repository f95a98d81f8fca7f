@preconcurrency import CSDL2
import Detent

/// The cached root copied onto the screen: its rows from the texture (or from its pixels read
/// back, multiplied by the set-back's veil in the same pass), moved by whole pixels to where the
/// root stands, the rounded top and the scroll indicator drawn as without the cache.
extension RootCache {
  /// Draws the root set back as `drawn` from `placement` in the current column `width` wide,
  /// nothing below `bottom` (the first opaque detail sheet's top, or the window's bottom), with
  /// the set-back's veil of black at `veil`, and the scroll indicator at opacity `indicator`.
  func draw(
    _ placement: Placement, drawn: SheetSnapshot, model: DemoModel, width: Double, bottom: Double,
    veil: UInt8, indicator: Double, canvas: Canvas, sheets: SheetRenderer
  ) {
    copies += 1
    // The whole pixels the root moves by; its top as drawn from the texture.
    let shift = (drawn.top - placement.top).rounded()
    let top = placement.top.rounded() + shift
    sheets.drawCap(top: top, width: width, radius: Self.cap)
    // The veil's top rows between the corners, then the rows below them as the copy's colour
    // modulation (SDL's software blit of a modulated copy is ⌊x·(255 − a)/255⌋, what its
    // blended fill of black leaves), or darkened in place after the copy where the canvas
    // multiplies the software display's pixels itself (one SIMD pass).
    let veiled = veil > 0 && bottom > drawn.top
    let modulated = veiled && !canvas.multipliesInPlace
    let from = top + Double(Self.cap)
    let rows = min(bottom.rounded(.up), placement.origin + shift + Double(placement.height)) - from
    // The rows from the pixels read back, multiplied by the veil in the same pass (those the
    // veil covers), the cap's veil drawn as before; not while a scroll indicator shows (it is
    // drawn between the copy and the veil).
    if veiled ? !modulated : veil == 0, indicator <= 0, let pixels, pixelsKey == cachedKey {
      let (width, pitch) = (Int(width), pixelsSize.width)
      let sourceRow = Int(from - placement.origin - shift)
      let veilRows = bottom > top + 12 ? Int((bottom - top - 12).rounded()) : 0
      let shaded = max(0, min(Int(rows), veilRows))
      if rows <= 0
        || (width <= pitch && sourceRow >= 0 && sourceRow + Int(rows) <= pixelsSize.height
          && veilRows <= Int(rows)
          && canvas.copyRows(
            pixels.base + sourceRow * pitch, pitch: pitch, y: Int(from), width: width, height: shaded,
            shade: 255 - veil)
          && canvas.copyRows(
            pixels.base + (sourceRow + shaded) * pitch, pitch: pitch, y: Int(from) + shaded, width: width,
            height: Int(rows) - shaded, shade: 255))
      {
        SetBack.veil(on: canvas, alpha: veil, top: top, bottom: bottom, width: Double(width), below: false)
        veiledCopies += 1
        return
      }
    }
    if modulated {
      SetBack.veil(on: canvas, alpha: veil, top: top, bottom: bottom, width: width, below: false)
    }
    if rows > 0 {
      canvas.copy(
        placement.texture, sourceY: Int(from - placement.origin - shift), y: Int(from), width: Int(width),
        height: Int(rows), shade: modulated ? 255 - veil : 255)
    }
    sheets.drawRootIndicator(drawn, model: model, width: width, coveredFrom: bottom, indicator: indicator)
    if veiled, !modulated { SetBack.veil(on: canvas, alpha: veil, top: top, bottom: bottom, width: width) }
  }
}
