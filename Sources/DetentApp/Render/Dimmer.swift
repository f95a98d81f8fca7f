/// Multiplies packed ARGB8888 pixels by `shade`/255 per colour channel, exactly as a colour
/// modulation does (`x·s/255`, rounded down), with alpha forced opaque. A tight loop over
/// whole rows that the compiler vectorises; used to dim the map without SDL's generic
/// modulated blit.
enum Dimmer {
  /// Writes `source` dimmed by `shade` into `destination` (same count).
  static func dim(
    _ source: UnsafeBufferPointer<UInt32>, into destination: UnsafeMutableBufferPointer<UInt32>, shade: UInt8
  ) {
    let s = UInt32(shade)
    let count = min(source.count, destination.count)
    for i in 0..<count {
      let p = source[i]
      // Red and blue share one multiply (fields at bits 0 and 16 never overflow into each other).
      let rb = (p & 0x00FF_00FF) &* s
      let g = ((p >> 8) & 0xFF) &* s
      // Exact division by 255: (t + 1 + (t >> 8)) >> 8 for each 16-bit field.
      let rbDiv = ((rb &+ 0x0001_0001 &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
      let gDiv = ((g &+ 1 &+ (g >> 8)) >> 8) & 0xFF
      destination[i] = 0xFF00_0000 | rbDiv | (gDiv << 8)
    }
  }
}
