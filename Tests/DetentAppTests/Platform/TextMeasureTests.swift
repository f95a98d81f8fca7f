import Testing

@testable import DetentApp

/// `TextCache.measure` asks the font once per string and style and keeps the width.
@Suite(.serialized) struct TextMeasureTests {
  @Test("a string is measured through the font once; the same string in another style is another width")
  func keepsWidths() throws {
    let (_, scene, _) = try RenderTests.setUp()
    let text = scene.text
    let before = text.measured
    let first = text.measure("Willow River", .body)
    let widths = (0..<50).map { _ in text.measure("Willow River", .body) }
    #expect(first > 0)
    #expect(widths.allSatisfy { $0 == first })
    #expect(text.measured == before + 1)
    let bold = text.measure("Willow River", .bodyBold)
    #expect(bold > first)
    #expect(text.measured == before + 2)
    #expect(text.measure("", .body) == 0)
  }
}
