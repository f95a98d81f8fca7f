import Foundation
import Testing

@testable import DetentApp

/// The texts a zoom's first frames draw (the map's labels, the names of the places around the
/// view) are made ahead in quiet frames (`MapWarmer`): one a frame, then nothing; a zoom then
/// makes none of them.
@Suite(.serialized) struct MapWarmerTests {
  /// A progressive map at zoom 1 held still, its tiles rendered; the scene, the model and the
  /// camera.
  static func held() throws -> (SceneRenderer, DemoModel, Display, MapCamera) {
    let (display, scene, model) = try RenderTests.setUp()
    let camera = MapTileTests.camera(x: 120, y: 260, zoom: 1)
    for progressive in [false, true] {
      scene.map.progressive = progressive
      scene.map.draw(
        camera: camera, pins: model.pins, width: display.width, height: display.height,
        canvas: display.canvas,
        text: scene.text)
    }
    return (scene, model, display, camera)
  }

  /// Textures (texts and sprites) made by the frames zooming in from `camera` by 1.1 a frame, `frames` frames.
  static func zoomIn(
    _ scene: SceneRenderer, _ model: DemoModel, _ display: Display, from camera: MapCamera, frames: Int
  )
    -> Int
  {
    func made() -> Int { scene.text.renders + (scene.map.overlay.marks?.renders ?? 0) }
    let before = made()
    for k in 1...frames {
      let zoomed = MapTileTests.camera(x: camera.centerX, y: camera.centerY, zoom: pow(1.1, Double(k)))
      scene.map.draw(
        camera: zoomed, pins: model.pins, width: display.width, height: display.height,
        canvas: display.canvas,
        text: scene.text)
    }
    return made() - before
  }

  @Test(
    "while the sheet settles over a still map, its frames make the map's textures ahead (one a frame) but no detail sheet's"
  )
  func warmsWhileTheSheetMoves() throws {
    let (display, scene, model) = try RenderTests.setUp()
    scene.drawProgressively()
    // The first view's tiles and the ring in, the map at rest.
    for _ in 0..<3 {
      model.step(dt: 1.0 / 60)
      scene.render(model)
      scene.map.scheduler.waitForWorker()
    }
    model.apply(.key("2"))
    var frames: [(moving: Bool, map: Int, details: Int)] = []
    for _ in 0..<40 {
      model.step(dt: 1.0 / 60)
      let (mapBefore, detailsBefore) = (scene.map.texturesMade(text: scene.text), scene.details.made)
      scene.render(model)
      frames.append(
        (
          model.isMoving, scene.map.texturesMade(text: scene.text) - mapBefore,
          scene.details.made - detailsBefore
        ))
    }
    let moving = frames.prefix { $0.moving }
    #expect(moving.count > 10, "the sheet moved for \(moving.count) frames")
    #expect(moving.allSatisfy { $0.map <= MapWarmer.budget && $0.details == 0 })
    #expect(moving.reduce(0) { $0 + $1.map } > 5, "map textures made while the sheet moved")
    _ = display
  }

  @Test(
    "quiet frames make the labels, the places' names and the marks at each half pixel ahead, one a frame; a zoom then makes no texture"
  )
  func warms() throws {
    let (scene, model, display, camera) = try Self.held()
    var made: [Int] = []
    while scene.mapWarmer.pending(scene.map), made.count < 2000 {
      made.append(scene.mapWarmer.warm(scene.map, canvas: display.canvas, text: scene.text))
    }
    #expect(made.allSatisfy { $0 <= MapWarmer.budget })
    #expect(made.first == 0, "the first call lists, makes nothing")
    #expect(!scene.mapWarmer.pending(scene.map), "all made within 2,000 frames")
    // The streets' and main roads' names (turned or not), the highway's, the river's, the
    // names of the places around the view, and four sprites of each mark's look (the pins' in
    // their categories' colours, the location dot, its halo).
    #expect(made.reduce(0, +) >= scene.map.labels.texts.count + 4 * 3)
    #expect(Self.zoomIn(scene, model, display, from: camera, frames: 4) == 0)
  }

  @Test(
    "the first quiet frame starts making the storage a held zoom is kept in (the whole view's): the zoom's frames start none"
  )
  func keptStorage() throws {
    let (scene, model, display, camera) = try Self.held()
    #expect(scene.map.zoom.storageStarts == 0)
    scene.mapWarmer.warm(scene.map, canvas: display.canvas, text: scene.text)
    #expect(scene.map.zoom.storageStarts == 1)
    _ = Self.zoomIn(scene, model, display, from: camera, frames: 4)
    // The zoom held still: its view kept, in the storage made ahead.
    let held = MapTileTests.camera(x: camera.centerX, y: camera.centerY, zoom: pow(1.1, 4))
    // Composed, then kept a band a frame in the next four (`keptBands`).
    for _ in 0..<6 {
      scene.map.draw(
        camera: held, pins: model.pins, width: display.width, height: display.height, canvas: display.canvas,
        text: scene.text)
      scene.map.zoom.waitForKeptPixels()
    }
    #expect(scene.map.zoom.storageStarts == 1)
    #expect(scene.map.zoom.keptWhole)
  }

  @Test("without it, the same zoom makes textures in its frames (the test above can fail)")
  func cold() throws {
    let (scene, model, display, camera) = try Self.held()
    #expect(Self.zoomIn(scene, model, display, from: camera, frames: 4) > 0)
  }

  @Test("the labels' texts: each road's name once per style and turn, the highway's in white, the river's")
  func texts() throws {
    let (_, scene, _) = try RenderTests.setUp()
    let texts = scene.map.labels.texts
    #expect(Set(texts).count == texts.count)
    #expect(texts.contains { $0.string == "Willow River" && $0.style == TextStyle(size: 13, bold: true) })
    #expect(texts.contains { $0.string == "101" && $0.color == .white && !$0.turned })
    #expect(texts.contains { $0.string == "Market St" && $0.turned && $0.style.bold })
    #expect(texts.contains { $0.style == TextStyle(size: 10) && !$0.turned })
  }

  @Test("shots and goldens (not progressive): nothing is made ahead")
  func exactFrames() throws {
    let (display, scene, model) = try RenderTests.setUp()
    scene.map.draw(
      camera: MapTileTests.camera(x: 120, y: 260, zoom: 1), pins: model.pins, width: display.width,
      height: display.height, canvas: display.canvas, text: scene.text)
    #expect(scene.mapWarmer.warm(scene.map, canvas: display.canvas, text: scene.text) == 0)
  }

  @Test(
    "at rest (the loop's wakes, no frame drawn) the same is made ahead, a few textures a wake, then nothing")
  func atRest() throws {
    let (_, scene, model) = try RenderTests.setUp()
    scene.map.progressive = true
    scene.render(model)
    func made() -> Int {
      scene.text.renders + scene.sprites.renders + (scene.map.overlay.marks?.renders ?? 0)
    }
    var perWake: [Int] = []
    for _ in 0..<400 {
      let before = made()
      scene.drawAhead(model)
      perWake.append(made() - before)
    }
    // The first wake draws the root's texture too (its own sprites, if any).
    #expect(perWake.dropFirst().allSatisfy { $0 <= SceneRenderer.aheadPerWake }, "\(perWake.prefix(20))")
    #expect(perWake.suffix(20).allSatisfy { $0 == 0 }, "all made: nothing left to make")
    #expect(scene.details.made > 10)
    #expect(scene.mapWarmer.made > 10)
    #expect(!scene.mapWarmer.pending(scene.map))
  }
}
