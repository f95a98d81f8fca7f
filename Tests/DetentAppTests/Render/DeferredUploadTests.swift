@preconcurrency import CSDL2
import Testing

@testable import DetentApp

/// Tiles whose textures wait as pixels until drawn (the offscreen software display, where the
/// compositor reads their kept pixels): uploaded on first use, with the same pixels.
@Suite struct DeferredUploadTests {
  /// A 16×16 tile: pixel (x, y) = opaque (r 16·x, g 16·y, b 0x40); with labels, its ground
  /// alone has b 0x80.
  static func pixels(labels: Bool) -> TilePixels {
    let labelled: [UInt32] = (0..<256).map { (i: Int) -> UInt32 in
      let (r, g) = (UInt32(16 * (i % 16)), UInt32(16 * (i / 16)))
      return 0xFF00_0040 | r << 16 | g << 8
    }
    return TilePixels(
      key: TileKey(zoom: 1, x: 0, y: 0), side: 16, pixels: labelled,
      ground: labels ? labelled.map { $0 | 0x80 } : nil, kept: PixelBuffer(opaque: labelled))
  }

  @Test("textures wait on the offscreen software display at 1x (the compositor's), not at 2x")
  func policy() throws {
    let display = try Display(offscreenWidth: 16, height: 16)
    #expect(TileScheduler.defersTextures(display.canvas))
    let hiDPI = try Display(offscreenWidth: 16, height: 16, scale: 2)
    #expect(!TileScheduler.defersTextures(hiDPI.canvas))
  }

  @Test(
    "a waiting texture is uploaded when first drawn, with its pixels; a tile without labels waits for its ground too",
    arguments: [false, true])
  func lazy(labels: Bool) throws {
    let display = try Display(offscreenWidth: 16, height: 16)
    let tile = try #require(
      TileUpload.tile(
        Self.pixels(labels: labels), for: display.canvas, frame: 1, ground: false, deferTexture: true))
    // The ground alone waits either way: as its own pixels, or (no labels) as the texture.
    #expect(tile.groundPending)
    let texture = try #require(tile.texture)
    #expect(tile.groundPending == labels)
    var dst = SDL_Rect(x: 0, y: 0, w: 16, h: 16)
    SDL_RenderCopy(display.renderer, texture, nil, &dst)
    let image = try display.readImage()
    // Pixel (3, 5): r 48, g 80, b 0x40.
    let i = (5 * 16 + 3) * 3
    #expect(Array(image.pixels[i..<(i + 3)]) == [48, 80, 0x40])
    tile.prepareGround()
    #expect(!tile.groundPending)
  }
}
