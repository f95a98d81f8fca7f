import Detent
import Testing

@testable import DetentApp

/// Presses, taps and releases through the model, one frame each.
func tap(_ model: DemoModel, _ x: Double, _ y: Double) {
  model.apply(.press(x: x, y: y))
  model.step(dt: 1.0 / 60)
  model.apply(.release(x: x, y: y, velocity: nil))
  model.step(dt: 1.0 / 60)
}

/// Runs the model for `seconds` without input.
func wait(_ model: DemoModel, _ seconds: Double) {
  for _ in 0..<Int((seconds * 60).rounded()) { model.step(dt: 1.0 / 60) }
}

@Suite struct DemoModelTests {
  func center(of value: String, _ model: DemoModel) -> (Double, Double) {
    let key = KeyboardLayout.keys(width: model.sceneWidth, windowHeight: model.windowHeight).first {
      $0.value == value
    }!
    return (key.x + key.w / 2, key.y + key.h / 2)
  }

  @Test("the simulated keyboard's keys type into the focused search field and filter the rows")
  func keyboardTypes() throws {
    let model = try DemoModel(tuning: Tuning(), width: 1280, height: 800)
    tap(model, 200, 725)  // the search field at the lowest notch
    #expect(model.search.focused && model.keyboard == .shownForSearch)
    wait(model, 0.25)  // the keyboard slides in
    for value in ["c", "a", "f", "f", "Backspace"] {
      let (x, y) = center(of: value, model)
      tap(model, x, y)
    }
    #expect(model.search.query == "caf")
    #expect(model.rowCount > 0 && model.rowCount < model.places.count)
    for i in 0..<model.rowCount {
      let place = model.places.place(model.placeIndex(row: i))
      #expect(place.name.lowercased().contains("caf") || place.category.title.lowercased().contains("caf"))
    }
    model.apply(.key("Escape"))
    #expect(model.search.query.isEmpty && model.search.focused && model.rowCount == model.places.count)
    model.apply(.key("Escape"))
    #expect(!model.search.focused && model.keyboard == .hidden)
  }

  @Test("keys on the keyboard do nothing while the search field is not focused")
  func keyboardWithoutFocus() throws {
    let model = try DemoModel(tuning: Tuning(), width: 1280, height: 800)
    model.apply(.key("K"))
    #expect(model.keyboard == .shownByUser)
    let (x, y) = center(of: "q", model)
    tap(model, x, y)
    #expect(model.search.query.isEmpty)
  }

  @Test("a chip filters the rows and the pins by category")
  func chips() throws {
    let model = try DemoModel(tuning: Tuning(initialNotch: "maximum"), width: 1280, height: 800)
    let chip = HeaderLayout(width: 420, height: 96).chips[2]  // Coffee
    tap(model, 16 + chip.x + chip.w / 2, 80 + chip.y + chip.h / 2)
    #expect(model.search.chip == 2)
    #expect(model.rowCount == 33)
    for i in 0..<model.rowCount { #expect(model.places.place(model.placeIndex(row: i)).category == .coffee) }
    let pins = model.pins
    for i in model.places.indices(within: MapGeometry.placeRadius) {
      let place = model.places.place(i)
      #expect(pins.shows(i, place) == (place.category == .coffee), "place \(i)")
    }
  }

  @Test("pins follow the query: a place has a pin exactly when it is a row of the list")
  func pinsFollowQuery() throws {
    let model = try DemoModel(tuning: Tuning(), width: 1280, height: 800)
    tap(model, 200, 725)
    model.apply(.text("roast"))
    let rows = Set((0..<model.rowCount).map { model.placeIndex(row: $0) })
    #expect(rows.count == 6)
    let pins = model.pins
    for i in 0..<model.places.count { #expect(pins.shows(i, model.places.place(i)) == rows.contains(i)) }
  }

  @Test(
    "Escape steps back one thing at a time",
    arguments: [
      // (focused, query, detail open) → (focused, query, stack) after Escape
      (true, "bar", false, true, "", 1), (true, "", false, false, "", 1), (false, "bar", false, false, "", 1),
      (false, "bar", true, false, "bar", 1), (false, "", true, false, "", 1),
      (false, "", false, false, "", 1),
    ])
  func escape(focused: Bool, query: String, detail: Bool, focusedAfter: Bool, queryAfter: String, stack: Int)
    throws
  {
    let model = try DemoModel(tuning: Tuning(), width: 1280, height: 800)
    if !query.isEmpty || focused {
      model.focusSearch()
      model.apply(.text(query))
    }
    if !focused { model.unfocusSearch() }
    if detail { model.choosePlace(3) }
    wait(model, 1)
    model.apply(.key("Escape"))
    #expect(model.search.focused == focusedAfter)
    #expect(model.search.query == queryAfter)
    #expect(model.stack.count == stack)
    #expect(model.keyboard == (focusedAfter ? .shownForSearch : .hidden))
  }

  @Test("the field's clear button empties the query and keeps focus; Cancel also leaves the search")
  func clearAndCancel() throws {
    let model = try DemoModel(tuning: Tuning(), width: 1280, height: 800)
    tap(model, 200, 725)
    model.apply(.text("park"))
    wait(model, 1)
    // The sheet rests at its top notch above the keyboard: its top at 800 − 260 − 480 = 60.
    let focused = HeaderLayout(width: 420, height: 96, focused: true)
    let clear = focused.clearButton!
    tap(model, 16 + clear.cx, 80 + clear.cy)
    #expect(model.search.query.isEmpty && model.search.focused && model.rowCount == model.places.count)
    model.apply(.text("park"))
    let cancel = focused.cancelButton!
    tap(model, 16 + cancel.x + cancel.w / 2, 80 + cancel.y + cancel.h / 2)
    #expect(model.search.query.isEmpty && !model.search.focused && model.keyboard == .hidden)
  }

  @Test("dragging the sheet down ends the search's focus and hides its keyboard; the query stays")
  func dragUnfocuses() throws {
    let model = try DemoModel(tuning: Tuning(), width: 1280, height: 800)
    tap(model, 200, 725)
    model.apply(.text("bar"))
    wait(model, 1)
    #expect(model.stack.root.height == 480)
    model.apply(.press(x: 200, y: 70))
    model.step(dt: 1.0 / 60)
    for k in 1...5 {
      model.apply(.move(x: 200, y: 70 + Double(k) * 30))
      model.step(dt: 1.0 / 60)
    }
    // The sheet follows the pointer while the keyboard stays; the release lets go of both.
    #expect(model.search.focused && model.stack.root.height == 330)
    model.apply(.release(x: 200, y: 220, velocity: .init(x: 0, y: 0)))
    #expect(!model.search.focused && model.keyboard == .hidden && model.search.query == "bar")
    wait(model, 1.5)
    // 330 px was nearest the medium notch above the keyboard (270); without it medium is 400.
    #expect(model.stack.root.snapshot.notch == "medium" && model.stack.root.height == 400)
  }

  @Test("the search field stays pinned at the top: with the header hidden a press there is the field's")
  func pinnedField() throws {
    let model = try DemoModel(tuning: Tuning(initialNotch: "maximum"), width: 1280, height: 800)
    model.apply(.wheel(x: 200, y: 500, dy: 5))
    #expect(model.stack.root.snapshot.headerOffset == -96)
    // Under the field's band lies the list (the engine reports a row there).
    guard case .row = model.stack.root.hitTest(x: 200, y: 100) else {
      Issue.record("expected a row under the pinned field")
      return
    }
    tap(model, 200, 100)
    #expect(model.search.focused && model.stack.count == 1)
  }

  /// (a key before H, frames from it to H, where the second H brings the sheet back): H remembers
  /// the notch the sheet rested at (c at the start, a after "2") or was heading to (b, two frames
  /// after "3"), not just the lowest shown one.
  static let hiding: [(String?, Int, String)] = [(nil, 0, "c"), ("3", 2, "b"), ("2", 120, "a")]

  @Test("H hides the sheet at its 0-height notch and a second H returns it where it was", arguments: hiding)
  func hideAndShow(key: String?, frames wait: Int, back: String) throws {
    let tuning = Tuning(
      notches: [
        NotchSpec(name: "hidden", height: 0), NotchSpec(name: "a", height: 120),
        NotchSpec(name: "b", height: 400),
        NotchSpec(name: "c", height: 700),
      ], initialNotch: "c")
    let model = try DemoModel(tuning: tuning, width: 1280, height: 800)
    func frames(_ n: Int) { for _ in 0..<n { model.step(dt: 1.0 / 60) } }
    if let key { model.apply(.key(key)) }
    frames(wait)
    model.apply(.key("H"))
    frames(120)
    #expect(model.stack.top.snapshot.notch == "hidden")
    #expect(model.stack.top.height == 0)
    model.apply(.key("H"))
    frames(120)
    #expect(model.stack.top.snapshot.notch == back)
  }
}
