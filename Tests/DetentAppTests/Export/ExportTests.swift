import Detent
import DetentJSON
import Foundation
import Testing

@testable import DetentApp

/// `detent export`: each format's numbers against the exact spring (response 0.5 s, ζ 0.7:
/// stiffness 157.914, damping 17.593, SwiftUI duration 0.5 / bounce 0.3).
@Suite struct ExportTests {
  static let tuning: Tuning = {
    var t = Tuning()
    t.spring = Spring(response: 0.5, dampingRatio: 0.7)
    t.notches = [
      NotchSpec(name: "peek", height: 150), NotchSpec(name: "half", fraction: 0.5),
      NotchSpec(name: "top", fraction: 1, inset: 40),
    ]
    t.policy = .rushingForward(minimumVelocity: 600, minimumDuration: 0.1)
    t.dimming.maxAlpha = 0.3
    return t
  }()

  /// The text's lines with their leading spaces removed.
  static func lines(_ text: String) -> Set<String> {
    Set(text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.drop { $0 == " " }) })
  }

  @Test(
    "each format states the spring, notches and dimming in its own terms (whole lines)",
    arguments: [
      (
        ExportFormat.swiftui,
        [
          "static let detentSettle = Animation.spring(duration: 0.5, bounce: 0.3)",
          "static func height(in context: Context) -> CGFloat? { context.maxDetentValue * 1 - 40 }",
          "presentationDetents([.height(150), .fraction(0.5), .custom(TopDetent.self)], selection: selection)",
          ".presentationBackgroundInteraction(.enabled(upThrough: .fraction(0.5)))",
        ]
      ),
      (
        .uikit,
        [
          "UISpringTimingParameters(mass: 1, stiffness: 157.914, damping: 17.593, initialVelocity: initialVelocity)",
          ".custom(identifier: UISheetPresentationController.Detent.Identifier(\"peek\")) { context in 150 },",
          ".custom(identifier: UISheetPresentationController.Detent.Identifier(\"top\")) { context in context.maximumDetentValue * 1 - 40 },",
          "sheet.largestUndimmedDetentIdentifier = .init(\"half\")",
        ]
      ),
      (
        .floatingpanel,
        [
          "let springResponseTime: CGFloat = 0.5", "let springDecelerationRate: CGFloat = 0.991242",
          ".tip: FloatingPanelLayoutAnchor(absoluteInset: 150, edge: .bottom, referenceGuide: .superview),",
          ".half: FloatingPanelLayoutAnchor(fractionalInset: 0.5, edge: .bottom, referenceGuide: .superview),",
          ".full: FloatingPanelLayoutAnchor(absoluteInset: 40, edge: .top, referenceGuide: .superview),",
          "case .half: 0", "case .full: 0.3",
        ]
      ),
      (
        .compose,
        [
          "import androidx.compose.ui.unit.Density", "import androidx.compose.ui.unit.dp",
          "import androidx.compose.animation.core.exponentialDecay",
          "val detentSettleSpec: SpringSpec<Float> = spring(dampingRatio = 0.7f, stiffness = 157.914f)",
          "velocityThreshold = { 600.dp.toPx() },", "Notch.PEEK at (h - 150f).dp.toPx()",
          "Notch.TOP at (h - (h * 1f - 40f)).dp.toPx()",
        ]
      ),
      (
        .android,
        [
          ".setStiffness(157.914f)", ".setDampingRatio(0.7f)", "peekHeight = dpToPx(150f)",
          "halfExpandedRatio = 0.5f", "expandedOffset = dpToPx(40f)",
        ]
      ),
      (
        .framer,
        [
          "export const detentSettle = { type: \"spring\", stiffness: 157.914, damping: 17.593, mass: 1 } as const",
          "return [150, vh * 0.5, vh * 1 - 40]",
          "if (Math.abs(velocity) <= 600 || second < 0) return notches[first]",
          "export const detentDragElastic = 0.55",
          "export const detentSettleVisual = { type: \"spring\", visualDuration: 0.416667, bounce: 0.3 } as const",
        ]
      ),
      (
        .css,
        [
          "--detent-notch-peek: 150px;", "--detent-notch-top: calc(100vh - 40px);", "--detent-dim-max: 0.3;",
          "--detent-settle-duration: 818ms;",
        ]
      ),
      (
        .reactnative,
        [
          "export const detentSpring = { damping: 17.593, stiffness: 157.914, mass: 1 } as const",
          "export const detentSnapPoints: (number | string)[] = [150, \"50%\", 760]",
          "<BottomSheetBackdrop {...props} disappearsOnIndex={1} appearsOnIndex={2} opacity={0.3} />",
        ]
      ),
      (
        .flutter,
        [
          "const SpringDescription detentSpring = SpringDescription(mass: 1.0, stiffness: 157.914, damping: 17.593);",
          "List<double> detentSizes(double h) => <double>[150 / h, 0.5, (h * 1.0 - 40) / h];",
          "snapSizes: <double>[sizes[1]],",
        ]
      ),
      (
        .vaul,
        [
          "export const detentSnapPoints: (number | string)[] = [\"150px\", 0.5, \"760px\"]",
          "fadeFromIndex={2}",
          "snapToSequentialPoint={false}",
        ]
      ),
    ])
  func formats(format: ExportFormat, expected: [String]) {
    let lines = Self.lines(format.render(Self.tuning))
    for line in expected { #expect(lines.contains(line), "\(format.rawValue) lacks the line \(line)") }
  }

  @Test(
    "every format states the engine's flick rule with the thresholds the policy gives",
    arguments: ExportFormat.allCases.filter { $0 != .json })
  func flickRule(format: ExportFormat) {
    let lines = Self.lines(format.render(Self.tuning))
    let prefix = format == .css ? "/* " : "// "
    let suffix = format == .css ? " */" : ""
    for line in [
      "Release policy rushingForward: p = h + 0.1 × v (h the release height, v its velocity in px/s, up > 0).",
      "  peek (150 px) up: half above 600 px/s, top above 3050 px/s",
      "  top (760 px) down: half above 600 px/s, peek from 3050 px/s",
    ] {
      #expect(lines.contains(prefix + line + suffix), "\(format.rawValue) lacks \(line)")
    }
  }

  @Test(
    "flick thresholds come from the policy: boundaries on both sides",
    arguments: [
      // Default notches 120, 400, 740: skipping needs p past 430, the midpoint of 120 and 740.
      (
        TargetPolicy.rushingForward(minimumVelocity: 400, minimumDuration: 0.1), 120.0, 1.0,
        [(400.0, false, 1), (3100, false, 2)]
      ),
      (
        .rushingForward(minimumVelocity: 400, minimumDuration: 0.1), 740, -1,
        [(400, false, 1), (3100, true, 0)]
      ),
      // Projection at 0.998 travels v/1000 × 499 px: from 120, past 260 (midpoint of 120 and 400) at
      // 280.56 px/s (so 280.6 already goes on) and past 570 (400–740) at 901.80.
      (
        .projection(decelerationRate: 0.998, skipsNotches: true), 120, 1,
        [(280.6, true, 1), (901.8, false, 2)]
      ),
      (.nearest, 120, 1, []),
    ])
  func thresholds(policy: TargetPolicy, height: Double, direction: Double, expected: [(Double, Bool, Int)]) {
    let changes = ExportValues.targetChanges(
      policy: policy, height: height, direction: direction, heights: [120, 400, 740],
      reachable: [true, true, true])
    #expect(changes.map(\.speed) == expected.map(\.0))
    #expect(changes.map(\.inclusive) == expected.map(\.1))
    #expect(changes.map(\.target) == expected.map(\.2))
  }

  @Test(
    "FloatingPanel's deceleration rate gives the damping ratio back through its own formula",
    arguments: [(0.5, 0.7, 0.991_242), (0.4, 0.85, 0.986_737), (0.25, 1.0, 0.975_180)])
  func floatingPanelRate(response: Double, ratio: Double, rate: Double) {
    let r = FloatingPanelExport.decelerationRate(Spring(response: response, dampingRatio: ratio))
    #expect(abs(r - rate) < 5e-7)
    // FloatingPanel: ζ = ln(r) / (−2π · (1/T) · 0.001).
    #expect(abs(log(r) / (-2 * Double.pi / response * 0.001) - ratio) < 1e-9)
  }

  @Test(
    "notch names become valid, distinct identifiers",
    arguments: [
      ("1st stop", ExportValues.IdentifierStyle.upperCamel, "N1stStop"), ("half-way", .constant, "HALF_WAY"),
      ("größe", .lowerCamel, "grE"), ("--", .kebab, "notch"), ("a b", .upperCamel, "AB0"),
      ("a-b", .upperCamel, "AB1"),
    ])
  func identifiers(name: String, style: ExportValues.IdentifierStyle, expected: String) {
    var t = Tuning()
    t.notches = [
      NotchSpec(name: "1st stop", height: 10), NotchSpec(name: "half-way", height: 20),
      NotchSpec(name: "größe", height: 30), NotchSpec(name: "--", height: 40),
    ]
    if name.hasPrefix("a") {
      t.notches = [NotchSpec(name: "a b", height: 10), NotchSpec(name: "a-b", height: 20)]
    }
    let e = ExportValues(t)
    #expect(e.identifier(t.notches.first { $0.name == name }!, style) == expected)
  }

  @Test("FloatingPanel: a state per notch past three, and dimming marked not exact at a disabled notch")
  func floatingPanelStates() {
    var t = Tuning()
    t.notches = [
      NotchSpec(name: "peek", height: 80), NotchSpec(name: "low", fraction: 0.3),
      NotchSpec(name: "mid", fraction: 0.6, enabled: false), NotchSpec(name: "high", fraction: 0.8),
      NotchSpec(name: "top", fraction: 1, inset: 20),
    ]
    t.initialNotch = "low"
    t.dimming = Dimming(maxAlpha: 0.6, startNotch: "mid", endNotch: "top")
    let text = ExportFormat.floatingpanel.render(t)
    let lines = Self.lines(text)
    #expect(lines.contains("static let detentLow = FloatingPanelState(rawValue: \"low\", order: 200)"))
    #expect(lines.contains("let initialState: FloatingPanelState = .detentLow"))
    // Heights 80, 240, 640, 780 in an 800-pt window; Detent dims from mid (480) to top (780).
    #expect(lines.contains("case .detentHigh: 0.32"))
    #expect(text.contains("not exact: a dimming notch is disabled, so not an anchor"))
  }

  @Test("a 0-height notch: the libraries' close gesture, and the dismissal in the thresholds")
  func closingNotch() {
    var t = Tuning()
    t.notches = [
      NotchSpec(name: "closed", height: 0), NotchSpec(name: "peek", height: 100),
      NotchSpec(name: "full", fraction: 0.9),
    ]
    t.dismiss.velocity = 1200
    t.dismiss.threshold = 0.3
    let vaul = Self.lines(ExportFormat.vaul.render(t))
    #expect(vaul.contains("export const detentSnapPoints: (number | string)[] = [\"100px\", 0.9]"))
    #expect(vaul.contains("dismissible={true}"))
    #expect(vaul.contains("closeThreshold={0.3}"))
    let rn = Self.lines(ExportFormat.reactnative.render(t))
    #expect(rn.contains("export const detentSnapPoints: (number | string)[] = [100, \"90%\"]"))
    #expect(rn.contains("enablePanDownToClose={true}"))
    // From 720 px down: the policy picks peek above 400 px/s; above 1200 px/s the engine dismisses.
    #expect(rn.contains("//   full (720 px) down: peek above 400 px/s, closed above 1200 px/s"))
    #expect(
      rn.contains(
        "// A downward release faster than 1200 px/s goes to the 0-height notch (dismiss), and so does a release below 0.7 × the lowest shown notch (70 px)."
      ))
  }

  @Test("a content notch exports Detent's measured height, never a bare nil")
  func contentNotch() {
    var t = Tuning()
    t.notches = [NotchSpec(name: "header", content: .header), NotchSpec(name: "full", fraction: 1)]
    let swift = Self.lines(ExportFormat.swiftui.render(t))
    #expect(
      swift.contains(
        "static func height(in context: Context) -> CGFloat? { min(116, context.maxDetentValue) }"))
    let kotlin = Self.lines(ExportFormat.compose.render(t))
    #expect(kotlin.contains("Notch.HEADER at (h - 116f.coerceAtMost(h)).dp.toPx()"))
    let dart = Self.lines(ExportFormat.flutter.render(t))
    #expect(dart.contains("List<double> detentSizes(double h) => <double>[math.min(116 / h, 1.0), 1.0];"))
    #expect(dart.contains("import 'dart:math' as math;"))
    #expect(!Self.lines(ExportFormat.flutter.render(Tuning())).contains("import 'dart:math' as math;"))
  }

  @Test("json round-trips the tuning")
  func json() throws {
    let text = ExportFormat.json.render(Self.tuning)
    #expect(try TuningCoding.decode(text: text).tuning == Self.tuning)
  }

  @Test("an unknown format or a bad config exits 2 naming it")
  func badInput() throws {
    let run = try runDetent(["export", "--format", "qml"])
    #expect(run.code == 2)
    #expect(run.stderr.contains("--format qml: unknown format"))
    let dir = try temporaryFolder()
    let config = try write("{\n\"spring\": {\"response\": 0}}", "bad.json", in: dir)
    let bad = try runDetent(["export", "--config", config, "--format", "css"])
    #expect(bad.code == 2)
    #expect(bad.stderr.contains("bad.json:2: spring.response"))
  }

  @Test("docs/export.md is the current output for the default tuning")
  func docsCurrent() throws {
    let doc = try String(contentsOf: repoRoot.appendingPathComponent("docs/export.md"), encoding: .utf8)
    for format in ExportFormat.allCases {
      #expect(
        doc.contains(format.render(Tuning())), "docs/export.md: \(format.rawValue) is stale (regenerate it)")
    }
  }
}
