@preconcurrency import CSDL2
import Detent
import Foundation
import Testing

@testable import DetentApp

/// Headless rendering with the software renderer: what is drawn where.
@Suite(.serialized) struct RenderTests {
  static func pixel(_ display: Display, x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
    var value: UInt32 = 0
    var rect = SDL_Rect(x: Int32(x), y: Int32(y), w: 1, h: 1)
    SDL_RenderReadPixels(display.renderer, &rect, detent_pixelformat_argb8888(), &value, 4)
    return (UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
  }

  /// An offscreen display, a scene renderer with the repository's assets, and a demo model.
  static func setUp(width: Int = 640, height: Int = 800, tuning: Tuning = Tuning()) throws -> (
    display: Display, scene: SceneRenderer, model: DemoModel
  ) {
    let display = try Display(offscreenWidth: width, height: height)
    let scene = try SceneRenderer(
      display: display, assets: AssetLocator(root: repoRoot.appendingPathComponent("Assets")))
    let model = try DemoModel(tuning: tuning, width: width, height: height)
    return (display, scene, model)
  }

  @Test("the sheet's top edge is where the engine says, at each notch; the map dims at the top")
  func sheetAtNotches() throws {
    let (display, scene, model) = try Self.setUp()
    var mapAtTop: (r: UInt8, g: UInt8, b: UInt8)?
    for (key, top) in [("1", 680), ("2", 400), ("3", 60)] {
      model.apply(.key(key))
      for _ in 0..<120 { model.step(dt: 1.0 / 60) }
      #expect(model.stack.root.snapshot.top == Double(top))
      scene.render(model)
      // Just inside the sheet (below the rounded corners): white; far above: the map.
      let inside = Self.pixel(display, x: 320, y: top + 2)
      #expect(inside.r == 255 && inside.g == 255 && inside.b == 255, "white sheet at y \(top + 2)")
      if key == "1" { mapAtTop = Self.pixel(display, x: 5, y: 30) }
      if key == "3" {
        let dimmed = Self.pixel(display, x: 5, y: 30)
        let expected = Double(mapAtTop!.r) * (1 - 0.4)
        #expect(
          abs(Double(dimmed.r) - expected) <= 2, "black at 0.4 over the map: \(dimmed.r) vs \(expected)")
      }
    }
    // The view's 16 tiles once, and two a frame of the ring around it, ahead of need.
    #expect(scene.map.tileRenders == 22, "the map's tiles are rendered once and reused")
  }

  @Test(
    "a row under 48 px is a grey band (name and distance on one line); taller rows stay white",
    arguments: [
      (32.0, (UInt8(0xEE), UInt8(0xEE), UInt8(0xF0))), (47, (0xEE, 0xEE, 0xF0)), (48, (0xFF, 0xFF, 0xFF)),
    ])
  func compactRows(rowHeight: Double, band: (UInt8, UInt8, UInt8)) throws {
    var tuning = Tuning()
    tuning.list.rowHeights = RowPattern([rowHeight, 64])
    let (display, scene, model) = try Self.setUp(tuning: tuning)
    model.apply(.key("3"))
    for _ in 0..<120 { model.step(dt: 1.0 / 60) }
    scene.render(model)
    // The first row's left margin (x 4, left of any icon or text), 2 px below its top.
    let p = Self.pixel(display, x: 4, y: Int(model.stack.root.snapshot.listTop) + 2)
    #expect(p.r == band.0 && p.g == band.1 && p.b == band.2)
  }

  @Test("only visible rows are drawn: text textures stay bounded with 100,000 rows")
  func visibleRowsOnly() throws {
    var tuning = Tuning(initialNotch: "maximum")
    tuning.list.rows = 100_000
    let (_, scene, model) = try Self.setUp(tuning: tuning)
    scene.render(model)
    let afterOne = scene.text.renders
    #expect(afterOne < 120)
    for _ in 0..<50 {
      model.apply(.wheel(x: 320, y: 400, dy: 20))
      model.step(dt: 1.0 / 60)
      scene.render(model)
    }
    #expect(scene.text.count <= scene.text.capacity)
  }

  @Test(
    "rounded rectangles at fractional positions have no seams",
    arguments: [(434.67, 8.0, 410.67, 44.0), (16.0, 8.0, 410.67, 44.0), (10.33, 3.5, 60.67, 30.2)])
  func noSeams(x: Double, y: Double, w: Double, h: Double) throws {
    let display = try Display(offscreenWidth: 900, height: 60)
    display.canvas.clear(.white)
    display.canvas.fillRoundedRect(x, y, w, h, radius: 10, .black)
    display.canvas.flush()
    // Rows 3 px inside the corner arcs' centres, across nearly the full width: covered there
    // by the top and bottom strips and the arcs, whose shared edges are where seams show.
    let top = Int(y.rounded())
    let bottom = Int((y + h).rounded())
    for row in [top + 7, top + 8, bottom - 9, bottom - 8] {
      for column in Int(x.rounded()) + 3..<Int((x + w).rounded()) - 3 {
        let p = Self.pixel(display, x: column, y: row)
        if p.r > 10 {
          Issue.record("gap at (\(column), \(row))")
          return
        }
      }
    }
  }

  static func frame(_ display: Display) -> [UInt32] {
    var pixels = [UInt32](repeating: 0, count: display.width * display.height)
    pixels.withUnsafeMutableBytes {
      _ = SDL_RenderReadPixels(
        display.renderer, nil, detent_pixelformat_argb8888(), $0.baseAddress, Int32(display.width * 4))
    }
    return pixels
  }

  @Test("the sheet's shadow darkens the 14 rows above its top edge, over the dimmed map too")
  func shadow() throws {
    let (display, scene, model) = try Self.setUp()
    func settle(_ key: String) {
      model.apply(.key(key))
      for _ in 0..<120 { model.step(dt: 1.0 / 60) }
      scene.render(model)
    }
    // The map without shadow or dimming, with the sheet at the bottom.
    settle("1")
    let plain = Self.frame(display)
    for (key, top, dim) in [("2", 400, 0.0), ("3", 60, 0.4)] {
      settle(key)
      #expect(model.stack.root.snapshot.top == Double(top))
      #expect(abs(model.stack.root.snapshot.dimAlpha - dim) < 1e-9)
      let shot = Self.frame(display)
      let base = UInt8((255 * (1 - dim)).rounded())
      // Rows above the shadow: dimmed only; each shadow row: dimmed and shaded.
      for row in [top - 20, top - 15] + Array((top - 14)..<top) {
        let shade = row < top - 14 ? base : SheetShadow.shade(base, row: row - (top - 14))
        for x in [5, 300, 630] {
          let p = plain[row * 640 + x]
          let expected = (((p >> 16) & 0xFF) * UInt32(shade)) / 255
          #expect((shot[row * 640 + x] >> 16) & 0xFF == expected, "red at (\(x), \(row)), notch \(key)")
        }
      }
    }
    #expect(SheetShadow.alpha(row: 0) == 1 && SheetShadow.alpha(row: 13) == 37)
  }

  @Test("the incrementally updated map strip equals a fresh render at every frame of a drag")
  func incrementalStrip() throws {
    let (display, scene, model) = try Self.setUp(
      width: 480, height: 640, tuning: Tuning(initialNotch: "maximum"))
    for _ in 0..<60 { model.step(dt: 1.0 / 60) }
    // Up past the top (the dimming stays at its maximum while the sheet moves: the kept rows
    // are reused and extended), down through the dimming range, back up, then released.
    var y = 60.0
    model.apply(.press(x: 240, y: y))
    var moves = (0..<4).map { _ in -10.0 } + (0..<6).map { _ in 7.0 }
    moves += (0..<24).map { _ in 14.0 } + (0..<10).map { _ in -9.0 } + [3, 0, -2]
    var frames = 0
    for (i, dy) in moves.enumerated() {
      y += dy
      model.apply(.move(x: 240, y: y))
      if i == moves.count - 1 { model.apply(.release(x: 240, y: y, velocity: nil)) }
      model.step(dt: 1.0 / 60)
      scene.render(model)
      let incremental = Self.frame(display)
      let fresh = try SceneRenderer(
        display: display, assets: AssetLocator(root: repoRoot.appendingPathComponent("Assets")))
      fresh.render(model)
      if incremental != Self.frame(display) {
        Issue.record("frame \(i) (top \(model.stack.root.snapshot.top)) differs from a fresh render")
        return
      }
      frames += 1
    }
    #expect(frames == moves.count)
  }

  @Test("every pixel of the frame is drawn: sheets at fractional heights, a hiding header, a detail sheet")
  func noPixelLeftUndrawn() throws {
    let (display, scene, model) = try Self.setUp(width: 480, height: 640)
    let magenta: UInt32 = 0xFFFF_00FF
    var inputs: [[AppInput]] = [[.key("2")]] + Array(repeating: [], count: 40)
    // A drag by fractional steps, the list scrolled by the wheel (the header hides), a tap on a
    // row (a detail sheet slides up over the root) and its dismissal.
    inputs += [[.press(x: 240, y: 330.3)]] + (1...12).map { [.move(x: 240, y: 330.3 - Double($0) * 7.37)] }
    inputs += [[.release(x: 240, y: 241.86, velocity: nil)]] + Array(repeating: [], count: 30)
    inputs += (0..<12).map { _ in [.wheel(x: 240, y: 400, dy: 1)] } + Array(repeating: [], count: 60)
    inputs +=
      [[.press(x: 240, y: 420), .release(x: 240, y: 420, velocity: nil)]] + Array(repeating: [], count: 30)
    inputs += [[.key("Escape")]] + Array(repeating: [], count: 30)
    var pushed = false
    for (i, frame) in inputs.enumerated() {
      for input in frame { model.apply(input) }
      model.step(dt: 1.0 / 60)
      pushed = pushed || model.stack.sheets.count > 1
      display.canvas.clear(Color(hex: 0xFF00FF))
      scene.render(model)
      let pixels = Self.frame(display)
      if let index = pixels.firstIndex(of: magenta) {
        Issue.record(
          "frame \(i): pixel (\(index % 480), \(index / 480)) not drawn (sheet top \(model.stack.root.snapshot.top))"
        )
        return
      }
    }
    #expect(pushed, "the tap opened a detail sheet")
    #expect(model.stack.root.snapshot.headerOffset < 0, "the header hid")
  }
}
