import Detent
import Testing

@testable import DetentApp

@Suite struct DemoModelTests {
  func tap(_ model: DemoModel, _ x: Double, _ y: Double) {
    model.apply(.press(x: x, y: y))
    model.step(dt: 1.0 / 60)
    model.apply(.release(x: x, y: y, velocity: nil))
    model.step(dt: 1.0 / 60)
  }

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
    #expect(model.searchFocused && model.keyboardShown)
    for _ in 0..<15 { model.step(dt: 1.0 / 60) }  // the keyboard slides in
    for value in ["c", "a", "f", "f", "Backspace"] {
      let (x, y) = center(of: value, model)
      tap(model, x, y)
    }
    #expect(model.searchText == "caf")
    #expect(model.rowCount > 0 && model.rowCount < model.places.count)
    for i in 0..<model.rowCount {
      let place = model.places.place(model.placeIndex(row: i))
      #expect(place.name.lowercased().contains("caf") || place.category.title.lowercased().contains("caf"))
    }
    model.apply(.key("Escape"))
    #expect(!model.searchFocused && !model.keyboardShown)
  }

  @Test("keys on the keyboard do nothing while the search field is not focused")
  func keyboardWithoutFocus() throws {
    let model = try DemoModel(tuning: Tuning(), width: 1280, height: 800)
    model.apply(.key("K"))
    #expect(model.keyboardShown)
    let (x, y) = center(of: "q", model)
    tap(model, x, y)
    #expect(model.searchText.isEmpty)
  }

  @Test("a chip filters by category")
  func chips() throws {
    let model = try DemoModel(tuning: Tuning(initialNotch: "maximum"), width: 1280, height: 800)
    let chip = HeaderLayout(width: 1280, height: 96).chips[2]  // Coffee
    tap(model, chip.x + chip.w / 2, 80 + chip.y + chip.h / 2)
    #expect(model.chip == 2)
    #expect(model.rowCount > 0)
    for i in 0..<model.rowCount { #expect(model.places.place(model.placeIndex(row: i)).category == .coffee) }
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
