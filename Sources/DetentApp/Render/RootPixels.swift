@preconcurrency import CSDL2

/// The set-back root's texture (`RootCache`) read back into main memory on the offscreen
/// software display at 1×, so that a set-back frame writes the root's rows multiplied by the
/// veil in one pass (`Canvas.copyRows`), where a copy and then the veil in place took
/// 0.035–0.057 and 0.05–0.064 ms of a flight's first frames at 1280×800. Read back in a quiet
/// frame of its own once the texture is drawn, into storage made ready off the main thread
/// from the first frame (made in that quiet frame, its page faults put it past the bench's line
/// in every run).
final class RootPixels {
  private var pixels: PixelBuffer?
  /// What the pixels show (the texture's key when they were read back).
  private(set) var key: RootCache.Key?
  /// Their width (the rows' pitch) and height.
  private var size = (width: 0, height: 0)
  private let prepared = PreparedPixels()
  /// Times the pixels were read back, and set-back frames written from them (tests).
  private(set) var readBacks = 0
  private(set) var veiledCopies = 0

  /// Starts making, off the main thread, the storage `texture`'s pixels are read back into,
  /// where the canvas writes the display itself.
  func reserve(for texture: OpaquePointer, canvas: Canvas) {
    guard canvas.multipliesInPlace, canvas.scale == 1, let (w, h) = Self.size(of: texture) else { return }
    prepared.prepare(count: w * h)
  }

  /// Reads `texture` (showing `key`) back unless its pixels are held already, once their storage
  /// is ready; true when it did (a quiet frame's step).
  func readBack(_ texture: OpaquePointer, key: RootCache.Key, canvas: Canvas) -> Bool {
    guard canvas.multipliesInPlace, canvas.scale == 1, self.key != key, let (w, h) = Self.size(of: texture)
    else { return false }
    if (pixels?.count ?? 0) < w * h {
      prepared.prepare(count: w * h)
      pixels = prepared.takeIfReady(count: w * h)
    }
    guard let pixels, pixels.count >= w * h else { return false }
    canvas.target(texture)
    let read = SDL_RenderReadPixels(
      canvas.renderer, nil, detent_pixelformat_argb8888(), pixels.base, Int32(w * 4))
    canvas.target(nil)
    self.key = read == 0 ? key : nil
    size = (w, h)
    readBacks += 1
    return true
  }

  /// Waits until the storage for `texture`'s pixels is ready (tests: the quiet frame that can
  /// read them back does).
  func waitForStorage(_ texture: OpaquePointer) {
    guard (pixels?.count ?? 0) == 0, let (w, h) = Self.size(of: texture) else { return }
    pixels = prepared.take(count: w * h)
  }

  /// Writes rows `sourceRow..<sourceRow + rows` of the pixels (showing `key`) to rows
  /// `y..<y + rows` of the current column, `width` wide, the first `veilRows` multiplied by the
  /// veil of black at `veil` and the rest as they are; false (nothing written) when the pixels
  /// show another key or do not reach, or the canvas cannot write the display (then the caller
  /// copies the texture and darkens it in place).
  func copy(
    showing key: RootCache.Key?, sourceRow: Int, rows: Int, veilRows: Int, y: Int, width: Int, veil: UInt8,
    canvas: Canvas
  ) -> Bool {
    guard let pixels, key != nil, self.key == key, veilRows <= max(rows, 0) else { return false }
    guard rows > 0 else {
      veiledCopies += 1
      return true
    }
    let pitch = size.width
    guard width <= pitch, sourceRow >= 0, sourceRow + rows <= size.height else { return false }
    let shaded = max(0, veilRows)
    guard
      canvas.copyRows(
        pixels.base + sourceRow * pitch, pitch: pitch, y: y, width: width, height: shaded, shade: 255 - veil),
      canvas.copyRows(
        pixels.base + (sourceRow + shaded) * pitch, pitch: pitch, y: y + shaded, width: width,
        height: rows - shaded, shade: 255)
    else { return false }
    veiledCopies += 1
    return true
  }

  /// `texture`'s size in pixels (nil: empty).
  private static func size(of texture: OpaquePointer) -> (Int, Int)? {
    var w: Int32 = 0
    var h: Int32 = 0
    SDL_QueryTexture(texture, nil, nil, &w, &h)
    return w > 0 && h > 0 ? (Int(w), Int(h)) : nil
  }
}
