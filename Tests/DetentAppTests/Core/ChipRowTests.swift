import Detent
import Testing

@testable import DetentApp

/// The chip row scrolls sideways when its chips do not fit (a 390-px phone-width sheet): a
/// sideways drag or a horizontal wheel moves it, a tap still picks a chip, an up/down drag
/// still drags the sheet.
struct ChipRowTests {
  /// A 390 × 800 full-width sheet at its top notch: the header starts at y = 60 + 20 = 80, the
  /// chips at y = 80 + 54 = 134.
  static func model() throws -> DemoModel {
    try DemoModel(
      tuning: Tuning(initialNotch: "maximum", layout: LayoutConfig(mode: .bottom)), width: 390, height: 800)
  }

  @Test("every chip is laid out; the row's width and its farthest scroll at 390 px")
  func layout() {
    let labels = HeaderLayout.chipLabels
    #expect(labels == ["All", "Food", "Coffee", "Parks", "Shops", "Museums", "Bars"])
    // Chips are 26 + 8·letters wide, 8 apart, with 16-px margins.
    // 32 + (50 + 58 + 74 + 66 + 66 + 82 + 58) + 6 · 8
    #expect(HeaderLayout.chipRowWidth == 534)
    #expect(HeaderLayout.maxChipScroll(width: 390) == 144)
    #expect(HeaderLayout.maxChipScroll(width: 800) == 0)
    let chips = HeaderLayout(width: 390, height: 96, chipScroll: 144).chips
    #expect(chips.count == 7)
    #expect(chips.last!.x + chips.last!.w == 390 - 16)
  }

  @Test("a sideways drag on the chips scrolls them (no tap, the sheet stays); then a tap picks Bars")
  func dragThenTap() throws {
    let model = try Self.model()
    model.apply(.press(x: 300, y: 149))
    for x in stride(from: 290.0, through: 100, by: -10) {
      model.step(dt: 1.0 / 60)
      model.apply(.move(x: x, y: 150))
    }
    model.step(dt: 1.0 / 60)
    model.apply(.release(x: 100, y: 150, velocity: nil))
    model.step(dt: 1.0 / 60)
    #expect(model.search.chipScroll == 144, "200 px dragged, clamped at the row's end")
    #expect(model.search.chip == 0, "the drag picked no chip")
    #expect(model.stack.root.snapshot.notch == "maximum" && model.stack.root.height == 740)
    let bars = HeaderLayout(width: 390, height: 96, chipScroll: 144).chips[6]
    tap(model, bars.x + bars.w / 2, 80 + bars.y + bars.h / 2)
    #expect(model.search.chip == 6)
    #expect(model.search.category == .bar)
  }

  @Test("a horizontal wheel over the chips scrolls them 40 px a notch; elsewhere it does nothing")
  func wheel() throws {
    let model = try Self.model()
    model.apply(.hwheel(x: 200, y: 150, dx: 1))
    #expect(model.search.chipScroll == 40)
    model.apply(.hwheel(x: 200, y: 150, dx: 5))
    #expect(model.search.chipScroll == 144)
    model.apply(.hwheel(x: 200, y: 150, dx: -1))
    #expect(model.search.chipScroll == 104)
    model.apply(.hwheel(x: 200, y: 500, dx: 1))
    #expect(model.search.chipScroll == 104, "over the list, not the chips")
  }

  @Test("a mostly vertical drag that starts on the chips drags the sheet, not the row")
  func verticalDragIsTheSheets() throws {
    let model = try Self.model()
    model.apply(.press(x: 200, y: 150))
    for k in 1...10 {
      model.step(dt: 1.0 / 60)
      model.apply(.move(x: 200 - Double(k), y: 150 + Double(k) * 20))
    }
    #expect(model.search.chipScroll == 0)
    #expect(model.stack.root.height == 540)
  }
}
