import Detent
import Foundation
import Testing

@testable import DetentApp

/// The program on every edge: the panel's edge switch is a recorded `tune` that replays, the
/// Sidebar and Shade presets, taps through a drawer's content and the edge geometry the
/// renderer and the focus ring read.
@Suite struct EdgeAppTests {
  @Test("the panel switches the edge live; the session records it as a tune and replays to the same state")
  func panelSwitchesEdge() throws {
    let session = try RecordedSession()
    let live = session.live
    func frameWith(_ inputs: [AppInput]) { session.frame(inputs) }
    frameWith([.key("T")])
    let left = live.panelItems.first { if case .segment("left", _, _) = $0.kind { true } else { false } }!
      .rect
    frameWith([.press(x: left.x + 5, y: left.y + 5)])
    frameWith([.release(x: left.x + 5, y: left.y + 5, velocity: nil)])
    #expect(live.rootTuning.layout.edge == .left)
    frameWith([.key("T")])
    // The drawer rests at "minimum" (120 px wide): drag its grabber strip 400 px to the right.
    #expect(live.stack.root.height == 120)
    frameWith([.press(x: 110, y: 400)])
    for k in 1...5 { frameWith([.move(x: 110 + Double(k) * 80, y: 400)]) }
    #expect(live.stack.root.height == 520)
    // Held still for 150 ms before letting go: released at 0 px/s, so the nearest notch.
    for _ in 0..<9 { frameWith([]) }
    frameWith([.release(x: 510, y: 400, velocity: nil)])
    for _ in 0..<90 { frameWith([]) }
    #expect(live.stack.root.snapshot.notch == "medium")
    #expect(live.stack.root.height == 640)
    let text = session.script()
    #expect(text.contains(#""edge": "left""#))
    let (runner, report) = try session.replay()
    #expect(report.passed, "\(report.failures)")
    #expect(runner.model.rootTuning == live.rootTuning)
    #expect(report.events.map(EventLog.line) == session.events.map(EventLog.line))
  }

  @Test(
    "presets Sidebar (left) and Shade (top) put the sheet on their edge with notches along its axis",
    arguments: [
      ("Sidebar (left)", SheetEdge.left, [20.0, 360, 1160]),
      ("Shade (top)", .top, [116, 400, 740]),
    ])
  func edgePresets(name: String, edge: SheetEdge, heights: [Double]) throws {
    let presets = Presets(assets: AssetLocator(root: repoRoot.appendingPathComponent("Assets")))
    let index = try #require(presets.entries.firstIndex { $0.name == name })
    let tuning = try presets.apply(index, to: Tuning())
    #expect(tuning.layout.edge == edge)
    let sheet = try OverlaySheet(tuning: tuning, windowWidth: 1280, windowHeight: 800)
    #expect(sheet.notches.map(\.height) == heights)
  }

  @Test(
    "taps through a drawer's or a shade's content: the search field, a row",
    arguments: [
      // edge, a point on the search field, a point on row 0
      (SheetEdge.left, (x: 100.0, y: 24.0), (x: 100.0, y: 130.0)),
      (.right, (1180, 24), (1180, 130)),
      (.top, (300, 24), (300, 130)),
    ])
  func tapsThroughContent(
    edge: SheetEdge, field: (x: Double, y: Double), row: (x: Double, y: Double)
  ) throws {
    var tuning = Tuning(initialNotch: "medium")
    tuning.layout.edge = edge
    tuning.layout.mode = .bottom
    let model = try DemoModel(tuning: tuning, width: 1280, height: 800)
    let hit = try #require(model.stack.top.hitTest(x: row.x, y: row.y))
    #expect(model.pressTarget(x: row.x, y: row.y, hit: hit) == .row(0))
    let fieldHit = try #require(model.stack.top.hitTest(x: field.x, y: field.y))
    #expect(model.pressTarget(x: field.x, y: field.y, hit: fieldHit) == .searchField)
  }

  @Test(
    "the grabber strip and its pill lie on the free side of a 300-px sheet in a 1000×800 window",
    arguments: [
      (SheetEdge.bottom, [0.0, 500, 1000, 20], [480.0, 507, 40, 5]),
      (.top, [0, 280, 1000, 20], [480, 288, 40, 5]),
      (.left, [280, 0, 20, 800], [288, 380, 5, 40]),
      (.right, [700, 0, 20, 800], [707, 380, 5, 40]),
    ])
  func grabberGeometry(edge: SheetEdge, strip: [Double], pill: [Double]) throws {
    var tuning = Tuning(
      notches: [NotchSpec(name: "a", height: 100), NotchSpec(name: "b", height: 300)], initialNotch: "b")
    tuning.layout.edge = edge
    tuning.layout.mode = .bottom
    let s = try OverlaySheet(tuning: tuning, windowWidth: 1000, windowHeight: 800).snapshot
    let g = s.grabberStrip
    let p = s.grabberPill
    #expect([g.x, g.y, g.w, g.h] == strip)
    #expect([p.x, p.y, p.w, p.h] == pill)
    #expect(s.headerTop == (edge == .bottom ? 520 : 0))
  }
}

/// `detent export` for a sheet on another edge: one comment line saying how the platform puts it
/// there; the bottom edge's output is unchanged.
@Suite struct EdgeExportTests {
  @Test(
    "each format notes the edge on one line under its opening comment",
    arguments: [
      (ExportFormat.swiftui, 1, "// Edge left: SwiftUI's .sheet"),
      (.uikit, 1, "// Edge left: UISheetPresentationController"),
      (
        .floatingpanel, 1,
        "// Edge left: the panel's position is .left and its anchors measure from .left"
      ),
      (.compose, 1, "// Edge left: Compose's sheets are bottom-only"),
      (.android, 1, "// Edge left: BottomSheetBehavior is bottom-only; SideSheetBehavior"),
      (.css, 4, "/* Edge left: the sheet is fixed to left: 0 and its width"),
      (.framer, 1, "// Edge left: drag=\"x\""),
      (.reactnative, 1, "// Edge left: gorhom's bottom sheet rises from the bottom only"),
      (.flutter, 1, "// Edge left: DraggableScrollableSheet grows from the bottom only; a side drawer"),
      (.vaul, 1, "// Edge left: <Drawer.Root direction=\"left\"> (vaul's direction prop)"),
    ])
  func edgeNote(format: ExportFormat, line: Int, prefix: String) {
    var tuning = Tuning()
    tuning.layout.edge = .left
    let lines = format.render(tuning).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[line].hasPrefix(prefix), "\(lines[line])")
    #expect(
      lines.count == format.render(Tuning()).split(separator: "\n", omittingEmptySubsequences: false).count
        + 1)
    #expect(!format.render(Tuning()).contains("Edge "))
  }

  @Test("JSON states the edge as the key itself")
  func json() {
    var tuning = Tuning()
    tuning.layout.edge = .top
    #expect(ExportFormat.json.render(tuning).contains(#""edge": "top""#))
    #expect(ExportFormat.json.edgeNote(.top) == nil)
  }
}
