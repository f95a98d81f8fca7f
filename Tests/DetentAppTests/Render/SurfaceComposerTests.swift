import Detent
import Testing

@testable import DetentApp

/// The map composed straight into the offscreen display's surface (`SurfaceComposer`) has the
/// pixels of the same frame drawn through the renderer (dimmed strip or view cache copied,
/// overlay colour-modulated), moving, holding still (its kept view) and under a sheet's
/// shadow; its progressive overlay (drawn plain, multiplied after) has the pixels of the
/// renderer's progressive path and differs from the exact one only on the pins' blended edges.
@Suite(.serialized) struct SurfaceComposerTests {
  /// The map for a fixed camera with every place's pin, after `frames` identical frames (1: a
  /// view that just moved; 3: a view held still, from the kept view), at `dim` (frame i at
  /// `dims[i]` when given) with a
  /// full-width sheet's top edge at `sheetTop`; and the rows the compositor wrote.
  static func image(
    surface: Bool, progressive: Bool, dim: Double, sheetTop: Int?, frames: Int, dims: [Double] = []
  ) throws -> (image: RGBImage, rows: Int) {
    let (display, scene, model) = try RenderTests.setUp()
    scene.map.composesInSurface = surface
    let camera = MapTileTests.camera(x: 40, y: 120, zoom: 1)
    // Cleared once: a clear resets the clip rectangle a clipped draw leaves (see below).
    display.canvas.clear(Color(hex: 0x808080))
    if progressive {
      // Progressive frames get their tiles from the worker, some frames later: the view's tiles
      // are rendered first in a frame that is not, without pins (so that the first frame
      // counted is one whose view changed).
      var none = model.pins
      none.needle = "no place is called this"
      scene.map.draw(
        camera: camera, pins: none, width: display.width, height: display.height, canvas: display.canvas,
        text: scene.text)
      scene.map.progressive = true
    }
    let rowsBefore = scene.map.surfaceRows
    for frame in 0..<frames {
      if frame > 0 { drawAsTheFloor(on: display.canvas) }
      scene.map.draw(
        camera: camera, pins: model.pins, width: display.width, height: display.height,
        canvas: display.canvas,
        text: scene.text, dim: frame < dims.count ? dims[frame] : dim, visibleRows: sheetTop.map { $0 + 12 },
        sheetTop: sheetTop)
      drawAsASheet(on: display.canvas)
    }
    coverBelowSheet(at: sheetTop, on: display.canvas)
    return (try display.readImage(), scene.map.surfaceRows - rowsBefore)
  }

  @Test(
    "composed in the surface: exactly the renderer's pixels, moving and held still, dimmed or not, with a sheet's shadow",
    arguments: [
      (dim: 0.4, sheetTop: Int?.none, frames: 1, rows: 800),
      // Frame 2 makes the kept view; frame 3 copies it (no row composed).
      (dim: 0.4, sheetTop: Int?.none, frames: 3, rows: 800 + 800),
      (dim: 0.4, sheetTop: 500, frames: 1, rows: 512),
      // Frame 2 makes the kept view (800 rows) and redoes the shadow's and the corners' 26 rows;
      // frame 3 copies the kept view and redoes them again.
      (dim: 0.4, sheetTop: 500, frames: 3, rows: 512 + 800 + 26 + 26),
      (dim: 0.0, sheetTop: 300, frames: 1, rows: 312),
      (dim: 0.0, sheetTop: 300, frames: 3, rows: 312 + 800 + 26 + 26),
      (dim: 1.0, sheetTop: Int?.none, frames: 1, rows: 800),
    ])
  func exact(dim: Double, sheetTop: Int?, frames: Int, rows: Int) throws {
    let direct = try Self.image(
      surface: true, progressive: false, dim: dim, sheetTop: sheetTop, frames: frames)
    let drawn = try Self.image(
      surface: false, progressive: false, dim: dim, sheetTop: sheetTop, frames: frames)
    #expect(direct.rows == rows)
    #expect(drawn.rows == 0)
    let diff = ImageDiff(actual: direct.image, golden: drawn.image, threshold: 0)
    #expect(diff.count == 0, "\(diff.count) pixels differ within \(String(describing: diff.bounds))")
  }

  @Test(
    "progressive, moving: the overlay colour-modulated over the rows composed at their shades, exactly the renderer's progressive frame and the exact frame",
    arguments: [(dim: 0.4, sheetTop: Int?.none), (dim: 0.4, sheetTop: 500), (dim: 0.0, sheetTop: 500)])
  func progressive(dim: Double, sheetTop: Int?) throws {
    let direct = try Self.image(surface: true, progressive: true, dim: dim, sheetTop: sheetTop, frames: 1)
    let drawn = try Self.image(surface: false, progressive: true, dim: dim, sheetTop: sheetTop, frames: 1)
    let exact = try Self.image(surface: false, progressive: false, dim: dim, sheetTop: sheetTop, frames: 1)
    #expect(direct.rows > 0)
    for golden in [drawn.image, exact.image] {
      let diff = ImageDiff(actual: direct.image, golden: golden, threshold: 0)
      #expect(diff.count == 0, "\(diff.count) pixels differ within \(String(describing: diff.bounds))")
    }
  }

  @Test(
    "progressive, held still: from the view kept undimmed, the pixels of the same view just moved to (but a step on the pins' edges when dimmed), whatever dim levels came before",
    arguments: [
      // Rows composed from the tiles: the first frame's; in each of the first four still frames
      // a quarter of the view (200 rows) kept undimmed in the same pass (those under the sheet
      // composed into the kept view alone), the rows on screen kept in the frames before copied
      // from the kept view, the rest composed; then none (every row from the kept view times its
      // shade), but undimmed the 26 rows of the shadow and the sheet's corners (their overlay
      // colour-modulated, as a moving frame draws it then).
      (dims: [0.4, 0.4, 0.4, 0.4, 0.4, 0.4], sheetTop: Int?.none, rows: 800 + 800 + 600 + 400 + 200),
      (dims: [0.2, 0.3, 0.4, 0.35, 0.3, 0.4], sheetTop: Int?.none, rows: 800 + 800 + 600 + 400 + 200),
      // Part-way through keeping.
      (dims: [0.4, 0.4, 0.4], sheetTop: Int?.none, rows: 800 + 800 + 600),
      // Rows 512..<800 are under the sheet: kept from the third still frame on.
      (dims: [0.0, 0.4, 0.4, 0.4, 0.4, 0.4], sheetTop: 500, rows: 512 + 512 + 312 + (112 + 88) + 200),
      (dims: [0.4, 0.4, 0.4, 0.4, 0.4, 0.0], sheetTop: 500, rows: 512 + 512 + 312 + (112 + 88) + 200 + 26),
      (dims: [0.4, 0.4, 0.4, 0.3, 0.3, 0.2], sheetTop: 300, rows: 312 + 312 + (112 + 88) + 200 + 200),
      (
        // Undimmed: the keeping frames compose the shadow's rows again (below row 286) and blend
        // their overlay as a moving frame; the frame copied from the kept view redoes them.
        dims: [0.0, 0.0, 0.0, 0.0, 0.0, 0.0], sheetTop: 300,
        rows: 312 + 312 + (112 + 88) + (26 + 200) + (26 + 200) + 26
      ),
    ])
  func progressiveStill(dims: [Double], sheetTop: Int?, rows: Int) throws {
    let dim = try #require(dims.last)
    let still = try Self.image(
      surface: true, progressive: true, dim: dim, sheetTop: sheetTop, frames: dims.count, dims: dims)
    let moved = try Self.image(surface: true, progressive: true, dim: dim, sheetTop: sheetTop, frames: 1)
    // A view held still keeps its overlay plain and multiplies it (a moving frame blends it
    // colour-modulated): dimmed, the pins' and names' blended edges round up to two steps
    // otherwise (measured: 5,302 of 512,000 pixels without a sheet, with the names of pins left
    // of the view reaching in; fewer above one), nothing else.
    let rounded = ImageDiff(actual: still.image, golden: moved.image, threshold: 2)
    #expect(rounded.count == 0, "two channel steps at most")
    let diff = ImageDiff(actual: still.image, golden: moved.image, threshold: 0)
    #expect(dim > 0 ? diff.count <= 5_400 : diff.count == 0, "\(diff.count) pixels differ")
    #expect(still.rows == rows)
  }

  @Test(
    "progressive, tiles still to render: the holes are the land's colour dimmed, as the renderer fills them",
    arguments: [0.0, 0.4])
  func holes(dim: Double) throws {
    var images: [RGBImage] = []
    for surface in [true, false] {
      let (display, scene, model) = try RenderTests.setUp()
      scene.map.composesInSurface = surface
      // A view's 16 tiles rendered at once (not progressive), then the camera one tile to the
      // right, progressive: the new column of 4 comes from the worker, later; holes until then.
      for (progressive, x) in [(false, 0.0), (true, 256.0)] {
        scene.map.progressive = progressive
        scene.map.draw(
          camera: MapTileTests.camera(x: x, y: 190, zoom: 1), pins: model.pins, width: display.width,
          height: display.height, canvas: display.canvas, text: scene.text, dim: dim)
      }
      #expect(scene.map.scheduler.holes == 4)
      #expect(scene.map.surfaceRows == (surface ? 1_600 : 0))
      images.append(try display.readImage())
    }
    let diff = ImageDiff(actual: images[0], golden: images[1], threshold: 0)
    #expect(diff.count == 0, "\(diff.count) pixels differ within \(String(describing: diff.bounds))")
    // The right column is a hole: the land, 0xF2EFE9, times the shade.
    let shade = dim == 0 ? 255 : 153
    let i = (2 * images[0].width + images[0].width - 3) * 3
    #expect(
      Array(images[0].pixels[i..<(i + 3)]).map(Int.init) == [0xF2, 0xEF, 0xE9].map { $0 * shade / 255 })
  }
}
