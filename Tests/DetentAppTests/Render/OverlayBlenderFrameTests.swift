@preconcurrency import CSDL2
import Detent
import Foundation
import Testing

@testable import DetentApp

/// Whole progressive frames composed into the offscreen display's surface with the overlay
/// blended on the CPU (`OverlayBlender`) against the same frames with it drawn through SDL:
/// every pixel of the surface, alpha included. Pans (moving, held still, dimmed and not, under
/// a sheet's shadow), a selected place's balloon, the location dot's halo, and zoom frames with
/// the street names and shields drawn live above scaled tiles.
@Suite(.serialized) struct OverlayBlenderFrameTests {
  /// What the frames showed: the surface's pixels and the kinds of overlay item drawn last.
  struct Frames {
    var pixels: [UInt32]
    var marks: Set<String>
    var texts: Int
    var shields: Int
    var surfaceRows: Int
    var zoomRows: Int
    /// The marks' fractions of a pixel (x and y).
    var phases: [Double] = []
  }

  /// Progressive frames of the map, one per camera at its dim, the tiles of `held` rendered
  /// first (not progressive, without pins), with the place nearest the location selected and a
  /// full-width sheet's top edge at `sheetTop`.
  static func frames(
    blended: Bool, held: [MapCamera], cameras: [(camera: MapCamera, dim: Double)], sheetTop: Int?
  ) throws -> Frames {
    let (display, scene, model) = try RenderTests.setUp()
    scene.map.blendsOverlay = blended
    display.canvas.clear(Color(hex: 0x808080))
    var none = model.pins
    none.needle = "no place is called this"
    for camera in held {
      scene.map.draw(
        camera: camera, pins: none, width: display.width, height: display.height, canvas: display.canvas,
        text: scene.text)
    }
    scene.map.progressive = true
    var pins = model.pins
    pins.selected = (0..<pins.places.count).min {
      pins.places.place($0).distance < pins.places.place($1).distance
    }
    for (camera, dim) in cameras {
      scene.map.draw(
        camera: camera, pins: pins, width: display.width, height: display.height, canvas: display.canvas,
        text: scene.text, dim: dim, visibleRows: sheetTop.map { $0 + 12 }, sheetTop: sheetTop)
      scene.map.zoom.waitForKeptPixels()
      drawAsASheet(on: display.canvas)
    }
    coverBelowSheet(at: sheetTop, on: display.canvas)
    display.canvas.sync()
    var marks: Set<String> = []
    var texts = 0
    var shields = 0
    var phases: [Double] = []
    for item in scene.map.overlay.items {
      switch item.shape {
      case .mark(let mark, _, _):
        marks.insert("\(mark.kind)")
        phases += [mark.phaseX, mark.phaseY]
      case .text: texts += 1
      case .roundedRect: shields += 1
      }
    }
    return Frames(
      pixels: try surfacePixels(try #require(display.canvas.screen)), marks: marks, texts: texts,
      shields: shields, surfaceRows: scene.map.surfaceRows, zoomRows: scene.map.zoom.rowsComposed,
      phases: phases)
  }

  static func camera(_ x: Double, _ y: Double, _ zoom: Double) -> MapCamera {
    MapTileTests.camera(x: x, y: y, zoom: zoom)
  }

  /// The blended frames and the SDL-drawn ones, every pixel compared.
  static func compare(
    held: [MapCamera], cameras: [(camera: MapCamera, dim: Double)], sheetTop: Int?, name: String
  ) throws -> Frames {
    let cpu = try frames(blended: true, held: held, cameras: cameras, sheetTop: sheetTop)
    let drawn = try frames(blended: false, held: held, cameras: cameras, sheetTop: sheetTop)
    // DETENT_OVERLAY_SHOTS=DIR: the blended frame as a PNG, to look at.
    if let folder = ProcessInfo.processInfo.environment["DETENT_OVERLAY_SHOTS"] {
      let rgb = cpu.pixels.flatMap {
        [
          UInt8(truncatingIfNeeded: $0 >> 16), UInt8(truncatingIfNeeded: $0 >> 8),
          UInt8(truncatingIfNeeded: $0),
        ]
      }
      try RGBImage(width: 640, height: 800, pixels: rgb).writePNG(to: "\(folder)/\(name).png")
    }
    let differing = zip(cpu.pixels, drawn.pixels).filter { $0 != $1 }.count
    #expect(differing == 0, "\(differing) of \(cpu.pixels.count) pixels differ")
    #expect(cpu.pixels.count == 640 * 800)
    return cpu
  }

  @Test(
    "pans: blended frames are SDL's pixels, moving and held still, dimmed and not, under the sheet's shadow, with the balloon and the halo",
    arguments: [
      // A pan of whole pixels, undimmed, no sheet.
      (dims: [0.0, 0.0, 0.0], moves: [0.0, 3.0, 7.0], sheetTop: Int?.none),
      // Dimmed, under a sheet (the shadow's rows at their own shades).
      (dims: [0.4, 0.4, 0.4], moves: [0.0, 3.0, 7.0], sheetTop: 500),
      // Undimmed under a sheet: the shadow's rows blended colour-modulated.
      (dims: [0.0, 0.0], moves: [0.0, 5.0], sheetTop: 300),
      // Held still: kept plain (second frame), copied (third), the shadow redone undimmed.
      (dims: [0.0, 0.0, 0.0, 0.0], moves: [0.0, 0.0, 0.0, 0.0], sheetTop: 300),
      (dims: [0.4, 0.4, 0.3, 0.0], moves: [0.0, 0.0, 0.0, 0.0], sheetTop: 500),
      // Kept whole (four frames, the overlay blended into the kept view), then copied from it.
      (dims: [0.4, 0.4, 0.4, 0.4, 0.4, 0.3], moves: [0.0, 0.0, 0.0, 0.0, 0.0, 0.0], sheetTop: 500),
      (dims: [0.0, 0.0, 0.0, 0.0, 0.0, 0.0], moves: [0.0, 0.0, 0.0, 0.0, 0.0, 0.0], sheetTop: 300),
    ])
  func pans(dims: [Double], moves: [Double], sheetTop: Int?) throws {
    let start = MapCamera()
    let held = [start]
    let cameras = zip(dims, moves).map { dim, move in
      (camera: Self.camera(start.centerX + move, start.centerY - move, 1), dim: dim)
    }
    let cpu = try Self.compare(
      held: held, cameras: cameras, sheetTop: sheetTop,
      name: "pan-dims\(dims.map { "\($0)" }.joined(separator: ","))-sheet\(sheetTop ?? 0)")
    #expect(cpu.marks == ["pin", "balloon", "balloonShadow", "location", "halo"])
    #expect(cpu.surfaceRows > 0)
    // Progressive frames place marks to the half pixel, over an exact grid too (the sprites a
    // zoom made serve the pans at its level), and some fall on a half.
    #expect(cpu.phases.allSatisfy { $0 * 2 == ($0 * 2).rounded() })
    #expect(cpu.phases.contains { $0 == 0.5 })
  }

  @Test(
    "zooms: blended over scaled tiles, the street names and shields live, dimmed and not, under a sheet",
    arguments: [
      (zoom: 1.37, dim: 0.0, sheetTop: Int?.none, shields: true),
      (zoom: 1.37, dim: 0.4, sheetTop: Int?.none, shields: true),
      (zoom: 0.8, dim: 0.0, sheetTop: 500, shields: true),
      (zoom: 2.6, dim: 0.4, sheetTop: 300, shields: false),
    ])
  func zooms(zoom: Double, dim: Double, sheetTop: Int?, shields: Bool) throws {
    let start = MapCamera()
    let (x, y) = (start.centerX + 0.37, start.centerY + 0.71)
    // Level 1 held over the whole view at that zoom and a margin: it stands in, scaled.
    let held = ZoomComposerTests.cover(zoom: 1, x: x, y: y, w: 640 / zoom + 600, h: 800 / zoom + 600).map {
      Self.camera($0.1, $0.2, $0.0)
    }
    let cpu = try Self.compare(
      held: held, cameras: [(Self.camera(x, y, zoom), dim)], sheetTop: sheetTop,
      name: "zoom\(zoom)-dim\(dim)-sheet\(sheetTop ?? 0)")
    #expect(cpu.zoomRows > 0)
    #expect(cpu.texts >= 8)
    #expect((cpu.shields > 0) == shields)
    #expect(cpu.marks.contains("halo"))
    // A moving zoom's marks in halves of a pixel (a sprite per half, not per frame).
    #expect(!cpu.phases.isEmpty)
    #expect(cpu.phases.allSatisfy { $0 * 2 == ($0 * 2).rounded() && $0 >= 0 && $0 < 1 })
  }
}
