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
  /// `pins`: the model's unless given; `size` and `first`: the rectangle painted (centred on
  /// `camera`) and the view in it whose pins are placed first, the buffer's by default.
  static func bufferPart(
    _ camera: MapCamera, offset: (x: Int, y: Int), pins: MapPins? = nil,
    size: (width: Int, height: Int)? = nil, first: (x: Int, y: Int)? = nil
  ) throws -> RGBImage {
    let m = PanBuffer.margin
    let size = size ?? (640 + 2 * m, 800 + 2 * m)
    let (display, scene, model) = try RenderTests.setUp(width: size.width, height: size.height)
    // The pins of the view the buffer was built for are placed first, as for that view alone.
    let first = first ?? (m, m)
    scene.map.render(
      camera: camera, pins: pins ?? model.pins, width: display.width, height: display.height,
      canvas: display.canvas, text: scene.text, placingFirst: (first.x, first.y, 640, 800))
    let whole = try display.readImage()
    var part = RGBImage(width: 640, height: 800)
    for row in 0..<800 {
      let from = ((row + offset.y) * whole.width + offset.x) * 3
      part.pixels.replaceSubrange(
        (row * 640 * 3)..<((row + 1) * 640 * 3), with: whole.pixels[from..<(from + 640 * 3)])
    }
    return part
  }

  @Test(
    "built once the ring is held; a pan inside the margin copies it at the view's offset (its tiles uploaded from their pixels, or drawn from their textures)",
    arguments: [true, false])
  func buildsThenCopies(uploads: Bool) throws {
    let (display, scene, model) = try RenderTests.setUp()
    scene.map.panBuffered = true
    scene.map.scheduler.keepsLabelled = uploads
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

  @Test(
    "a drag (12 px a frame, then 9 back): the page around where the view goes composed ahead, 6 units a frame, every frame copied out of a page"
  )
  func composedAheadOfADrag() throws {
    let (display, scene, model, start) = try Self.built()
    var camera = start
    let cap = PanBuffer.unitsPerFrame(PanPage.Rect(x: -320, y: -210, width: 640, height: 800))
    #expect(cap == 6)
    var composed: [Int] = []
    var image = RGBImage(width: 1, height: 1)
    for k in 0..<90 {
      if k < 60 { camera.pan(dx: -12, dy: 0) } else { camera.pan(dx: 9, dy: 0) }
      let before = scene.map.pan.unitsComposed
      image = try Self.draw(scene, display, camera, model.pins)
      composed.append(scene.map.pan.unitsComposed - before)
      let view = PanPage.Rect(x: Int(camera.centerX) - 320, y: -210, width: 640, height: 800)
      #expect(
        scene.map.pan.shown.map { $0.rect.contains(view) } ?? false, "frame \(k): the view is not copied")
    }
    // Never a page in one frame: 6 units a frame (a page 42 to 48), over the frames before the
    // view leaves the page on screen.
    #expect(composed.allSatisfy { $0 <= cap }, "units a frame: \(composed)")
    #expect(scene.map.pan.builds >= 4, "pages: \(scene.map.pan.builds)")
    // The last view: the pixels of its page painted whole at its offset.
    let shown = try #require(scene.map.pan.shown)
    let centre = MapTileTests.camera(
      x: Double(shown.rect.x + shown.rect.width / 2), y: Double(shown.rect.y + shown.rect.height / 2), zoom: 1
    )
    let view = (x: Int(camera.centerX) - 320 - shown.rect.x, y: -210 - shown.rect.y)
    let golden = try Self.bufferPart(
      centre, offset: view, size: (shown.rect.width, shown.rect.height),
      first: (shown.view.x - shown.rect.x, shown.view.y - shown.rect.y))
    let diff = ImageDiff(actual: image, golden: golden, threshold: 0)
    #expect(diff.count == 0, "\(diff.count) pixels differ within \(String(describing: diff.bounds))")
  }

  @Test(
    "a fast drag (80 px a frame): a frame drawn tile by tile composes nothing into a page it then throws away"
  )
  func fastDragWastesNothing() throws {
    let (display, scene, model, start) = try Self.built()
    var camera = start
    var copied = 0
    for k in 0..<20 {
      camera.pan(dx: -80, dy: 0)
      let before = scene.map.pan.unitsComposed
      _ = try Self.draw(scene, display, camera, model.pins)
      let view = PanPage.Rect(x: Int(camera.centerX) - 320, y: -210, width: 640, height: 800)
      let units = scene.map.pan.unitsComposed - before
      if scene.map.pan.shown.map({ $0.rect.contains(view) }) ?? false {
        copied += 1
      } else {
        #expect(units == 0, "frame \(k): \(units) units composed, then drawn tile by tile")
      }
    }
    #expect(copied >= 5, "\(copied) of 20 frames copied out of a page")
  }

  @Test(
    "a flight after a drag stopped mid-page: its page is its own (its last view's pins first), not the drag's"
  )
  func flightAfterADrag() throws {
    let (display, scene, model, start) = try Self.built()
    var camera = start
    // A page planned ahead of the drag at its 8th frame, partly composed; then held still.
    for _ in 0..<10 {
      camera.pan(dx: -12, dy: 0)
      _ = try Self.draw(scene, display, camera, model.pins)
    }
    _ = try Self.draw(scene, display, camera, model.pins)
    let startX = Int(camera.centerX) - 320
    // To a last view inside the drag's page ahead, outside the page on screen.
    let toX = 420.0
    camera.fly(world: toX, 190, toScreen: 320, 400, width: 640, height: 800, at: 0, animated: true)
    var image = RGBImage(width: 1, height: 1)
    for k in 0...30 {
      camera.advance(to: Double(k) / 60, wall: Double(k) / 60)
      image = try Self.draw(scene, display, camera, model.pins)
    }
    let end = PanPage.Rect(x: Int(toX) - 320, y: -210, width: 640, height: 800)
    let shown = try #require(scene.map.pan.shown)
    #expect(shown.view == end)
    // The pixels of the flight's page (from the view to the last, the last view's pins first).
    let page = PanPage.Rect(x: startX, y: -210, width: end.x + 640 - startX, height: 800)
    let centre = MapTileTests.camera(
      x: Double(page.x + page.width / 2), y: Double(page.y + page.height / 2), zoom: 1)
    let offset = (x: end.x - page.x, y: 0)
    let golden = try Self.bufferPart(centre, offset: offset, size: (page.width, page.height), first: offset)
    let diff = ImageDiff(actual: image, golden: golden, threshold: 0)
    #expect(diff.count == 0, "\(diff.count) pixels differ within \(String(describing: diff.bounds))")
  }

  @Test(
    "a tile's pixels uploaded into a page: the part inside the texture, at the page's offset, at 1× and 2×",
    arguments: [
      // (scale, tile's top-left in points, the texture's pixels written: (x, y) → the tile's (x, y))
      (1, (2, 1), [(2, 1, 0, 0), (5, 4, 3, 3)]),
      (1, (-1, -2), [(0, 0, 1, 2), (2, 1, 3, 3)]),
      (1, (6, 7), [(6, 7, 0, 0), (7, 7, 1, 0)]),
      (2, (1, -1), [(2, 0, 0, 2), (7, 5, 5, 7)]),
    ] as [(Int, (Int, Int), [(Int, Int, Int, Int)])])
  func upload(scale: Int, at: (Int, Int), written: [(Int, Int, Int, Int)]) throws {
    let (display, _, _) = try RenderTests.setUp(width: 8, height: 8)
    let renderer = display.canvas.renderer
    let texture = try #require(
      SDL_CreateTexture(
        renderer, detent_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue), 8, 8))
    defer { SDL_DestroyTexture(texture) }
    // A tile of 4 points a side: pixel (x, y) is 0xFF000000 | x << 8 | y.
    let side = 4 * scale
    let tile = (0..<(side * side)).map { UInt32(0xFF00_0000) | UInt32(($0 % side) << 8) | UInt32($0 / side) }
    SDL_SetRenderTarget(renderer, texture)
    SDL_SetRenderDrawColor(renderer, 0, 0, 0, 0)
    SDL_RenderClear(renderer)
    PanPage.upload(tile, at: at, into: texture, scale: scale)
    var read = [UInt32](repeating: 0, count: 64)
    _ = read.withUnsafeMutableBytes {
      SDL_RenderReadPixels(renderer, nil, detent_pixelformat_argb8888(), $0.baseAddress, 32)
    }
    SDL_SetRenderTarget(renderer, nil)
    for (x, y, tx, ty) in written {
      #expect(read[y * 8 + x] == UInt32(0xFF00_0000) | UInt32(tx << 8) | UInt32(ty), "pixel (\(x), \(y))")
    }
    // Everything else untouched: as many pixels written as the tile's part inside the texture.
    let inside = (0..<8).reduce(0) { n, y in
      n
        + (0..<8).filter { x in
          (x - at.0 * scale) >= 0 && (x - at.0 * scale) < side && (y - at.1 * scale) >= 0
            && (y - at.1 * scale) < side
        }.count
    }
    #expect(read.filter { $0 != 0 }.count == inside)
  }

  /// A 640×800 scene with the pan buffer on, its camera at the location and the buffer built
  /// for it (10 frames: the ring of tiles held); `blends`: the overlay blended on the CPU.
  static func built(blends: Bool = true) throws -> (
    display: Display, scene: SceneRenderer, model: DemoModel, camera: MapCamera
  ) {
    let (display, scene, model) = try RenderTests.setUp()
    scene.map.panBuffered = true
    scene.map.blendsOverlay = blends
    let camera = MapTileTests.camera(x: 0, y: 190, zoom: 1)
    for _ in 0..<10 { _ = try draw(scene, display, camera, model.pins) }
    return (display, scene, model, camera)
  }

  /// Draws the map for `camera` with `pins` and reads it back.
  static func draw(
    _ scene: SceneRenderer, _ display: Display, _ camera: MapCamera, _ pins: MapPins
  ) throws -> RGBImage {
    scene.map.draw(
      camera: camera, pins: pins, width: display.width, height: display.height, canvas: display.canvas,
      text: scene.text)
    return try display.readImage()
  }

  @Test(
    "a place opened or closed: the buffer patched where the pins change, to the pixels of one built with them"
  )
  func patchesPins() throws {
    let (display, scene, model, camera) = try Self.built()
    var pins = model.pins
    let before = try Self.draw(scene, display, camera, pins)
    #expect(scene.map.pan.builds == 1)
    let m = PanBuffer.margin
    // The nearest place (its balloon in view, pins around it left out), then none again.
    for (patches, selected) in [(1, 0), (2, nil)] as [(Int, Int?)] {
      pins.selected = selected
      let image = try Self.draw(scene, display, camera, pins)
      #expect(scene.map.pan.builds == 1)
      #expect(scene.map.pan.patches == patches)
      let golden = try Self.bufferPart(camera, offset: (m, m), pins: pins)
      let diff = ImageDiff(actual: image, golden: golden, threshold: 0)
      #expect(diff.count == 0, "\(diff.count) pixels differ within \(String(describing: diff.bounds))")
      let changed = ImageDiff(actual: image, golden: before, threshold: 0).count
      #expect((selected == nil) == (changed == 0), "\(changed) pixels changed")
    }
  }

  @Test(
    "during a flight the page from the view to its last view is composed ahead and takes over; a path too long is not",
    arguments: [(900.0, true), (-600.0, true), (5000.0, false)])
  func composesFlightAhead(toX: Double, ahead: Bool) throws {
    let (display, scene, model, start) = try Self.built()
    var camera = start
    var pins = model.pins
    #expect(scene.map.pan.builds == 1)
    // A place opened: its pin selected as the flight starts (the buffer is patched for it).
    pins.selected = 0
    // Brings world point (toX, 190) to the view's centre: a flight of toX px.
    camera.fly(world: toX, 190, toScreen: 320, 400, width: 640, height: 800, at: 0, animated: true)
    // The rectangle from the first view (-320, -210) to the last.
    let page = PanPage.Rect(x: -320 + min(Int(toX), 0), y: -210, width: 640 + Int(abs(toX)), height: 800)
    var tookOver: Int?
    var image = RGBImage(width: 1, height: 1)
    for k in 0...30 {
      camera.advance(to: Double(k) / 60, wall: Double(k) / 60)
      image = try Self.draw(scene, display, camera, pins)
      if tookOver == nil, scene.map.pan.shown?.rect == page { tookOver = k }
    }
    #expect(!camera.isFlying)
    #expect(scene.map.pan.patches == 1)
    guard ahead else {
      #expect(tookOver == nil)
      return
    }
    // Composed over the frames before the view would leave the buffer built at rest.
    let left = (1...30).first { k in abs(MapCamera.ease(Double(k) / 30) * toX) > Double(PanBuffer.margin) }!
    #expect(
      tookOver.map { $0 < left } ?? false,
      "took over in frame \(String(describing: tookOver)), left in \(left)")
    // The last view, copied out of it: its pins placed first.
    let centre = MapTileTests.camera(
      x: Double(page.x + page.width / 2), y: Double(page.y + page.height / 2), zoom: 1)
    let offset = (x: Int(toX) - 320 - page.x, y: 0)
    let golden = try Self.bufferPart(
      centre, offset: offset, pins: pins, size: (page.width, page.height), first: offset)
    let diff = ImageDiff(actual: image, golden: golden, threshold: 0)
    #expect(diff.count == 0, "\(diff.count) pixels differ within \(String(describing: diff.bounds))")
  }

  @Test("frames copied out of it are told apart as the others are: still, panned, pins patched, dimmed")
  func kinds() throws {
    let (display, scene, model, start) = try Self.built()
    var camera = start
    var pins = model.pins
    var kinds: [MapFrameKind] = []
    func frame(dim: Double = 0) {
      scene.map.draw(
        camera: camera, pins: pins, width: display.width, height: display.height, canvas: display.canvas,
        text: scene.text, dim: dim)
      kinds.append(scene.map.lastKind)
    }
    frame()
    camera.pan(dx: -20, dy: 0)
    frame()
    frame()
    pins.selected = 0
    frame()
    frame()
    frame(dim: 0.3)
    #expect(scene.map.pan.builds == 1)
    #expect(kinds == [.still, .pan, .still, .pan, .still, .dim])
  }

  @Test(
    "the fraction of the way at which a view leaves a rectangle",
    arguments: [
      ((0, 0), 1.0), ((100, 0), 0.5), ((-200, 0), 0.25), ((10, 10), 1.0), ((100, -100), 0.5),
      ((40, -200), 0.25), ((0, 25), 1.0), ((0, 100), 0.5),
    ] as [((Int, Int), Double)])
  func exit(end: (Int, Int), fraction: Double) {
    let view = PanPage.Rect(x: 0, y: 0, width: 100, height: 100)
    let rect = PanPage.Rect(x: -50, y: -50, width: 200, height: 200)
    let to = PanPage.Rect(x: end.0, y: end.1, width: 100, height: 100)
    #expect(PanBuffer.exit(of: view, toward: to, from: rect) == fraction)
  }

  @Test("overlay items that changed; nil when those in both are not in the same order")
  func changedItems() {
    func items(_ xs: [Double]) -> [MapOverlay.Item] {
      let overlay = MapOverlay()
      for x in xs { overlay.roundedRect(x, 0, 10, 10, radius: 2, .black) }
      return overlay.items
    }
    func xs(_ items: [MapOverlay.Item]?) -> [Double]? { items?.map(\.columns.left) }
    #expect(xs(PanPage.changed(from: items([]), to: items([]))) == [])
    #expect(xs(PanPage.changed(from: items([1, 2, 3]), to: items([1, 2, 3]))) == [])
    #expect(xs(PanPage.changed(from: items([1, 2, 3]), to: items([1, 3]))) == [2])
    #expect(xs(PanPage.changed(from: items([1, 3]), to: items([0, 1, 3, 4]))) == [0, 4])
    #expect(xs(PanPage.changed(from: items([1, 2]), to: items([5, 2]))) == [1, 5])
    #expect(xs(PanPage.changed(from: items([1, 1]), to: items([1]))) == [1])
    #expect(xs(PanPage.changed(from: items([1, 2]), to: items([2, 1]))) == nil)
  }
}

/// What opening a place draws on the map, made ahead (`MapRenderer.warmSelected`, called by the
/// detail warmer in quiet frames): the frame that opens it then makes none of its pin's textures.
@Suite(.serialized) struct WarmSelectedTests {
  /// Textures the frame opening place 0 makes, after `warm` (textures made ahead per call).
  static func opening(warm: Bool) throws -> (opening: Int, warmed: [Int]) {
    // As on a GPU renderer: the overlay's pixels are not kept beside its textures.
    let (display, scene, model, camera) = try PanBufferTests.built(blends: false)
    var pins = model.pins
    let place = model.places.place(0)
    let warmed =
      warm
      ? (0..<5).map { _ in scene.map.warmSelected(place, canvas: display.canvas, text: scene.text, budget: 1)
      }
      : []
    func renders() -> Int { scene.text.renders + (scene.map.overlay.marks?.renders ?? 0) }
    let before = renders()
    pins.selected = 0
    _ = try PanBufferTests.draw(scene, display, camera, pins)
    #expect(scene.map.pan.patches == 1)
    return (renders() - before, warmed)
  }

  @Test(
    "warmed one texture a call (the balloon's shadow, its glyph, the balloon, the bold name): four fewer opening it"
  )
  func warmed() throws {
    let cold = try Self.opening(warm: false)
    let warm = try Self.opening(warm: true)
    #expect(warm.warmed == [1, 1, 1, 1, 0])
    // What is left is what the balloon's place changes around it (a pin and a name it uncovers).
    #expect(cold.opening - warm.opening == 4, "\(cold.opening) textures made cold, \(warm.opening) warmed")
  }

  @Test("balloons made ahead for the 30 rows' places of a 3840×2160 window evict none of the pins' sprites")
  func warmedKeepsPins() throws {
    let (display, scene, model) = try RenderTests.setUp(width: 3840, height: 2160)
    var camera = MapTileTests.camera(x: 0, y: 190, zoom: 1)
    for _ in 0..<3 { _ = try PanBufferTests.draw(scene, display, camera, model.pins) }
    let marks = try #require(scene.map.overlay.marks)
    var warmed = 0
    for index in 0..<30 {
      let place = model.places.place(index)
      while case let made = scene.map.warmSelected(
        place, canvas: display.canvas, text: scene.text, budget: .max),
        made > 0
      {
        warmed += made
      }
    }
    #expect(warmed > 50)
    let before = marks.renders
    // A pan by whole pixels places every pin at the fraction of a pixel it had.
    camera.pan(dx: -3, dy: 0)
    _ = try PanBufferTests.draw(scene, display, camera, model.pins)
    #expect(marks.renders == before, "\(marks.renders - before) sprites made again")
  }
}
