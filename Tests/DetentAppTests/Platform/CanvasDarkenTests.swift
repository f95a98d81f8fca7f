@preconcurrency import CSDL2
import Testing

@testable import DetentApp

/// `Canvas.darken`: black at an alpha over a rectangle, multiplied in place on an offscreen
/// display, leaves exactly the pixels (alpha included) of the software renderer's blended fill
/// of the same colour, whatever the alpha, the column, the clip rectangle, the display's edges
/// and its scale.
@Suite struct CanvasDarkenTests {
  /// How the rectangle is drawn.
  enum Way { case blendedFill, darken }

  /// An offscreen display of `width`×`height` points at `scale` whose pixels hold every value of
  /// each channel (pixel column x: r = x, g = 255 − x, b = 7x mod 256, shifted by the row),
  /// with black at `alpha` drawn over (x, y, w, h) in `column` (nil: the whole display) and
  /// under `clip`; its pixels, ARGB8888, row after row.
  static func pixels(
    _ way: Way, alpha: UInt8, _ rect: (x: Double, y: Double, w: Double, h: Double),
    width: Int = 256, height: Int = 4, scale: Int = 1,
    column: (x: Double, width: Double)? = nil, clip: (x: Double, y: Double, w: Double, h: Double)? = nil
  ) throws -> [UInt32] {
    let (display, screen) = try patternedDisplay(width: width, height: height, scale: scale)
    let canvas = display.canvas
    if let column { canvas.viewport(x: column.x, width: column.width) }
    canvas.clip(clip)
    switch way {
    case .blendedFill: canvas.fillRect(rect.x, rect.y, rect.w, rect.h, Color(hex: 0x000000, alpha: alpha))
    case .darken: canvas.darken(rect.x, rect.y, rect.w, rect.h, alpha: alpha)
    }
    canvas.clip(nil)
    if column != nil { canvas.viewport(x: nil) }
    canvas.sync()
    return try surfacePixels(screen)
  }

  static let alphas: [UInt8] = [0, 1, 2, 31, 127, 128, 200, 254, 255]

  @Test("over every channel value, darkening equals the blended fill", arguments: alphas)
  func everyValue(alpha: UInt8) throws {
    let rect = (x: 0.0, y: 0.0, w: 256.0, h: 4.0)
    #expect(try Self.pixels(.darken, alpha: alpha, rect) == Self.pixels(.blendedFill, alpha: alpha, rect))
  }

  @Test(
    "geometry past Int's reach (NaN, ±∞, 10¹²) does not trap: the same pixels as the renderer's fill",
    arguments: [
      (Double.nan, 0.0, 10.0, 2.0), (0, 0, Double.infinity, 2), (-Double.infinity, 0, 10, 2),
      (0, 1, 10, Double.nan), (1e12, 0, 10, 2), (0, 0, 1e12, 4),
    ])
  func nonFinite(x: Double, y: Double, w: Double, h: Double) throws {
    let rect = (x: x, y: y, w: w, h: h)
    #expect(try Self.pixels(.darken, alpha: 128, rect) == Self.pixels(.blendedFill, alpha: 128, rect))
  }

  @Test(
    "partly off the display, in a column and under a clip rectangle, it covers what the fill does",
    arguments: alphas)
  func bounds(alpha: UInt8) throws {
    // Off every edge of the display.
    let outside = (x: -5.0, y: -2.0, w: 300.0, h: 9.0)
    #expect(
      try Self.pixels(.darken, alpha: alpha, outside) == Self.pixels(.blendedFill, alpha: alpha, outside))
    // Beyond a column's left and right edges: the column bounds it.
    let column = (x: 40.0, width: 100.0)
    let wide = (x: -10.0, y: 1.0, w: 200.0, h: 2.0)
    #expect(
      try Self.pixels(.darken, alpha: alpha, wide, column: column)
        == Self.pixels(.blendedFill, alpha: alpha, wide, column: column))
    // A clip rectangle inside the column (in the column's coordinates).
    let clip = (x: 20.0, y: 1.0, w: 50.0, h: 2.0)
    let all = (x: 0.0, y: 0.0, w: 256.0, h: 4.0)
    #expect(
      try Self.pixels(.darken, alpha: alpha, all, column: column, clip: clip)
        == Self.pixels(.blendedFill, alpha: alpha, all, column: column, clip: clip))
    // Past the display's right edge near its bottom.
    let corner = (x: 250.0, y: 3.0, w: 20.0, h: 10.0)
    #expect(try Self.pixels(.darken, alpha: alpha, corner) == Self.pixels(.blendedFill, alpha: alpha, corner))
  }

  @Test(
    "a tall rectangle (the rows ahead are prefetched) and a window-wide one (rows streamed)",
    arguments: [UInt8(1), 127, 254])
  func tallAndWide(alpha: UInt8) throws {
    let tall = (x: 5.0, y: 3.0, w: 200.0, h: 30.0)
    #expect(
      try Self.pixels(.darken, alpha: alpha, tall, height: 40)
        == Self.pixels(.blendedFill, alpha: alpha, tall, height: 40))
    let wide = (x: 0.0, y: 1.0, w: 1283.0, h: 12.0)
    #expect(
      try Self.pixels(.darken, alpha: alpha, wide, width: 1283, height: 14)
        == Self.pixels(.blendedFill, alpha: alpha, wide, width: 1283, height: 14))
  }

  @Test("at 2 device pixels per point, the points' pixels", arguments: alphas)
  func scaled(alpha: UInt8) throws {
    let rect = (x: 3.0, y: 1.0, w: 100.0, h: 1.0)
    #expect(
      try Self.pixels(.darken, alpha: alpha, rect, width: 128, height: 2, scale: 2)
        == Self.pixels(.blendedFill, alpha: alpha, rect, width: 128, height: 2, scale: 2))
  }

  @Test("fractional edges fall back to the blended fill (which rasterises them its own way)")
  func fractional() throws {
    let rect = (x: 1.5, y: 0.25, w: 10.0, h: 2.5)
    #expect(try Self.pixels(.darken, alpha: 90, rect) == Self.pixels(.blendedFill, alpha: 90, rect))
  }

  @Test(
    "literal pixels: each channel times (255 − α)/255 rounded down, alpha opaque",
    arguments: [
      // (alpha, the darkened pixel of column 128, row 0: 0xFF807F80)
      (UInt8(0), UInt32(0xFF80_7F80)), (1, 0xFF7F_7E7F), (127, 0xFF40_3F40), (254, 0xFF00_0000),
      (255, 0xFF00_0000),
    ])
  func literal(alpha: UInt8, expected: UInt32) throws {
    let pixels = try Self.pixels(.darken, alpha: alpha, (x: 0, y: 0, w: 256, h: 4))
    #expect(pixels[128] == expected)
    // Column 0 is 0xFF00FF00: green alone.
    #expect(pixels[0] == 0xFF00_0000 | UInt32(255 * (255 - Int(alpha)) / 255) << 8)
  }
}
