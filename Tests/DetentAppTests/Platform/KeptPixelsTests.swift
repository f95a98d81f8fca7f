import Testing
import Detent

@testable import DetentApp

/// The pixels the caches keep beside their textures for the CPU blend (`OverlayBlender`): a
/// text's as rendered, a sprite's read back once drawn, counted and dropped with their entries.
@Suite(.serialized) struct KeptPixelsTests {
  static func caches(capacity: Int = 2048) throws -> (Display, TextCache) {
    let assets = AssetLocator(root: repoRoot.appendingPathComponent("Assets"))
    let display = try Display(offscreenWidth: 64, height: 64)
    return (display, try TextCache(canvas: display.canvas, fonts: try assets.fonts(), capacity: capacity))
  }

  @Test("a text keeps its pixels when asked: its size, counted; made without them, it is rendered again once")
  func textPixels() throws {
    let (_, text) = try Self.caches()
    let plain = try #require(text.texture("Harbour Road", .label, .black))
    #expect(plain.pixels == nil)
    #expect(text.pixelBytes == 0)
    let kept = try #require(text.texture("Harbour Road", .label, .black, pixels: true))
    let pixels = try #require(kept.pixels)
    #expect(Double(pixels.width) == kept.width && Double(pixels.height) == kept.height)
    #expect(text.pixelBytes == pixels.width * pixels.height * 4)
    #expect(text.renders == 2)
    // Asked again, either way: the same entry, with its pixels, rendered no more.
    #expect(text.texture("Harbour Road", .label, .black)?.pixels?.buffer === pixels.buffer)
    #expect(text.texture("Harbour Road", .label, .black, pixels: true)?.pixels?.buffer === pixels.buffer)
    #expect(text.renders == 2)
    // Black text: colour channels 0 wherever it is drawn, alpha from 0 to 255.
    #expect(pixels.buffer.pixels.allSatisfy { $0 & 0x00FF_FFFF == 0 })
    #expect(pixels.buffer.pixels.contains { $0 >> 24 == 255 })
    #expect(pixels.buffer.pixels.contains { $0 >> 24 == 0 })
    // Turned: its pixels turned too (its width is the text's height).
    let turned = try #require(text.texture("Harbour Road", .label, .black, turned: true, pixels: true))
    #expect(turned.pixels?.width == pixels.height && turned.pixels?.height == pixels.width)
    // On a background (copied unblended, never blended on the CPU): none kept.
    #expect(text.texture("Harbour Road", .label, .black, background: .white, pixels: true)?.pixels == nil)
  }

  @Test("evicted, a text's pixels are no longer counted")
  func textEviction() throws {
    let (_, text) = try Self.caches(capacity: 2)
    var sizes: [Int] = []
    for word in ["Elm", "Oak", "Willow"] {
      let pixels = try #require(text.texture(word, .body, .black, pixels: true)?.pixels)
      sizes.append(pixels.bytes)
    }
    #expect(text.count == 2)
    #expect(text.pixelBytes == sizes[1] + sizes[2])
  }

  @Test("a sprite asked with pixels reads back exactly what was drawn into it")
  func spritePixels() throws {
    let (display, _) = try Self.caches()
    let sprites = SpriteCache(canvas: display.canvas)
    let sprite = try #require(
      sprites.sprite(
        .sheetShadow(width: 6), width: 6, height: 5, opaque: false, pixels: true,
        draw: { $0.fillRect(1, 1, 4, 3, Color(hex: 0x336699)) }))
    let pixels = try #require(sprite.pixels)
    #expect(pixels.width == 6 && pixels.height == 5)
    var expected = [UInt32](repeating: 0, count: 30)
    for y in 1..<4 { for x in 1..<5 { expected[y * 6 + x] = 0xFF33_6699 } }
    #expect(Array(pixels.buffer.pixels) == expected)
    // Without: none read back.
    let plain = sprites.sprite(
      .sheetShadow(width: 7), width: 7, height: 5, opaque: false, draw: { $0.fillRect(0, 0, 7, 5, .black) })
    #expect(plain != nil && plain?.pixels == nil)
  }

  @Test(
    "the map's overlay keeps its texts' and marks' pixels only where it is blended on the CPU: the offscreen display at 1×, blending on",
    arguments: [
      (scale: 1, blends: true, kept: true), (scale: 2, blends: true, kept: false),
      (scale: 1, blends: false, kept: false),
    ])
  func overlayKeepsWhereBlended(scale: Int, blends: Bool, kept: Bool) throws {
    let display = try Display(offscreenWidth: 320, height: 240, scale: scale)
    let scene = try SceneRenderer(
      display: display, assets: AssetLocator(root: repoRoot.appendingPathComponent("Assets")))
    let model = try DemoModel(tuning: Tuning(), width: 320, height: 240)
    scene.map.blendsOverlay = blends
    scene.map.draw(
      camera: MapCamera(), pins: model.pins, width: 320, height: 240, canvas: display.canvas, text: scene.text
    )
    #expect(scene.map.overlay.keepsPixels == kept)
    var marks = 0
    for item in scene.map.overlay.items {
      guard case .mark(let mark, _, _) = item.shape else { continue }
      marks += 1
      let sprite = scene.map.overlay.sprite(of: mark, canvas: display.canvas, text: scene.text)
      #expect((sprite?.pixels != nil) == kept)
    }
    // The location dot and its halo at least.
    #expect(marks >= 2)
  }
}
