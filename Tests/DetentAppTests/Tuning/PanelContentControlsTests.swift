import Detent
import DetentJSON
import Testing

@testable import DetentApp

/// The panel's "sheet content" rows for the keys of the sheet's content: each press or drag is
/// a `tune` that `--record` keeps and a replay reproduces.
@Suite struct PanelContentControlsTests {
  /// A 1280×800 session with the panel open and scrolled to its end (the content rows).
  static func opened() throws -> RecordedSession {
    let session = try RecordedSession()
    session.frame([.key("T")])
    session.frame([.wheel(x: 1100, y: 400, dy: 20)])
    return session
  }

  /// Presses and releases the first panel item `match` accepts, at `fraction` of its width.
  static func press(
    _ session: RecordedSession, fraction: Double = 0.5, _ match: (PanelItem.Kind) -> Bool
  ) throws {
    let item = try #require(session.live.panelItems.first { match($0.kind) })
    let (x, y) = (item.rect.x + item.rect.w * fraction, item.rect.y + item.rect.h / 2)
    #expect(session.live.isOverPanel(x: x, y: y), "the control is in view")
    session.frame([.press(x: x, y: y)])
    session.frame([.release(x: x, y: y, velocity: nil)])
  }

  static func segment(_ label: String) -> (PanelItem.Kind) -> Bool {
    { if case .segment(label, _, _) = $0 { true } else { false } }
  }

  static func slider(_ id: String) -> (PanelItem.Kind) -> Bool {
    { if case .slider(let s, _) = $0 { s.id == id } else { false } }
  }

  /// The recorded script replays to the live tuning.
  static func replays(_ session: RecordedSession) throws {
    let (runner, report) = try session.replay()
    #expect(report.passed)
    #expect(runner.model.rootTuning == session.live.rootTuning)
  }

  @Test(
    "the panel shows exactly the sliders ←/→ can adjust, in every spring term and policy",
    arguments: SpringTerms.allCases)
  func slidersShown(terms: SpringTerms) throws {
    for policy in ["nearest", "rushingForward", "projection", "free"] {
      var tuning = Tuning()
      tuning.policy = try #require(TargetPolicy.defaults(kind: policy))
      let model = try DemoModel(tuning: tuning, width: 1280, height: 800)
      model.apply(.key("T"))
      model.panel.springTerms = terms
      let shown = model.panelItems.compactMap { if case .slider(let s, _) = $0.kind { s.id } else { nil } }
      #expect(shown == PanelSlider.all(for: tuning, terms: terms).map(\.id), "\(terms) \(policy)")
    }
  }

  @Test(
    "the rows choice sets list.rowHeights: each press a recorded tune",
    arguments: [
      ("64 / 88", [64.0, 88], #""rowHeights": [64, 88]"#),
      ("headers", [32, 64, 64, 64], #""rowHeights": [32, 64, 64, 64]"#),
    ])
  func rowPatterns(label: String, heights: [Double], tune: String) throws {
    let session = try Self.opened()
    try Self.press(session, Self.segment(label))
    #expect(session.live.rootTuning.list.rowHeights.heights == heights)
    #expect(session.script().contains(tune), "\(session.script())")
    try Self.replays(session)
  }

  @Test(
    "the keyboard's blur rows and the grabber row set their keys: each press a recorded tune",
    arguments: [
      ("restore notch", "keyboard.restoreOnBlur", JSONValue.bool(true, line: 0), #""restoreOnBlur": true"#),
      ("keeps focus", "keyboard.blurOnDrag", .bool(false, line: 0), #""blurOnDrag": false"#),
      ("32 px", "sheet.grabber", .number(32, line: 0), #""grabber": 32"#),
    ])
  func keyRows(label: String, path: String, value: JSONValue, tune: String) throws {
    let session = try Self.opened()
    try Self.press(session, Self.segment(label))
    #expect(TuningSchema.key(path)?.value(in: session.live.rootTuning) == value)
    #expect(session.script().contains(tune), "\(session.script())")
    try Self.replays(session)
  }

  @Test("uniform after a pattern is 64-px rows again; pressed on uniform rows of 72 px it keeps them")
  func uniform() throws {
    let session = try Self.opened()
    try Self.press(session, Self.segment("headers"))
    try Self.press(session, Self.segment("uniform"))
    #expect(session.live.rootTuning.list.rowHeights == RowPattern(uniform: 64))
    try Self.replays(session)
    let tall = try RecordedSession(tuning: Tuning(list: ListConfig(rowHeight: 72)))
    tall.frame([.key("T")])
    tall.frame([.wheel(x: 1100, y: 400, dy: 20)])
    try Self.press(tall, Self.segment("uniform"))
    #expect(tall.live.rootTuning.list.rowHeights == RowPattern(uniform: 72))
    #expect(!tall.script().contains(#""tune""#))
  }

  @Test("attach at steps through the notches: never → minimum → medium → maximum → minimum")
  func attachAt() throws {
    let session = try Self.opened()
    var seen: [String?] = [session.live.rootTuning.layout.attachAt]
    for label in ["never", "minimum", "medium", "maximum"] {
      try Self.press(session, Self.segment(label))
      seen.append(session.live.rootTuning.layout.attachAt)
    }
    #expect(seen == [nil, "minimum", "medium", "maximum", "minimum"])
    #expect(session.script().contains(#""attachAt": "maximum""#), "\(session.script())")
    try Self.replays(session)
  }

  @Test(
    "the keyboard height and dismiss threshold sliders: a press sets the value under the pointer, recorded",
    arguments: [
      ("keyboard.height", 0.5, 300.0, #""height": 300"#), ("keyboard.height", 0.0, 0, #""height": 0"#),
      ("dismiss.threshold", 1.0 / 3, 0.3, #""threshold": 0.3"#),
      ("dismiss.threshold", 1.0, 0.9, #""threshold": 0.9"#),
    ])
  func sliders(id: String, fraction: Double, value: Double, tune: String) throws {
    let session = try Self.opened()
    try Self.press(session, fraction: fraction, Self.slider(id))
    let key = try #require(TuningSchema.key(id))
    #expect(key.value(in: session.live.rootTuning) == .number(value, line: 0))
    #expect(session.script().contains(tune), "\(session.script())")
    try Self.replays(session)
  }

  @Test(
    "a length set elsewhere that is none of the row's choices gets a segment of its own, selected",
    arguments: [
      // corner radius, float inset → the corners row and the inset row (* marks the selected)
      (0.0, 0.0, "0 px* 12 px 24 px", "0 px* 12 px 24 px"),
      (12.0, 24.0, "0 px 12 px* 24 px", "0 px 12 px 24 px*"),
      // The "iOS 26 floating" preset's values.
      (26.0, 10.0, "0 px 12 px 24 px 26 px*", "0 px 12 px 24 px 10 px*"),
      (12.5, 3.0, "0 px 12 px 24 px 12.5 px*", "0 px 12 px 24 px 3 px*"),
    ] as [(Double, Double, String, String)])
  func customLengthShown(radius: Double, inset: Double, corners: String, insets: String) throws {
    var tuning = Tuning()
    tuning.sheet.cornerRadius = radius
    tuning.layout.bottomInset = inset
    var builder = PanelBuilder(left: 0, width: 300, y: 0)
    builder.sheetContent(tuning, notches: ["minimum", "medium", "maximum"])
    // The segments that follow a caption, up to the next caption, as "label" or "label*".
    func row(_ caption: String) -> String {
      let items = builder.out.map(\.kind)
      guard let start = items.firstIndex(where: { if case .caption(caption) = $0 { true } else { false } })
      else { return "" }
      let segments: [String] = items[(start + 1)...].prefix { if case .segment = $0 { true } else { false } }
        .compactMap {
          if case .segment(let label, let selected, _) = $0 { label + (selected ? "*" : "") } else { nil }
        }
      return segments.joined(separator: " ")
    }
    #expect(row("corners") == corners)
    #expect(row("float inset") == insets)
    // Pressing 12 px sets 12 in both rows.
    var after = tuning
    for item in builder.out {
      if case .segment("12 px", _, let apply) = item.kind { apply(&after) }
    }
    #expect(after.sheet.cornerRadius == 12)
    #expect(after.layout.bottomInset == 12)
  }
}
