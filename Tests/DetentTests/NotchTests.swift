@testable import Detent
import Testing

/// Notch.swift: resolving notch heights; Tuning.swift: validating notch sets; overlay styles.
@Suite struct NotchTests {
  @Test func fractionMinusInset() throws {
    let notches = try NotchResolver.resolve(Tuning.defaultNotches, available: 800)
    #expect(notches.map(\.height) == [120, 400, 740])
    #expect(notches.map(\.name) == ["minimum", "medium", "maximum"])
  }

  @Test(
    "invalid sets are rejected, naming the problem",
    arguments: [
      ([NotchSpec](), "at least one notch"),
      ([NotchSpec(name: "a", height: 200), NotchSpec(name: "b", height: 100)], "strictly ascending"),
      ([NotchSpec(name: "a", height: 100), NotchSpec(name: "b", height: 100)], "strictly ascending"),
      ([NotchSpec(name: "a", height: 100), NotchSpec(name: "a", height: 200)], "duplicate notch name"),
      ([NotchSpec(name: "a", height: .nan)], "not a finite number"),
      ([NotchSpec(name: "a", height: .infinity)], "not a finite number"),
      ([NotchSpec(name: "a", height: -1)], "negative"),
      ([NotchSpec(name: "a", height: 801)], "above the window"),
      ([NotchSpec(name: "a", fraction: 0.1, inset: 100)], "negative"),
      ([NotchSpec(name: "a", height: 100, enabled: false)], "enabled"),
    ])
  func invalid(specs: [NotchSpec], message: String) {
    #expect {
      try NotchResolver.resolve(specs, available: 800)
    } throws: { error in
      String(describing: error).contains(message)
    }
  }

  @Test func zeroHeightNotchIsValid() throws {
    let notches = try NotchResolver.resolve(
      [NotchSpec(name: "hidden", height: 0), NotchSpec(name: "a", height: 100)], available: 800)
    #expect(notches.first?.height == 0)
  }

  @Test(
    "styles give the content height",
    arguments: [
      (OverlayStyle.rigid, 200.0, 300.0), (.flexibleHeight, 200, 200), (.expandableHeight, 200, 300),
      (.expandableHeight, 350, 350), (.rigid, 350, 300),
    ])
  func styles(style: OverlayStyle, height: Double, content: Double) {
    #expect(style.contentHeight(height: height, highest: 300) == content)
  }
}
