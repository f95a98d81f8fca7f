import Detent
import Testing

@testable import DetentApp

/// Tab and Shift+Tab move a focus ring through the sheet and the panel; Return and Space act as
/// a click; the grabber cycles the notches; Escape steps back one thing at a time.
struct KeyboardFocusTests {
  /// The default card at 1280 × 800, resting at its lowest notch (120 px: only the search field
  /// and chips show, no rows).
  static func model() throws -> DemoModel { try DemoModel(tuning: Tuning(), width: 1280, height: 800) }

  @Test("the tab order: grabber, search field, the seven chips, then the rows wholly in view")
  func order() throws {
    let model = try Self.model()
    let chips: [FocusTarget] = (0..<7).map { .target(.chip($0)) }
    #expect(model.focusOrder == [.grabber, .target(.searchField)] + chips)
    model.apply(.key("3"))
    wait(model, 1)
    // At the top notch (740 px) the list runs from y = 60 + 20 + 96 = 176 to 800: 624 px, rows
    // 0…8 whole (9 × 64 = 576).
    #expect(model.visibleRows == 0..<9)
    #expect(model.focusOrder.count == 2 + 7 + 9)
    model.apply(.key("T"))
    #expect(model.focusOrder.count > 2 + 7 + model.visibleRows.count, "the panel's controls follow")
    if case .panel = model.focusOrder.last! {} else { Issue.record("the last stop is not the panel's") }
  }

  @Test(
    "a detail sheet's tab order: close, the three actions, then the acting rows in view (the address at the peek)"
  )
  func detailOrder() throws {
    let model = try Self.model()
    model.choosePlace(3)
    wait(model, 1)
    let head: [FocusTarget] = [
      .grabber, .target(.close), .target(.action(.directions)), .target(.action(.call)),
      .target(.action(.website)),
    ]
    // The peek is anchored to the address row: it shows whole, so it is a stop.
    #expect(model.focusOrder == head + [.target(.detailRow(0, .directions))])
    model.stack.withTop { $0.move(to: 1, animated: false) }
    // At full (700 px) the info rows run from y = 100 + 20 + 136 = 256: all seven show.
    #expect(
      model.focusOrder
        == head + [
          .target(.detailRow(0, .directions)), .target(.detailRow(2, .call)),
          .target(.detailRow(4, .website)),
        ])
  }

  @Test("Tab walks forward and wraps, Shift+Tab walks back; the first Shift+Tab goes to the last stop")
  func walk() throws {
    let model = try Self.model()
    model.apply(.key("Shift+Tab"))
    #expect(model.focus == .target(.chip(6)))
    model.apply(.key("Tab"))
    #expect(model.focus == .grabber)
    model.apply(.key("Tab"))
    #expect(model.focus == .target(.searchField))
    model.apply(.key("Shift+Tab"))
    model.apply(.key("Shift+Tab"))
    #expect(model.focus == .target(.chip(6)))
    // Focusing a chip off the card's edge scrolls the row to show it.
    #expect(model.search.chipScroll > 0)
    // A pointer press clears the ring.
    model.apply(.press(x: 800, y: 300))
    #expect(model.focus == nil && model.focusFrame == nil)
  }

  @Test("Return on the grabber cycles the reachable notches: minimum → medium → maximum → minimum")
  func grabberCycles() throws {
    let model = try Self.model()
    model.apply(.key("Tab"))
    var seen: [String] = []
    for _ in 0..<3 {
      model.apply(.key("Return"))
      wait(model, 1)
      seen.append(model.stack.top.snapshot.notch ?? "-")
    }
    #expect(seen == ["medium", "maximum", "minimum"])
    // A click on the grabber does the same.
    let s = model.stack.top.snapshot
    tap(model, s.sheetX + s.sheetWidth / 2, s.top + 8)
    wait(model, 1)
    #expect(model.stack.top.snapshot.notch == "medium")
  }

  @Test(
    "Space on a chip filters; Return on a row opens its place; Escape steps back and then lowers the sheet")
  func activate() throws {
    let model = try Self.model()
    model.apply(.key("3"))
    wait(model, 1)
    for _ in 0..<5 { model.apply(.key("Tab")) }
    #expect(model.focus == .target(.chip(2)))
    model.apply(.key("Space"))
    #expect(model.search.chip == 2)
    for _ in 0..<5 { model.apply(.key("Tab")) }
    #expect(model.focus == .target(.row(0)))
    #expect(model.focusFrame?.h == 64)
    model.apply(.key("Return"))
    wait(model, 1)
    #expect(model.stack.count == 2)
    model.apply(.key("Escape"))
    wait(model, 1)
    #expect(model.stack.count == 1)
    #expect(model.stack.top.snapshot.notch == "maximum")
    model.apply(.key("Escape"))
    wait(model, 1)
    #expect(model.stack.top.snapshot.notch == "medium", "nothing left to close: one notch down")
  }

  @Test("←/→ adjust the slider the ring is on; on another stop nothing; after a click, the slider clicked")
  func arrowsFollowTheRing() throws {
    let model = try Self.model()
    model.apply(.key("T"))
    let order = model.focusOrder
    func isSlider(_ target: FocusTarget) -> Bool {
      guard case .panel(let i) = target, case .slider = model.panelItems[i].kind else { return false }
      return true
    }
    let sliderStop = try #require(order.firstIndex(where: isSlider))
    let otherStop = try #require(
      order.indices.first { i in
        if case .panel = order[i], !isSlider(order[i]) { return true }
        return false
      })
    // Tab to a slider: → moves that slider.
    for _ in 0...sliderStop { model.apply(.key("Tab")) }
    guard case .panel(let i) = model.focus!, case .slider(let slider, _) = model.panelItems[i].kind else {
      Issue.record("not on a slider")
      return
    }
    let before = model.rootTuning
    model.apply(.key("Right"))
    #expect(slider.get(model.rootTuning) > slider.get(before), "\(slider.id)")
    // On to a stop that is not a slider: → changes nothing.
    for _ in 0..<((otherStop - sliderStop + order.count) % order.count) { model.apply(.key("Tab")) }
    #expect(model.focus == order[otherStop])
    let held = model.rootTuning
    model.apply(.key("Right"))
    #expect(model.rootTuning == held, "→")
    model.apply(.key("Left"))
    #expect(model.rootTuning == held, "←")
    // A click on the slider's track takes the ring away: → moves the slider clicked.
    let rect = model.panelItems[i].rect
    model.apply(.press(x: rect.x + rect.w / 2, y: rect.y + rect.h / 2))
    model.apply(.release(x: rect.x + rect.w / 2, y: rect.y + rect.h / 2, velocity: nil))
    #expect(model.focus == nil)
    let clicked = model.rootTuning
    model.apply(.key("Right"))
    #expect(slider.get(model.rootTuning) > slider.get(clicked))
  }
}
