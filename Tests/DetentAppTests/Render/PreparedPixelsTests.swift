import Testing

@testable import DetentApp

/// `PreparedPixels`: a buffer made ready on a thread of its own, taken when needed.
@Suite struct PreparedPixelsTests {
  @Test("take gives a buffer of the asked size filled with opaque black, asked for ahead or not")
  func take() {
    let prepared = PreparedPixels()
    let unasked = prepared.take(count: 5)
    #expect(unasked.count == 5)
    #expect(Array(unasked.pixels) == [UInt32](repeating: 0xFF00_0000, count: 5))
    prepared.prepare(count: 3)
    prepared.prepare(count: 7)
    let asked = prepared.take(count: 7)
    #expect(asked.count == 7)
    #expect(Array(asked.pixels) == [UInt32](repeating: 0xFF00_0000, count: 7))
  }

  @Test("an empty buffer (a view 0 pixels wide) is given at once, never waited for")
  func empty() {
    let prepared = PreparedPixels()
    #expect(prepared.takeIfReady(count: 0) == nil)
    #expect(prepared.take(count: 0).count == 0)
    prepared.prepare(count: 0)
    #expect(prepared.take(count: 0).count == 0)
  }

  @Test(
    "a buffer of 64 KiB or more starts on a page boundary, a smaller one on a cache line, made here or ahead",
    arguments: [(0, 64), (1, 64), (5, 64), (16383, 64), (16384, 4096), (256 * 256, 4096), (1280 * 800, 4096)])
  func aligned(count: Int, alignment: Int) {
    let made = PixelBuffer(count: count) { $0.initialize(repeating: 7) }
    #expect(Int(bitPattern: made.base) % alignment == 0)
    #expect(made.count == count && made.pixels.allSatisfy { $0 == 7 })
    let prepared = PreparedPixels()
    prepared.prepare(count: count)
    #expect(Int(bitPattern: prepared.take(count: count).base) % alignment == 0)
  }
}
