import Foundation
import Testing

@testable import DetentApp

/// Progressive tiles under random walks of the camera (pans, wheel zooms, holds, the worker
/// sometimes waited for): whatever the walk, once the camera holds still the map wants frames
/// until its view is the exact grid with every visible tile, no tile is left held back, and
/// then it wants none (the window rests). A tile is never both held back and in the cache. Half
/// the walks start as the demo does (`SceneRenderer.drawProgressively`: the first view whole).
@Suite(.serialized) struct TileArrivalPropertyTests {
  /// Walks a run (a long local run used 200).
  static let walks = 12

  @Test(
    "random walks: held tiles never in the cache; once held still the view settles whole and the map rests")
  func walks() throws {
    var rng = PixelKernelPropertyTests.Seeded(state: 0x7117_A9)
    for walk in 0..<Self.walks {
      let (display, scene, model) = try RenderTests.setUp()
      // Every other walk as the demo starts: its first view painted whole.
      if walk % 2 == 0 { scene.drawProgressively() } else { scene.map.progressive = true }
      let tiles = scene.map.scheduler
      var camera = MapTileTests.camera(x: 0, y: 190, zoom: 1)
      var clock = 0.0
      func frame() {
        clock += 1 / 60
        camera.advance(to: clock, wall: clock)
        scene.map.draw(
          camera: camera, pins: model.pins, width: display.width, height: display.height,
          canvas: display.canvas, text: scene.text)
        for (key, _) in tiles.hold.tiles {
          #expect(!tiles.cache.contains(key), "walk \(walk): \(key) held back and in the cache")
        }
      }
      for _ in 0..<Int.random(in: 20...60, using: &rng) {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<4:
          camera.pan(
            dx: Double.random(in: -300...300, using: &rng), dy: Double.random(in: -200...200, using: &rng))
        case 4..<6:
          let notches = Double(Int.random(in: -3...3, using: &rng))
          camera.zoom(
            by: pow(1.1, notches), atX: Double.random(in: 0...Double(display.width), using: &rng),
            y: Double.random(in: 0...Double(display.height), using: &rng), width: Double(display.width),
            height: Double(display.height))
        default: break
        }
        for _ in 0..<Int.random(in: 1...4, using: &rng) { frame() }
        if Bool.random(using: &rng) { tiles.waitForWorker() }
      }
      // Held still: frames come while the map wants them, then none is wanted.
      var frames = 0
      while scene.map.tilesPending, frames < 400 {
        frame()
        tiles.waitForWorker()
        frames += 1
      }
      #expect(!scene.map.tilesPending, "walk \(walk): still pending after \(frames) frames")
      #expect(tiles.holes == 0 && tiles.hold.tiles.isEmpty && !tiles.holdsArrivals, "walk \(walk)")
      #expect(!tiles.layer.isScaled, "walk \(walk): the exact level shows")
      frame()
      #expect(!scene.map.tilesPending, "walk \(walk): a frame at rest wants no more")
    }
  }
}
