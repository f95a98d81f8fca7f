@preconcurrency import CSDL2
import Detent
import Foundation
import Testing

@testable import DetentApp

/// The map drawn from tiles: the same pixels as painting the whole view at once, tiles rendered
/// only when they come into view (or ahead of need, within a budget), a zoom shown scaled from
/// the nearest level and refined once it holds still, and an LRU cache with a cap.
@Suite(.serialized) struct MapTileTests {
  /// The map alone for `camera`, drawn by `draw` (tiles) or `render` (the whole view at once).
  static func image(
    _ scene: SceneRenderer, _ display: Display, _ model: DemoModel, _ camera: MapCamera, tiles: Bool
  ) throws -> RGBImage {
    if tiles {
      scene.map.draw(
        camera: camera, pins: model.pins, width: display.width, height: display.height,
        canvas: display.canvas,
        text: scene.text)
    } else {
      scene.map.render(
        camera: camera, pins: model.pins, width: display.width, height: display.height,
        canvas: display.canvas,
        text: scene.text)
    }
    return try display.readImage()
  }

  static func camera(x: Double, y: Double, zoom: Double) -> MapCamera {
    var camera = MapCamera()
    camera.centerX = x
    camera.centerY = y
    camera.zoom = zoom
    return camera
  }

  @Test(
    "tiles compose exactly the pixels of the whole view painted at once (whole-pixel offsets)",
    arguments: [(0.0, 190.0, 1.0), (137.0, -223.0, 1.0), (0.0, 190.0, 2.0), (-800.0, 400.0, 0.5)])
  func tilesMatchWholeView(x: Double, y: Double, zoom: Double) throws {
    let (display, scene, model) = try RenderTests.setUp()
    let camera = Self.camera(x: x, y: y, zoom: zoom)
    let tiled = try Self.image(scene, display, model, camera, tiles: true)
    let whole = try Self.image(scene, display, model, camera, tiles: false)
    let diff = ImageDiff(actual: tiled, golden: whole, threshold: 0)
    // The rasteriser starts a triangle's spans from its clipped bounding box, so a few edge
    // pixels of a circle or a diagonal cut by a tile's edge can land one pixel off: at most 16 of
    // the 512,000 (measured: 14, 12, 1 and 0), one channel step each.
    #expect(diff.count <= 16, "\(diff.count) pixels differ within \(String(describing: diff.bounds))")
  }

  @Test(
    "a view of 4×4 tiles renders them in its first frame, then its ring of 20, two a frame; a pan inside the ring renders no tile"
  )
  func panCopiesTiles() throws {
    let (display, scene, model) = try RenderTests.setUp()
    var camera = Self.camera(x: 0, y: 190, zoom: 1)
    let counts = try (0..<12).map { _ in
      _ = try Self.image(scene, display, model, camera, tiles: true)
      return scene.map.tileRenders
    }
    #expect(counts == [18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 36, 36])
    #expect(scene.map.cache.count == 36)
    camera.pan(dx: -100, dy: 40)
    let panned = try Self.image(scene, display, model, camera, tiles: true)
    // The new view and its ring lie within the old ring: nothing to render.
    #expect(scene.map.tileRenders == 36)
    let whole = try Self.image(scene, display, model, camera, tiles: false)
    #expect(ImageDiff(actual: panned, golden: whole, threshold: 0).count <= 16)
  }

  @Test(
    "a zoom shows the nearest level scaled for 8 frames, then the exact level whole in one frame, then its ring two a frame"
  )
  func zoomScalesThenRefines() throws {
    let (display, scene, model) = try RenderTests.setUp()
    var camera = Self.camera(x: 0, y: 190, zoom: 1)
    for _ in 0..<11 { _ = try Self.image(scene, display, model, camera, tiles: true) }
    #expect(scene.map.tileRenders == 36)
    camera.zoom = 2
    let whole = try Self.image(scene, display, model, camera, tiles: false)
    var counts: [Int] = []
    var scaled: ImageDiff?
    for frame in 0..<20 {
      let image = try Self.image(scene, display, model, camera, tiles: true)
      if frame == 0 { scaled = ImageDiff(actual: image, golden: whole, threshold: 24) }
      counts.append(scene.map.tileRenders)
    }
    // View at zoom 2: 4 columns × 5 rows, rendered whole in the 9th frame with 2 of its ring
    // ahead (22), then the rest of its ring two a frame.
    #expect(counts == [36, 36, 36, 36, 36, 36, 36, 36, 58, 60, 62, 64, 66, 68, 70, 72, 74, 76, 78, 78])
    // Zoom 1 scaled ×2 stands in: the same streets and blocks, a little coarser.
    let stand = try #require(scaled)
    #expect(stand.fraction > 0 && stand.fraction < 0.1, "\(stand.fraction)")
    let refined = try Self.image(scene, display, model, camera, tiles: true)
    #expect(ImageDiff(actual: refined, golden: whole, threshold: 0).count <= 16)
  }

  @Test(
    "a shot drawn long enough after the camera's zoom changed (model time) shows the exact level in its first frame at that zoom; one drawn sooner, the level standing in",
    arguments: [(0.05, false), (0.1, false), (0.15, true), (1.0, true)])
  func zoomSettlesInModelTime(after seconds: Double, exact: Bool) throws {
    let (display, scene, model) = try RenderTests.setUp()
    var camera = Self.camera(x: 0, y: 190, zoom: 1)
    _ = try Self.image(scene, display, model, camera, tiles: true)
    camera.advance(to: 3, wall: 3)
    camera.zoom(by: 1.1 * 1.1 * 1.1, atX: 900, y: 200, width: 1280, height: 800)
    camera.advance(to: 3 + seconds, wall: 3 + seconds)
    let shot = try Self.image(scene, display, model, camera, tiles: true)
    #expect(scene.map.scheduler.settled == exact)
    // The view refined (8 frames drawn at that zoom settle it whatever the time).
    var refined = shot
    for _ in 0..<10 { refined = try Self.image(scene, display, model, camera, tiles: true) }
    #expect((shot.pixels == refined.pixels) == exact)
  }

  @Test(
    "progressive: nothing is painted on the main thread; the worker is asked for the visible tiles centre first, then the ring; 2 uploads a frame, held back until the view's 16 are in, the land until then"
  )
  func progressivePaintsOnWorker() throws {
    let (display, scene, model) = try RenderTests.setUp()
    scene.map.progressive = true
    let tiles = scene.map.scheduler
    let camera = Self.camera(x: 0, y: 190, zoom: 1)
    let whole = try Self.image(scene, display, model, camera, tiles: false)
    let first = try Self.image(scene, display, model, camera, tiles: true)
    // The view is 4×4 tiles (columns −2…1, rows −1…2): asked for, centre first, then its ring.
    #expect(tiles.tileUploads == 0)
    #expect(tiles.holes == 16)
    #expect(tiles.requested.count == 36)
    func keys(_ range: Range<Int>) -> Set<[Int]> { Set(tiles.requested[range].map { [$0.x, $0.y] }) }
    #expect(keys(0..<2) == [[-1, 0], [0, 0]])
    #expect(keys(2..<4) == [[-1, 1], [0, 1]])
    #expect(keys(0..<16) == Set((-2...1).flatMap { x in (-1...2).map { [x, $0] } }))
    #expect(
      keys(16..<36) == Set((-3...2).flatMap { x in (-2...3).map { [x, $0] } }).subtracting(keys(0..<16)))
    // Until a tile arrives, the land shows (here the top-left corner).
    let corner = (2 * first.width + 2) * 3
    #expect(Array(first.pixels[corner..<(corner + 3)]) == [0xF2, 0xEF, 0xE9])
    tiles.waitForWorker()
    #expect(tiles.tileRenders == 36)
    #expect(tiles.workerTiles == 36)
    var counts: [[Int]] = []
    var image = first
    var held = 0
    for _ in 0..<20 {
      image = try Self.image(scene, display, model, camera, tiles: true)
      counts.append([tiles.tileUploads, tiles.holes, tiles.holdsArrivals ? 1 : 0])
      // Held back: the view is the land, pixel for pixel, until all 16 are in.
      if tiles.holes == 16 {
        held += 1
        #expect(image.pixels == first.pixels)
      }
    }
    #expect(held == 7)
    // Uploads [tiles, holes, held back] per frame: 2 a frame, the 16 visible first (held back
    // until the last of them, then shown in one frame), then the ring (the last two frames
    // upload the ground alone of tiles with labels, not counted as tiles).
    #expect(
      counts == [
        [2, 16, 1], [4, 16, 1], [6, 16, 1], [8, 16, 1], [10, 16, 1], [12, 16, 1], [14, 16, 1], [16, 0, 0],
        [18, 0, 0], [20, 0, 0], [22, 0, 0], [24, 0, 0], [26, 0, 0], [28, 0, 0], [30, 0, 0], [32, 0, 0],
        [34, 0, 0], [36, 0, 0], [36, 0, 0], [36, 0, 0],
      ])
    #expect(tiles.tileRenders == 36, "the main thread painted none")
    #expect(ImageDiff(actual: image, golden: whole, threshold: 0).count <= 16)
  }

  @Test(
    "drawn progressively by the scene (the demo, the bench), the first frame paints its 16 visible tiles (8 on this thread, 8 on the worker, waited for) and shows the whole map; the worker is then asked for the ring alone"
  )
  func firstViewPainted() throws {
    let (display, scene, model) = try RenderTests.setUp()
    scene.drawProgressively()
    let tiles = scene.map.scheduler
    let camera = Self.camera(x: 0, y: 190, zoom: 1)
    let whole = try Self.image(scene, display, model, camera, tiles: false)
    let first = try Self.image(scene, display, model, camera, tiles: true)
    #expect(tiles.holes == 0)
    // Painted here: half the view's 16 (the worker may have started on the ring already).
    #expect(tiles.tileRenders - tiles.workerTiles == 8)
    #expect(tiles.tileUploads == 8)
    // The ring (6×6 around the 4×4 view): 20 tiles, asked of the worker.
    #expect(tiles.requested.count == 20)
    #expect(
      Set(tiles.requested.map { [$0.x, $0.y] }).isDisjoint(
        with: (-2...1).flatMap { x in (-1...2).map { [x, $0] } }))
    #expect(ImageDiff(actual: first, golden: whole, threshold: 0).count <= 16)
    // The first view was kept whole in its frame: the next copies it, composing no row.
    let composed = scene.map.surfaceRows
    let second = try Self.image(scene, display, model, camera, tiles: true)
    #expect(scene.map.surfaceRows == composed)
    #expect(second.pixels == first.pixels)
    // Later frames get the ring from the worker; the view does not change.
    tiles.waitForWorker()
    var image = first
    for _ in 0..<12 { image = try Self.image(scene, display, model, camera, tiles: true) }
    #expect(tiles.tileRenders == 36)
    #expect(tiles.workerTiles == 28)
    #expect(image.pixels == first.pixels)
  }

  @Test(
    "a 3840×2160 first frame shows all its 144 tiles: the worker's 72 are more than it holds finished at once (48), collected until all are in"
  )
  func firstViewPaintedLarge() throws {
    let (display, scene, model) = try RenderTests.setUp(width: 3840, height: 2160)
    scene.drawProgressively()
    let tiles = scene.map.scheduler
    _ = try Self.image(scene, display, model, Self.camera(x: 0, y: 190, zoom: 1), tiles: true)
    #expect(tiles.holes == 0)
    #expect(tiles.layer.placements.count == 144)
    #expect(tiles.tileRenders - tiles.workerTiles == 72)
    #expect(tiles.tileUploads == 72)
  }

  @Test(
    "progressive: a view moving a pixel a frame shows each tile as it arrives; held still, the rest arrive together"
  )
  func movingViewShowsArrivals() throws {
    let (display, scene, model) = try RenderTests.setUp()
    scene.map.progressive = true
    let tiles = scene.map.scheduler
    _ = try Self.image(scene, display, model, Self.camera(x: 0, y: 190, zoom: 1), tiles: true)
    tiles.waitForWorker()
    var holes: [Int] = []
    for step in 1...5 {
      _ = try Self.image(scene, display, model, Self.camera(x: Double(step), y: 190, zoom: 1), tiles: true)
      #expect(!tiles.holdsArrivals)
      holes.append(tiles.holes)
    }
    // 2 a frame, shown as they come (the view's 16, or 20 where it spans a fifth column).
    #expect(holes.first! < 16 && holes == holes.sorted(by: >) && Set(holes).count == 5, "\(holes)")
    var still: [Int] = []
    for _ in 0..<8 {
      _ = try Self.image(scene, display, model, Self.camera(x: 5, y: 190, zoom: 1), tiles: true)
      still.append(tiles.holes)
    }
    // Held still (the view of the last moving frame), the rest are held back and come in one
    // frame.
    let shown = try #require(still.firstIndex(of: 0))
    #expect(shown > 0 && still[..<shown].allSatisfy { $0 == holes.last! }, "\(still)")
  }

  @Test(
    "progressive: after a zoom ends the map wants frames (a level stands in, scaled) until the exact level is shown; then none"
  )
  func zoomWantsFramesUntilRefined() throws {
    let (display, scene, model) = try RenderTests.setUp()
    scene.map.progressive = true
    let tiles = scene.map.scheduler
    let camera = Self.camera(x: 0, y: 190, zoom: 1)
    var frames = 0
    func draw(_ camera: MapCamera) throws {
      _ = try Self.image(scene, display, model, camera, tiles: true)
      frames += 1
      tiles.waitForWorker()
    }
    try draw(camera)
    while scene.map.tilesPending, frames < 100 { try draw(camera) }
    #expect(!scene.map.tilesPending && tiles.holes == 0, "zoom 1 shown whole")
    // One frame at the new zoom: the level held stands in, nothing asked for yet.
    let zoomed = Self.camera(x: 0, y: 190, zoom: 1.5)
    frames = 0
    try draw(zoomed)
    #expect(tiles.holes > 0 && tiles.requested.isEmpty)
    #expect(scene.map.tilesPending, "frames must come for the zoom to settle and its tiles to be asked for")
    while scene.map.tilesPending, frames < 100 { try draw(zoomed) }
    #expect(tiles.holes == 0, "the exact level shown")
    #expect(frames > TileScheduler.settleFrames && frames < 60, "\(frames) frames")
  }

  @Test(
    "not progressive: a jump to new ground renders its whole view in its first frame, then 2 a frame ahead")
  func synchronousRendersViewAtOnce() throws {
    let (display, scene, model) = try RenderTests.setUp()
    _ = try Self.image(scene, display, model, Self.camera(x: 0, y: 190, zoom: 1), tiles: true)
    // The first frame's 16 and 2 of its ring.
    #expect(scene.map.tileRenders == 18)
    let far = Self.camera(x: 2000, y: -1500, zoom: 1)
    let whole = try Self.image(scene, display, model, far, tiles: false)
    var counts: [Int] = []
    for _ in 0..<12 {
      _ = try Self.image(scene, display, model, far, tiles: true)
      counts.append(scene.map.tileRenders)
    }
    // The 16 of the new view and 2 of its ring in its first frame (18 + 18), then 2 a frame.
    #expect(counts == [36, 38, 40, 42, 44, 46, 48, 50, 52, 54, 54, 54])
    #expect(scene.map.scheduler.workerTiles == 0)
    let settled = try Self.image(scene, display, model, far, tiles: true)
    #expect(ImageDiff(actual: settled, golden: whole, threshold: 0).count <= 16)
  }

  @Test("the cache evicts the least recently used tile past its cap, never one used in this frame")
  func cacheEvictsLeastRecentlyUsed() throws {
    let display = try Display(offscreenWidth: 16, height: 16)
    func tile(_ frame: Int) throws -> MapTile {
      let texture = try #require(
        SDL_CreateTexture(
          display.renderer, detent_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue), 16, 16))
      return MapTile(texture: texture, pixels: nil, size: 16, frame: frame, owner: display.canvas)
    }
    let cache = TileCache(capBytes: 3 * 16 * 16 * 4)
    func key(_ x: Int) -> TileKey { TileKey(zoom: 1, x: x, y: 0) }
    for x in 0..<3 { cache.insert(try tile(x + 1), at: key(x), frame: x + 1) }
    #expect(cache.tile(key(0), frame: 4) != nil)
    cache.insert(try tile(5), at: key(3), frame: 5)
    // Key 1 was used last at frame 2: the least recent.
    #expect((0..<4).map { cache.contains(key($0)) } == [true, false, true, true])
    for x in 4..<8 { cache.insert(try tile(6), at: key(x), frame: 6) }
    // Four tiles used in frame 6 stay, over the cap, until a later frame.
    #expect(cache.count == 4)
    #expect(cache.bytes == 4 * 1024)
    #expect((4..<8).allSatisfy { cache.contains(key($0)) })
    cache.insert(try tile(7), at: key(8), frame: 7)
    #expect(cache.count == 3)
    #expect(cache.bytes == 3 * 1024)
    #expect(cache.evictions == 6)
    #expect(Array(cache.zooms) == [1])
  }
}
