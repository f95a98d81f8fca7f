import Testing

@testable import DetentApp

@Suite struct DimmerTests {
  @Test("every channel value at every shade equals x·s/255 rounded down; alpha is opaque")
  func exhaustive() {
    var source = [UInt32](repeating: 0, count: 256)
    var out = [UInt32](repeating: 0, count: 256)
    for x in 0..<256 {
      // Different values in each channel: r = x, g = 255 − x, b = (x · 7) mod 256.
      source[x] = 0x3300_0000 | UInt32(x) << 16 | UInt32(255 - x) << 8 | UInt32((x * 7) & 0xFF)
    }
    for shade in 0...255 {
      source.withUnsafeBufferPointer { src in
        out.withUnsafeMutableBufferPointer { dst in Dimmer.dim(src, into: dst, shade: UInt8(shade)) }
      }
      for x in 0..<256 {
        let expected =
          0xFF00_0000 | UInt32(x * shade / 255) << 16 | UInt32((255 - x) * shade / 255) << 8
          | UInt32(((x * 7) & 0xFF) * shade / 255)
        if out[x] != expected {
          Issue.record(
            "shade \(shade), x \(x): \(String(out[x], radix: 16)) ≠ \(String(expected, radix: 16))")
          return
        }
      }
    }
  }

  @Test(
    "counts that leave a tail, from an unaligned start, match the same formula",
    // Below 1,024: eight or four pixels a step; 1,024 and more (a window's row), written past
    // the cache from the first 32-byte boundary on.
    arguments: [0, 1, 2, 3, 5, 7, 13, 37, 256, 1_023, 1_024, 1_283])
  func tails(count: Int) {
    // Start one pixel into the buffer so that the vector loads are unaligned.
    let source: [UInt32] = (0..<(count + 1)).map { i in
      UInt32(truncatingIfNeeded: (i &* 2_654_435_761) ^ 0x5A5A_5A5A)
    }
    for shade in [0, 1, 2, 127, 128, 254, 255] {
      var out = [UInt32](repeating: 0xDEAD_BEEF, count: count + 2)
      source.withUnsafeBufferPointer { src in
        out.withUnsafeMutableBufferPointer { dst in
          Dimmer.dim(
            UnsafeBufferPointer(rebasing: src[1...]),
            into: UnsafeMutableBufferPointer(rebasing: dst[1..<(count + 1)]), shade: UInt8(shade))
        }
      }
      #expect(out[0] == 0xDEAD_BEEF, "shade \(shade): wrote before the destination")
      #expect(out[count + 1] == 0xDEAD_BEEF, "shade \(shade): wrote past the destination")
      for i in 0..<count {
        let p = source[i + 1]
        func channel(_ shift: UInt32) -> UInt32 { (((p >> shift) & 0xFF) * UInt32(shade) / 255) << shift }
        let expected = 0xFF00_0000 | channel(16) | channel(8) | channel(0)
        #expect(out[i + 1] == expected, "shade \(shade), pixel \(i) of \(count)")
      }
    }
  }
}
