import Detent
import Testing

@testable import DetentApp

/// The frames that keep a still view undimmed (`SurfaceComposer.keepPlain`, a band of 200 rows a
/// frame over 4 frames, then `copyKept`) compared one by one with the same frame drawn by a
/// fresh compositor as a moving frame: with an overlay the CPU cannot blend into the kept view
/// (a translucent rectangle: kept through the overlay's regions, `drawOverlay(… keep:)`), with
/// the sheet's top (and its shadow band) moving between them, and with the dim level changing
/// between them. Every pixel within two channel steps; undimmed, every pixel alike.
@Suite(.serialized) struct SurfaceComposerKeepTests {
  /// One frame: the dim level and the full-width sheet's top (nil: none).
  struct Frame: CustomStringConvertible {
    var dim: Double
    var sheetTop: Int?
    var description: String { "dim \(dim), sheet \(sheetTop.map(String.init) ?? "none")" }
  }

  /// A frame as kept and as drawn directly, and how they differ: pixels differing at all, by
  /// more than two steps, and the largest step.
  struct Compared {
    var frame: Frame
    var differing: Int
    var beyondTwo: Int
    var largest: Int
    var rows: Int
  }

  /// The translucent rectangles added to the view's overlay (`OverlayBlender` leaves them to
  /// SDL): one across the first two kept bands (rows 150..<250), one across the shadow of a
  /// sheet at 300 to 420.
  static func addTranslucent(to overlay: MapOverlay) {
    overlay.roundedRect(100, 150, 200, 100, radius: 8, Color(hex: 0x2E7D32, alpha: 128))
    overlay.roundedRect(380, 270, 120, 180, radius: 6, Color(hex: 0x1565C0, alpha: 90))
  }

  /// Draws `frames` at a fixed camera with every place's pin, progressive, composed into the
  /// surface (the view having moved to that camera in the frame before the first), each frame
  /// written over between them (`drawAsTheFloor`); after each, the same frame drawn by a fresh
  /// compositor as a moving frame, and the two compared (rows under the sheet covered).
  static func compare(_ frames: [Frame], translucent: Bool) throws -> [Compared] {
    let (display, scene, model) = try RenderTests.setUp()
    let camera = MapTileTests.camera(x: 40, y: 120, zoom: 1)
    display.canvas.clear(Color(hex: 0x808080))
    // The view's tiles rendered first, without pins, in an exact frame; then a progressive
    // frame with the pins (the overlay built: a moving frame).
    var none = model.pins
    none.needle = "no place is called this"
    let canvas = display.canvas
    scene.map.draw(
      camera: camera, pins: none, width: 640, height: 800, canvas: canvas, text: scene.text)
    scene.map.progressive = true
    func draw(_ f: Frame) {
      scene.map.draw(
        camera: camera, pins: model.pins, width: 640, height: 800, canvas: canvas, text: scene.text,
        dim: f.dim, visibleRows: f.sheetTop.map { $0 + 12 }, sheetTop: f.sheetTop)
    }
    draw(frames[0])
    let overlay = scene.map.overlay
    if translucent { Self.addTranslucent(to: overlay) }
    // Whether the CPU can blend the overlay into a kept view.
    let scratch = PixelBuffer(count: 640 * 800) { $0.update(repeating: 0) }
    let blends = OverlayBlender.blend(
      overlay, rows: 0..<800, into: scratch.base, width: 640, height: 800, canvas: canvas, text: scene.text)
    #expect(blends == !translucent)
    let layer = scene.map.scheduler.layer
    var out: [Compared] = []
    for f in frames {
      drawAsTheFloor(on: canvas)
      let rows = scene.map.surfaceRows
      draw(f)
      let composed = scene.map.surfaceRows - rows
      drawAsASheet(on: canvas)
      coverBelowSheet(at: f.sheetTop, on: canvas)
      let kept = try display.readImage()
      drawAsTheFloor(on: canvas)
      let fresh = SurfaceComposer()
      let screen = try #require(fresh.surface(canvas: canvas, layer: layer, width: 640, height: 800))
      let shade = UInt8(((1 - f.dim) * 255).rounded())
      fresh.draw(
        into: screen, layer: layer, overlay: overlay,
        key: SurfaceComposer.Key(layer: 0, overlay: 0, width: 640, height: 800, shade: shade), still: false,
        band: SheetShadow.Band(sheetTop: f.sheetTop, rows: min(f.sheetTop.map { $0 + 12 } ?? 800, 800)),
        exact: false,
        canvas: canvas, text: scene.text)
      drawAsASheet(on: canvas)
      coverBelowSheet(at: f.sheetTop, on: canvas)
      let direct = try display.readImage()
      let largest = zip(kept.pixels, direct.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
      out.append(
        Compared(
          frame: f, differing: ImageDiff(actual: kept, golden: direct, threshold: 0).count,
          beyondTwo: ImageDiff(actual: kept, golden: direct, threshold: 2).count, largest: largest,
          rows: composed))
    }
    return out
  }

  /// Checks `compared` (frames of `frames`): every pixel within two steps of the direct frame's
  /// (the kept view holds the overlay plain and multiplies it; a moving frame blends it
  /// colour-modulated: dimmed, blended pixels round up to two steps otherwise); an undimmed
  /// frame, and the first keeping frame of a blended overlay (nothing copied from the kept view
  /// yet), every pixel alike; and the rows the compositor wrote from the tiles each frame.
  static func check(_ compared: [Compared], translucent: Bool, rows: [Int]) {
    for (i, c) in compared.enumerated() {
      let what = "frame \(i) (\(c.frame)): \(c.differing) differ, by \(c.largest) at most"
      #expect(c.beyondTwo == 0 && c.largest <= 2, "\(what)")
      if c.frame.dim == 0 || (i == 0 && !translucent) { #expect(c.differing == 0, "\(what)") }
    }
    #expect(compared.map(\.rows) == rows)
  }

  @Test(
    "an overlay the CPU cannot blend into the kept view (translucent rectangles): each keeping frame and the still frames after have the moving frame's pixels, within two steps dimmed, exactly undimmed",
    arguments: [
      // (dim, sheet's top, rows composed each frame: a quarter of the view kept a frame, the
      // bands kept before copied; undimmed, the shadow's and corners' 26 rows composed again).
      (0.4, Int?.none, [800, 600, 400, 200, 0, 0]), (0.4, 500, [512, 312, 200, 200, 0, 0]),
      (0.0, 300, [338, 226, 252, 226, 26, 26]),
    ])
  func notBlended(dim: Double, sheetTop: Int?, rows: [Int]) throws {
    let frames = Array(repeating: Frame(dim: dim, sheetTop: sheetTop), count: 6)
    let compared = try Self.compare(frames, translucent: true)
    Self.check(compared, translucent: true, rows: rows)
    // Dimmed, the translucent rectangles' pixels (41,600) round otherwise too: the tolerance is
    // needed in every frame.
    if dim > 0 { #expect(compared.allSatisfy { $0.differing > 41_600 }) }
  }

  @Test(
    "the sheet moving between the keeping frames (its shadow band with it, rows kept under it uncovered): each frame the moving frame's pixels",
    arguments: [
      // (sheet's tops, dim, translucent rectangles, rows composed each frame).
      ([500, 460, 420, 380, 340, 300], 0.4, false, [512, 272, 200, 200, 0, 0]),
      ([300, 380, 460, 540, 620, 700], 0.4, false, [312, 200, 200, 200, 0, 0]),
      ([100, 180, 260, 540, 620, 700], 0.0, false, [200, 226, 226, 226, 26, 26]),
      ([500, 460, 420, 380, 340, 300], 0.0, true, [538, 298, 226, 226, 26, 26]),
      ([100, 180, 260, 540, 620, 700], 0.4, true, [200, 200, 200, 200, 0, 0]),
    ])
  func sheetMoving(tops: [Int], dim: Double, translucent: Bool, rows: [Int]) throws {
    let compared = try Self.compare(tops.map { Frame(dim: dim, sheetTop: $0) }, translucent: translucent)
    Self.check(compared, translucent: translucent, rows: rows)
  }

  @Test(
    "the dim level changing between the keeping frames (undimmed ones among them): each frame the moving frame's pixels",
    arguments: [
      // (dims, sheet's top, translucent rectangles, rows composed each frame).
      ([0.4, 0.0, 0.4, 0.2, 0.0, 0.3], 400, false, [412, 212, 200, 200, 26, 0]),
      ([0.0, 0.4, 0.0, 0.2, 0.4, 0.0], Int?.none, false, [800, 600, 400, 200, 0, 0]),
      ([0.4, 0.0, 0.4, 0.2, 0.0, 0.3], 400, true, [412, 238, 200, 200, 26, 0]),
      ([0.0, 0.4, 0.0, 0.2, 0.4, 0.0], Int?.none, true, [800, 600, 400, 200, 0, 0]),
    ])
  func dimChanging(dims: [Double], sheetTop: Int?, translucent: Bool, rows: [Int]) throws {
    let compared = try Self.compare(dims.map { Frame(dim: $0, sheetTop: sheetTop) }, translucent: translucent)
    Self.check(compared, translucent: translucent, rows: rows)
  }

  @Test(
    "the sheet coming and going and the dim level changing together, from the window's bottom to its top: each frame the moving frame's pixels",
    arguments: [
      // (frames: dim and sheet's top, translucent rectangles, rows composed each frame).
      (
        [(0.4, Int?.none), (0.4, 300), (0.4, nil), (0.4, 500), (0.4, nil), (0.4, 200)], true,
        [800, 200, 400, 200, 0, 0]
      ),
      // A sheet at 790: its corners' rows reach past the window's bottom (802).
      (
        [(0.4, 700), (0.0, 150), (0.3, 600), (0.0, 250), (0.2, 10), (0.0, 790)], false,
        [712, 226, 212, 226, 0, 24]
      ),
    ])
  func sheetAndDim(frames: [(Double, Int?)], translucent: Bool, rows: [Int]) throws {
    let compared = try Self.compare(frames.map { Frame(dim: $0.0, sheetTop: $0.1) }, translucent: translucent)
    Self.check(compared, translucent: translucent, rows: rows)
  }

  @Test(
    "a band or a view larger than the surface: the rows cut to the surface's, a view wider than it not drawn; moving, and the first still frame (its view kept whole)",
    arguments: [
      // (the band's rows, the sheet's top, the key's width and height, rows composed: moving,
      // and still: exact (the whole view kept, then the shadow's and the corners' rows again),
      // progressive).
      (802, 790, 640, 800, 800, 824, 800), (1000, Int?.none, 640, 1000, 800, 800, 800),
      (900, 850, 640, 900, 800, 800, 800),
      (800, Int?.none, 640, 800, 800, 800, 800), (800, Int?.none, 641, 800, 0, 0, 0),
      (500, 488, 640, 800, 500, 826, 800),
      (1200, Int?.none, 640, 1200, 800, 800, 800),
    ])
  func cutToTheSurface(
    bandRows: Int, sheetTop: Int?, width: Int, height: Int, moving: Int, stillExact: Int, still: Int
  ) throws {
    let (display, scene, model) = try RenderTests.setUp()
    let camera = MapTileTests.camera(x: 40, y: 120, zoom: 1)
    scene.map.draw(
      camera: camera, pins: model.pins, width: 640, height: 800, canvas: display.canvas, text: scene.text)
    let layer = scene.map.scheduler.layer
    for exact in [true, false] {
      for first in [false, true] {
        let composer = SurfaceComposer()
        let screen = try #require(
          composer.surface(canvas: display.canvas, layer: layer, width: 640, height: 800))
        composer.draw(
          into: screen, layer: layer, overlay: scene.map.overlay,
          key: SurfaceComposer.Key(layer: 0, overlay: 0, width: width, height: height, shade: 200),
          still: first, first: first, band: SheetShadow.Band(sheetTop: sheetTop, rows: bandRows),
          exact: exact,
          canvas: display.canvas, text: scene.text)
        #expect(
          composer.rowsComposed == (first ? (exact ? stillExact : still) : moving),
          "exact \(exact), still \(first)")
      }
    }
  }
}
