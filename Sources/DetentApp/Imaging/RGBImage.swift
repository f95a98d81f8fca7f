/// An opaque picture: `width`×`height` pixels of three bytes (red, green, blue), rows top to bottom.
///
/// The pixels only (no SDL here, so headless builds such as the fuzz harnesses can use the type);
/// reading and writing files is in `RGBImage+SDL.swift`.
struct RGBImage: Equatable {
  /// Width in pixels.
  var width: Int
  /// Height in pixels.
  var height: Int
  /// `width * height * 3` bytes, row-major.
  var pixels: [UInt8]

  /// A `width`×`height` image filled with one colour.
  init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8) = (0, 0, 0)) {
    self.width = width
    self.height = height
    pixels = [UInt8](repeating: 0, count: width * height * 3)
    for i in stride(from: 0, to: pixels.count, by: 3) {
      pixels[i] = fill.0
      pixels[i + 1] = fill.1
      pixels[i + 2] = fill.2
    }
  }

  /// An image over existing bytes (`width * height * 3` of them).
  init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(pixels.count == width * height * 3, "RGBImage: \(pixels.count) bytes for \(width)x\(height)")
    self.width = width
    self.height = height
    self.pixels = pixels
  }
}
