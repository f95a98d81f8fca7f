import Detent
import Foundation
import Testing

@testable import DetentApp

/// A root texture drawn at a taller notch serving the root lowered (`RootCache.Key.covers`) in
/// the cases `RootCacheTests` leaves out: the keyboard up, the window's height changed, the
/// scroll indicator showing, and a root lowered before the texture's pixels were read back.
/// Each frame compared is the root drawn row by row's, every pixel; the counts say whether the
/// texture was copied or drawn again. 640×800: the root's top at 60, 400 and 680 at notches 3,
/// 2 and 1; with the keyboard (260 px) up, its bottom at 540 and its tops at 60, 270 and 420.
@Suite(.serialized) struct RootCacheCoverTests {
  /// What a test reads of the cache after a frame: textures drawn, frames copied from the
  /// texture, and of those, from its pixels read back.
  struct Counts: Equatable, CustomStringConvertible {
    var builds: Int
    var copies: Int
    var veiledCopies: Int

    init(_ scene: SceneRenderer) {
      (builds, copies, veiledCopies) = (
        scene.rootCache.builds, scene.rootCache.copies, scene.rootCache.veiledCopies
      )
    }

    init(builds: Int, copies: Int, veiledCopies: Int) {
      (self.builds, self.copies, self.veiledCopies) = (builds, copies, veiledCopies)
    }

    var description: String { "builds \(builds), copies \(copies), veiled \(veiledCopies)" }
  }

  /// Steps `model` 240 frames (4 s: a notch settled, the scroll indicator faded).
  static func settle(_ model: DemoModel) {
    for _ in 0..<240 { model.step(dt: 1.0 / 60) }
  }

  /// Renders `model` on both scenes and expects every pixel alike (`what` names the frame).
  static func expectSame(
    _ model: DemoModel, _ cached: (Display, SceneRenderer), _ direct: (Display, SceneRenderer),
    _ what: String, height: Int = 800
  ) throws {
    for scene in [cached.1, direct.1] { scene.render(model) }
    let (count, differing) = try RootCacheTests.differing(cached.0, direct.0)
    #expect(count == height * Int(model.sceneWidth) && differing == 0, "\(what): \(differing) pixels differ")
  }

  @Test(
    "the keyboard up: a root drawn at notch 3 serves notch 2, alone and set back, when the keyboard was up for both; a keyboard shown or hidden in between draws it again",
    arguments: [
      // (window width, keyboard up when drawn, up when lowered, set back (detail height, 0:
      // alone), the texture copied). 640: a full-width root; 1280: a card.
      (640, true, true, 0.0, true), (1280, true, true, 0, true), (640, true, true, 108, true),
      (1280, true, true, 108, true), (640, false, true, 0, false), (640, true, false, 0, false),
      (640, false, true, 108, false),
    ])
  func keyboard(width: Int, drawnWith: Bool, loweredWith: Bool, detail: Double, copied: Bool) throws {
    let model = try RootCacheTests.model(width: width, key: "3")
    if drawnWith { model.apply(.key("K")) }
    Self.settle(model)
    #expect(model.stack.root.snapshot.bottom == (drawnWith ? 540 : 800))
    let (cachedDisplay, cached, directDisplay, direct) = try RootCacheTests.pair(model, width: width)
    cached.drawAhead(model)
    cached.drawAhead(model)
    #expect(cached.rootCache.builds == 1 && cached.rootCache.readBacks == 1)
    if drawnWith != loweredWith { model.apply(.key("K")) }
    model.apply(.key("2"))
    Self.settle(model)
    let s = model.stack.root.snapshot
    #expect(s.top == (loweredWith ? 270 : 400) && s.bottom == (loweredWith ? 540 : 800))
    if detail > 0 {
      RootCacheTests.hold(model, detail: detail)
      let setBack = SetBack(model.stack)
      let drop = s.height - setBack.height
      #expect(setBack.progress > 0 && abs(drop - drop.rounded()) < 1e-6, "drop \(drop)")
    }
    let before = Counts(cached)
    try Self.expectSame(model, (cachedDisplay, cached), (directDisplay, direct), "lowered")
    var expected = before
    if copied {
      // From the texture drawn at notch 3, its pixels read back (veiled, set back).
      expected.copies += 1
      expected.veiledCopies += 1
    } else if detail > 0 {
      // Set back in the first frame at this key (the frame before was at notch 3): drawn row by
      // row, then a texture drawn for it in the next.
      try Self.expectSame(model, (cachedDisplay, cached), (directDisplay, direct), "set back, again")
      expected.builds += 1
      expected.copies += 1
    }
    #expect(Counts(cached) == expected)
    if !copied, detail == 0 {
      cached.drawAhead(model)
      #expect(cached.rootCache.builds == before.builds + 1, "drawn again ahead")
    }
  }

  @Test(
    "the window's height changed after the root was drawn at notch 3: lowered, it is drawn again (alone: ahead; set back: in its frame), the direct drawing's pixels",
    arguments: [
      // (window height when drawn, then; the displays are 900 tall): tops 60 → 400 at 800,
      // 450 at 900, 350 at 700.
      (800, 900), (900, 800), (800, 700),
    ])
  func windowHeightChanged(from: Int, to: Int) throws {
    let (model, cached, direct) = try Self.drawnThenResized(from: from, to: to)
    #expect(model.stack.root.snapshot.top == Double(to / 2) && model.windowHeight == Double(to))
    // Alone: not from the texture drawn for the other window (its pixels are read back).
    try Self.expectSame(model, cached, direct, "lowered in the new window", height: 900)
    #expect(Counts(cached.1) == Counts(builds: 1, copies: 0, veiledCopies: 0))
    // Drawn ahead again (a texture of the new window's height), read back, then copied.
    cached.1.drawAhead(model)
    #expect(cached.1.rootCache.builds == 2)
    for _ in 0..<200 where cached.1.rootCache.readBacks < 2 {
      cached.1.drawAhead(model)
      usleep(1_000)
    }
    #expect(cached.1.rootCache.readBacks == 2)
    try Self.expectSame(model, cached, direct, "drawn ahead in the new window", height: 900)
    #expect(Counts(cached.1) == Counts(builds: 2, copies: 1, veiledCopies: 1))
  }

  /// A root drawn at notch 3 in a window `from` tall, its texture drawn ahead and read back
  /// (the displays are 900 tall), then the window made `to` tall and the root lowered to notch 2.
  static func drawnThenResized(from: Int, to: Int) throws -> (
    model: DemoModel, cached: (Display, SceneRenderer), direct: (Display, SceneRenderer)
  ) {
    let model = try RootCacheTests.model(width: 640, height: from, key: "3")
    Self.settle(model)
    let cached = try RootCacheTests.scene(width: 640, height: 900, use: .always)
    let direct = try RootCacheTests.scene(width: 640, height: 900, use: .never)
    // Both displays drawn in the first window (a shorter one leaves the rows below it as they
    // were).
    for scene in [cached.1, direct.1] { scene.render(model) }
    cached.1.rootCache.waitForPixelStorage()
    cached.1.drawAhead(model)
    cached.1.drawAhead(model)
    #expect(Counts(cached.1) == Counts(builds: 1, copies: 0, veiledCopies: 0))
    #expect(cached.1.rootCache.readBacks == 1)
    model.apply(.resize(width: 640, height: to))
    model.apply(.key("2"))
    Self.settle(model)
    return (model, cached, direct)
  }

  @Test(
    "set back right after the window's height changed under a root drawn at notch 3: drawn row by row, then a texture of the new window drawn and copied",
    arguments: [(800, 900), (900, 800), (800, 700)])
  func windowHeightChangedSetBack(from: Int, to: Int) throws {
    let (model, cached, direct) = try Self.drawnThenResized(from: from, to: to)
    RootCacheTests.hold(model, detail: 108)
    #expect(SetBack(model.stack).progress > 0)
    // (frames, then: textures drawn, copies, veiled copies)
    var counts: [Counts] = []
    for frame in 0..<3 {
      try Self.expectSame(model, cached, direct, "set-back frame \(frame)", height: 900)
      counts.append(Counts(cached.1))
    }
    #expect(
      counts == [
        Counts(builds: 1, copies: 0, veiledCopies: 0), Counts(builds: 2, copies: 1, veiledCopies: 0),
        Counts(builds: 2, copies: 2, veiledCopies: 0),
      ])
  }

  @Test(
    "the scroll indicator showing on the lowered root (its list back at the top): copied from the texture drawn at notch 3, the indicator drawn over it, alone and set back",
    arguments: [
      // (window width, detail sheet height (0: alone), frames after the root settled: the
      // indicator at 1, then fading).
      // Set back under a 108-px detail sheet the indicator was found hidden (drawing it or not
      // changed no pixel): 54.
      (640, 0.0, 0), (640, 0, 36), (1280, 0, 0), (640, 54, 0), (640, 54, 36), (1280, 54, 0), (1280, 54, 36),
    ])
  func loweredWithIndicator(width: Int, detail: Double, after: Int) throws {
    let model = try RootCacheTests.model(width: width, key: "3")
    Self.settle(model)
    let (cachedDisplay, cached, directDisplay, direct) = try RootCacheTests.pair(model, width: width)
    cached.drawAhead(model)
    cached.drawAhead(model)
    #expect(cached.rootCache.builds == 1 && cached.rootCache.readBacks == 1)
    // The list wheeled at notch 3, then the root lowered: the list goes back to its top (the
    // rows drawn ahead), and the indicator shows that move.
    model.apply(.wheel(x: 100, y: 700, dy: 6))
    for _ in 0..<12 { model.step(dt: 1.0 / 60) }
    #expect(model.stack.root.snapshot.listOffset > 0)
    model.apply(.key("2"))
    for _ in 0..<120 where model.isMoving || model.stack.root.snapshot.listOffset != 0 {
      model.step(dt: 1.0 / 60)
    }
    for _ in 0..<after { model.step(dt: 1.0 / 60) }
    let s = model.stack.root.snapshot
    let alpha = model.indicators[0].alpha(at: model.time)
    #expect(s.top == 400 && s.listOffset == 0)
    #expect(alpha > 0.3 && alpha == (after == 0 ? 1 : alpha), "indicator \(alpha)")
    if detail > 0 {
      RootCacheTests.hold(model, detail: detail)
      let drop = s.height - SetBack(model.stack).height
      #expect(SetBack(model.stack).progress > 0 && abs(drop - drop.rounded()) < 1e-6, "drop \(drop)")
    }
    let before = Counts(cached)
    try Self.expectSame(model, (cachedDisplay, cached), (directDisplay, direct), "indicator at \(alpha)")
    // Copied from the texture (not its pixels: the indicator goes between the rows and the
    // veil), nothing drawn again.
    #expect(Counts(cached) == Counts(builds: 1, copies: before.copies + 1, veiledCopies: before.veiledCopies))
  }

  /// The root drawn at notch 3 and its texture drawn ahead whole at rest, not read back; then
  /// lowered to notch 2: the model and the two scenes (the cache's and the direct drawing's).
  static func loweredAfterDrawing() throws -> (
    DemoModel, Display, SceneRenderer, Display, SceneRenderer
  ) {
    let model = try RootCacheTests.model(width: 640, key: "3")
    Self.settle(model)
    let (cachedDisplay, cached, directDisplay, direct) = try RootCacheTests.pair(model, width: 640)
    cached.drawAhead(model)
    #expect(cached.rootCache.builds == 1 && cached.rootCache.readBacks == 0)
    model.apply(.key("2"))
    Self.settle(model)
    return (model, cachedDisplay, cached, directDisplay, direct)
  }

  @Test(
    "lowered before the texture's pixels were read back (drawn ahead whole at rest): alone, drawn row by row until they are read back, then copied from them; set back, copied from the texture"
  )
  func loweredBeforeReadBack() throws {
    let (model, cachedDisplay, cached, directDisplay, direct) = try Self.loweredAfterDrawing()
    let pair = ((cachedDisplay, cached), (directDisplay, direct))
    try Self.expectSame(model, pair.0, pair.1, "alone, not read back")
    #expect(Counts(cached) == Counts(builds: 1, copies: 0, veiledCopies: 0))
    // The quiet step after reads back the texture drawn at notch 3 (nothing drawn again).
    cached.drawAhead(model)
    #expect(cached.rootCache.builds == 1 && cached.rootCache.readBacks == 1)
    try Self.expectSame(model, pair.0, pair.1, "alone, read back")
    #expect(Counts(cached) == Counts(builds: 1, copies: 1, veiledCopies: 1))
  }

  @Test(
    "set back at a lower notch before the texture drawn at notch 3 was read back: copied from the texture, veiled in place",
    arguments: [108.0, 54])
  func setBackBeforeReadBack(detail: Double) throws {
    let (model, cachedDisplay, cached, directDisplay, direct) = try Self.loweredAfterDrawing()
    RootCacheTests.hold(model, detail: detail)
    #expect(SetBack(model.stack).progress > 0)
    try Self.expectSame(model, (cachedDisplay, cached), (directDisplay, direct), "set back, not read back")
    #expect(Counts(cached) == Counts(builds: 1, copies: 1, veiledCopies: 0))
  }

  @Test(
    "the root drawn ahead in bands by quiet frames, lowered in the very next frame (or with 3 of its 8 bands read back): every frame of the move and after is the direct drawing's; the bands read back at notch 2 serve it",
    arguments: [0, 3])
  func loweredRightAfterBands(readBands: Int) throws {
    let model = try RootCacheTests.model(width: 640, key: "3")
    let (cachedDisplay, cached, directDisplay, direct) = try RootCacheTests.pair(model, width: 640)
    for _ in 0..<60 where cached.rootCache.builds == 0 || cached.rootCache.bands < 7 + readBands {
      model.step(dt: 1.0 / 60)
      cached.render(model)
    }
    // 8 bands of 100 rows drawn (the last one finishes the texture), then `readBands` read back
    // (a quiet frame each); nothing read back whole yet.
    #expect(cached.rootCache.builds == 1 && cached.rootCache.bands == 7 + readBands)
    #expect(cached.rootCache.readBacks == 0)
    model.apply(.key("2"))
    var compared = 0
    var firstVeiled: Int?
    for frame in 0..<90 {
      model.step(dt: 1.0 / 60)
      let copies = cached.rootCache.copies
      for scene in [cached, direct] { scene.render(model) }
      // Every frame copied, and the frames of the move every tenth (drawn row by row: the same).
      guard cached.rootCache.copies > copies || frame % 10 == 0 else { continue }
      let (_, differing) = try RootCacheTests.differing(cachedDisplay, directDisplay)
      #expect(differing == 0, "frame \(frame) (top \(model.stack.root.snapshot.top)): \(differing) differ")
      compared += 1
      if cached.rootCache.veiledCopies > 0, firstVeiled == nil { firstVeiled = frame }
    }
    #expect(model.stack.root.snapshot.top == 400)
    // The texture of notch 3 is not drawn again: read back in bands in the quiet frames at
    // notch 2, then copied in every frame after.
    #expect(cached.rootCache.builds == 1 && cached.rootCache.readBacks == 1)
    #expect(cached.rootCache.copies == cached.rootCache.veiledCopies)
    // Settled at frame 34; the quiet frames after read back the 8 − `readBands` bands left, one
    // each (7 bands and the last, read whole, counted as the read-back).
    let veiled = try #require(firstVeiled)
    #expect(veiled == 43 - readBands && cached.rootCache.bands == 14)
    #expect(cached.rootCache.veiledCopies == 90 - veiled, "first copied at frame \(veiled)")
    #expect(compared > 20)
  }
}
