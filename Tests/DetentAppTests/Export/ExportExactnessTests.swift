import Detent
import DetentJSON
import Foundation
import Testing

@testable import DetentApp

/// `detent export` says "exact" only where the printed numbers give the tuning back, and "not
/// exact" (with why) everywhere else; comments never share a line with code.
@Suite struct ExportExactnessTests {
  /// A tuning with `json` over the defaults.
  static func tuning(_ json: String) throws -> Tuning { try TuningCoding.decode(text: json).tuning }

  @Test("a slow, barely damped spring: stiffness and damping to 5 significant digits in every format")
  func preciseTerms() throws {
    // Response 10 s, ratio 0.05: stiffness (2π/10)² = 0.394784, damping 4π·0.05/10 = 0.0628319.
    let t = try Self.tuning(#"{"spring": {"response": 10, "dampingRatio": 0.05}}"#)
    let expected: [(ExportFormat, String)] = [
      (
        .uikit,
        "UISpringTimingParameters(mass: 1, stiffness: 0.39478, damping: 0.062832, initialVelocity: initialVelocity)"
      ),
      (
        .framer,
        "export const detentSettle = { type: \"spring\", stiffness: 0.39478, damping: 0.062832, mass: 1 } as const"
      ),
      (
        .reactnative,
        "export const detentSpring = { damping: 0.062832, stiffness: 0.39478, mass: 1 } as const"
      ),
      (
        .flutter,
        "const SpringDescription detentSpring = SpringDescription(mass: 1.0, stiffness: 0.39478, damping: 0.062832);"
      ),
      (
        .compose,
        "val detentSettleSpec: SpringSpec<Float> = spring(dampingRatio = 0.05f, stiffness = 0.39478f)"
      ),
      (.android, ".setStiffness(0.39478f)"),
    ]
    for (format, line) in expected {
      #expect(ExportTests.lines(format.render(t)).contains(line), "\(format.rawValue) lacks \(line)")
    }
    #expect(ExportValues.precise(246.740_11) == "246.74")
    #expect(ExportValues.precise(26.703_538) == "26.704")
  }

  @Test(
    "FloatingPanel's printed rate gives the damping ratio back to 1 part in 10,000",
    arguments: [(10.0, 0.05), (0.4, 0.85), (0.01, 10), (3, 3), (0.01, 0.05), (10, 10), (0.5, 0.7)])
  func floatingPanelRate(response: Double, ratio: Double) throws {
    let terms = FloatingPanelExport.springTerms(Spring(response: response, dampingRatio: ratio))
    let back = FloatingPanelExport.dampingRatio(
      time: try #require(Double(terms.time)), rate: try #require(Double(terms.rate)))
    #expect(abs(back - ratio) <= 1e-4 * ratio, "\(terms.rate) gives \(back)")
    #expect(terms.ratio == back)
  }

  @Test("FloatingPanel for a 10-s spring at ratio 0.05 prints 9 decimals and the ratio they give")
  func floatingPanelSlowSpring() throws {
    let t = try Self.tuning(#"{"spring": {"response": 10, "dampingRatio": 0.05}}"#)
    let lines = ExportTests.lines(ExportFormat.floatingpanel.render(t))
    #expect(lines.contains("let springDecelerationRate: CGFloat = 0.999968585"))
    #expect(
      lines.contains(
        "// is ln(springDecelerationRate) · springResponseTime / (−2π · 0.001), so this rate gives 0.049999 back."
      ))
  }

  @Test("CSS: a disabled or content notch's comment is a line of its own")
  func cssCommentLines() throws {
    let t = try Self.tuning(
      #"{"notches": [{"name": "header", "content": "header"}, {"name": "half", "fraction": 0.5, "enabled": false}, {"name": "top", "fraction": 1}]}"#
    )
    let text = ExportFormat.css.render(t)
    let lines = ExportTests.lines(text)
    #expect(lines.contains("/* half: disabled */"))
    #expect(lines.contains("--detent-notch-half: 50vh;"))
    #expect(lines.contains("/* header: fits its header; Detent's demo measures this */"))
    #expect(lines.contains("--detent-notch-header: 116px;"))
    #expect(text.firstMatch(of: /;[ \t]*\/\*/) == nil)
  }

  @Test(
    "React Native names why the backdrop cannot follow Detent's dimming",
    arguments: [
      (
        #"{"dimming": {"startNotch": "maximum", "endNotch": "minimum"}}"#,
        "// Detent's dimming (0.4 × clamp((h − maximum)/(minimum − maximum), 0, 1)) ends below where it starts (it fades out going up):"
      ),
      (
        #"{"dimming": {"startNotch": "maximum", "endNotch": "maximum"}}"#,
        "// Detent's dimming (0.4 × clamp((h − maximum)/(maximum − maximum), 0, 1)) starts and ends at the same notch (a step, not a fade):"
      ),
      (
        #"{"notches": [{"name": "a", "height": 100}, {"name": "b", "height": 200, "enabled": false}, {"name": "c", "height": 400}], "dimming": {"startNotch": "b", "endNotch": "c"}}"#,
        "// Detent's dimming (0.4 × clamp((h − b)/(c − b), 0, 1)) starts or ends at a disabled notch, b, which has no snap index here:"
      ),
    ])
  func reactNativeBackdrop(json: String, line: String) throws {
    let lines = ExportTests.lines(ExportFormat.reactnative.render(try Self.tuning(json)))
    #expect(lines.contains(line))
    #expect(lines.contains("const renderBackdrop = undefined"))
  }

  @Test("React Native: one enableOverDrag for both ends is not exact when Detent stretches one edge")
  func reactNativeOverDrag() throws {
    let one = ExportTests.lines(
      ExportFormat.reactnative.render(try Self.tuning(#"{"rubberBand": {"top": false}}"#)))
    #expect(
      one.contains(
        "// Rubber band: gorhom's overDragResistanceFactor is its own curve (not exact); enableOverDrag not exact: it is one switch for both ends, and Detent stretches the bottom edge only."
      ))
    let both = ExportTests.lines(ExportFormat.reactnative.render(Tuning()))
    #expect(
      both.contains(
        "// Rubber band: gorhom's overDragResistanceFactor is its own curve (not exact); enableOverDrag on/off matches."
      ))
  }

  @Test("Android: a half-expanded notch with an inset is a ratio for one parent height, said not exact")
  func androidRatio() throws {
    let t = try Self.tuning(
      #"{"notches": [{"name": "peek", "height": 100}, {"name": "half", "fraction": 0.5, "inset": 20}, {"name": "top", "fraction": 1}]}"#
    )
    let lines = ExportTests.lines(ExportFormat.android.render(t))
    #expect(
      lines.contains(
        "// half as a ratio of the parent, worked out for a parent 800 dp high (not exact at other heights).")
    )
    #expect(lines.contains("halfExpandedRatio = 0.475f"))
    #expect(
      ExportTests.lines(ExportFormat.android.render(Tuning())).contains(
        "// medium as a ratio of the parent (exact)."))
  }
}
