import CPixels

/// Multiplies packed ARGB8888 pixels by `shade`/255 per colour channel, exactly as a colour
/// modulation does (`x·s/255`, rounded down), with alpha forced opaque; used to dim the map
/// and to shade the rows under the sheet's shadow without SDL's generic blits.
///
/// For `s < 255`, `⌊x·s/255⌋ = ⌊x·(257·s + 1)/65536⌋` for every `x` in 0…255 (the multiplier
/// fits 16 bits), so each channel costs one 16-bit high-half multiply. The loop is C
/// (`detent_dim_pixels`): eight pixels a step with AVX2 where the CPU has it, chosen at run
/// time, else four with SSE2 (baseline x86-64); the Swift compiler only targets the baseline,
/// and this loop is most of what a dimmed frame costs on the software renderer.
enum Dimmer {
  /// Writes `source` dimmed by `shade` into `destination` (the shorter count of the two; the
  /// two may be the same pixels).
  static func dim(
    _ source: UnsafeBufferPointer<UInt32>, into destination: UnsafeMutableBufferPointer<UInt32>, shade: UInt8
  ) {
    let count = min(source.count, destination.count)
    guard count > 0, let src = source.baseAddress, let dst = destination.baseAddress else { return }
    detent_dim_pixels(src, dst, count, shade)
  }

  /// One pixel dimmed by `shade` (a fill's colour, dimmed once for a whole run).
  static func dim(_ pixel: UInt32, shade: UInt8) -> UInt32 {
    var result = pixel
    withUnsafeMutablePointer(to: &result) { detent_dim_pixels($0, $0, 1, shade) }
    return result
  }
}
