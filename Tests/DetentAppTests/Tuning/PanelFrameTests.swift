import Detent
import Testing

@testable import DetentApp

/// Where the tuning panel shows at phone and desktop sizes: a column from 600 px up, docked over
/// the top half below; the sheet keeps a phone window's whole width; every control can be
/// scrolled into view and pressed.
@Suite struct PanelFrameTests {
  /// One window size and what the open panel leaves.
  struct Case: CustomTestStringConvertible, Sendable {
    let window: (w: Int, h: Int)
    let frame: (x: Double, y: Double, w: Double, h: Double)
    let sceneWidth: Double
    let sheet: (x: Double, w: Double)
    let maxScroll: Double
    var testDescription: String { "\(window.w)×\(window.h)" }
  }

  static let cases: [Case] = [
    Case(
      window: (320, 568), frame: (0, 0, 320, 284), sceneWidth: 320, sheet: (0, 320), maxScroll: 892),
    Case(
      window: (390, 700), frame: (0, 0, 390, 350), sceneWidth: 390, sheet: (0, 390), maxScroll: 826),
    Case(
      window: (390, 844), frame: (0, 0, 390, 422), sceneWidth: 390, sheet: (0, 390), maxScroll: 754),
    Case(
      window: (599, 700), frame: (0, 0, 599, 350), sceneWidth: 599, sheet: (0, 599), maxScroll: 826),
    Case(
      window: (600, 700), frame: (260, 0, 340, 700), sceneWidth: 260, sheet: (0, 260), maxScroll: 476),
    Case(
      window: (1280, 800), frame: (940, 0, 340, 800), sceneWidth: 940, sheet: (16, 420), maxScroll: 376),
  ]

  static func opened(_ w: Int, _ h: Int) throws -> DemoModel {
    let model = try DemoModel(tuning: Tuning(), width: w, height: h)
    model.apply(.key("T"))
    return model
  }

  @Test("the panel's frame, the scene and the sheet beside or under it", arguments: cases)
  func frame(_ c: Case) throws {
    let model = try Self.opened(c.window.w, c.window.h)
    let f = model.panelFrame
    #expect(f.x == c.frame.x && f.y == c.frame.y && f.w == c.frame.w && f.h == c.frame.h)
    #expect(model.sceneWidth == c.sceneWidth)
    let s = model.stack.root.snapshot
    #expect(s.sheetX == c.sheet.x && s.sheetWidth == c.sheet.w)
    #expect(PanelLayout.maxScroll(model, frame: f) == c.maxScroll)
    // Every item lies inside the panel's width.
    for item in model.panelItems { #expect(item.rect.x >= f.x && item.rect.x + item.rect.w <= f.x + f.w) }
    // Hidden, the panel leaves the scene the whole window.
    model.apply(.key("T"))
    #expect(model.sceneWidth == Double(c.window.w))
  }

  @Test(
    "Tab reaches every control: each comes into view whole and a press there lands on it", arguments: cases)
  func everyControlReachable(_ c: Case) throws {
    let model = try Self.opened(c.window.w, c.window.h)
    let f = model.panelFrame
    var reached = 0
    for _ in 0..<80 {
      model.apply(.key("Tab"))
      guard case .panel(let i) = model.focus else { continue }
      let r = model.panelItems[i].rect
      #expect(r.y >= f.y && r.y + r.h <= f.y + f.h, "item \(i) at y \(r.y)…\(r.y + r.h)")
      let (cx, cy) = (r.x + r.w / 2, r.y + r.h / 2)
      #expect(model.isOverPanel(x: cx, y: cy))
      #expect(model.panelItems.firstIndex { $0.rect.contains(cx, cy) } == i)
      reached += 1
    }
    // 80 Tabs: every control reached comes into view whole and takes a press.
    #expect(reached > 46)
  }

  @Test(
    "the wheel over the docked panel scrolls it within its range; over the sheet it is the sheet's",
    arguments: [(3.0, 120.0), (10, 400), (17, 680), (21, 826), (-2, 0), (0.5, 20)])
  func wheel(notches: Double, scroll: Double) throws {
    let model = try Self.opened(390, 700)
    model.apply(.fineWheel(x: 195, y: 200, dy: notches))
    #expect(model.currentPanelScroll == scroll)
    #expect(model.stack.root.height == 120)
    model.apply(.wheel(x: 195, y: 650, dy: 1))
    model.step(dt: 1.5)
    #expect(model.currentPanelScroll == scroll)
    #expect(model.stack.root.height == 350)
  }

  @Test("a drag on the panel's background scrolls it and leaves the sheet where it is")
  func dragScrolls() throws {
    let model = try Self.opened(390, 700)
    model.apply(.press(x: 5, y: 300))
    model.apply(.move(x: 5, y: 200))
    model.apply(.move(x: 5, y: 100))
    model.apply(.release(x: 5, y: 100, velocity: .init(x: 0, y: -2000)))
    model.step(dt: 0.5)
    #expect(model.currentPanelScroll == 200)
    #expect(model.stack.root.height == 120)
    #expect(model.stack.root.phaseName == .idle)
  }

  @Test("a recorded wheel over the panel and a press on a row scrolled into view replay the same")
  func recordAndReplay() throws {
    let session = try RecordedSession(width: 390, height: 700)
    session.frame([.key("T")])
    session.frame([.wheel(x: 195, y: 200, dy: 10)])
    let medium = try #require(
      session.live.panelItems.first {
        if case .notch(1, _, _, _) = $0.kind { true } else { false }
      })
    #expect(medium.rect.y == 88)
    session.frame([.press(x: 60, y: 97)])
    session.frame([.release(x: 60, y: 97, velocity: nil)])
    #expect(session.live.rootTuning.notches[1].enabled == false)
    let (runner, report) = try session.replay()
    #expect(report.passed)
    #expect(runner.model.currentPanelScroll == 400)
    #expect(runner.model.rootTuning.notches[1].enabled == false)
  }
}
