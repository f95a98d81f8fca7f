@preconcurrency import CSDL2
import CPixels
import Testing

@testable import DetentApp

/// `Canvas.hold`: drawing into a held texture lands in its rectangle alone, a clip rectangle is
/// cut to it (nothing drawn where they do not meet, where SDL would take an empty rectangle for
/// none), and the hold comes back when the texture is the target again after a sprite drawn
/// on the way; the sprite itself is drawn whole.
@Suite(.serialized) struct CanvasHoldTests {
  static let red = Color(r: 255, g: 0, b: 0, a: 255)
  static let white = Color(r: 255, g: 255, b: 255, a: 255)

  /// Which rows of an 8×8 texture (at `scale`) are red after it is filled white and then, held
  /// to `rows`, under `clip`, `draw` runs on it (red fills); one string a row: "r" red, "w" white,
  /// "?" mixed.
  static func rows(
    held rows: Range<Int>?, clip: (x: Double, y: Double, w: Double, h: Double)? = nil, scale: Int = 1,
    draw: (Canvas, SpriteCache) -> Void = { canvas, _ in canvas.fillRect(0, 0, 8, 8, red) }
  ) throws -> [String] {
    let display = try Display(offscreenWidth: 16, height: 16, scale: scale)
    let canvas = display.canvas
    let sprites = SpriteCache(canvas: canvas)
    let texture = try #require(
      SDL_CreateTexture(
        canvas.renderer, detent_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
        Int32(8 * scale), Int32(8 * scale)))
    defer { SDL_DestroyTexture(texture) }
    canvas.target(texture)
    canvas.fillRect(0, 0, 8, 8, white)
    canvas.hold(texture, to: rows.map { SDL_Rect(x: 0, y: Int32($0.lowerBound), w: 8, h: Int32($0.count)) })
    canvas.clip(clip)
    draw(canvas, sprites)
    canvas.clip(nil)
    canvas.hold(texture, to: nil)
    canvas.flush()
    var pixels = [UInt32](repeating: 0, count: 64 * scale * scale)
    let read = pixels.withUnsafeMutableBytes {
      SDL_RenderReadPixels(
        canvas.renderer, nil, detent_pixelformat_argb8888(), $0.baseAddress, Int32(32 * scale))
    }
    canvas.target(nil)
    #expect(read == 0)
    return (0..<8 * scale).map { y in
      let row = Set(pixels[(y * 8 * scale)..<((y + 1) * 8 * scale)])
      return row == [0xFFFF_0000] ? "r" : row == [0xFFFF_FFFF] ? "w" : "?"
    }
  }

  static func expected(red: Range<Int>, scale: Int = 1) -> [String] {
    (0..<8 * scale).map { red.contains($0 / scale) ? "r" : "w" }
  }

  @Test(
    "held to rows, a fill of the whole texture lands in them alone; a clip rectangle is cut to them",
    arguments: [
      // (rows held, clip rectangle, rows red)
      (nil, nil, 0..<8), (2..<5, nil, 2..<5), (0..<1, nil, 0..<1), (7..<8, nil, 7..<8),
      (2..<5, (0.0, 4.0, 8.0, 3.0), 4..<5), (2..<5, (0, 0, 8, 3), 2..<3),
      // Where they do not meet: nothing (an empty rectangle is none for SDL: all would be red).
      (2..<5, (0, 6, 8, 2), 0..<0), (2..<5, (0, 0, 8, 0), 0..<0), (nil, (0, 3, 8, 0), 0..<0),
    ] as [(Range<Int>?, (Double, Double, Double, Double)?, Range<Int>)])
  func held(rows: Range<Int>?, clip: (Double, Double, Double, Double)?, red: Range<Int>) throws {
    let clip = clip.map { (x: $0.0, y: $0.1, w: $0.2, h: $0.3) }
    #expect(try Self.rows(held: rows, clip: clip) == Self.expected(red: red))
    #expect(try Self.rows(held: rows, clip: clip, scale: 2) == Self.expected(red: red, scale: 2))
  }

  @Test("a sprite made while the texture is held is drawn whole; the hold holds again after it")
  func spriteOnTheWay() throws {
    var spriteRows: [String] = []
    let rows = try Self.rows(held: 3..<6) { canvas, sprites in
      let sprite = sprites.sprite(.sheetBand(width: 8, radius: 8), width: 8, height: 8, opaque: true) { c in
        // Inside the sprite's own texture: clip(nil) is the whole sprite, not the hold.
        c.clip((0, 0, 8, 2))
        c.clip(nil)
        c.fillRect(0, 0, 8, 8, Self.red)
      }
      guard let sprite else { return }
      var pixels = [UInt32](repeating: 0, count: 64)
      let previous = SDL_GetRenderTarget(canvas.renderer)
      SDL_SetRenderTarget(canvas.renderer, sprite.texture)
      _ = pixels.withUnsafeMutableBytes {
        SDL_RenderReadPixels(canvas.renderer, nil, detent_pixelformat_argb8888(), $0.baseAddress, 32)
      }
      canvas.target(previous)
      spriteRows = (0..<8).map { Set(pixels[($0 * 8)..<($0 * 8 + 8)]) == [0xFFFF_0000] ? "r" : "?" }
      sprites.draw(sprite, x: 0, y: 0)
    }
    #expect(spriteRows == Array(repeating: "r", count: 8))
    #expect(rows == Self.expected(red: 3..<6))
  }
}
