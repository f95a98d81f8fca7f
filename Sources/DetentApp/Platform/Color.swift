/// An 8-bit RGBA color.
struct Color: Hashable, Sendable {
  var r: UInt8
  var g: UInt8
  var b: UInt8
  var a: UInt8 = 255

  /// From a 0xRRGGBB literal.
  init(hex: UInt32, alpha: UInt8 = 255) {
    r = UInt8((hex >> 16) & 0xFF)
    g = UInt8((hex >> 8) & 0xFF)
    b = UInt8(hex & 0xFF)
    a = alpha
  }

  init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  /// The same color at alpha `alpha` (0...1).
  func opacity(_ alpha: Double) -> Color {
    Color(r: r, g: g, b: b, a: UInt8(max(0, min(255, (alpha * 255).rounded()))))
  }

  static let white = Color(hex: 0xFFFFFF)
  static let black = Color(hex: 0x000000)
}
