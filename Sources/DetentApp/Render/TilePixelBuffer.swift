/// A tile's pixels kept in main memory (ARGB8888, opaque, row-major), in storage of their own
/// that never moves or changes once filled: the compositor's C kernel (`detent_compose_rows`)
/// reads them by address for as long as the tile lives. Made on the tile worker's thread and
/// handed to the main thread, which only reads it (hence `Sendable`).
final class TilePixelBuffer: @unchecked Sendable, Equatable {
  /// The first pixel.
  let base: UnsafeMutablePointer<UInt32>
  /// Pixels held.
  let count: Int

  /// `count` pixels written by `fill` (which must write every one of them), then never changed.
  init(count: Int, fill: (UnsafeMutableBufferPointer<UInt32>) -> Void) {
    self.count = count
    base = .allocate(capacity: max(count, 1))
    fill(UnsafeMutableBufferPointer(start: base, count: count))
  }

  /// `pixels` with alpha forced opaque (what `Dimmer` keeps of a tile at full shade).
  convenience init(opaque pixels: [UInt32]) {
    self.init(count: pixels.count) { buffer in
      pixels.withUnsafeBufferPointer { Dimmer.dim($0, into: buffer, shade: 255) }
    }
  }

  deinit { base.deallocate() }

  /// The pixels, for reading.
  var pixels: UnsafeBufferPointer<UInt32> { UnsafeBufferPointer(start: base, count: count) }

  static func == (a: TilePixelBuffer, b: TilePixelBuffer) -> Bool {
    a.count == b.count && a.pixels.elementsEqual(b.pixels)
  }
}
