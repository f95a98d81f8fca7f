@preconcurrency import CSDL2
import Detent
import Foundation
import Testing

@testable import DetentApp

/// The flight buffer (a GPU renderer's ground along a camera flight, filled a few tiles a
/// frame): every frame of a flight shows exactly the pixels of the view drawn tile by tile, the
/// pan buffer is not rebuilt during it, the last view is drawn from it after the flight, and a
/// flight too long for it is drawn tile by tile. Checked headless by turning the GPU renderers'
/// buffers on for the software renderer.
@Suite(.serialized) struct FlightBufferTests {
  /// The map alone for `camera` with `pins`.
  static func image(
    _ scene: SceneRenderer, _ display: Display, _ pins: MapPins, _ camera: MapCamera
  ) throws -> RGBImage {
    scene.map.draw(
      camera: camera, pins: pins, width: display.width, height: display.height, canvas: display.canvas,
      text: scene.text)
    return try display.readImage()
  }

  /// A scene with the GPU renderers' buffers, at rest at (0, 190) long enough for its pan buffer
  /// to be built; and a reference scene drawing tile by tile through the renderer.
  static func scenes() throws -> (
    buffered: (Display, SceneRenderer), reference: (Display, SceneRenderer), model: DemoModel
  ) {
    let (display, scene, model) = try RenderTests.setUp()
    scene.map.panBuffered = true
    let (refDisplay, refScene, _) = try RenderTests.setUp()
    refScene.map.composesInSurface = false
    let camera = MapTileTests.camera(x: 0, y: 190, zoom: 1)
    for _ in 0..<10 { _ = try image(scene, display, model.pins, camera) }
    #expect(scene.map.pan.builds == 1)
    return ((display, scene), (refDisplay, refScene), model)
  }

  @Test(
    "every frame of a flight shows the view drawn tile by tile, from the buffer once the view's tiles are in; the pan buffer is not rebuilt",
    arguments: [(900.0, 190.0, 1, 29), (-500.0, 900.0, 1, 29), (40.0, 200.0, 1, 29)])
  func flightMatchesTiles(toX: Double, toY: Double, builds: Int, fromBuffer: Int) throws {
    let ((display, scene), (refDisplay, refScene), model) = try Self.scenes()
    var pins = model.pins
    pins.selected = 0
    var camera = MapTileTests.camera(x: 0, y: 190, zoom: 1)
    // Brings world point (toX, toY) to the view's centre.
    camera.fly(world: toX, toY, toScreen: 320, 400, width: 640, height: 800, at: 0, animated: true)
    var frames = 0
    while camera.isFlying {
      let image = try Self.image(scene, display, pins, camera)
      let tiled = try Self.image(refScene, refDisplay, pins, camera)
      let diff = ImageDiff(actual: image, golden: tiled, threshold: 0)
      #expect(diff.count == 0, "frame \(frames): \(diff.count) pixels differ")
      frames += 1
      camera.advance(to: Double(frames) / 60)
    }
    // The first frame copies in 12 of the view's 20 tiles and draws it tile by tile; every
    // other frame is drawn from the buffer.
    #expect(frames == 30)
    #expect(scene.map.flights.builds == builds)
    #expect(scene.map.flights.frames == fromBuffer)
    #expect(scene.map.pan.builds == 1)
  }

  @Test("the flight's last view is drawn from it after the flight; a pan lets it go for the pan buffer")
  func afterTheFlight() throws {
    let ((display, scene), (refDisplay, refScene), model) = try Self.scenes()
    var camera = MapTileTests.camera(x: 0, y: 190, zoom: 1)
    camera.fly(world: 700, 190, toScreen: 320, 400, width: 640, height: 800, at: 0, animated: true)
    for k in 1...31 {
      _ = try Self.image(scene, display, model.pins, camera)
      camera.advance(to: Double(k) / 60)
    }
    #expect(!camera.isFlying)
    let framesBefore = scene.map.flights.frames
    let last = try Self.image(scene, display, model.pins, camera)
    #expect(scene.map.flights.frames == framesBefore + 1)
    #expect(
      ImageDiff(actual: last, golden: try Self.image(refScene, refDisplay, model.pins, camera), threshold: 0)
        .count == 0)
    #expect(scene.map.pan.builds == 1)
    camera.pan(dx: -10, dy: 0)
    // Drawn tile by tile until the new view's ring is held (two tiles a frame), then from the
    // rebuilt pan buffer, which lets the flight's go.
    var held: [Bool] = []
    for _ in 0..<12 where scene.map.pan.builds == 1 {
      _ = try Self.image(scene, display, model.pins, camera)
      held.append(scene.map.flights.isHeld)
    }
    #expect(held.last == false)
    #expect(held.dropLast().allSatisfy { $0 })
    #expect(scene.map.pan.builds == 2)
    #expect(scene.map.flights.frames == framesBefore + 1)
  }

  @Test("a flight longer than the buffer's cap is drawn tile by tile")
  func longFlight() throws {
    let ((display, scene), (refDisplay, refScene), model) = try Self.scenes()
    var pins = model.pins
    pins.selected = 0
    var camera = MapTileTests.camera(x: 0, y: 190, zoom: 1)
    // 9,000 px: 10,152×1,312 px with its margins, wider than a texture may be.
    camera.fly(world: 9000, 190, toScreen: 320, 400, width: 640, height: 800, at: 0, animated: true)
    camera.advance(to: 2.0 / 60)
    let image = try Self.image(scene, display, pins, camera)
    let tiled = try Self.image(refScene, refDisplay, pins, camera)
    #expect(ImageDiff(actual: image, golden: tiled, threshold: 0).count == 0)
    #expect(scene.map.flights.builds == 0)
    #expect(!scene.map.flights.isHeld)
  }
}
