@preconcurrency import CSDL2
import Testing

@testable import DetentApp

/// `Canvas.multiply`: a copy made plain and multiplied after has exactly the pixels of the copy
/// made colour-modulated (what the software renderer's scaled tiles rely on), in place on an
/// offscreen display and through the renderer into a target texture.
@Suite struct CanvasMultiplyTests {
  /// A 4×1 texture of four colours copied scaled ×2 onto an 8×2 display, at `shade` either by
  /// colour modulation or plain then multiplied (into a target texture when `viaTarget`).
  static func image(shade: UInt8, multiplyAfter: Bool, viaTarget: Bool = false) throws -> RGBImage {
    let display = try Display(offscreenWidth: 8, height: 2)
    let canvas = display.canvas
    let source = try #require(
      SDL_CreateTexture(
        canvas.renderer, detent_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue), 4, 1))
    defer { SDL_DestroyTexture(source) }
    var pixels: [UInt32] = [0xFF_FF_FF_FF, 0xFF_F2_EF_E9, 0xFF_01_80_FE, 0xFF_00_00_00]
    SDL_UpdateTexture(source, nil, &pixels, 16)
    SDL_SetTextureBlendMode(source, SDL_BLENDMODE_NONE)
    let target =
      viaTarget
      ? SDL_CreateTexture(
        canvas.renderer, detent_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue), 8, 2) : nil
    defer { if let target { SDL_DestroyTexture(target) } }
    if let target { canvas.target(target) }
    canvas.clear(Color(hex: 0x808080))
    let mod = multiplyAfter ? 255 : shade
    SDL_SetTextureColorMod(source, mod, mod, mod)
    var dst = SDL_Rect(x: 0, y: 0, w: 8, h: 2)
    SDL_RenderCopy(canvas.renderer, source, nil, &dst)
    if multiplyAfter { canvas.multiply(0, 0, 8, 2, by: shade) }
    if let target {
      canvas.target(nil)
      SDL_SetTextureBlendMode(target, SDL_BLENDMODE_NONE)
      SDL_RenderCopy(canvas.renderer, target, nil, nil)
    }
    return try display.readImage()
  }

  @Test("plain copy then multiply equals the modulated copy", arguments: [0, 1, 100, 128, 231, 254, 255])
  func sameAsModulatedCopy(shade: Int) throws {
    let modulated = try Self.image(shade: UInt8(shade), multiplyAfter: false)
    #expect(try Self.image(shade: UInt8(shade), multiplyAfter: true) == modulated)
    #expect(try Self.image(shade: UInt8(shade), multiplyAfter: true, viaTarget: true) == modulated)
  }

  @Test("the land's colour at shade 100: ⌊x·100/255⌋ per channel, over both of its scaled pixels")
  func literal() throws {
    let image = try Self.image(shade: 100, multiplyAfter: true)
    // Pixels 2 and 3 of row 1 are the source's second pixel, 0xF2EFE9.
    let i = (1 * 8 + 2) * 3
    #expect(Array(image.pixels[i..<(i + 6)]) == [94, 93, 91, 94, 93, 91])
  }
}
