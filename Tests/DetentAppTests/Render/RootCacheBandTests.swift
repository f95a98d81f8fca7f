import Detent
import Foundation
import Testing

@testable import DetentApp

/// The root drawn ahead on the software renderer in bands, one a quiet frame, then read back in
/// bands (an eighth of the window's pixels at most, `RootCache.bandShare`): a place opened once it is done is veiled from the pixels read
/// back, exactly as the root drawn row by row; a root that changes half-drawn leaves nothing
/// claiming the root before it.
@Suite(.serialized) struct RootCacheBandTests {
  /// Frames at rest on `scene` until the root's pixels are read back (at most `limit`): the
  /// work each frame did ahead (`stepsAhead` after it minus before it), from the first that did
  /// some.
  static func stepsUntilReadBack(_ scene: SceneRenderer, _ model: DemoModel, limit: Int = 120) -> [Int] {
    var steps: [Int] = []
    for _ in 0..<limit where scene.rootCache.readBacks == 0 {
      let before = scene.rootCache.stepsAhead
      model.step(dt: 1.0 / 60)
      scene.render(model)
      let did = scene.rootCache.stepsAhead - before
      if did > 0 || !steps.isEmpty { steps.append(did) }
    }
    return steps
  }

  @Test(
    "quiet frames draw the root ahead a band each, then read it back a band each; the place opened is veiled from those pixels exactly",
    arguments: [
      // (window width, root notch, bands drawn: 800 rows of the root's column, an eighth of the
      // window's pixels a band). 640: a full-width root, 100 rows a band; 1280: a 420-px card,
      // 304 rows.
      (640, "2", 8), (640, "3", 8), (1280, "3", 3),
    ])
  func bands(width: Int, key: String, count: Int) throws {
    let model = try RootCacheTests.model(width: width, key: key)
    let (cachedDisplay, cached) = try RootCacheTests.scene(width: width, height: 800, use: .always)
    let (directDisplay, direct) = try RootCacheTests.scene(width: width, height: 800, use: .never)
    cached.render(model)
    cached.rootCache.waitForPixelStorage()
    let steps = Self.stepsUntilReadBack(cached, model)
    // One step a quiet frame: the bands drawn, the bands read back (none between: quiet frames
    // follow each other at rest).
    #expect(steps == Array(repeating: 1, count: 2 * count), "\(steps)")
    #expect(cached.rootCache.builds == 1 && cached.rootCache.bands == 2 * (count - 1))
    #expect(cached.rootCache.warmed == 1 && cached.rootCache.readBacks == 1)
    RootCacheTests.hold(model, detail: 108)
    #expect(SetBack(model.stack).progress > 0)
    direct.render(model)
    cached.render(model)
    #expect(cached.rootCache.copies == 1 && cached.rootCache.veiledCopies == 1)
    let (count, differing) = try RootCacheTests.differing(cachedDisplay, directDisplay)
    #expect(count == 800 * width && differing == 0, "\(differing) pixels differ")
  }

  @Test(
    "a place opened before the bands are done draws the rest in its first set-back frame: the same pixels")
  func openedHalfDrawn() throws {
    let model = try RootCacheTests.model(width: 640, key: "3")
    let (cachedDisplay, cached) = try RootCacheTests.scene(width: 640, height: 800, use: .always)
    let (directDisplay, direct) = try RootCacheTests.scene(width: 640, height: 800, use: .never)
    cached.render(model)
    for _ in 0..<60 where cached.rootCache.bands == 0 {
      model.step(dt: 1.0 / 60)
      cached.render(model)
    }
    #expect(cached.rootCache.bands == 1 && cached.rootCache.builds == 0)
    RootCacheTests.hold(model, detail: 108)
    direct.render(model)
    cached.render(model)
    #expect(cached.rootCache.builds == 1 && cached.rootCache.copies == 1)
    let (count, differing) = try RootCacheTests.differing(cachedDisplay, directDisplay)
    #expect(count == 800 * 640 && differing == 0, "\(differing) pixels differ")
  }

  @Test(
    "a band drawn for a scrolled root, then the list scrolled back: the texture no longer claims the root it held"
  )
  func scrolledBack() throws {
    let model = try RootCacheTests.model(width: 640, key: "3")
    let (cachedDisplay, cached) = try RootCacheTests.scene(width: 640, height: 800, use: .always)
    let (directDisplay, direct) = try RootCacheTests.scene(width: 640, height: 800, use: .never)
    cached.render(model)
    cached.rootCache.waitForPixelStorage()
    _ = Self.stepsUntilReadBack(cached, model)
    #expect(cached.rootCache.builds == 1 && cached.rootCache.readBacks == 1)
    let offset = model.stack.root.snapshot.listOffset
    // Scrolled: quiet frames until one band of the scrolled root is drawn over the texture.
    model.stack.withRoot { _ = $0.wheel(x: 320, y: 500, notches: 2) }
    let bands = cached.rootCache.bands
    for _ in 0..<60 where cached.rootCache.bands == bands {
      model.step(dt: 1.0 / 60)
      cached.render(model)
    }
    #expect(cached.rootCache.bands == bands + 1 && cached.rootCache.builds == 1)
    // Back where it was, and a place opened at once: the rows drawn, not the texture copied.
    model.stack.withRoot { _ = $0.wheel(x: 320, y: 500, notches: -2) }
    #expect(model.stack.root.snapshot.listOffset == offset)
    RootCacheTests.hold(model, detail: 108)
    direct.render(model)
    cached.render(model)
    #expect(cached.rootCache.copies == 0)
    let (count, differing) = try RootCacheTests.differing(cachedDisplay, directDisplay)
    #expect(count == 800 * 640 && differing == 0, "\(differing) pixels differ")
  }

  @Test(
    "the window made taller while the root's pixels are read back (same root, a taller texture): the read starts again in the new storage"
  )
  func madeTaller() throws {
    // The root at its lowest notch (a fixed height): its key holds when the window grows.
    let model = try RootCacheTests.model(width: 640, height: 800, key: "1")
    let (cachedDisplay, cached) = try RootCacheTests.scene(width: 640, height: 900, use: .always)
    let (directDisplay, direct) = try RootCacheTests.scene(width: 640, height: 900, use: .never)
    cached.render(model)
    cached.rootCache.waitForPixelStorage()
    for _ in 0..<60 where cached.rootCache.builds == 0 {
      model.step(dt: 1.0 / 60)
      cached.render(model)
    }
    let drawn = cached.rootCache.bands
    for _ in 0..<60 where cached.rootCache.bands == drawn {
      model.step(dt: 1.0 / 60)
      cached.render(model)
    }
    #expect(
      cached.rootCache.builds == 1 && cached.rootCache.bands == drawn + 1 && cached.rootCache.readBacks == 0)
    // Taller, and a place opened at once (its first frame makes the taller texture, no quiet
    // frame reads on), then closed; quiet frames until the pixels are read back, then a place
    // opened again.
    model.apply(.resize(width: 640, height: 900))
    model.choosePlace(0)
    for _ in 0..<60 {
      model.step(dt: 1.0 / 60)
      cached.render(model)
    }
    model.popDetail()
    for _ in 0..<120 {
      model.step(dt: 1.0 / 60)
      cached.render(model)
    }
    _ = Self.stepsUntilReadBack(cached, model)
    #expect(model.stack.count == 1 && cached.rootCache.readBacks == 1)
    RootCacheTests.hold(model, detail: 30)
    direct.render(model)
    let veiled = cached.rootCache.veiledCopies
    cached.render(model)
    #expect(cached.rootCache.veiledCopies == veiled + 1)
    let (count, differing) = try RootCacheTests.differing(cachedDisplay, directDisplay)
    #expect(count == 900 * 640 && differing == 0, "\(differing) pixels differ")
  }
}
