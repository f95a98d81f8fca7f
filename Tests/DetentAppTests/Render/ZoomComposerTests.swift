import CPixels
@preconcurrency import CSDL2
import Foundation
import Detent
import Testing

@testable import DetentApp

/// Scaled frames (a zoom moving, the nearest level standing in) composed on the CPU into the
/// offscreen display's surface (`ZoomComposer`) against the same frames drawn by SDL's software
/// renderer (its nearest-neighbour scaled copies, the overlay above).
@Suite(.serialized) struct ZoomComposerTests {
  /// A progressive frame of the map at `zoom` centred on (x, y), the tiles of `held` (zoom,
  /// centre x, centre y) rendered first (not progressive, no pins): the nearest level held
  /// stands in, scaled, for the tiles of `zoom` missing. The rows under a sheet whose top edge
  /// is at `sheetTop` are the sheet's. Returns the image and the rows the zoom compositor wrote.
  static func image(
    surface: Bool, zoom: Double, x: Double, y: Double, held: [(Double, Double, Double)], dim: Double,
    sheetTop: Int?, frames: Int = 1, keptPerFrame: Int? = nil
  ) throws -> (image: RGBImage, rows: Int) {
    let (display, scene, model) = try RenderTests.setUp()
    scene.map.composesInSurface = surface
    if let keptPerFrame { scene.map.zoom.keptPerFrame = keptPerFrame }
    display.canvas.clear(Color(hex: 0x808080))
    var none = model.pins
    none.needle = "no place is called this"
    for (z, cx, cy) in held {
      scene.map.draw(
        camera: MapTileTests.camera(x: cx, y: cy, zoom: z), pins: none, width: display.width,
        height: display.height, canvas: display.canvas, text: scene.text)
    }
    scene.map.progressive = true
    let before = scene.map.zoom.rowsComposed
    for frame in 0..<frames {
      if frame > 0 { drawAsTheFloor(on: display.canvas) }
      scene.map.draw(
        camera: MapTileTests.camera(x: x, y: y, zoom: zoom), pins: model.pins, width: display.width,
        height: display.height, canvas: display.canvas, text: scene.text, dim: dim,
        visibleRows: sheetTop.map { $0 + 12 }, sheetTop: sheetTop)
      // The memory for a kept view, prepared off the main thread from the first frame on.
      scene.map.zoom.waitForKeptPixels()
      // What a sheet drawn after the map does (over the map's rows, which the next frame redraws).
      display.canvas.fillRect(20, 30, 16, 16, Color(hex: 0x123456))
    }
    if let sheetTop {
      display.canvas.fillRect(
        0, Double(sheetTop + 12), 640, Double(800 - sheetTop - 12), Color(hex: 0x808080))
    }
    return (try display.readImage(), scene.map.zoom.rowsComposed - before)
  }

  /// Cameras at zoom `z` whose 640×800 views together cover the world rectangle centred on
  /// (x, y), `w`×`h` world pixels at zoom `z`.
  static func cover(zoom z: Double, x: Double, y: Double, w: Double, h: Double) -> [(Double, Double, Double)]
  {
    var cameras: [(Double, Double, Double)] = []
    var cy = y - h / 2 / z + 380 / z
    repeat {
      var cx = x - w / 2 / z + 300 / z
      repeat {
        cameras.append((z, cx, cy))
        cx += 600 / z
      } while cx - 300 / z < x + w / 2 / z
      cy += 760 / z
    } while cy - 380 / z < y + h / 2 / z
    return cameras
  }

  @Test(
    "SDL's nearest-neighbour sampling: the source index of each destination pixel, whole and from an offset",
    arguments: [
      // 256 → 333 (zoom in ×1.3): inc = 50,382; (inc/2 + i·inc) >> 16.
      (source: 256, dest: 333, first: 0, expected: [0, 1, 1, 2, 3, 4]),
      (source: 256, dest: 333, first: 327, expected: [251, 252, 253, 254, 254, 255]),
      // 256 → 180 (zoom out ×0.7): every source pixel but some skipped.
      (source: 256, dest: 180, first: 0, expected: [0, 2, 3, 4, 6, 7]),
      (source: 256, dest: 180, first: 174, expected: [248, 249, 251, 252, 253, 255]),
      // 1:1 is the identity; ×2 doubles each pixel.
      (source: 256, dest: 256, first: 100, expected: [100, 101, 102, 103, 104, 105]),
      (source: 256, dest: 512, first: 1, expected: [0, 1, 1, 2, 2, 3]),
    ])
  func sampling(source: Int, dest: Int, first: Int, expected: [Int]) {
    var table = [UInt16](repeating: 0, count: expected.count)
    detent_scale_index(UInt32(source), UInt32(dest), UInt32(first), UInt32(expected.count), &table)
    #expect(table.map(Int.init) == expected)
  }

  @Test("the kernel: rows sampled and multiplied by their shade, alpha opaque; a repeated row copied")
  func kernel() {
    // A 256×256 source whose pixel (x, y) is 0x00_yy_xx_80 (alpha 0).
    let source: [UInt32] = (0..<(256 * 256)).map { (i: Int) -> UInt32 in
      let (y, x) = (UInt32(i / 256), UInt32(i % 256))
      return y << 16 | x << 8 | 0x80
    }
    let rows: [UInt16] = [3, 3, 3, 200]
    let shades: [UInt8] = [255, 255, 128, 128]
    // Eleven columns: the eight-pixel step and three more, one step shrinking past half.
    let columns: [UInt16] = [0, 2, 5, 7, 10, 12, 14, 15, 255, 254, 9]
    var out = [UInt32](repeating: 0, count: 4 * 16)
    detent_scale_block(source, 256, rows, shades, 4, columns, 11, &out, 16, 0)
    for (r, row) in rows.enumerated() {
      for (c, column) in columns.enumerated() {
        let shade = Int(shades[r])
        let red: Int = Int(row) * shade / 255
        let green: Int = Int(column) * shade / 255
        let blue: Int = 0x80 * shade / 255
        let expected = UInt32(0xFF00_0000) | UInt32(red << 16 | green << 8 | blue)
        #expect(out[r * 16 + c] == expected, "row \(r) column \(c)")
      }
      // Past the row's columns: untouched.
      #expect(out[r * 16 + 11] == 0)
    }
  }

  @Test(
    "what placements leave uncovered (the land shows there; a placement below shows there): exactly the pixels none covers",
    arguments: [
      // Two tiles side by side cover 0..<200 × 0..<100 of 0..<250: the strip right of them.
      (tiles: [(0, 0, 100, 100), (100, 0, 100, 100)], expected: [[200, 0, 50, 100]]),
      // A tile missing in a 2×2 grid reaching past the bounds.
      (
        tiles: [(-30, -20, 140, 70), (110, -20, 140, 70), (-30, 50, 140, 70)], expected: [[110, 50, 140, 50]]
      ),
      // Covered, with a 1:1 tile above the scaled ones: nothing.
      (tiles: [(-10, -10, 300, 120), (20, 20, 50, 50)], expected: []),
      // Nothing placed: everything.
      (tiles: [], expected: [[0, 0, 250, 100]]),
    ])
  func land(tiles: [(Int, Int, Int, Int)], expected: [[Int]]) throws {
    let (display, scene, model) = try RenderTests.setUp()
    scene.map.draw(
      camera: MapTileTests.camera(x: 300, y: 400, zoom: 1), pins: model.pins, width: display.width,
      height: display.height, canvas: display.canvas, text: scene.text)
    let tile = try #require(scene.map.cache.peek(TileKey(zoom: 1, x: 0, y: 0)))
    let placements = tiles.map {
      TileLayer.Placement(tile: tile, x: $0.0, y: $0.1, w: $0.2, h: $0.3, ground: true)
    }
    var filled: [[Int]] = []
    Uncovered.forEach(in: 0..<250, 0..<100, by: placements[...]) {
      filled.append([$0, $1, $2, $3])
    }
    #expect(filled == expected)
  }

  @Test(
    "a scaled frame composed on the CPU has the pixels SDL's software renderer draws, zooming in and out, at fractional offsets, with the exact level partly held, dimmed, under a sheet's shadow",
    arguments: [
      // Zoom in from level 1: ×1.37 and ×2.6 (most rows repeated), the view's centre between pixels.
      (zoom: 1.37, held: [1.0], dim: 0.0, sheetTop: Int?.none, differing: 0),
      (zoom: 2.6, held: [1.0], dim: 0.4, sheetTop: Int?.none, differing: 0),
      // Zoom out to ×0.8 and ×0.45 of level 1 (past half: the kernel gathers).
      (zoom: 0.8, held: [1.0], dim: 0.0, sheetTop: Int?.none, differing: 0),
      (zoom: 0.45, held: [1.0], dim: 0.4, sheetTop: Int?.none, differing: 0),
      // The exact level's tiles held on the left half, above level 1 scaled.
      (zoom: 1.37, held: [1.0, 1.37], dim: 0.4, sheetTop: Int?.none, differing: 0),
      // Under a sheet: SDL clips the tile crossing the last visible row (512) to the clip
      // rectangle and samples it from a rounded source rectangle: 958 of its pixels take the
      // source row next to the one the whole tile's sampling gives.
      (zoom: 1.37, held: [1.0], dim: 0.4, sheetTop: 500, differing: 958),
      (zoom: 0.8, held: [1.0], dim: 0.0, sheetTop: 300, differing: 0),
    ])
  func againstRenderer(zoom: Double, held: [Double], dim: Double, sheetTop: Int?, differing: Int) throws {
    let (x, y) = (300.37, 400.71)
    var cameras: [(Double, Double, Double)] = []
    for level in held {
      if level == zoom {
        // The exact level's tiles of the view's left part.
        cameras.append((level, x - 250 / level, y))
      } else {
        cameras += Self.cover(
          zoom: level, x: x, y: y, w: 640 * level / zoom + 600, h: 800 * level / zoom + 600)
      }
    }
    let direct = try Self.image(
      surface: true, zoom: zoom, x: x, y: y, held: cameras, dim: dim, sheetTop: sheetTop)
    let drawn = try Self.image(
      surface: false, zoom: zoom, x: x, y: y, held: cameras, dim: dim, sheetTop: sheetTop)
    let diff = ImageDiff(actual: direct.image, golden: drawn.image, threshold: 0)
    // DETENT_ZOOM_SHOTS=DIR: both paths' frames and their difference as PNGs, to look at.
    if let folder = ProcessInfo.processInfo.environment["DETENT_ZOOM_SHOTS"] {
      let name = "zoom\(zoom)-dim\(dim)-sheet\(sheetTop ?? 0)-levels\(held.count)"
      try direct.image.writePNG(to: "\(folder)/\(name)-cpu.png")
      try drawn.image.writePNG(to: "\(folder)/\(name)-renderer.png")
      try diff.picture.writePNG(to: "\(folder)/\(name)-diff.png")
    }
    #expect(direct.rows == (sheetTop.map { $0 + 12 } ?? 800))
    #expect(drawn.rows == 0)
    #expect(diff.count == differing, "\(diff.count) pixels differ within \(String(describing: diff.bounds))")
    // Each pixel that differs is the renderer's pixel up to two rows above or below (one source
    // row over, at ×1.37), outside the shadow's rows (where each row has its own shade).
    let shadow = sheetTop.map { ($0 - SheetShadow.height)..<$0 } ?? 0..<0
    let (a, b, w) = (direct.image.pixels, drawn.image.pixels, direct.image.width)
    func pixel(_ p: [UInt8], _ x: Int, _ y: Int) -> ArraySlice<UInt8> {
      p[((y * w + x) * 3)..<((y * w + x) * 3 + 3)]
    }
    var far = 0
    for y in 2..<(direct.image.height - 2) where !shadow.contains(y) {
      for x in 0..<w where pixel(a, x, y) != pixel(b, x, y) {
        if !(-2...2).contains(where: { pixel(a, x, y) == pixel(b, x, y + $0) }) { far += 1 }
      }
    }
    #expect(far == 0, "\(far) pixels differ from the renderer's two rows around them too")
  }

  @Test(
    "a scaled frame held still (a zoom settling) is kept from its second frame on, at most so many pixels a frame, and copied once whole: the same pixels",
    arguments: [
      // 640×800 (512,000 pixels) kept in four bands (`keptBands`), in the second to the fifth
      // frames; copied from the sixth.
      (zoom: 1.37, dim: 0.0, sheetTop: Int?.none, frames: 6, perFrame: Int?.none, bands: 4),
      (zoom: 1.37, dim: 0.4, sheetTop: 500, frames: 8, perFrame: Int?.none, bands: 4),
      (zoom: 1.37, dim: 0.4, sheetTop: 500, frames: 5, perFrame: Int?.none, bands: 4),
      (zoom: 1.37, dim: 0.4, sheetTop: 500, frames: 2, perFrame: Int?.none, bands: 4),
      // 80,000 a frame: 512 rows (to the sheet's shadow, 327,680 pixels) in five bands, in the
      // second to the sixth frames; copied from the seventh.
      (zoom: 1.37, dim: 0.4, sheetTop: 500, frames: 8, perFrame: 80_000, bands: 5),
      // Part-way through keeping: the same pixels.
      (zoom: 1.37, dim: 0.4, sheetTop: 500, frames: 3, perFrame: 80_000, bands: 5),
      // Zoomed out: the level held shrunk (every tile of the view read, some past half a tile).
      (zoom: 0.8, dim: 0.0, sheetTop: Int?.none, frames: 6, perFrame: Int?.none, bands: 4),
      (zoom: 0.8, dim: 0.4, sheetTop: 500, frames: 8, perFrame: 80_000, bands: 5),
    ])
  func held(zoom: Double, dim: Double, sheetTop: Int?, frames: Int, perFrame: Int?, bands: Int) throws {
    let (x, y) = (300.37, 400.71)
    let cameras = Self.cover(zoom: 1, x: x, y: y, w: 640 / zoom + 600, h: 800 / zoom + 600)
    let once = try Self.image(
      surface: true, zoom: zoom, x: x, y: y, held: cameras, dim: dim, sheetTop: sheetTop)
    let held = try Self.image(
      surface: true, zoom: zoom, x: x, y: y, held: cameras, dim: dim, sheetTop: sheetTop, frames: frames,
      keptPerFrame: perFrame)
    // Scaled by this compositor (a level held standing in).
    #expect(once.rows == (sheetTop.map { $0 + 12 } ?? 800))
    // Rows composed: the first frame's; then each frame keeping a band composes the rows not
    // kept in the frames before it (those are copied from the kept view); then none.
    let step = (once.rows + bands - 1) / bands
    let keeping = (0..<min(frames - 1, bands)).map { once.rows - min($0 * step, once.rows) }
    #expect(held.rows == once.rows + keeping.reduce(0, +))
    let diff = ImageDiff(actual: held.image, golden: once.image, threshold: 0)
    #expect(diff.count == 0, "\(diff.count) pixels differ within \(String(describing: diff.bounds))")
  }

  @Test("a view held still while tiles are on their way (`keeps` false) is composed every frame, never kept")
  func notKeptWhileTilesArrive() throws {
    let (display, scene, model) = try RenderTests.setUp()
    let (x, y) = (300.37, 400.71)
    for (z, cx, cy) in Self.cover(zoom: 1, x: x, y: y, w: 640 / 1.37 + 600, h: 800 / 1.37 + 600) {
      scene.map.draw(
        camera: MapTileTests.camera(x: cx, y: cy, zoom: z), pins: model.pins, width: display.width,
        height: display.height, canvas: display.canvas, text: scene.text)
    }
    scene.map.progressive = true
    scene.map.draw(
      camera: MapTileTests.camera(x: x, y: y, zoom: 1.37), pins: model.pins, width: display.width,
      height: display.height, canvas: display.canvas, text: scene.text)
    let layer = scene.map.scheduler.layer
    #expect(layer.isScaled)
    let zoom = scene.map.zoom
    let screen = try #require(zoom.surface(canvas: display.canvas, layer: layer, width: 640, height: 800))
    let key = ZoomComposer.Key(layer: -1, overlay: -1, width: 640, shade: 255, rows: 800, sheetTop: nil)
    func frame(keeps: Bool) -> Int {
      let before = zoom.rowsComposed
      zoom.draw(
        into: screen, layer: layer, overlay: scene.map.overlay,
        band: SheetShadow.Band(sheetTop: nil, rows: 800),
        key: key, keeps: keeps, canvas: display.canvas, text: scene.text)
      zoom.waitForKeptPixels()
      return zoom.rowsComposed - before
    }
    // Not kept while tiles arrive: every frame composed.
    #expect((0..<4).map { _ in frame(keeps: false) } == [800, 800, 800, 800])
    // Once they stop: kept in the next four frames (a band each, `keptBands`), the bands kept
    // before copied from the kept view, the rest composed; copied whole after.
    #expect((0..<6).map { _ in frame(keeps: true) } == [800, 600, 400, 200, 0, 0])
  }

  @Test(
    "the kernel on wide rows, streamed or not: every pixel as sampled, from any alignment, shrinking, growing and 1:1",
    arguments: [
      (dest: 230, first: 3, count: 227, offset: 1, stream: true),
      (dest: 374, first: 100, count: 200, offset: 5, stream: true),
      (dest: 374, first: 100, count: 200, offset: 5, stream: false),
      // At the tile's own size (1:1, read straight): whole, cut on either side, short, unaligned.
      (dest: 256, first: 0, count: 256, offset: 3, stream: true),
      (dest: 256, first: 37, count: 219, offset: 0, stream: true),
      (dest: 256, first: 5, count: 100, offset: 7, stream: false),
      (dest: 256, first: 250, count: 6, offset: 2, stream: true),
      (dest: 256, first: 0, count: 71, offset: 15, stream: true),
    ])
  func wide(dest: Int, first: Int, count: Int, offset: Int, stream: Bool) {
    let source: [UInt32] = (0..<(256 * 256)).map { UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) }
    var columns = [UInt16](repeating: 0, count: count)
    detent_scale_index(256, UInt32(dest), UInt32(first), UInt32(count), &columns)
    let rows: [UInt16] = (0..<20).map { UInt16($0 * 256 / 20) }
    let shades: [UInt8] = (0..<20).map { $0 < 10 ? 255 : 153 }
    let pitch = count + 16
    var out = [UInt32](repeating: 0, count: pitch * 20 + 16)
    out.withUnsafeMutableBufferPointer {
      detent_scale_block(
        source, 256, rows, shades, 20, columns, count, $0.baseAddress! + offset, pitch, stream ? 1 : 0)
    }
    var wrong = 0
    for r in 0..<20 {
      for c in 0..<count {
        let p = source[Int(rows[r]) * 256 + Int(columns[c])]
        let m = UInt32(shades[r])
        let (red, green, blue) = ((p >> 16 & 0xFF) * m / 255, (p >> 8 & 0xFF) * m / 255, (p & 0xFF) * m / 255)
        if out[offset + r * pitch + c] != 0xFF00_0000 | red << 16 | green << 8 | blue { wrong += 1 }
      }
    }
    #expect(wrong == 0)
  }

  @Test(
    "on the offscreen display a tile keeps its ground as pixels for the compositor: nothing waits to be uploaded, and its texture is made from them if the renderer asks",
    arguments: [true, false])
  func keptGround(offscreen: Bool) throws {
    // A 16×16 tile whose ground alone is opaque (r 16·x, g 16·y, b 0x80); with labels b 0x40.
    let ground: [UInt32] = (0..<256).map { (i: Int) -> UInt32 in
      0xFF00_0080 | UInt32(16 * (i % 16)) << 16 | UInt32(16 * (i / 16)) << 8
    }
    let labelled = ground.map { $0 & 0xFFFF_FF00 | 0x40 }
    let pixels = TilePixels(
      key: TileKey(zoom: 1, x: 0, y: 0), side: 16, pixels: labelled, ground: ground,
      kept: PixelBuffer(opaque: labelled), keptGround: PixelBuffer(opaque: ground))
    let display = try Display(offscreenWidth: 16, height: 16)
    let target = display.canvas
    // A window's canvas has no screen surface: the ground waits as a texture to upload.
    let screen = target.screen
    if !offscreen { target.screen = nil }
    defer { target.screen = screen }
    let tile = try #require(TileUpload.tile(pixels, for: target, frame: 1, ground: false))
    #expect(tile.groundPending == !offscreen)
    #expect(tile.groundPixelsKept.map { Array($0.pixels) } == (offscreen ? ground : nil))
    let texture = try #require(tile.ground)
    var dst = SDL_Rect(x: 0, y: 0, w: 16, h: 16)
    SDL_RenderCopy(display.renderer, texture, nil, &dst)
    let image = try display.readImage()
    // Pixel (3, 5) of the ground: r 48, g 80, b 0x80.
    let i = (5 * 16 + 3) * 3
    #expect(Array(image.pixels[i..<(i + 3)]) == [48, 80, 0x80])
  }
}
