import Detent
import Testing

@testable import DetentApp

/// `detent export` works the notches out where the engine rests them: along the sheet's axis
/// (a drawer's fractions are of the window's width) and, for the default notches in a small
/// window, as the engine clamps them.
@Suite struct ExportGeometryTests {
  /// The preset Sidebar (left): 20, 360 and the width less 120 px (1160 in a 1280×800 window).
  static let sidebar: Tuning = {
    var t = Tuning()
    t.layout.edge = .left
    t.notches = [
      NotchSpec(name: "minimum", height: 20), NotchSpec(name: "medium", height: 360),
      NotchSpec(name: "maximum", fraction: 1, inset: 120),
    ]
    t.spring = Spring(response: 0.35, dampingRatio: 0.9)
    t.dimming = Dimming(maxAlpha: 0.3, startNotch: "medium", endNotch: "maximum")
    return t
  }()

  @Test(
    "a left drawer's fraction is of the window's width, in every format family",
    arguments: [
      (ExportFormat.swiftui, ["//   maximum (1160 px) down: medium above 400 px/s, minimum from 5700 px/s"]),
      (
        .floatingpanel,
        ["// Released at rest on a notch, in a window 1280 px wide (found with Detent's own release code):"]
      ),
      (
        .compose,
        ["/** Anchors as offsets from the container's right, in px; h = the container's width in dp. */"]
      ),
      (.android, ["expandedOffset = dpToPx(120f)", "halfExpandedRatio = 0.2813f"]),
      (
        .css,
        [
          "--detent-notch-maximum: calc(100vw - 120px);",
          "transition: width var(--detent-settle-duration) var(--detent-settle-easing);",
        ]
      ),
      (
        .framer,
        [
          "return [20, 360, vw * 1 - 120]",
          "//   onDragEnd={(e, info) => detentSettleTo(height.get(), info.velocity.x, window.innerWidth, (h) => height.set(h))} />",
        ]
      ),
      (.reactnative, ["export const detentSnapPoints: (number | string)[] = [20, 360, 1160]"]),
      (.flutter, ["final h = constraints.maxWidth;"]),
      (
        .vaul,
        [
          "export const detentSnapPoints: (number | string)[] = [\"20px\", \"360px\", \"1160px\"]",
          "// maximum: 1 × width − 120 px: worked out as 1160 px for a viewport 1280 px wide (not exact at other widths).",
        ]
      ),
    ])
  func drawerAlongWidth(format: ExportFormat, expected: [String]) {
    let lines = ExportTests.lines(format.render(Self.sidebar, windowWidth: 1280, windowHeight: 800))
    for line in expected { #expect(lines.contains(line), "\(format.rawValue) lacks \(line)") }
  }

  @Test(
    "FloatingPanel positions the panel at Detent's edge: anchors from it, a fraction's inset from the far one, bands mapped",
    arguments: [
      (SheetEdge.left, "left", "right"), (.right, "right", "left"), (.top, "top", "bottom"),
      (.bottom, "bottom", "top"),
    ])
  func floatingPanelEdge(edge: SheetEdge, near: String, far: String) {
    var t = Self.sidebar
    t.layout.edge = edge
    t.rubberBand.bottom = false
    let lines = ExportTests.lines(ExportFormat.floatingpanel.render(t, windowWidth: 1280, windowHeight: 800))
    for line in [
      "let position: FloatingPanelPosition = .\(near)",
      ".tip: FloatingPanelLayoutAnchor(absoluteInset: 20, edge: .\(near), referenceGuide: .superview),",
      ".full: FloatingPanelLayoutAnchor(absoluteInset: 120, edge: .\(far), referenceGuide: .superview),",
      // Detent's top band (past the highest notch) is the far side; its bottom one is off.
      "edge == .\(far)",
    ] {
      #expect(lines.contains(line), "\(edge) lacks \(line)")
    }
  }

  @Test(
    "the default notches in a small window: the engine's clamped heights, in order, in every format",
    arguments: [(200, [120.0, 120, 140]), (100, [100, 100, 100]), (400, [120, 200, 340])])
  func adaptedDefaults(side: Int, heights: [Double]) throws {
    let model = try DemoModel(tuning: Tuning(), width: side, height: side)
    #expect(model.stack.root.notches.map(\.height) == heights)
    let e = ExportValues(Tuning(), windowWidth: Double(side), windowHeight: Double(side))
    #expect(e.notches.map(e.height) == heights)
    // Every list a platform takes rises strictly: a height the engine gives two notches is listed once.
    let listed = e.enabled.map(e.height)
    #expect(listed == Array(Set(heights)).sorted())
  }

  @Test("at 200×200 each format lists 120 and 140 once and states the engine's release table")
  func smallWindow() {
    let expected: [(ExportFormat, String)] = [
      (.reactnative, "export const detentSnapPoints: (number | string)[] = [120, 140]"),
      (.vaul, "export const detentSnapPoints: (number | string)[] = [\"120px\", \"140px\"]"),
      (.framer, "return [120, vh * 1 - 60]"),
      (.swiftui, "presentationDetents([.height(120), .custom(MaximumDetent.self)], selection: selection)"),
      (.compose, "enum class Notch { MINIMUM, MAXIMUM }"),
      (.flutter, "List<double> detentSizes(double h) => <double>[120 / h, (h * 1.0 - 60) / h];"),
      (.css, "--detent-notch-medium: 120px;"),
      // medium, the dimming start, rests with minimum: UIKit names the detent that is listed.
      (.uikit, "sheet.largestUndimmedDetentIdentifier = .init(\"minimum\")"),
    ]
    for (format, line) in expected {
      let text = format.render(Tuning(), windowWidth: 200, windowHeight: 200)
      let lines = ExportTests.lines(text)
      #expect(lines.contains(line), "\(format.rawValue) lacks \(line)")
      let prefix = format == .css ? "/* " : "// "
      let suffix = format == .css ? " */" : ""
      #expect(
        lines.contains(prefix + "  medium (120 px) up: maximum above 100 px/s" + suffix), "\(format.rawValue)"
      )
      #expect(
        lines.contains(
          prefix
            + "medium: 0.5 × height gives 100 px in a window 200 px high; the default notches adapt to a small window"
            + " (each clamped into it, none below the one before), so Detent rests it at 120 px and this export uses"
            + " 120 px, the height of minimum, so the lists below hold one of the two (not exact at other sizes)."
            + suffix), "\(format.rawValue)")
    }
    // In a window the default notches fit, nothing is adapted.
    #expect(ExportValues(Tuning(), windowWidth: 400, windowHeight: 400).adaptNotes.isEmpty)
  }
}
