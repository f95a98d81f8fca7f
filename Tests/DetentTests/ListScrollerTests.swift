@testable import Detent
import Testing
import Foundation

/// The list on its own: how far a bounce may overshoot, and what a smaller viewport does to a list
/// shown past its end.
struct ListScrollerTests {
  /// Ten 64-px rows (640 px of content) under no header, in a `viewport`-px window onto them.
  static func list(viewport: Double) -> ListScroller {
    var list = ListScroller(
      config: ListConfig(rows: 10, rowHeight: 64), header: HeaderConfig(height: 0, mode: .pinned))
    list.viewport = viewport
    return list
  }

  /// Steps at 240 Hz for `seconds`, returning the offsets seen.
  static func run(_ list: inout ListScroller, from start: Double = 0, seconds: Double) -> [Double] {
    var seen: [Double] = []
    for frame in 1...Int(seconds * 240) {
      list.step(now: start + Double(frame) / 240)
      seen.append(list.offset)
    }
    return seen
  }

  /// (fling velocity in px/s, the bounce's deepest overshoot past the end): a 200-px viewport
  /// lets the list show 200 px past its end, but a bounce enters at most at the speed that takes
  /// it half that far, so a hard fling overshoots as far as a moderate one, and no farther.
  static let flings: [(Double, Double)] = [
    (2000, 29.483_751), (3000, 55.831_492), (20_000, 99.971_802), (100_000, 99.989_370),
  ]

  @Test("a bounce overshoots at most half the overscroll limit, however hard the fling", arguments: flings)
  func bounceVelocityCap(velocity: Double, overshoot: Double) {
    var list = Self.list(viewport: 200)
    list.release(velocity: velocity, now: 0)
    let seen = Self.run(&list, seconds: 4)
    let deepest = seen.map { $0 - list.maxOffset }.max() ?? 0
    expectClose(deepest, overshoot, 1e-5)
    #expect(deepest <= 0.5 * list.overscrollLimit)
    #expect(list.offset == list.maxOffset, "it rests exactly on its end")
    #expect(!list.isMoving)
  }

  /// (the new viewport, the offset shown at once): the list bounced almost 100 px past its top in
  /// a 200-px viewport; a smaller viewport allows less overshoot, so the list is pulled in to it.
  static let shrinks: [(Double, Double)] = [(50, -50), (80, -80), (150, -99.807_550), (400, -99.807_550)]

  @Test("a smaller viewport pulls a list shown past its end inside the new limit", arguments: shrinks)
  func viewportClamp(viewport: Double, shown: Double) {
    var list = Self.list(viewport: 200)
    list.drag(by: 300)
    list.release(velocity: -100_000, now: 0)
    // Step to the deepest point of the bounce above the top.
    var now = 0.0
    var previous = list.offset
    while true {
      now += 1.0 / 240
      list.step(now: now)
      if list.offset > previous, list.offset < 0 { break }
      previous = list.offset
    }
    list.viewport = viewport
    expectClose(list.offset, shown, 1e-6)
    #expect(list.offset >= -list.overscrollLimit)
    _ = Self.run(&list, from: now, seconds: 3)
    #expect(list.offset == 0, "it rests exactly on its top")
  }
}

/// ListScroller.swift in a sheet: momentum at any frame rate, bounce, and the scroll events.
@Suite struct ListInSheetTests {
  @Test("list momentum is frame-rate independent and bounces back inside at the top")
  func momentumAndBounce() throws {
    func offsets(fps: Double) throws -> [Double] {
      var sheet = try HandOffTests.atTop()
      sheet.pointerDown(x: 200, y: 600)
      sheet.pointerMove(x: 200, y: 400)
      sheet.pointerUp(x: 200, y: 400, velocityOverride: 2500)  // pointer down fast: list toward its top
      var out: [Double] = []
      for k in 1...Int(fps * 2) {
        sheet.step(dt: 1 / fps)
        if k % Int(fps / 30) == 0 { out.append(sheet.snapshot.listOffset) }
      }
      #expect(sheet.snapshot.listOffset == 0)
      #expect(sheet.snapshot.phase == .idle)
      return out
    }
    let reference = try offsets(fps: 240)
    #expect(reference.min()! < -5, "it overscrolls the top")
    #expect(reference.min()! > -624, "within the overscroll limit")
    for fps in [30.0, 60, 120] {
      let worst = zip(try offsets(fps: fps), reference).map { abs($0 - $1) }.max()!
      #expect(worst <= 0.5, "\(fps) Hz differs by \(worst)")
    }
  }

  @Test("list events bracket the motion")
  func listEvents() throws {
    var sheet = try HandOffTests.atTop()
    drag(&sheet, from: 600, to: 500, frames: 5, releaseVelocity: -800)
    settle(&sheet)
    #expect(names(sheet.takeEvents()) == ["listScrollBegan", "listScrollEnded"])
  }
}

/// A `collapseFirst` header takes a coast first, as it takes a drag, in both directions.
struct CollapseFirstMomentumTests {
  /// 200 rows of 64 px under a 96-px collapseFirst header in a 584-px viewport, scrolled by
  /// `drag` px (the header takes its part of it first).
  static func list(drag: Double) -> ListScroller {
    var list = ListScroller(
      config: ListConfig(rows: 200, rowHeight: 64), header: HeaderConfig(height: 96, mode: .collapseFirst))
    list.viewport = 584
    list.drag(by: drag)
    return list
  }

  /// Distance a coast at v0 px/s covers in t s at the default 0.998 per ms.
  static func coast(_ v0: Double, _ t: Double) -> Double {
    v0 * (pow(0.998, 1000 * t) - 1) / (1000 * log(0.998))
  }

  @Test(
    "flung down the list from header −20: the header hides first, then the list moves",
    arguments: [0.02, 0.05, 0.08, 0.12, 0.3])
  func down(t: Double) {
    var list = Self.list(drag: 20)
    #expect(list.headerOffset == -20 && list.offset == 0)
    list.release(velocity: 1500, now: 0)
    list.step(now: t)
    let d = Self.coast(1500, t)
    expectClose(list.headerOffset, max(-96, -20 - d), 1e-9)
    expectClose(list.offset, max(0, d - 76), 1e-9)
  }

  @Test(
    "flung up the list from header −56 at offset 174: the header shows first, then the list moves",
    arguments: [0.01, 0.03, 0.06, 0.1])
  func up(t: Double) {
    var list = Self.list(drag: 96 + 174)
    list.drag(by: -40)
    // Up 40 from the header hidden: the header shows 40 (−56), the list stays at 174.
    #expect(list.headerOffset == -56 && list.offset == 174)
    list.release(velocity: -2000, now: 0)
    list.step(now: t)
    let d = Self.coast(2000, t)
    expectClose(list.headerOffset, min(0, -56 + d), 1e-9)
    expectClose(list.offset, max(0, min(174, 174 - (d - 56))), 1e-9)
  }
}

/// The bounce's speed cap reads the viewport the list has as it reaches its end.
struct BounceCapViewportTests {
  /// The deepest the list shows past its top after a hard fling back to it, header `mode`.
  static func deepest(_ mode: HeaderMode) throws -> Double {
    var sheet = try makeSheet(
      notches: [
        NotchSpec(name: "a", height: 100), NotchSpec(name: "b", height: 400),
        NotchSpec(name: "c", height: 700),
      ], initial: "c",
      configure: {
        $0.layout.mode = .bottom
        $0.header.mode = mode
      }, width: 800, height: 800)
    // Scroll 100 px down the list (a scrollDirection header hides as it goes), let go still.
    sheet.pointerDown(x: 400, y: 400)
    for k in 1...10 {
      sheet.step(dt: 1.0 / 60)
      sheet.pointerMove(x: 400, y: 400 - Double(k) * 10)
    }
    sheet.pointerUp(x: 400, y: 300, velocityOverride: 0)
    for _ in 0..<12 { sheet.step(dt: 1.0 / 60) }
    // Flung back to the top at 50,000 px/s.
    sheet.pointerDown(x: 400, y: 300)
    for k in 1...4 {
      sheet.step(dt: 1.0 / 60)
      sheet.pointerMove(x: 400, y: 300 + Double(k) * 10)
    }
    sheet.pointerUp(x: 400, y: 340, velocityOverride: 50_000)
    var deepest = 0.0
    for _ in 0..<120 {
      sheet.step(dt: 1.0 / 60)
      deepest = min(deepest, sheet.snapshot.listOffset)
    }
    return deepest
  }

  @Test("a scrollDirection header back in full by the top: the cap is half the 584-px viewport, as pinned")
  func capAtTop() throws {
    let pinned = try Self.deepest(.pinned)
    let direction = try Self.deepest(.scrollDirection)
    #expect(pinned >= -292 && pinned < -280)
    expectClose(direction, pinned, 1e-6)
  }
}
