import Detent
import Testing

@testable import DetentApp

/// `detent export`: notch names in comments never open or close a comment, whatever they hold.
@Suite struct ExportNamesTests {
  @Test(
    "comment-safe text: a space between every `/` and `*` that touch, line breaks as spaces",
    arguments: [
      ("/*", "/ *"), ("a/*b", "a/ *b"), ("/**/", "/ ** /"), ("*/", "* /"), ("*/ /* x", "* / / * x"),
      ("a\u{2028}b\u{85}c\nd", "a b c d"), ("// x", "// x"), ("${x}", "${x}"),
    ])
  func safe(name: String, expected: String) {
    #expect(ExportValues.safe(name) == expected)
    #expect(ExportValues.safe(expected) == expected)
  }

  /// Notches named `/*`, `a/*b` and `/**/`, dimming from `a/*b` to `/**/`.
  static let tuning: Tuning = {
    var t = Tuning()
    t.notches = [
      NotchSpec(name: "/*", height: 100), NotchSpec(name: "a/*b", height: 200),
      NotchSpec(name: "/**/", fraction: 0.5),
    ]
    t.dimming = Dimming(maxAlpha: 0.4, startNotch: "a/*b", endNotch: "/**/")
    return t
  }()

  @Test(
    "Kotlin KDoc with names that open a nested block comment stays one comment",
    arguments: [ExportFormat.compose, .android])
  func kotlin(format: ExportFormat) {
    let text = format.render(Self.tuning)
    let summary = "/ *: 100 px; a/ *b: 200 px; / ** /: 0.5 × height"
    let dimming = "0.4 × clamp((h − a/ *b)/(/ ** / − a/ *b), 0, 1)"
    #expect(text.contains(summary))
    #expect(text.contains(dimming))
    // Every "/*" in the text opens one of the export's own comments, at the start of a line.
    for line in text.split(separator: "\n") where line.contains("/*") {
      #expect(line.trimmingCharacters(in: .whitespaces).hasPrefix("/*"), "\(line)")
      #expect(line.components(separatedBy: "/*").count == 2, "\(line)")
    }
  }
}
