import Detent
import DetentJSON
import Foundation
import Testing

@testable import DetentApp

/// One declaration per tuning key: the decoder, the encoder, the panel and the README's table
/// all follow `TuningSchema`.
struct TuningSchemaTests {
  /// Two files that between them set every declared key (a policy has one kind at a time).
  static let everyKey = [
    """
    {"notches": [{"name": "low", "height": 0, "enabled": false}, {"name": "peek", "content": "header"},
                 {"name": "mid", "fraction": 0.55, "inset": 10}, {"name": "top", "fraction": 1, "inset": 40}],
     "initialNotch": "mid", "style": "rigid", "spring": {"response": 0.37, "dampingRatio": 0.71},
     "policy": {"kind": "rushingForward", "minimumVelocity": 650, "minimumDuration": 0.15},
     "rubberBand": {"kind": "logarithmic", "factor": 0.3, "top": false, "bottom": true},
     "dimming": {"maxAlpha": 0.25, "startNotch": "peek", "endNotch": "top"}, "backdropTap": "dismiss",
     "header": {"height": 88, "mode": "collapseFirst"},
     "list": {"rows": 1234, "rowHeight": 58, "decelerationRate": 0.995, "bounces": false, "resetOnCollapse": false,
              "interaction": "scrolls"},
     "dragRegion": "header",
     "layout": {"mode": "card", "maxWidth": 380, "margin": 24, "side": "right", "breakpoint": 700,
                "bottomInset": 10, "attachAt": "top", "edge": "top"},
     "dismiss": {"velocity": 2100, "threshold": 0.3, "confirm": true}, "reduceMotion": true,
     "sheet": {"grabber": 24, "cornerRadius": 16, "draggable": false}, "footer": {"height": 44},
     "keyboard": {"height": 280, "behavior": "fillParent", "restoreOnBlur": true, "blurOnDrag": false}}
    """,
    """
    {"notches": [{"name": "a", "height": 100}, {"name": "b", "content": "list"}],
     "policy": {"kind": "projection", "decelerationRate": 0.997, "skipsNotches": false},
     "list": {"rowHeights": [60, 90]}}
    """,
  ]

  /// Every declared key path that `value` (a tuning document) sets.
  static func paths(in value: JSONValue, prefix: String = "") -> Set<String> {
    var out = Set<String>()
    switch value {
    case .object(let members, _):
      for m in members {
        let path = prefix.isEmpty ? m.key : "\(prefix).\(m.key)"
        out.insert(path)
        out.formUnion(paths(in: m.value, prefix: path))
      }
    case .array(let items, _):
      for item in items { out.formUnion(paths(in: item, prefix: "\(prefix)[]")) }
    default: break
    }
    return out
  }

  @Test("the round-trip files set every declared key; decode → encode → decode keeps every value")
  func roundTripEveryKey() throws {
    var covered = Set<String>()
    for text in Self.everyKey {
      let value = try JSONParser.parse(text)
      covered.formUnion(Self.paths(in: value))
      let decoded = try TuningCoding.decode(value).tuning
      let written = JSONWriter.write(TuningCoding.encode(decoded))
      let again = try TuningCoding.decode(text: written).tuning
      #expect(again == decoded)
      // Saving writes every plain key, set or not.
      let savedPaths = Self.paths(in: try JSONParser.parse(written))
      for key in TuningSchema.keys where key.kind != .structured && !key.path.hasPrefix("notches[]") {
        if key.path.hasPrefix("policy."), key.path != "policy.kind" { continue }
        // Unset notch names, and the one of rowHeight / rowHeights the list does not use.
        if key.kind == .notchName || key.path.hasPrefix("list.rowHeight"), key.value(in: decoded) == nil {
          continue
        }
        #expect(savedPaths.contains(key.path), "\(key.path) not written")
      }
    }
    let declared = Set(TuningSchema.keys.map(\.path))
    #expect(declared.subtracting(covered).isEmpty, "not covered: \(declared.subtracting(covered).sorted())")
    // And the values came through as written.
    let t = try TuningCoding.decode(text: Self.everyKey[0]).tuning
    #expect(t.spring.response == 0.37 && t.list.rows == 1234 && t.layout.side == .right)
    #expect(
      t.dimming.startNotch == "peek" && t.reduceMotion
        && t.policy == .rushingForward(minimumVelocity: 650, minimumDuration: 0.15))
  }

  /// (key, value, reason): each declared range and choice is what the decoder enforces.
  static let refused: [(String, String, String)] = [
    ("spring.response", "0.005", "0.005 is outside 0.01...10"),
    ("spring.dampingRatio", "11", "11 is outside 0.05...10"),
    ("layout.maxWidth", "0", "0 is outside 1...100000"),
    ("dismiss.velocity", "-1", "-1 is outside 0...1000000"),
    ("list.rows", "1.5", "expected a whole number in 0...10000000, found 1.5"),
    (
      "header.mode", "\"sticky\"",
      "unknown value \"sticky\" (expected one of \"scrollDirection\", \"collapseFirst\", \"pinned\")"
    ),
    ("rubberBand.top", "1", "expected true or false, found a number"),
    (
      "list.speed", "1",
      "unknown key (known: bounces, decelerationRate, interaction, resetOnCollapse, rowHeight, rowHeights, rows)"
    ),
  ]

  @Test("the decoder enforces each declared kind and range", arguments: refused)
  func refusedValues(key: String, value: String, reason: String) throws {
    let parts = key.split(separator: ".").map(String.init)
    let text = "{\"\(parts[0])\": {\"\(parts[1])\": \(value)}}"
    do {
      _ = try TuningCoding.decode(text: text)
      Issue.record("\(key) = \(value) accepted")
    } catch {
      #expect(error.key == key)
      #expect(error.reason == reason)
      #expect(error.line == 1)
    }
    // The declared range says the same.
    if case .number(let range)? = TuningSchema.key(key)?.kind, let x = Double(value) {
      #expect(!range.contains(x))
    }
  }

  @Test(
    "every panel slider takes its key, label, span, step and unit from the schema; the spring's other terms write only the spring",
    arguments: SpringTerms.allCases)
  func panelSliders(terms: SpringTerms) throws {
    let tunings: [Tuning] = [
      Tuning(), Tuning(policy: .nearest),
      Tuning(policy: .projection(decelerationRate: 0.998, skipsNotches: true)),
      Tuning(policy: .free(decelerationRate: 0.998)),
    ]
    var seen = Set<String>()
    for t in tunings {
      for slider in PanelSlider.all(for: t, terms: terms) {
        seen.insert(slider.id)
        var changed = t
        slider.set(&changed, slider.range.upperBound)
        if SpringTerms.derivedSliderIDs.contains(slider.id) {
          #expect(TuningSchema.key(slider.id) == nil, "\(slider.id) is a view, not a key")
          var rest = changed
          rest.spring = t.spring
          #expect(rest == t && changed.spring != t.spring, "\(slider.id) writes the spring and nothing else")
          continue
        }
        let key = try #require(TuningSchema.key(slider.id), "\(slider.id) is not declared")
        let display = try #require(key.slider, "\(slider.id) has no slider display in the schema")
        guard case .number(let domain) = key.kind else {
          Issue.record("\(slider.id) is not a number key")
          continue
        }
        #expect(slider.range == display.range && slider.step == display.step, "\(slider.id)")
        #expect(slider.unit == key.unit, "\(slider.id): \(slider.unit) vs \(key.unit)")
        #expect(slider.label.hasSuffix(display.label), "\(slider.id): \(slider.label)")
        #expect(domain.contains(display.range.lowerBound) && domain.contains(display.range.upperBound))
        // The slider reads and writes the key the schema declares.
        #expect(key.value(in: changed) == .number(slider.range.upperBound, line: 0), "\(slider.id)")
        #expect(slider.get(changed) == slider.range.upperBound, "\(slider.id)")
      }
    }
    // Every slider the schema declares is on the panel in these terms (the spring's keys in
    // the terms that show them).
    let shown: Set<String> =
      switch terms {
      case .response: ["spring.response", "spring.dampingRatio"]
      case .settling: ["spring.dampingRatio"]
      case .physical, .swiftUI, .named: []
      }
    #expect(
      Set(TuningSchema.sliders.keys).subtracting(["spring.response", "spring.dampingRatio"]).union(shown)
        == seen.subtracting(SpringTerms.derivedSliderIDs))
  }

  @Test(
    "the schema's slider displays",
    arguments: [
      ("spring.response", "spring response", 0.1, 1.5, 0.01, "s"),
      ("dismiss.threshold", "dismiss threshold", 0, 0.9, 0.05, ""),
      ("keyboard.height", "keyboard height", 0, 600, 10, "px"),
      ("policy.minimumVelocity", "minimum velocity", 0, 3000, 10, "px/s"),
      ("list.decelerationRate", "list deceleration", 0.99, 0.9995, 0.0005, "/ms"),
    ])
  func sliderDisplays(path: String, label: String, low: Double, high: Double, step: Double, unit: String)
    throws
  {
    let key = try #require(TuningSchema.key(path))
    #expect(key.slider == SliderDisplay(label, low...high, step: step))
    #expect(key.unit == unit)
    let slider = PanelSlider.schema(path)
    #expect(slider.label == label && slider.range == low...high && slider.step == step && slider.unit == unit)
  }

  @Test(
    "the README's key table is the schema's (regenerate: DETENT_UPDATE_README=1 swift test --filter TuningSchemaTests)"
  )
  func readmeTable() throws {
    let url = repoRoot.appendingPathComponent("README.md")
    let readme = try String(contentsOf: url, encoding: .utf8)
    let begin = "<!-- tuning-keys:begin -->\n"
    let end = "\n<!-- tuning-keys:end -->"
    let start = try #require(readme.range(of: begin), "README has no key table markers")
    let stop = try #require(readme.range(of: end, range: start.upperBound..<readme.endIndex))
    let table = String(readme[start.upperBound..<stop.lowerBound])
    if ProcessInfo.processInfo.environment["DETENT_UPDATE_README"] != nil, table != TuningSchema.markdownTable
    {
      try readme.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: TuningSchema.markdownTable)
        .write(to: url, atomically: true, encoding: .utf8)
      return
    }
    #expect(table == TuningSchema.markdownTable)
  }
}
