@preconcurrency import CSDL2
import CPixels
import Testing

@testable import DetentApp

/// The soft shadow multiplied into an offscreen display's pixels leaves the same colours as its
/// sprites blended by SDL, at every corner radius, partly off the display and at 2×; and the
/// multiply it rests on, `(c · m) >> 8`, on its own.
@Suite struct SoftShadowInPlaceTests {
  /// The colours (ARGB8888 without alpha) of a `width`×`height`-point display holding every
  /// value of each channel, after the shadow of the rounded rectangle (x, y, w, h, radius) is
  /// drawn over it: in place, or through the sprites (`sprites`: a clip rectangle over the whole
  /// display, which changes no pixel, keeps it off the in-place path); `stretched`: the sprites'
  /// edges one stretched copy each, as on a GPU renderer, instead of a copy per strip.
  static func colours(
    sprites: Bool, stretched: Bool = false,
    _ shape: (x: Double, y: Double, w: Double, h: Double, radius: Double),
    width: Int = 200, height: Int = 120, scale: Int = 1
  ) throws -> [UInt32] {
    let (display, screen) = try patternedDisplay(width: width, height: height, scale: scale)
    let canvas = display.canvas
    if sprites { canvas.clip((0, 0, Double(width), Double(height))) }
    let shadow = SoftShadow(
      canvas: canvas, sprites: SpriteCache(canvas: canvas), masks: SoftShadow.Masks(),
      stretchesEdges: stretched)
    shadow.draw(x: shape.x, y: shape.y, w: shape.w, h: shape.h, radius: shape.radius)
    canvas.clip(nil)
    canvas.sync()
    return try surfacePixels(screen).map { $0 & 0x00FF_FFFF }
  }

  /// The largest difference of one channel between two displays' colours (a different count of
  /// pixels: 255). The software renderer blends a stretched copy through its scaled blit, which
  /// rounds a channel one step otherwise than its plain blend: a stretched edge is compared
  /// within 1 (a GPU samples the same texel either way; the real-window test compares OpenGL's
  /// frames with the goldens).
  static func difference(_ a: [UInt32], _ b: [UInt32]) -> Int {
    guard a.count == b.count else { return 255 }
    var most = 0
    for (p, q) in zip(a, b) where p != q {
      for shift in [0, 8, 16] {
        most = max(most, abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF)))
      }
    }
    return most
  }

  @Test(
    "in place equals the sprites' blend (edges repeated; stretched, within the software blit's rounding)",
    arguments: [
      // (x, y, w, h, radius): inside; every corner radius; off the left and top; off the right
      // and bottom; a piece longer than one 128-px strip.
      (40.0, 30.0, 100.0, 60.0, 12.0), (40, 30, 100, 60, 0), (40, 30, 100, 60, 16), (40, 30, 100, 60, 30),
      (-10, -8, 100, 60, 12), (120, 70, 100, 80, 12), (20, 25, 170, 20, 8), (30.4, 20.6, 90.2, 50.5, 11.6),
    ])
  func sameAsSprites(x: Double, y: Double, w: Double, h: Double, radius: Double) throws {
    let shape = (x: x, y: y, w: w, h: h, radius: radius)
    let inPlace = try Self.colours(sprites: false, shape)
    #expect(inPlace == (try Self.colours(sprites: true, shape)))
    #expect(Self.difference(inPlace, try Self.colours(sprites: true, stretched: true, shape)) <= 1)
    // The shadow darkens something: the pixel 5 px above the top edge's middle.
    let untouched = try Self.colours(sprites: false, (x: 0, y: 0, w: 0, h: 0, radius: 0))
    let probe = Int((y + SoftShadow.offset).rounded() - 5) * 200 + Int((x + w / 2).rounded())
    if probe >= 0 { #expect(inPlace[probe] != untouched[probe]) }
  }

  @Test(
    "geometry past Int's reach (NaN, ±∞, 10¹²) does not trap: in place it draws nothing",
    arguments: [
      (Double.nan, 30.0, 100.0, 60.0), (40, Double.infinity, 100, 60), (40, 30, -Double.infinity, 60),
      (40, 30, 100, Double.nan), (1e12, 30, 100, 60),
    ])
  func nonFinite(x: Double, y: Double, w: Double, h: Double) throws {
    // A shadow whose blur lies wholly past the display's right edge changes nothing.
    let untouched = try Self.colours(sprites: false, (x: 1_000, y: 30, w: 100, h: 60, radius: 12))
    for (sprites, stretched) in [(false, false), (true, false), (true, true)] {
      #expect(
        try Self.colours(sprites: sprites, stretched: stretched, (x: x, y: y, w: w, h: h, radius: 12))
          == untouched)
    }
  }

  @Test(
    "a rectangle far larger than the display: the pieces that show, the same in place and as sprites",
    arguments: [(-1e6, -1e6, 2e6 + 100, 2e6 + 60), (-5e5, 30, 1e6, 60), (40, 30, 100, 5e8)])
  func huge(x: Double, y: Double, w: Double, h: Double) throws {
    let shape = (x: x, y: y, w: w, h: h, radius: 12.0)
    let inPlace = try Self.colours(sprites: false, shape)
    #expect(inPlace == (try Self.colours(sprites: true, shape)))
    #expect(Self.difference(inPlace, try Self.colours(sprites: true, stretched: true, shape)) <= 1)
  }

  @Test("at 2 device pixels per point", arguments: [0.0, 12.0])
  func scaled(radius: Double) throws {
    let shape = (x: 30.0, y: 20.0, w: 60.0, h: 40.0, radius: radius)
    let inPlace = try Self.colours(sprites: false, shape, width: 120, height: 80, scale: 2)
    #expect(inPlace == (try Self.colours(sprites: true, shape, width: 120, height: 80, scale: 2)))
    #expect(
      Self.difference(
        inPlace, try Self.colours(sprites: true, stretched: true, shape, width: 120, height: 80, scale: 2))
        <= 1)
  }

  @Test(
    "the multiplier of black at alpha a: 255 − a, and 256 (no change) at 0",
    arguments: [(UInt8(0), UInt16(256)), (1, 254), (127, 128), (254, 1), (255, 0)])
  func multiplier(alpha: UInt8, expected: UInt16) {
    #expect(SoftShadow.multiplier(alpha: alpha) == expected)
  }

  @Test(
    "(c · m) >> 8 per channel, alpha kept, over counts that leave a tail",
    arguments: [0, 1, 7, 8, 9, 17, 33])
  func shadePixels(count: Int) {
    let source: [UInt32] = (0..<count).map { i in
      UInt32(truncatingIfNeeded: (i &* 2_654_435_761) ^ 0x5A5A_5A5A)
    }
    let multipliers: [UInt16] = (0..<count).map { [0, 1, 128, 200, 255, 256][$0 % 6] }
    var pixels = source
    detent_shade_pixels(&pixels, multipliers, count)
    var run = source
    detent_shade_run(&run, 128, count)
    for i in 0..<count {
      func shaded(_ m: UInt32) -> UInt32 {
        let p = source[i]
        // (Swift's shifts bind tighter than its multiplication.)
        let channels = [16, 8, 0].map { ((((p >> UInt32($0)) & 0xFF) * m) >> 8) << UInt32($0) }
        return (p & 0xFF00_0000) | channels.reduce(0, |)
      }
      #expect(pixels[i] == shaded(UInt32(multipliers[i])))
      #expect(run[i] == shaded(128))
    }
  }

  @Test("literal: 0x80, 0x7F, 0x80 at 128 are 0x40, 0x3F, 0x40; at 256 unchanged; at 0 black")
  func literal() {
    var pixels: [UInt32] = [0xFF80_7F80, 0xFF80_7F80, 0xFF80_7F80, 0x1280_7F80]
    detent_shade_pixels(&pixels, [128, 256, 0, 128], 4)
    #expect(pixels == [0xFF40_3F40, 0xFF80_7F80, 0xFF00_0000, 0x1240_3F40])
  }

  @Test(
    "a rectangle of rows a pitch apart: one mask row for all (mask pitch 0) or one per row",
    arguments: [0, 3])
  func shadeRect(maskPitch: Int) {
    // 3 rows of 3 pixels, 5 apart; the two pixels after each row are outside the rectangle.
    var pixels = [UInt32](repeating: 0xFF80_7F80, count: 15)
    let mask: [UInt16] = [256, 128, 0, 128, 0, 256, 0, 256, 128]
    detent_shade_rect(&pixels, 5, 3, 3, mask, maskPitch)
    let (a, half, black) = (UInt32(0xFF80_7F80), UInt32(0xFF40_3F40), UInt32(0xFF00_0000))
    let expected: [UInt32] =
      maskPitch == 0
      ? [a, half, black, a, a, a, half, black, a, a, a, half, black, a, a]
      : [a, half, black, a, a, half, black, a, a, a, black, a, half, a, a]
    #expect(pixels == expected)
  }
}
