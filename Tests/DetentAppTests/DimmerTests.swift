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
}
