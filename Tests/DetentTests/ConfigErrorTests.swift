import Detent
import Testing

/// `Config/ConfigError.swift`: the error's text and how it writes numbers.
struct ConfigErrorTests {
  /// (key, line, reason, description): the description leaves out what is not known.
  static let descriptions: [(String, Int?, String, String)] = [
    ("spring.response", 2, "bad", "line 2: spring.response: bad"),
    ("", 3, "column 4: bad", "line 3: column 4: bad"),
    ("notches", nil, "bad", "notches: bad"),
    ("", nil, "bad", "bad"),
  ]

  @Test("a ConfigError reads line L: key: reason", arguments: descriptions)
  func description(key: String, line: Int?, reason: String, text: String) {
    #expect(ConfigError(key: key, line: line, reason: reason).description == text)
  }

  /// (number, text): whole numbers without a fraction, others in their shortest round-trip form.
  static let numbers: [(Double, String)] = [
    (0, "0"), (-0.0, "0"), (300, "300"), (-12, "-12"), (0.5, "0.5"), (0.998, "0.998"),
    (1e15, "1000000000000000.0"),
    (123_456_789_012_345, "123456789012345"), (1.0 / 3, "0.3333333333333333"),
  ]

  @Test("numbers read as a file writes them", arguments: numbers)
  func numberText(x: Double, text: String) {
    #expect(ConfigError.numberText(x) == text)
  }
}
