import Detent
import Testing

@testable import DetentApp

/// The panel's row shapes: wrapped button rows as even as they can be, and the cycle's order.
@Suite struct PanelBuilderTests {
  @Test(
    "wrapped buttons: as many to a row as are at least the minimum wide, rows as even as they can be",
    arguments: [
      // (buttons, width) → (buttons per row, rows, each button's width before the gap); minimum 72
      (1, 312.0, 1, 1, 312.0), (4, 312.0, 4, 1, 78.0), (5, 312.0, 3, 2, 104.0), (7, 312.0, 4, 2, 78.0),
      (7, 362.0, 4, 2, 90.5), (7, 292.0, 4, 2, 73.0), (6, 262.0, 3, 2, 262.0 / 3), (9, 140.0, 1, 9, 140.0),
      (3, 50.0, 1, 3, 50.0),
    ])
  func wrapped(count: Int, width: Double, perRow: Int, rows: Int, buttonWidth: Double) {
    var b = PanelBuilder(left: 0, width: width, y: 100)
    b.wrapped(
      (0..<count).map { .preset(index: $0, name: "p\($0)") }, x: 10, width: width,
      minimumWidth: PanelBuilder.presetWidth, height: 24, gap: 2)
    #expect(b.out.count == count)
    #expect(Set(b.out.map(\.rect.y)).count == rows)
    #expect(b.out.filter { $0.rect.y == 100 }.count == perRow)
    #expect(b.out.allSatisfy { abs($0.rect.w - (buttonWidth - 2)) < 1e-9 })
    #expect(b.out[0].rect.x == 11)
    #expect(b.y == 100 + Double(rows) * 28)
  }

  @Test("no buttons: no row")
  func empty() {
    var b = PanelBuilder(left: 0, width: 312, y: 100)
    b.wrapped([], x: 0, width: 312, minimumWidth: 72, height: 24, gap: 2)
    #expect(b.out.isEmpty && b.y == 100)
  }

  @Test(
    "a cycle steps to the next name, the first after the last or from none",
    arguments: [
      ("minimum", "medium"), ("medium", "maximum"), ("maximum", "minimum"), ("gone", "minimum"),
      ("", "minimum"),
    ])
  func after(name: String, next: String) {
    #expect(PanelBuilder.after(name, in: ["minimum", "medium", "maximum"]) == next)
  }
}
