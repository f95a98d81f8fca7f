import CPixels
@preconcurrency import CSDL2
import Detent
import Testing

@testable import DetentApp

/// The map's overlay blended on the CPU (`OverlayBlender`) against the same overlay drawn by
/// SDL's software renderer (`MapOverlay.play`): every pixel of the display's surface, alpha
/// included, over a background of seeded random pixels (alpha too), for texts, turned texts,
/// every kind of mark (the halo at its alpha), shields (from sprites of their shapes; through
/// SDL in their turn when translucent) and clipping at the drawn rectangle's and the surface's
/// edges.
@Suite(.serialized) struct OverlayBlenderTests {
  /// An overlay of every kind of item over a `width`×`height` view, some crossing its edges.
  static func scene(_ overlay: MapOverlay, text: TextCache, width: Int, height: Int) {
    let (w, h) = (Double(width), Double(height))
    let ink = Color(hex: 0x3C4043)
    overlay.text("Market Street", .label, x: -7.0, y: 3.2, ink, cache: text)
    overlay.centeredText("Harbour Road", .label, cx: 60.3, cy: 70.6, ink, turned: true, cache: text)
    // Wider than any view tested.
    overlay.text(
      "A very long avenue name that runs well past the right edge of the view", .title, x: 4, y: 20,
      Color(hex: 0x1A73E8), cache: text)
    overlay.mark(.halo, x: 70.5, y: 80.25)
    overlay.mark(.location, x: 70.5, y: 80.25)
    overlay.mark(.pin, x: 30.4, y: 40.7, color: 0xE53935, glyph: "P")
    overlay.mark(.balloonShadow, x: 140.6, y: 120.1, color: 0x34A853, glyph: "M")
    overlay.mark(.balloon, x: 140.6, y: 120.1, color: 0x34A853, glyph: "M")
    // A shield (its sprite) with its number blended over it, then a pin over both.
    overlay.roundedRect(96, 150, 26, 15, radius: 4, Color(hex: 0xFFFFFF))
    overlay.centeredText("101", .label, cx: 109, cy: 157.5, Color(hex: 0x202124), cache: text)
    overlay.mark(.pin, x: 112, y: 160, color: 0xFBBC04, glyph: "C")
    // A shield off whole pixels across the left edge (rounded as `Canvas.fillRoundedRect` does).
    overlay.roundedRect(-2.5, 175.5, 26, 15, radius: 4, Color(hex: 0x2E7D32))
    // Across the surface's right and bottom edges, and its top-left corner.
    overlay.mark(.pin, x: w - 3, y: h + 2, color: 0x4285F4, glyph: "B")
    overlay.text("Edge", .body, x: w - 10, y: h - 6, ink, cache: text)
    overlay.mark(.halo, x: 0, y: 0)
  }

  /// The surface's pixels after drawing `build`'s overlay on a seeded background into
  /// `rows` × `columns` at `shade`, blended or through SDL; and the blender's item counts.
  static func draw(
    blended: Bool, width: Int, height: Int, rows: Range<Int>, columns: Range<Int>, shade: UInt8,
    build: (MapOverlay, TextCache, Int, Int) -> Void
  ) throws -> (pixels: [UInt32], blended: Int, throughSDL: Int) {
    let (display, scene, _) = try RenderTests.setUp(width: width, height: height)
    let canvas = display.canvas
    let overlay = MapOverlay()
    overlay.keepsPixels = true
    overlay.marks = SpriteCache(canvas: canvas)
    build(overlay, scene.text, width, height)
    canvas.sync()
    let screen = try #require(canvas.screen)
    let surface = SurfaceComposer.Surface(
      screen: screen, base: try #require(screen.pointee.pixels), pitch: Int(screen.pointee.pitch))
    var random = PixelKernelPropertyTests.Seeded(state: 0xB1E_D0)
    for y in 0..<height {
      for x in 0..<width { surface.line(y)[x] = UInt32(truncatingIfNeeded: random.next()) }
    }
    var counts = (0, 0)
    if blended {
      var blender = OverlayBlender(surface: surface, canvas: canvas, text: scene.text)
      blender.play(overlay, rows: rows, columns: columns, shade: shade)
      counts = (blender.blended, blender.throughSDL)
    } else {
      overlay.play(rows: rows, columns: columns, shade: shade, canvas: canvas, text: scene.text)
    }
    canvas.sync()
    return (try surfacePixels(screen), counts.0, counts.1)
  }

  @Test(
    "blended on the CPU: exactly SDL's pixels, alpha included, whole and clipped, at any shade",
    arguments: [
      // The whole view: all 15 items blended.
      (width: 240, height: 200, rows: 0..<200, columns: 0..<240, shade: UInt8(255), blended: 15, sdl: 0),
      // Dimmed (colour-modulated), the halo's alpha on top of it.
      (width: 240, height: 200, rows: 0..<200, columns: 0..<240, shade: UInt8(153), blended: 15, sdl: 0),
      (width: 240, height: 200, rows: 0..<200, columns: 0..<240, shade: UInt8(0), blended: 15, sdl: 0),
      // One shadow row (a band of the view): the halo, the location dot, the turned name, the
      // balloon and its shadow, each cut to it.
      (width: 240, height: 200, rows: 75..<76, columns: 0..<240, shade: UInt8(230), blended: 5, sdl: 0),
      // A rectangle inside the view: items cut on all four sides.
      (width: 240, height: 200, rows: 37..<131, columns: 45..<151, shade: UInt8(255), blended: 6, sdl: 0),
      // Rows and columns past the surface: clipped to it (the shield, its number, two pins, "Edge").
      (width: 240, height: 200, rows: 150..<400, columns: 100..<900, shade: UInt8(200), blended: 5, sdl: 0),
      // A 1×1 view: what reaches its one pixel (the corner's halo, the edge's pin and "Edge").
      (width: 1, height: 1, rows: 0..<1, columns: 0..<1, shade: UInt8(255), blended: 3, sdl: 0),
      (width: 1, height: 1, rows: 0..<1, columns: 0..<1, shade: UInt8(77), blended: 3, sdl: 0),
    ])
  func sameAsSDL(
    width: Int, height: Int, rows: Range<Int>, columns: Range<Int>, shade: UInt8, blended: Int, sdl: Int
  ) throws {
    let cpu = try Self.draw(
      blended: true, width: width, height: height, rows: rows, columns: columns, shade: shade,
      build: { Self.scene($0, text: $1, width: $2, height: $3) })
    let drawn = try Self.draw(
      blended: false, width: width, height: height, rows: rows, columns: columns, shade: shade,
      build: { Self.scene($0, text: $1, width: $2, height: $3) })
    let differing = zip(cpu.pixels, drawn.pixels).filter { $0 != $1 }.count
    #expect(differing == 0, "\(differing) of \(cpu.pixels.count) pixels differ")
    #expect(cpu.blended == blended)
    #expect(cpu.throughSDL == sdl)
    // The overlay drew: the background is not what it was everywhere in the rectangle.
    let background = try Self.draw(
      blended: true, width: width, height: height, rows: rows, columns: columns, shade: shade,
      build: { _, _, _, _ in })
    #expect(zip(cpu.pixels, background.pixels).contains { $0 != $1 })
  }

  @Test("an empty overlay, or an empty rectangle, leaves every pixel as it was")
  func nothing() throws {
    let base = try Self.draw(
      blended: false, width: 64, height: 48, rows: 0..<48, columns: 0..<64, shade: 255,
      build: { _, _, _, _ in })
    let empty = try Self.draw(
      blended: true, width: 64, height: 48, rows: 0..<48, columns: 0..<64, shade: 255,
      build: { _, _, _, _ in })
    #expect(empty.pixels == base.pixels)
    #expect(empty.blended == 0 && empty.throughSDL == 0)
    let none = try Self.draw(
      blended: true, width: 64, height: 48, rows: 10..<10, columns: 0..<64, shade: 255,
      build: { Self.scene($0, text: $1, width: $2, height: $3) })
    #expect(none.pixels == base.pixels)
    #expect(none.blended == 0)
  }

  @Test(
    "marks and shields without sprites, and a translucent shield, go through SDL: the same pixels, the order kept"
  )
  func throughSDL() throws {
    func build(_ overlay: MapOverlay, _ text: TextCache, _: Int, _: Int) {
      overlay.marks = nil
      overlay.mark(.pin, x: 20.5, y: 30.5, color: 0xE53935, glyph: "P")
      overlay.text("Over the pin", .label, x: 8, y: 18, Color(hex: 0x202124), cache: text)
      overlay.mark(.halo, x: 25, y: 25)
      overlay.roundedRect(30.4, 35.6, 30, 16, radius: 5, Color(hex: 0x2E7D32))
      overlay.roundedRect(10, 40, 30, 16, radius: 5, Color(hex: 0x2E7D32, alpha: 128))
    }
    let cpu = try Self.draw(
      blended: true, width: 80, height: 60, rows: 0..<60, columns: 0..<80, shade: 200, build: build)
    let drawn = try Self.draw(
      blended: false, width: 80, height: 60, rows: 0..<60, columns: 0..<80, shade: 200, build: build)
    #expect(cpu.pixels == drawn.pixels)
    #expect(cpu.blended == 1)
    #expect(cpu.throughSDL == 4)
  }
}
