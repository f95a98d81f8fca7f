import Detent
import DetentJSON
import Testing

@testable import DetentApp

/// Every key of the schema through the `tune` input (DemoModel+Tuning.swift): each one takes
/// effect in the tuning in force, or is refused with a message that names it.
struct TuneKeyTests {
  /// `value` at dotted `path`: `{"a": {"b": value}}` for "a.b".
  static func nest(_ path: String, _ value: JSONValue) -> JSONValue {
    path.split(separator: ".").reversed().reduce(value) { inner, part in
      .object([(key: String(part), value: inner)], line: 0)
    }
  }

  static func number(_ x: Double) -> JSONValue { .number(x, line: 0) }
  static func string(_ s: String) -> JSONValue { .string(s, line: 0) }

  /// The default notches with the middle one written as `medium`.
  static func notches(medium: String) -> String {
    #"{"notches": [{"name": "minimum", "height": 120}, "# + medium
      + #", {"name": "maximum", "fraction": 1, "inset": 60}]}"#
  }

  /// Keys whose value cannot be picked from the kind alone, by path (tunes as JSON text).
  static let chosen: [String: String] = [
    "notches": #"{"notches": [{"name": "low", "height": 150}, {"name": "high", "fraction": 0.8}]}"#,
    "notches[].name": notches(medium: #"{"name": "half", "fraction": 0.5}"#),
    "notches[].height": notches(medium: #"{"name": "medium", "height": 350}"#),
    "notches[].fraction": notches(medium: #"{"name": "medium", "fraction": 0.45}"#),
    "notches[].inset": notches(medium: #"{"name": "medium", "fraction": 0.5, "inset": 30}"#),
    "notches[].enabled": notches(medium: #"{"name": "medium", "fraction": 0.5, "enabled": false}"#),
    "notches[].content":
      #"{"notches": [{"name": "peek", "content": "header"}, {"name": "medium", "fraction": 0.5}]}"#,
    "policy": #"{"policy": {"kind": "free"}}"#,
    "policy.decelerationRate": #"{"policy": {"kind": "projection", "decelerationRate": 0.99}}"#,
    "policy.skipsNotches": #"{"policy": {"kind": "projection", "skipsNotches": false}}"#,
    "list.rows": #"{"list": {"rows": 5}}"#,
  ]

  /// A value for `key` other than the one in `tuning`, from its declared kind.
  static func overlay(for key: TuningKey, in tuning: Tuning) throws -> JSONValue? {
    if let text = chosen[key.path] { return try JSONParser.parse(text) }
    let current = key.value(in: tuning)
    let value: JSONValue?
    switch key.kind {
    case .number(let r):
      let d = if case .number(let x, _)? = current { x } else { r.lowerBound }
      value = [d + 1, (d + r.upperBound) / 2, (d + r.lowerBound) / 2].first { r.contains($0) && $0 != d }
        .map(number)
    case .integer(let r):
      let d = if case .number(let x, _)? = current { Int(x) } else { r.lowerBound }
      value = [d + 1, d - 1].first { r.contains($0) }.map { number(Double($0)) }
    case .numbers(let r):
      let items = [64.0, 88].allSatisfy(r.contains) ? [64.0, 88] : [r.lowerBound, r.upperBound]
      value = .array(items.map(number), line: 0)
    case .bool:
      value = .bool(!(current == .bool(true, line: 0)), line: 0)
    case .choice(let options):
      value = options.first { .string($0, line: 0) != current }.map(string)
    case .notchName:
      value = tuning.notches.map(\.name).first { .string($0, line: 0) != current }.map(string)
    case .text, .structured:
      value = nil
    }
    return value.map { nest(key.path, $0) }
  }

  @Test("every schema key tuned through `tune` is the tuning in force afterwards")
  func everyKey() throws {
    var walked: [String] = []
    for key in TuningSchema.keys {
      let model = try DemoModel(tuning: Tuning(layout: LayoutConfig(mode: .bottom)), width: 800, height: 800)
      let before = model.rootTuning
      guard let overlay = try Self.overlay(for: key, in: before) else {
        Issue.record("no tune value for \(key.path): add one to `chosen`")
        continue
      }
      let expected = try TuningCoding.decode(overlay, base: before).tuning
      #expect(expected != before, "\(key.path): the walker's value changes nothing")
      model.apply(.tune(overlay))
      #expect(model.tuneError == nil, "\(key.path): \(model.tuneError?.description ?? "")")
      #expect(model.rootTuning == expected, "\(key.path) did not take effect")
      walked.append(key.path)
    }
    #expect(walked.count == TuningSchema.keys.count)
  }

  /// (tune, what the program shows afterwards)
  static let effects: [(String, @Sendable (DemoModel) -> String)] = [
    (
      #"{"list": {"rows": 5}}"#,
      { m in "\(m.rowCount) rows, \(m.stack.root.tuning.list.rows) in the engine, \(m.places.count) places" }
    ),
    (#"{"list": {"rowHeight": 80}}"#, { m in "row \(m.stack.root.snapshot.rowHeight)" }),
    (#"{"header": {"height": 60}}"#, { m in "header \(m.stack.root.snapshot.headerHeight)" }),
    (
      #"{"notches": [{"name": "low", "height": 150}, {"name": "high", "fraction": 0.8}]}"#,
      { m in "\(m.stack.root.notches.map(\.height))" }
    ),
  ]

  @Test("a tune shows in the program at once")
  func visibleEffects() throws {
    let expected = [
      "5 rows, 5 in the engine, 5 places", "row 80.0", "header 60.0", "[150.0, 640.0]",
    ]
    for ((text, show), want) in zip(Self.effects, expected) {
      let model = try DemoModel(tuning: Tuning(layout: LayoutConfig(mode: .bottom)), width: 800, height: 800)
      model.apply(.tune(try JSONParser.parse(text)))
      #expect(model.tuneError == nil)
      #expect(show(model) == want, "\(text)")
    }
  }

  /// (tune, the key the refusal names)
  static let refusals: [(String, String)] = [
    (#"{"policy": {"decelerationRate": 0.99}}"#, "policy.decelerationRate"),
    (#"{"list": {"rows": -1}}"#, "list.rows"),
    (#"{"list": {"columns": 2}}"#, "list.columns"),
    (#"{"initialNotch": "nowhere"}"#, "initialNotch"),
    (#"{"notches": [{"name": "tall", "height": 900}]}"#, "notches[0]"),
  ]

  @Test("a tune that cannot apply is refused, naming the key, and the tuning stays", arguments: refusals)
  func refused(text: String, key: String) throws {
    let model = try DemoModel(tuning: Tuning(layout: LayoutConfig(mode: .bottom)), width: 800, height: 800)
    let before = model.rootTuning
    model.apply(.tune(try JSONParser.parse(text)))
    let error = try #require(model.tuneError)
    #expect(error.key == key)
    #expect(error.description.contains(key))
    #expect(model.rootTuning == before)
  }

  @Test("a tune removing the resting notch moves the sheet, with events, where a new sheet would rest")
  func removedRestingNotch() throws {
    let session = try RecordedSession(
      tuning: Tuning(layout: LayoutConfig(mode: .bottom)), width: 800, height: 800)
    session.frame([.key("2")])
    for _ in 0..<60 { session.frame([]) }
    #expect(session.live.stack.root.snapshot.notch == "medium")
    let before = session.events.count
    session.frame([
      .tune(
        try JSONParser.parse(
          #"{"notches": [{"name": "minimum", "height": 120, "enabled": false}, {"name": "maximum", "fraction": 1, "inset": 60}]}"#
        ))
    ])
    #expect(session.live.stack.root.snapshot.phase == .settling)
    for _ in 0..<60 { session.frame([]) }
    let after = session.events[before...].map { "\($0.kind.name) \($0.notch ?? "")" }
    #expect(after == ["willMoveToNotch maximum", "didMoveToNotch maximum"])
    #expect(session.live.stack.root.height == 740)
  }
}
