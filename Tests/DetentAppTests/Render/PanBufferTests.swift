@preconcurrency import CSDL2
import Detent
import Foundation
import Testing

@testable import DetentApp

/// The pan buffer (a GPU renderer's view plus a margin composed once): built once the view's
/// ring of tiles is held, copied while the view stays inside it, rebuilt when it leaves, never
/// during a flight. Its pixels are those of the buffer's whole rectangle painted at once, at the
/// view's offset, its pins placed once for the rectangle (those of the view it was built for
/// first, as for that view alone), so a pan inside it moves them without any appearing or
/// vanishing. Checked headless by turning it on for the software
/// renderer.
@Suite(.serialized) struct PanBufferTests {
  /// The rectangle of the buffer built for a 640×800 view centred on `camera`, painted whole,
  /// the part of it `offset` pixels from its top-left corner.
  static func bufferPart(_ camera: MapCamera, offset: (x: Int, y: Int)) throws -> RGBImage {
    let m = PanBuffer.margin
    let (display, scene, model) = try RenderTests.setUp(width: 640 + 2 * m, height: 800 + 2 * m)
    // The pins of the view the buffer was built for are placed first, as for that view alone.
    scene.map.render(
      camera: camera, pins: model.pins, width: display.width, height: display.height, canvas: display.canvas,
      text: scene.text, placingFirst: (m, m, 640, 800))
    let whole = try display.readImage()
    var part = RGBImage(width: 640, height: 800)
    for row in 0..<800 {
      let from = ((row + offset.y) * whole.width + offset.x) * 3
      part.pixels.replaceSubrange(
        (row * 640 * 3)..<((row + 1) * 640 * 3), with: whole.pixels[from..<(from + 640 * 3)])
    }
    return part
  }

  @Test("built once the ring is held; a pan inside the margin copies it at the view's offset")
  func buildsThenCopies() throws {
    let (display, scene, model) = try RenderTests.setUp()
    scene.map.panBuffered = true
    let start = MapTileTests.camera(x: 0, y: 190, zoom: 1)
    var camera = start
    let builds = try (0..<12).map { _ in
      _ = try MapTileTests.image(scene, display, model, camera, tiles: true)
      return scene.map.pan.builds
    }
    // The ring (20 tiles, two a frame) is complete in the 10th frame, which builds the buffer.
    #expect(builds == [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1])
    var offset = (x: PanBuffer.margin, y: PanBuffer.margin)
    for (dx, dy) in [(0, 0), (-100, 40), (-6, -2), (150, -250)] {
      camera.pan(dx: Double(dx), dy: Double(dy))
      offset = (offset.x - dx, offset.y - dy)
      let panned = try MapTileTests.image(scene, display, model, camera, tiles: true)
      #expect(scene.map.pan.builds == 1)
      let diff = ImageDiff(actual: panned, golden: try Self.bufferPart(start, offset: offset), threshold: 0)
      #expect(diff.count == 0, "\(diff.count) pixels differ within \(String(describing: diff.bounds))")
    }
  }

  @Test("the view it was built for shows the pins the view alone shows")
  func builtViewMatchesView() throws {
    let (display, scene, model) = try RenderTests.setUp()
    scene.map.panBuffered = true
    let camera = MapTileTests.camera(x: 0, y: 190, zoom: 1)
    var image = RGBImage(width: 1, height: 1)
    for _ in 0..<10 { image = try MapTileTests.image(scene, display, model, camera, tiles: true) }
    #expect(scene.map.pan.builds == 1)
    let view = try MapTileTests.image(scene, display, model, camera, tiles: false)
    let diff = ImageDiff(actual: image, golden: view, threshold: 0)
    // Only names of pins anchored more than 40 px left of the view, reaching into its left edge
    // (the view alone leaves those pins out).
    #expect(diff.count <= 400, "\(diff.count) pixels differ within \(String(describing: diff.bounds))")
    #expect((diff.bounds?.x ?? 0) + (diff.bounds?.width ?? 0) <= 120)
  }

  @Test("a view that leaves the buffer is drawn tile by tile until its ring is held, then rebuilt around it")
  func rebuildsWhenLeft() throws {
    let (display, scene, model) = try RenderTests.setUp()
    scene.map.panBuffered = true
    var camera = MapTileTests.camera(x: 0, y: 190, zoom: 1)
    for _ in 0..<10 { _ = try MapTileTests.image(scene, display, model, camera, tiles: true) }
    #expect(scene.map.pan.builds == 1)
    camera.pan(dx: -300, dy: 0)
    var builds: [Int] = []
    for _ in 0..<4 {
      let image = try MapTileTests.image(scene, display, model, camera, tiles: true)
      builds.append(scene.map.pan.builds)
      if scene.map.pan.builds == 2 {
        let part = try Self.bufferPart(camera, offset: (PanBuffer.margin, PanBuffer.margin))
        #expect(ImageDiff(actual: image, golden: part, threshold: 0).count == 0)
      }
    }
    // One new column of the ring (5 tiles) was rendered ahead; the rest, two a frame, then the
    // rebuild.
    #expect(builds == [1, 1, 2, 2])
  }

  @Test("during a flight, rebuilt only when the rebuilt buffer holds the flight's last view")
  func flights() throws {
    for (toX, rebuilt) in [(900.0, false), (200.0, true)] {
      let (display, scene, model) = try RenderTests.setUp()
      scene.map.panBuffered = true
      var camera = MapTileTests.camera(x: 0, y: 190, zoom: 1)
      for _ in 0..<10 { _ = try MapTileTests.image(scene, display, model, camera, tiles: true) }
      #expect(scene.map.pan.builds == 1)
      // A place opened: its pin is selected as the flight starts, so the buffer must be rebuilt.
      var pins = model.pins
      pins.selected = 0
      // Brings world point (toX, 190) to the view's centre: a flight of toX px.
      camera.fly(world: toX, 190, toScreen: 320, 400, width: 640, height: 800, at: 0, animated: true)
      scene.map.draw(
        camera: camera, pins: pins, width: display.width, height: display.height, canvas: display.canvas,
        text: scene.text)
      #expect(camera.isFlying)
      #expect(scene.map.pan.builds == (rebuilt ? 2 : 1), "a flight of \(toX) px")
    }
  }
}
