import Detent
import DetentJSON
import Foundation
import Testing

@testable import DetentApp

/// The set-back root copied from its texture (`RootCache`), drawn through the scene renderer on
/// the offscreen software display: the same pixels as the root drawn row by row, a texture
/// drawn again only when the root's own pixels change, and none for what it does not cover.
@Suite(.serialized) struct RootCacheTests {
  /// A scene renderer on its own offscreen display, drawing set-back roots from the cache as `use`
  /// says (`.always`: the software renderer's exact frames too).
  static func scene(width: Int, height: Int, use: RootCache.Use, scale: Int = 1) throws -> (
    Display, SceneRenderer
  ) {
    let display = try Display(offscreenWidth: width, height: height, scale: scale)
    let scene = try SceneRenderer(
      display: display, assets: AssetLocator(root: repoRoot.appendingPathComponent("Assets")))
    scene.rootCache.use = use
    return (display, scene)
  }

  /// A model with the root settled at notch `key` (and the list wheeled by `wheel` notches).
  static func model(width: Int, height: Int = 800, key: String, wheel: Int = 0, tuning: Tuning = Tuning())
    throws -> DemoModel
  {
    let model = try DemoModel(tuning: tuning, width: width, height: height)
    model.apply(.key(key))
    for _ in 0..<120 { model.step(dt: 1.0 / 60) }
    if wheel != 0 {
      model.apply(.wheel(x: 100, y: Double(height) - 100, dy: wheel))
      for _ in 0..<12 { model.step(dt: 1.0 / 60) }
    }
    return model
  }

  /// The pixels of display `a` and how many of them differ from `b`'s (both drawn first).
  static func differing(_ a: Display, _ b: Display) throws -> (count: Int, differing: Int) {
    a.canvas.sync()
    b.canvas.sync()
    let pixels = (
      try surfacePixels(try #require(a.canvas.screen)), try surfacePixels(try #require(b.canvas.screen))
    )
    return (pixels.0.count, zip(pixels.0, pixels.1).filter { $0 != $1 }.count)
  }

  /// Two scenes `width`×800, the first using the cache on every frame, the second never, the
  /// first having rendered `model` once, its pixels' storage ready.
  static func pair(_ model: DemoModel, width: Int) throws -> (Display, SceneRenderer, Display, SceneRenderer)
  {
    let (cachedDisplay, cached) = try Self.scene(width: width, height: 800, use: .always)
    let (directDisplay, direct) = try Self.scene(width: width, height: 800, use: .never)
    cached.render(model)
    cached.rootCache.waitForPixelStorage()
    return (cachedDisplay, cached, directDisplay, direct)
  }

  /// Pushes place 0's detail sheet and holds it at `detail` px (a pointer down on it).
  static func hold(_ model: DemoModel, detail: Double) {
    model.pushDetail(place: 0)
    model.stack.withTop { $0.replayRelease(height: detail, velocity: 0) }
    _ = model.stack.withTop { $0.pointerDown(x: 100, y: model.windowHeight - 1) }
  }

  @Test(
    "a set-back root copied from its texture has exactly the pixels of the root drawn row by row",
    arguments: [
      // (window width, root notch, list wheeled by, detail sheet height, scale): each drop a
      // whole number of points. 640: a full-width root; 1280: a card.
      (640, "2", 0, 108.0, 1), (640, "2", 0, 54, 1), (640, "2", 0, 162, 1), (640, "3", 0, 108, 1),
      (640, "3", 6, 54, 1), (1280, "2", 0, 108, 1), (1280, "3", 6, 162, 1), (640, "2", 0, 108, 2),
      (1280, "3", 6, 54, 2),
    ])
  func samePixels(width: Int, key: String, wheel: Int, detail: Double, scale: Int) throws {
    try samePixels(width: width, key: key, wheel: wheel, detail: detail, scale: scale, inPlace: true)
  }

  @Test(
    "without the offscreen display's in-place veil (as in a window) the copy's colour modulation is SDL's blended veil exactly",
    arguments: [(640, "2", 0, 108.0, 1), (1280, "3", 6, 162, 1), (640, "3", 0, 54, 2)])
  func modulatedVeil(width: Int, key: String, wheel: Int, detail: Double, scale: Int) throws {
    try samePixels(width: width, key: key, wheel: wheel, detail: detail, scale: scale, inPlace: false)
  }

  /// Renders the set-back frame with and without the cache and compares every pixel; `inPlace`
  /// false hides the display's surface from the canvases (the renderer's own blends and copies,
  /// as in a window).
  func samePixels(width: Int, key: String, wheel: Int, detail: Double, scale: Int, inPlace: Bool) throws {
    let model = try Self.model(width: width, key: key, wheel: wheel)
    if wheel != 0 { #expect(model.indicators[0].alpha(at: model.time) > 0, "the scroll indicator shows") }
    let (cachedDisplay, cached) = try Self.scene(width: width, height: 800, use: .always, scale: scale)
    let (directDisplay, direct) = try Self.scene(width: width, height: 800, use: .never, scale: scale)
    let screens = (try #require(cachedDisplay.canvas.screen), try #require(directDisplay.canvas.screen))
    if !inPlace { (cachedDisplay.canvas.screen, directDisplay.canvas.screen) = (nil, nil) }
    cached.render(model)
    Self.hold(model, detail: detail)
    let setBack = SetBack(model.stack)
    let drop = model.stack.root.snapshot.height - setBack.height
    #expect(setBack.progress > 0 && drop > 0 && abs(drop - drop.rounded()) < 1e-6, "drop \(drop)")
    for scene in [cached, direct] { scene.render(model) }
    #expect(cached.rootCache.builds == 1 && cached.rootCache.copies == 1)
    #expect(direct.rootCache.builds == 0 && direct.rootCache.copies == 0)
    cachedDisplay.canvas.sync()
    directDisplay.canvas.sync()
    let a = try surfacePixels(screens.0)
    let b = try surfacePixels(screens.1)
    #expect(a.count == 800 * width * scale * scale)
    let differing = zip(a, b).filter { $0 != $1 }.count
    #expect(differing == 0, "\(differing) pixels differ")
  }

  @Test(
    "a set-back root copied from its pixels read back, multiplied by the veil in the same pass, has exactly the pixels of the root drawn row by row",
    arguments: [(640, "2", 108.0), (640, "3", 54), (640, "3", 162), (1280, "2", 108), (1280, "3", 162)])
  func veiledFromPixels(width: Int, key: String, detail: Double) throws {
    let model = try Self.model(width: width, key: key)
    // At rest: the root drawn ahead, then its pixels read back, one step each (their storage,
    // started with the first frame off the main thread, waited for).
    let (cachedDisplay, cached, directDisplay, direct) = try Self.pair(model, width: width)
    var steps: [Int] = []
    for _ in 0..<3 {
      cached.drawAhead(model)
      steps.append(cached.rootCache.builds * 10 + cached.rootCache.readBacks)
    }
    #expect(steps == [10, 11, 11])
    Self.hold(model, detail: detail)
    #expect(SetBack(model.stack).progress > 0)
    for scene in [cached, direct] { scene.render(model) }
    #expect(cached.rootCache.copies == 1 && cached.rootCache.veiledCopies == 1)
    let (count, differing) = try Self.differing(cachedDisplay, directDisplay)
    #expect(count == 800 * width && differing == 0, "\(differing) pixels differ")
  }

  @Test(
    "a root standing alone, drawn ahead and read back, is copied from its pixels: exactly the pixels of the root drawn row by row; not before its pixels are read back",
    arguments: [
      (640, "1", 0, false), (640, "2", 0, false), (640, "3", 6, false), (1280, "2", 0, false),
      (1280, "3", 6, false), (640, "2", 0, true), (1280, "3", 0, true),
    ])
  func aloneFromPixels(width: Int, key: String, wheel: Int, searching: Bool) throws {
    let model = try Self.model(width: width, key: key, wheel: wheel)
    if searching {
      model.focusSearch()
      model.type("caf")
    }
    // The scroll indicator faded (while it shows, the root is drawn: it goes between the rows
    // and the veil).
    for _ in 0..<240 { model.step(dt: 1.0 / 60) }
    #expect(model.indicators[0].alpha(at: model.time) == 0)
    let (cachedDisplay, cached, directDisplay, direct) = try Self.pair(model, width: width)
    // Drawn ahead: still drawn row by row until its pixels are read back, then copied.
    var copies: [Int] = []
    for step in 0..<3 {
      if step > 0 { cached.drawAhead(model) }
      for scene in [cached, direct] { scene.render(model) }
      copies.append(cached.rootCache.veiledCopies)
      let (count, differing) = try Self.differing(cachedDisplay, directDisplay)
      #expect(count == 800 * width && differing == 0, "step \(step): \(differing) pixels differ")
    }
    #expect(copies == [0, 0, 1])
    #expect(cached.rootCache.builds == 1 && cached.rootCache.readBacks == 1)
  }

  @Test(
    "a root drawn ahead at a notch is copied from those pixels at every lower notch, its list unchanged: the direct drawing's pixels; raised above it, it is drawn again",
    arguments: [
      // (window width, notch drawn ahead, notches then settled at, list wheeled by): 640 a
      // full-width root, 1280 a card. A list wheeled at the top notch is back at its top once
      // the root is lowered (the engine's rule): not the rows drawn ahead.
      (640, "3", ["2", "1", "3"], 0), (1280, "3", ["2", "1"], 0), (1280, "3", ["2"], 6),
      (640, "2", ["1", "3"], 0),
    ])
  func lowered(width: Int, ahead: String, settled: [String], wheel: Int) throws {
    let model = try Self.model(width: width, key: ahead, wheel: wheel)
    for _ in 0..<240 { model.step(dt: 1.0 / 60) }
    let (cachedDisplay, cached, directDisplay, direct) = try Self.pair(model, width: width)
    cached.drawAhead(model)
    cached.drawAhead(model)
    #expect(cached.rootCache.builds == 1 && cached.rootCache.readBacks == 1)
    let aheadHeight = model.stack.root.snapshot.height
    for key in settled {
      model.apply(.key(key))
      for _ in 0..<240 { model.step(dt: 1.0 / 60) }
      let height = model.stack.root.snapshot.height
      let (builds, copies) = (cached.rootCache.builds, cached.rootCache.veiledCopies)
      for scene in [cached, direct] { scene.render(model) }
      let (count, differing) = try Self.differing(cachedDisplay, directDisplay)
      #expect(count == 800 * width && differing == 0, "at notch \(key): \(differing) pixels differ")
      if height <= aheadHeight, wheel == 0 {
        // Copied from the pixels drawn at the taller notch, nothing drawn again.
        #expect(cached.rootCache.veiledCopies == copies + 1, "at notch \(key)")
        #expect(cached.rootCache.builds == builds, "at notch \(key)")
      } else {
        // Rows the texture does not hold (a taller root, another list offset): drawn row by
        // row, then ahead again.
        #expect(cached.rootCache.veiledCopies == copies, "at notch \(key)")
        cached.drawAhead(model)
        #expect(cached.rootCache.builds == builds + 1, "at notch \(key)")
      }
    }
  }

  @Test(
    "a root drawn ahead at a higher notch and set back at a lower one is copied from that texture, the veil on it: the direct drawing's pixels, through the display's pixels and through the renderer's copy (as in a window)",
    arguments: [(640, 108.0, true), (1280, 108, true), (640, 54, false), (1280, 54, false)])
  func loweredThenSetBack(width: Int, detail: Double, inPlace: Bool) throws {
    let model = try Self.model(width: width, key: "3")
    for _ in 0..<240 { model.step(dt: 1.0 / 60) }
    let (cachedDisplay, cached) = try Self.scene(width: width, height: 800, use: .always)
    let (directDisplay, direct) = try Self.scene(width: width, height: 800, use: .never)
    let screens = (try #require(cachedDisplay.canvas.screen), try #require(directDisplay.canvas.screen))
    if !inPlace { (cachedDisplay.canvas.screen, directDisplay.canvas.screen) = (nil, nil) }
    cached.render(model)
    cached.rootCache.waitForPixelStorage()
    cached.drawAhead(model)
    cached.drawAhead(model)
    #expect(cached.rootCache.builds == 1)
    model.apply(.key("2"))
    for _ in 0..<240 { model.step(dt: 1.0 / 60) }
    Self.hold(model, detail: detail)
    #expect(SetBack(model.stack).progress > 0)
    for scene in [cached, direct] { scene.render(model) }
    // Copied from the texture drawn at notch 3 (nothing drawn again), from its pixels when the
    // display multiplies in place.
    #expect(cached.rootCache.builds == 1 && cached.rootCache.copies == 1)
    #expect(cached.rootCache.veiledCopies == (inPlace ? 1 : 0))
    cachedDisplay.canvas.sync()
    directDisplay.canvas.sync()
    let (a, b) = (try surfacePixels(screens.0), try surfacePixels(screens.1))
    #expect(a.count == 800 * width)
    let differing = zip(a, b).filter { $0 != $1 }.count
    #expect(differing == 0, "\(differing) pixels differ")
  }

  @Test(
    "with a sticky footer (at the root's bottom) a root lowered from the notch drawn ahead is drawn again")
  func loweredWithFooter() throws {
    var tuning = Tuning()
    tuning.footer.height = 56
    let model = try Self.model(width: 640, key: "3", tuning: tuning)
    for _ in 0..<240 { model.step(dt: 1.0 / 60) }
    let (cachedDisplay, cached, directDisplay, direct) = try Self.pair(model, width: 640)
    cached.drawAhead(model)
    cached.drawAhead(model)
    #expect(cached.rootCache.builds == 1 && cached.rootCache.readBacks == 1)
    model.apply(.key("2"))
    for _ in 0..<240 { model.step(dt: 1.0 / 60) }
    for scene in [cached, direct] { scene.render(model) }
    #expect(cached.rootCache.veiledCopies == 0)
    let (count, differing) = try Self.differing(cachedDisplay, directDisplay)
    #expect(count == 800 * 640 && differing == 0, "\(differing) pixels differ")
    cached.drawAhead(model)
    #expect(cached.rootCache.builds == 2)
  }

  @Test(
    "a root standing alone with its scroll indicator showing is copied from its texture, the indicator drawn over it: the direct drawing's pixels",
    arguments: [640, 1280])
  func aloneWithIndicator(width: Int) throws {
    let model = try Self.model(width: width, key: "3", wheel: 6)
    let (cachedDisplay, cached, directDisplay, direct) = try Self.pair(model, width: width)
    cached.drawAhead(model)
    cached.drawAhead(model)
    #expect(cached.rootCache.builds == 1 && cached.rootCache.readBacks == 1)
    #expect(model.indicators[0].alpha(at: model.time) > 0, "the scroll indicator shows")
    let before = cached.rootCache.copies
    for scene in [cached, direct] { scene.render(model) }
    #expect(cached.rootCache.copies == before + 1 && cached.rootCache.veiledCopies == 0)
    let (count, differing) = try Self.differing(cachedDisplay, directDisplay)
    #expect(count == 800 * width && differing == 0, "\(differing) pixels differ")
  }

  @Test("the texture is drawn again when the root's list scrolls or its rows change, not while they hold")
  func rebuiltOnChange() throws {
    let model = try Self.model(width: 640, key: "3")
    let (_, scene) = try Self.scene(width: 640, height: 800, use: .always)
    scene.render(model)
    Self.hold(model, detail: 108)
    // (what changes before the frame, texture draws and copies after it)
    var steps: [(String, () -> Void, Int, Int)] = [
      ("the root set back", {}, 1, 1), ("nothing", {}, 1, 2), ("nothing", {}, 1, 3),
    ]
    // A change shows as rows drawn directly in its first frame, then a texture from the next.
    steps += [
      ("the list scrolled", { model.stack.withRoot { _ = $0.wheel(x: 320, y: 500, notches: 2) } }, 1, 3),
      ("nothing", {}, 2, 4), ("nothing", {}, 2, 5),
      ("a chip selected", { model.search.selectChip(2, places: model.places, stack: &model.stack) }, 2, 5),
      ("nothing", {}, 3, 6),
    ]
    for (what, change, builds, copies) in steps {
      change()
      scene.render(model)
      #expect(scene.rootCache.builds == builds && scene.rootCache.copies == copies, "after \(what)")
    }
  }

  @Test("a row held down before the tap that opens its place: the first set-back frame draws the rows")
  func pressedRow() throws {
    let model = try Self.model(width: 640, key: "2")
    let (_, scene) = try Self.scene(width: 640, height: 800, use: .always)
    let rowY = model.stack.root.snapshot.listTop + 100
    model.apply(.press(x: 300, y: rowY))
    model.step(dt: 1.0 / 60)
    #expect(model.highlighted == .row(1))
    scene.render(model)
    model.apply(.release(x: 300, y: rowY, velocity: nil))
    var copies: [Int] = []
    for _ in 0..<4 {
      model.step(dt: 1.0 / 60)
      scene.render(model)
      copies.append(scene.rootCache.copies)
    }
    #expect(model.stack.count == 2)
    #expect(copies == [0, 1, 2, 3] && scene.rootCache.builds == 1)
  }

  @Test("a quiet frame draws the resting root ahead: a place opened from it is copied from its first frame")
  func drawnAhead() throws {
    let model = try Self.model(width: 640, key: "2")
    let (display, scene) = try Self.scene(width: 640, height: 800, use: .always)
    // Frames at rest: once one is quiet (its map copied, nothing else made in it) the root is
    // drawn into the texture, once.
    var built: [Int] = []
    for _ in 0..<40 {
      model.step(dt: 1.0 / 60)
      scene.render(model)
      built.append(scene.rootCache.warmed)
    }
    #expect(built.first == 0 && built.last == 1 && built == built.sorted())
    // Its pixels read back in a quiet frame after, the frames at rest copy it from them.
    let atRest = scene.rootCache.copies
    #expect(scene.rootCache.builds == 1 && scene.rootCache.readBacks == 1 && atRest > 0)
    model.choosePlace(0)
    model.step(dt: 1.0 / 60)
    scene.render(model)
    #expect(SetBack(model.stack).progress > 0)
    #expect(scene.rootCache.builds == 1 && scene.rootCache.copies == atRest + 1)
    // Nothing is drawn ahead while a detail sheet is open (its frames are not quiet anyway).
    for _ in 0..<60 {
      model.step(dt: 1.0 / 60)
      scene.render(model)
    }
    #expect(scene.rootCache.warmed == 1)
    _ = display
  }

  @Test(
    "at rest between frames the root is drawn ahead once, not while a row is held; the tap's place copies it")
  func drawnAheadAtRest() throws {
    let model = try Self.model(width: 1280, key: "2")
    let (_, scene) = try Self.scene(width: 1280, height: 800, use: .always)
    scene.render(model)
    for _ in 0..<3 { scene.drawAhead(model) }
    #expect(scene.rootCache.warmed == 1 && scene.rootCache.builds == 1)
    // A row held down (drawn pressed): nothing drawn ahead; its release opens the place.
    let rowY = model.stack.root.snapshot.listTop + 100
    model.apply(.press(x: 200, y: rowY))
    scene.render(model)
    scene.drawAhead(model)
    #expect(model.highlighted == .row(1) && scene.rootCache.warmed == 1 && scene.rootCache.builds == 1)
    model.apply(.release(x: 200, y: rowY, velocity: nil))
    // Its first frame (the detail sheet pushed, nothing set back yet) and the next ones: copies
    // of the texture drawn before the press.
    scene.render(model)
    #expect(model.stack.count == 2 && SetBack(model.stack).progress == 0)
    for _ in 0..<5 {
      model.step(dt: 1.0 / 60)
      scene.render(model)
    }
    #expect(scene.rootCache.builds == 1 && scene.rootCache.copies == 6)
    // With a detail sheet open nothing is drawn ahead.
    scene.drawAhead(model)
    #expect(scene.rootCache.warmed == 1)
  }

  @Test(
    "a shade, a drawer, a floating card and a corner radius of its own are drawn row by row",
    arguments: [
      #"{"layout": {"edge": "top"}}"#, #"{"layout": {"edge": "left"}}"#,
      #"{"layout": {"mode": "card", "bottomInset": 24}}"#, #"{"sheet": {"cornerRadius": 20}}"#,
    ])
  func notCovered(json: String) throws {
    let tuning = try TuningCoding.decode(try JSONParser.parse(json), base: Tuning()).tuning
    let model = try Self.model(width: 640, key: "2", tuning: tuning)
    let (_, scene) = try Self.scene(width: 640, height: 800, use: .always)
    scene.render(model)
    model.choosePlace(0)
    for _ in 0..<20 {
      model.step(dt: 1.0 / 60)
      scene.render(model)
    }
    #expect(SetBack(model.stack).progress > 0)
    #expect(scene.rootCache.builds == 0 && scene.rootCache.copies == 0)
  }

  @Test("by default the software renderer copies the root on progressive frames only")
  func progressiveOnly() throws {
    for progressive in [false, true] {
      let model = try Self.model(width: 640, key: "2")
      let (_, scene) = try Self.scene(width: 640, height: 800, use: .progressive)
      scene.map.progressive = progressive
      scene.render(model)
      model.choosePlace(0)
      for _ in 0..<10 {
        model.step(dt: 1.0 / 60)
        scene.render(model)
      }
      #expect(scene.rootCache.copies == (progressive ? 10 : 0), "progressive \(progressive)")
    }
  }

  /// Whether row `row`'s subtitle and distance texts are made once the scene drew its first
  /// frame (the root at its lowest notch, where no row shows).
  static func rowMadeByFirstFrame(_ row: Int, use: RootCache.Use) throws -> Bool {
    let (_, scene) = try Self.scene(width: 640, height: 800, use: use)
    scene.map.progressive = true
    let model = try DemoModel(tuning: Tuning(), width: 640, height: 800)
    scene.render(model)
    let labels = scene.labels.row(model.placeIndex(row: row), in: model.places)
    let before = scene.text.renders
    let (secondary, white) = (SheetRenderer.secondary, SheetRenderer.background)
    _ = scene.text.texture(labels.subtitle, .caption, secondary, background: white)
    _ = scene.text.texture(labels.distance, .caption, secondary, background: white)
    return scene.text.renders == before
  }

  @Test(
    "the first frame draws the root at its tallest notch into the texture: the rows it shows there have their texts"
  )
  func reservedWithTheTallestRoot() throws {
    // Rows 0 and 8 show at the tallest notch (60 px from the top), row 40 does not.
    #expect(try Self.rowMadeByFirstFrame(0, use: .progressive))
    #expect(try Self.rowMadeByFirstFrame(8, use: .progressive))
    #expect(try !Self.rowMadeByFirstFrame(40, use: .progressive))
    // Without the cache nothing is drawn ahead: the rows make their texts when they show.
    #expect(try !Self.rowMadeByFirstFrame(8, use: .never))
  }
}
