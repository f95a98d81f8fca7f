/// Multiplies packed ARGB8888 pixels by `shade`/255 per colour channel, exactly as a colour
/// modulation does (`x·s/255`, rounded down), with alpha forced opaque; used to dim the map
/// and to shade the rows under the sheet's shadow without SDL's generic blits.
///
/// For `s < 255`, `⌊x·s/255⌋ = ⌊x·(257·s + 1)/65536⌋` for every `x` in 0…255 (the multiplier
/// fits 16 bits), so each channel costs one 16-bit high-half multiply, which baseline x86-64
/// (SSE2 `pmulhuw`) has. The pixels are read as 16-bit lanes (little-endian: `GB`, `AR`), four
/// pixels per iteration; the tail goes one pixel at a time with the same arithmetic.
enum Dimmer {
  /// Four pixels as eight 16-bit lanes.
  private typealias Lanes = SIMD8<UInt16>

  /// The high half of each 16×16-bit lane product (the compiler emits one `pmulhuw`).
  @inline(__always)
  private static func high(_ x: Lanes, _ m: Lanes) -> Lanes {
    Lanes(
      truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: x) &* SIMD8<UInt32>(truncatingIfNeeded: m))
        &>> 16)
  }

  /// Writes `source` dimmed by `shade` into `destination` (the shorter count of the two).
  static func dim(
    _ source: UnsafeBufferPointer<UInt32>, into destination: UnsafeMutableBufferPointer<UInt32>, shade: UInt8
  ) {
    let count = min(source.count, destination.count)
    guard count > 0, let src = source.baseAddress, let dst = destination.baseAddress else { return }
    guard shade < 255 else {
      for i in 0..<count { dst[i] = src[i] | 0xFF00_0000 }
      return
    }
    let multiplier = UInt16(257 * UInt32(shade) + 1)
    let m = Lanes(repeating: multiplier)
    let low = Lanes(repeating: 0x00FF)
    // Alpha (the high byte of every odd lane) forced to 0xFF.
    let opaque = Lanes(0, 0xFF00, 0, 0xFF00, 0, 0xFF00, 0, 0xFF00)
    let from = UnsafeRawPointer(src)
    let to = UnsafeMutableRawPointer(dst)
    var i = 0
    while i + 4 <= count {
      let v = from.loadUnaligned(fromByteOffset: i * 4, as: Lanes.self)
      // Blue and red are the low bytes of their lanes, green and alpha the high bytes.
      let rb = high(v & low, m)
      let ga = high(v &>> 8, m)
      to.storeBytes(of: rb | (ga &<< 8) | opaque, toByteOffset: i * 4, as: Lanes.self)
      i += 4
    }
    let m32 = UInt32(multiplier)
    while i < count {
      let p = src[i]
      let b = ((p & 0xFF) &* m32) >> 16
      let g = (((p >> 8) & 0xFF) &* m32) >> 16
      let r = (((p >> 16) & 0xFF) &* m32) >> 16
      dst[i] = 0xFF00_0000 | r << 16 | g << 8 | b
      i += 1
    }
  }
}
