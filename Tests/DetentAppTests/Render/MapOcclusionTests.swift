import CSDL2
import Detent
import Foundation
import Testing

@testable import DetentApp

/// What opaque cards hide of the map (left out by GPU renderers): the rectangle from a card's
/// snapshot, the parts of a band of rows left to draw, and whole scenes drawn with and without
/// it, pixel for pixel the same (checked headless by turning it on for the software renderer).
@Suite(.serialized) struct MapOcclusionTests {
  /// A bottom card's snapshot (the demo's root, moved and sized).
  static func card(top: Double, x: Double = 16, width: Double = 420, floating: Double = 0) throws
    -> SheetSnapshot
  {
    var s = try DemoModel(tuning: Tuning(), width: 1280, height: 800).stack.root.snapshot
    s.edge = .bottom
    s.height = 800 - top
    s.top = top
    s.bottom = floating > 0 ? 800 - floating : 800
    s.sheetX = x
    s.sheetWidth = width
    s.contentX = x
    s.contentWidth = width
    s.floatingInset = floating
    s.cornerRadius = 12
    return s
  }

  @Test(
    "a bottom card hides its body: 1 px inside its sides, below its rounded top, to the bottom",
    arguments: [
      (300, 16, 420, 0, MapOcclusion(columns: 17..<435, rows: 313..<800)),
      (300.6, 16, 420, 0, MapOcclusion(columns: 17..<435, rows: 314..<800)),
      (300, 16, 420, 16, MapOcclusion(columns: 17..<435, rows: 313..<771)),
      (300, 0, 1280, 0, nil),
      (790, 16, 420, 0, nil),
    ] as [(Double, Double, Double, Double, MapOcclusion?)])
  func cardRectangle(top: Double, x: Double, width: Double, floating: Double, hidden: MapOcclusion?) throws {
    let card = try Self.card(top: top, x: x, width: width, floating: floating)
    #expect(MapOcclusion(card: card, windowWidth: 1280, windowHeight: 800) == hidden)
  }

  @Test("the root's body stops where a detail card covers it; a detail card in its column continues it")
  func rootAndDetail() throws {
    let root = try Self.card(top: 100)
    // A detail card at 400 (its body from 412 on): the root is drawn down to 412.
    #expect(
      MapOcclusion.of(
        root: root, coveredFrom: 412, detail: try Self.card(top: 400), windowWidth: 1280, windowHeight: 800)
        == MapOcclusion(columns: 17..<435, rows: 113..<800))
    // In another column: the larger of the two.
    #expect(
      MapOcclusion.of(
        root: root, coveredFrom: 412, detail: try Self.card(top: 400, x: 844), windowWidth: 1280,
        windowHeight: 800)
        == MapOcclusion(columns: 845..<1263, rows: 413..<800))
    // The root set back below the detail's top: the detail's alone.
    #expect(
      MapOcclusion.of(
        root: try Self.card(top: 420), coveredFrom: 412, detail: try Self.card(top: 400), windowWidth: 1280,
        windowHeight: 800) == MapOcclusion(columns: 17..<435, rows: 413..<800))
    #expect(
      MapOcclusion.of(root: root, coveredFrom: nil, detail: nil, windowWidth: 1280, windowHeight: 800)
        == MapOcclusion(columns: 17..<435, rows: 113..<800))
  }

  @Test("a band of rows is drawn whole above and below the hidden rectangle, beside it left and right")
  func parts() {
    let hidden = MapOcclusion(columns: 17..<435, rows: 313..<800)
    var parts: [[Int]] = []
    MapOcclusion.forEachPart(of: hidden, rows: 0..<800, width: 1280) { rows, columns in
      parts.append([rows.lowerBound, rows.upperBound, columns.lowerBound, columns.upperBound])
    }
    #expect(parts == [[0, 313, 0, 1280], [313, 800, 0, 17], [313, 800, 435, 1280]])
    parts = []
    MapOcclusion.forEachPart(of: MapOcclusion(columns: 0..<400, rows: 100..<200), rows: 150..<300, width: 640)
    {
      rows, columns in
      parts.append([rows.lowerBound, rows.upperBound, columns.lowerBound, columns.upperBound])
    }
    #expect(parts == [[150, 200, 400, 640], [200, 300, 0, 640]])
    parts = []
    MapOcclusion.forEachPart(of: hidden, rows: 0..<200, width: 1280) { rows, columns in
      parts.append([rows.lowerBound, rows.upperBound, columns.lowerBound, columns.upperBound])
    }
    #expect(parts == [[0, 200, 0, 1280]])
  }

  @Test(
    "narrowed to whole lines: columns rounded inwards to multiples of the line, nil when none is left",
    arguments: [
      (17..<435, 16, 32..<432 as Range<Int>?),
      (16..<448, 16, 16..<448),
      (0..<15, 16, nil),
      (17..<33, 16, nil),
      (15..<33, 16, 16..<32),
      (17..<435, 1, 17..<435),
      ((-40)..<(-5), 16, (-32)..<(-16)),
      (-5..<40, 16, 0..<32),
      ((-16)..<(-15), 16, nil),
    ] as [(Range<Int>, Int, Range<Int>?)])
  func lines(columns: Range<Int>, line: Int, narrowed: Range<Int>?) {
    let hidden = MapOcclusion(columns: columns, rows: 313..<800)
    #expect(hidden.lines(line) == narrowed.map { MapOcclusion(columns: $0, rows: 313..<800) })
  }

  @Test(
    "scenes with cards draw the same pixels with the map left out under them: at rest, opening a place, its flight",
    arguments: [false, true])
  func sameScene(panBuffered: Bool) throws {
    func scene(occludes: Bool) throws -> (Display, SceneRenderer, DemoModel) {
      let (display, scene, model) = try RenderTests.setUp(width: 1280, height: 800)
      scene.map.composesInSurface = false
      scene.map.occludes = occludes
      return (display, scene, model)
    }
    let (display, cut, model) = try scene(occludes: true)
    let (refDisplay, whole, refModel) = try scene(occludes: false)
    cut.map.panBuffered = panBuffered
    whole.map.panBuffered = panBuffered
    var compared = 0
    for frame in 0..<48 {
      if frame == 12 {
        model.choosePlace(3)
        refModel.choosePlace(3)
      }
      model.step(dt: 1.0 / 60)
      refModel.step(dt: 1.0 / 60)
      cut.render(model)
      whole.render(refModel)
      guard frame % 4 == 3 else { continue }
      let diff = ImageDiff(actual: try display.readImage(), golden: try refDisplay.readImage(), threshold: 0)
      #expect(
        diff.count == 0, "frame \(frame): \(diff.count) pixels differ in \(String(describing: diff.bounds))")
      compared += 1
    }
    #expect(compared == 12)
    #expect(model.stack.count == 2)
    // Cards hid part of the map in those frames.
    let root = SetBack(model.stack).apply(to: model.stack.root.snapshot)
    #expect(MapOcclusion(card: root, windowWidth: 1280, windowHeight: 800) != nil)
    #expect(MapOcclusion(card: model.stack.top.snapshot, windowWidth: 1280, windowHeight: 800) != nil)
  }

  /// Progressive frames (the demo, the bench) composed on the CPU leave the map out under the
  /// card by default (`occludes` nil) and show what they show with it drawn whole: the card at
  /// rest, dragged down and up over a still map (rows it leaves are written again), the map
  /// dragged and wheel-zoomed beside it, the card dragged again while the settled zoom's kept
  /// view is copied (`ZoomComposer` keeps it whole), a place opened (its flight and the detail
  /// card). Every frame compared.
  @Test("progressive frames composed on the CPU draw the same pixels with the map left out under the cards")
  func progressiveSameScene() throws {
    func scene(occludes: Bool?) throws -> (Display, SceneRenderer, DemoModel) {
      let (display, scene, model) = try RenderTests.setUp(width: 1280, height: 800)
      scene.drawProgressively()
      scene.map.occludes = occludes
      return (display, scene, model)
    }
    // Each frame drawn over a screen filled with magenta first: a pixel left out and not covered
    // shows it (without, it would mostly show the card's own pixels of the frame before).
    func poison(_ display: Display) {
      display.canvas.sync()
      guard let screen = display.canvas.screen else { return }
      SDL_FillRect(screen, nil, 0xFFFF_00FF)
    }
    let cut = try scene(occludes: nil)
    let whole = try scene(occludes: false)
    let root = cut.2.stack.root.snapshot
    let (cardX, cardTop) = (root.sheetX + root.sheetWidth / 2, root.top)
    // The card's handle dragged `by` px down over 10 frames and back over 10, from `frame` on.
    var inputs: [Int: [AppInput]] = [:]
    func dragCard(from frame: Int, by distance: Double) {
      inputs[frame] = [.press(x: cardX, y: cardTop + 8)]
      for k in 1...10 {
        inputs[frame + k] = [.move(x: cardX, y: cardTop + 8 + distance * Double(k) / 10)]
        inputs[frame + 10 + k] = [.move(x: cardX, y: cardTop + 8 + distance * Double(10 - k) / 10)]
      }
      inputs[frame + 21] = [.release(x: cardX, y: cardTop + 8, velocity: nil)]
    }
    dragCard(from: 4, by: 200)
    // The map dragged right of the card, then zoomed in there.
    inputs[30] = [.press(x: 900, y: 300)]
    for k in 1...12 { inputs[30 + k] = [.move(x: 900 - 9 * Double(k), y: 300 + 4 * Double(k))] }
    inputs[43] = [.release(x: 792, y: 348, velocity: nil)]
    // Zoomed in there once the card's settle no longer dims it (the wheel leaves a dimmed map).
    var wheelFrame: Int?
    var compared = 0
    var hidden = 0
    var zoomKept: Int?
    for frame in 0..<130 {
      if zoomKept == nil, let wheelFrame, frame > wheelFrame, cut.1.map.zoom.keptWhole {
        zoomKept = frame
        dragCard(from: frame, by: 120)
      }
      if wheelFrame == nil, frame >= 48, cut.2.stack.top.dimAlpha == 0 {
        wheelFrame = frame
        inputs[frame, default: []].append(.wheel(x: 900, y: 300, dy: 3))
      }
      for scene in [cut, whole] {
        if frame == 100 { scene.2.choosePlace(3) }
        for input in inputs[frame] ?? [] { scene.2.apply(input) }
        scene.2.step(dt: 1.0 / 60)
        poison(scene.0)
        scene.1.render(scene.2)
        scene.1.map.scheduler.waitForWorker()
      }
      let diff = ImageDiff(actual: try cut.0.readImage(), golden: try whole.0.readImage(), threshold: 0)
      #expect(
        diff.count == 0, "frame \(frame): \(diff.count) pixels differ in \(String(describing: diff.bounds))")
      compared += 1
      let drawn = SetBack(cut.2.stack).apply(to: cut.2.stack.root.snapshot)
      if MapOcclusion(card: drawn, windowWidth: 1280, windowHeight: 800) != nil { hidden += 1 }
    }
    #expect(compared == 130)
    // The card hid part of the map in every frame; the zoom's view was kept and the card dragged
    // over it; a place opened.
    #expect(hidden == 130)
    #expect(wheelFrame != nil && wheelFrame! < 60)
    #expect(zoomKept != nil && zoomKept! < wheelFrame! + 27)
    #expect(cut.2.stack.count == 2)
    // The rectangle was left out (the scene drawn whole never leaves it out).
    #expect(cut.1.map.framesCut >= 120 && whole.1.map.framesCut == 0)
  }
}
