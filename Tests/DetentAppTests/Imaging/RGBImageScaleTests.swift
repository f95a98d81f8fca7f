import Testing

@testable import DetentApp

/// RGBImage+Scale: the report's half-size frames.
@Suite struct RGBImageScaleTests {
  /// (width, height, pixels, halved width, halved height, halved pixels).
  static let cases: [(Int, Int, [UInt8], Int, Int, [UInt8])] = [
    (1, 1, [9, 8, 7], 1, 1, [9, 8, 7]),
    (2, 2, [0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 0, 255], 1, 1, [128, 64, 128]),
    (3, 2, [10, 20, 30, 30, 40, 50, 99, 99, 99, 10, 20, 30, 30, 40, 50, 99, 99, 99], 1, 1, [20, 30, 40]),
    (
      4, 2, [0, 0, 0, 4, 4, 4, 100, 0, 0, 100, 0, 0, 0, 0, 0, 4, 4, 4, 100, 0, 0, 100, 0, 0], 2, 1,
      [2, 2, 2, 100, 0, 0]
    ),
  ]

  @Test("each pixel is the rounded mean of its 2×2 block; an odd last column is dropped", arguments: cases)
  func halves(width: Int, height: Int, pixels: [UInt8], w: Int, h: Int, expected: [UInt8]) {
    let half = RGBImage(width: width, height: height, pixels: pixels).halved()
    #expect(half.width == w && half.height == h)
    #expect(half.pixels == expected)
  }
}
