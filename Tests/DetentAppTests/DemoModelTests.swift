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
    #expect(model.search.focused && model.keyboard.isShown)
    for _ in 0..<15 { model.step(dt: 1.0 / 60) }  // the keyboard slides in
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
    #expect(!model.search.focused && !model.keyboard.isShown)
  }

  @Test("keys on the keyboard do nothing while the search field is not focused")
  func keyboardWithoutFocus() throws {
    let model = try DemoModel(tuning: Tuning(), width: 1280, height: 800)
    model.apply(.key("K"))
    #expect(model.keyboard.isShown)
    let (x, y) = center(of: "q", model)
    tap(model, x, y)
    #expect(model.search.query.isEmpty)
  }

  @Test("a chip filters by category")
  func chips() throws {
    let model = try DemoModel(tuning: Tuning(initialNotch: "maximum"), width: 1280, height: 800)
    let chip = HeaderLayout(width: 1280, height: 96).chips[2]  // Coffee
    tap(model, chip.x + chip.w / 2, 80 + chip.y + chip.h / 2)
    #expect(model.search.chip == 2)
    #expect(model.rowCount > 0)
    for i in 0..<model.rowCount { #expect(model.places.place(model.placeIndex(row: i)).category == .coffee) }
  }
}
