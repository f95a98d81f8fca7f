import Detent
import Testing

@testable import DetentApp

/// The detail sheets of the places on screen are made ahead in quiet frames (`DetailWarmer`):
/// one texture a frame, none while a sheet is open, and a row tapped then opens a sheet whose
/// texts and buttons are all made.
@Suite(.serialized) struct DetailWarmerTests {
  /// `count` frames with no input after `inputs` (one list a frame), each rendered; returns the
  /// textures made ahead in each frame.
  static func run(
    _ model: DemoModel, _ scene: SceneRenderer, inputs: [[AppInput]] = [], count: Int
  ) -> [Int] {
    var made: [Int] = []
    for frame in inputs + Array(repeating: [], count: count) {
      for input in frame { model.apply(input) }
      model.step(dt: 1.0 / 60)
      let before = scene.details.made
      scene.render(model)
      made.append(scene.details.made - before)
    }
    return made
  }

  /// What `drawDetail` would still have to make for the place of root row `row`.
  static func missing(_ scene: SceneRenderer, _ model: DemoModel, row: Int, width: Double) -> Int {
    let sheets = SheetRenderer(
      canvas: scene.display.canvas, text: scene.text, sprites: scene.sprites, labels: scene.labels)
    let index = model.placeIndex(row: row)
    return sheets.warmDetail(
      place: scene.labels.row(index, in: model.places),
      info: scene.labels.detailRows(index, in: model.places),
      width: width, budget: .max)
  }

  @Test("quiet frames make the sheets of the rows on screen ahead, one texture a frame, then nothing")
  func warms() throws {
    let (_, scene, model) = try RenderTests.setUp()
    let made = Self.run(model, scene, inputs: [[.key("2")]], count: 400)
    #expect(made.allSatisfy { $0 <= DetailWarmer.budget })
    // The first rows' sheets: name, caption, two ellipses, each info row's label and value,
    // the action titles, the close and action buttons.
    #expect(made.reduce(0, +) > 20)
    #expect(made.suffix(20).allSatisfy { $0 == 0 }, "all made: nothing left to make")
    for row in 0..<3 {
      #expect(Self.missing(scene, model, row: row, width: 640) == 0, "row \(row)'s sheet is made")
    }
  }

  @Test("a cold cache: the sheet's textures are made within the budget asked, the rest left for later")
  func budget() throws {
    let (_, scene, model) = try RenderTests.setUp()
    let sheets = SheetRenderer(
      canvas: scene.display.canvas, text: scene.text, sprites: scene.sprites, labels: scene.labels)
    let index = model.placeIndex(row: 0)
    let place = scene.labels.row(index, in: model.places)
    let info = scene.labels.detailRows(index, in: model.places)
    #expect(sheets.warmDetail(place: place, info: info, width: 640, budget: 1) == 1)
    #expect(sheets.warmDetail(place: place, info: info, width: 640, budget: 2) == 2)
    let rest = sheets.warmDetail(place: place, info: info, width: 640, budget: .max)
    #expect(rest > 0)
    #expect(sheets.warmDetail(place: place, info: info, width: 640, budget: .max) == 0)
  }

  @Test("nothing is made ahead while the map is dragged")
  func notWhileTheMapMoves() throws {
    let (_, scene, model) = try RenderTests.setUp()
    _ = Self.run(model, scene, inputs: [[.key("2")]], count: 60)
    // Frame by frame: whether the camera moved in it, and what was made ahead.
    var moved: [(Bool, Int)] = []
    for frame in 1...40 {
      let camera = model.camera.version
      moved.append((false, 0))
      moved[frame - 1].1 =
        Self.run(
          model, scene,
          inputs: [[frame == 1 ? .press(x: 320, y: 200) : .move(x: 320 - Double(frame) * 5, y: 200)]],
          count: 0)[0]
      moved[frame - 1].0 = model.camera.version != camera
    }
    #expect(moved.filter(\.0).count > 30, "the drag moved the map")
    #expect(moved.allSatisfy { !$0.0 || $0.1 == 0 }, "nothing made in a frame whose map moved")
  }

  @Test(
    "nothing is made ahead while the sheet moves over a still map (its frames draw the sheet anew); from the frame it rests in on, one a frame"
  )
  func notWhileTheSheetMoves() throws {
    let (_, scene, model) = try RenderTests.setUp()
    _ = Self.run(model, scene, count: 60)
    // Key 2 sends the sheet to its middle notch: it springs there for a few hundred ms, the
    // map below the dimming's start staying still.
    var frames: [(moving: Bool, made: Int)] = []
    for frame in 0..<90 {
      let made = Self.run(model, scene, inputs: frame == 0 ? [[.key("2")]] : [[]], count: 0)[0]
      frames.append((model.isMoving, made))
    }
    let moving = frames.prefix { $0.moving }
    #expect(moving.count > 10, "the sheet moved for \(moving.count) frames")
    #expect(moving.allSatisfy { $0.made == 0 }, "nothing made while it moved")
    #expect(frames.dropFirst(moving.count).contains { $0.made > 0 }, "made once it rests")
  }

  @Test("a frame whose camera moved is not quiet, even when its map path says it was copied")
  func cameraMoved() throws {
    let (_, scene, model) = try RenderTests.setUp()
    model.apply(.key("2"))
    for _ in 0..<60 { model.step(dt: 1.0 / 60) }
    let sheets = SheetRenderer(
      canvas: scene.display.canvas, text: scene.text, sprites: scene.sprites, labels: scene.labels)
    let root = model.stack.root.snapshot
    func warm() -> Int {
      let before = scene.details.made
      scene.details.warm(
        model, root: root, width: 640, idle: true, sheets: sheets, labels: scene.labels, map: scene.map)
      return scene.details.made - before
    }
    #expect(warm() == 0, "the first frame has no camera to compare with")
    #expect(warm() == 1)
    // A drag of the map moves the camera: that frame makes nothing; the next, still, does.
    model.apply(.press(x: 320, y: 200))
    model.apply(.move(x: 300, y: 200))
    model.apply(.move(x: 250, y: 200))
    model.step(dt: 1.0 / 60)
    #expect(warm() == 0)
    #expect(warm() == 1)
  }

  @Test("nothing is made ahead while a detail sheet is open")
  func notWhileOpen() throws {
    let (_, scene, model) = try RenderTests.setUp()
    _ = Self.run(model, scene, inputs: [[.key("2")]], count: 60)
    // A tap on a row opens its sheet; the frames after it make nothing ahead.
    let made = Self.run(
      model, scene, inputs: [[.press(x: 320, y: 600), .release(x: 320, y: 600, velocity: nil)]], count: 60)
    #expect(model.stack.count == 2, "the tap opened a detail sheet")
    #expect(made.allSatisfy { $0 == 0 })
  }
}
