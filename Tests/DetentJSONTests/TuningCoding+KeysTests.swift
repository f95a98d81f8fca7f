import Detent
import DetentJSON
import Testing

/// `Config/TuningCoding.swift`: each key a tuning file may set lands in its field, left-out keys
/// keep the base's values, a policy keeps its parameters across a partial change, and encoding
/// writes a complete, stable document. Errors: `TuningCodingTests`.
struct TuningCodingKeyTests {
  /// (document, the change it makes to the default tuning), one row per plain key.
  static let keys: [(String, @Sendable (inout Tuning) -> Void)] = [
    (#"{}"#, { _ in }),
    (#"{"initialNotch": "medium"}"#, { $0.initialNotch = "medium" }),
    (#"{"style": "rigid"}"#, { $0.style = .rigid }),
    (#"{"spring": {"response": 0.7}}"#, { $0.spring.response = 0.7 }),
    (#"{"spring": {"dampingRatio": 0.5}}"#, { $0.spring.dampingRatio = 0.5 }),
    (#"{"rubberBand": {"kind": "logarithmic"}}"#, { $0.rubberBand.kind = .logarithmic }),
    (#"{"rubberBand": {"factor": 0.25}}"#, { $0.rubberBand.factor = 0.25 }),
    (#"{"rubberBand": {"top": false}}"#, { $0.rubberBand.top = false }),
    (#"{"rubberBand": {"bottom": false}}"#, { $0.rubberBand.bottom = false }),
    (#"{"dimming": {"maxAlpha": 0.6}}"#, { $0.dimming.maxAlpha = 0.6 }),
    (#"{"dimming": {"startNotch": "minimum"}}"#, { $0.dimming.startNotch = "minimum" }),
    (#"{"dimming": {"endNotch": "medium"}}"#, { $0.dimming.endNotch = "medium" }),
    (#"{"backdropTap": "none"}"#, { $0.backdropTap = .none }),
    (#"{"header": {"height": 0}}"#, { $0.header.height = 0 }),
    (#"{"header": {"mode": "pinned"}}"#, { $0.header.mode = .pinned }),
    (#"{"list": {"rows": 0}}"#, { $0.list.rows = 0 }),
    (#"{"list": {"rowHeight": 1}}"#, { $0.list.rowHeight = 1 }),
    (#"{"list": {"decelerationRate": 0.99}}"#, { $0.list.decelerationRate = 0.99 }),
    (#"{"list": {"bounces": false}}"#, { $0.list.bounces = false }),
    (#"{"list": {"resetOnCollapse": false}}"#, { $0.list.resetOnCollapse = false }),
    (#"{"dragRegion": "header"}"#, { $0.dragRegion = .header }),
    (#"{"layout": {"mode": "bottom"}}"#, { $0.layout.mode = .bottom }),
    (#"{"layout": {"maxWidth": 500}}"#, { $0.layout.maxWidth = 500 }),
    (#"{"layout": {"margin": 0}}"#, { $0.layout.margin = 0 }),
    (#"{"layout": {"side": "right"}}"#, { $0.layout.side = .right }),
    (#"{"layout": {"breakpoint": 1200}}"#, { $0.layout.breakpoint = 1200 }),
    (#"{"layout": {"edge": "left"}}"#, { $0.layout.edge = .left }),
    (#"{"layout": {"edge": "top"}}"#, { $0.layout.edge = .top }),
    (#"{"dismiss": {"velocity": 0}}"#, { $0.dismiss.velocity = 0 }),
    (#"{"reduceMotion": true}"#, { $0.reduceMotion = true }),
    (
      #"{"notches": [{"name": "x", "height": 0, "enabled": false}, {"name": "y", "content": "list"}, {"name": "z", "fraction": 1, "inset": -10}]}"#,
      {
        $0.notches = [
          NotchSpec(name: "x", height: 0, enabled: false), NotchSpec(name: "y", content: .list),
          NotchSpec(name: "z", fraction: 1, inset: -10),
        ]
      }
    ),
  ]

  @Test("each key sets its field and nothing else", arguments: keys)
  func decodesKey(text: String, change: @Sendable (inout Tuning) -> Void) throws {
    var expected = Tuning()
    change(&expected)
    #expect(try TuningCoding.decode(text: text).tuning == expected, "\(text)")
  }

  @Test("keys left out keep the base's values")
  func base() throws {
    var base = Tuning()
    base.spring = Spring(response: 0.9, dampingRatio: 0.3)
    base.list.rows = 7
    let t = try TuningCoding.decode(text: #"{"spring": {"response": 0.2}}"#, base: base).tuning
    #expect(t.spring == Spring(response: 0.2, dampingRatio: 0.3))
    #expect(t.list.rows == 7)
  }

  /// (base policy, policy document, policy): parameters carry over within a kind; a new kind
  /// starts from its defaults (400 px/s, 0.1 s, 0.998 /ms, skips).
  static let policies: [(TargetPolicy, String, TargetPolicy)] = [
    (.nearest, #"{"kind": "rushingForward"}"#, .rushingForward(minimumVelocity: 400, minimumDuration: 0.1)),
    (
      .rushingForward(minimumVelocity: 900, minimumDuration: 0.3), #"{"minimumVelocity": 100}"#,
      .rushingForward(minimumVelocity: 100, minimumDuration: 0.3)
    ),
    (.nearest, #"{"kind": "projection"}"#, .projection(decelerationRate: 0.998, skipsNotches: true)),
    (
      .projection(decelerationRate: 0.99, skipsNotches: true), #"{"skipsNotches": false}"#,
      .projection(decelerationRate: 0.99, skipsNotches: false)
    ),
    (
      .projection(decelerationRate: 0.99, skipsNotches: false), #"{"kind": "free"}"#,
      .free(decelerationRate: 0.99)
    ),
    (
      .free(decelerationRate: 0.95), #"{"kind": "projection"}"#,
      .projection(decelerationRate: 0.95, skipsNotches: true)
    ),
    (.free(decelerationRate: 0.95), #"{"kind": "nearest"}"#, .nearest),
  ]

  @Test("policy: a partial change keeps the other parameters", arguments: policies)
  func policy(base: TargetPolicy, text: String, expected: TargetPolicy) throws {
    let t = try TuningCoding.decode(text: "{\"policy\": \(text)}", base: Tuning(policy: base)).tuning
    #expect(t.policy == expected)
  }

  /// (notch, its encoded object on one line): only what is set is written; inset only when not 0.
  static let notches: [(NotchSpec, String)] = [
    (NotchSpec(name: "a", height: 100), #"{"name": "a", "height": 100}"#),
    (NotchSpec(name: "a", height: 0, enabled: false), #"{"name": "a", "height": 0, "enabled": false}"#),
    (NotchSpec(name: "a", fraction: 0.5), #"{"name": "a", "fraction": 0.5}"#),
    (NotchSpec(name: "a", fraction: 1, inset: 60), #"{"name": "a", "fraction": 1, "inset": 60}"#),
    (NotchSpec(name: "a", content: .header), #"{"name": "a", "content": "header"}"#),
  ]

  @Test("notches encode only what is set", arguments: notches)
  func encodesNotch(notch: NotchSpec, text: String) throws {
    let encoded = TuningCoding.encode(Tuning(notches: [notch]))
    #expect(encoded["notches"] == .array([try JSONParser.parse(text)], line: 0))
  }

  /// The default tuning's file, read once from a run and checked against `Tuning()`'s defaults:
  /// every plain key in the schema's order; the unset initialNotch and dimming notches left out.
  static let defaultFile = """
    {
      "notches": [
        {
          "name": "minimum",
          "height": 120
        },
        {
          "name": "medium",
          "fraction": 0.5
        },
        {
          "name": "maximum",
          "fraction": 1,
          "inset": 60
        }
      ],
      "style": "expandableHeight",
      "spring": {
        "response": 0.4,
        "dampingRatio": 0.85
      },
      "policy": {
        "kind": "rushingForward",
        "minimumVelocity": 400,
        "minimumDuration": 0.1
      },
      "rubberBand": {
        "kind": "elastic",
        "factor": 0.55,
        "top": true,
        "bottom": true
      },
      "dimming": {
        "maxAlpha": 0.4
      },
      "backdropTap": "collapse",
      "header": {
        "height": 96,
        "mode": "scrollDirection"
      },
      "list": {
        "rows": 200,
        "rowHeight": 64,
        "decelerationRate": 0.998,
        "bounces": true,
        "resetOnCollapse": true,
        "interaction": "resizes"
      },
      "dragRegion": "sheet",
      "layout": {
        "mode": "auto",
        "maxWidth": 420,
        "margin": 16,
        "side": "left",
        "bottomInset": 0,
        "breakpoint": 900,
        "edge": "bottom"
      },
      "dismiss": {
        "velocity": 1500,
        "threshold": 0,
        "confirm": false
      },
      "reduceMotion": false,
      "sheet": {
        "grabber": 20,
        "cornerRadius": 12,
        "draggable": true
      },
      "footer": {
        "height": 0
      },
      "keyboard": {
        "height": 260,
        "behavior": "extend",
        "restoreOnBlur": false,
        "blurOnDrag": true
      }
    }
    """

  @Test("the default tuning encodes to a complete, stable file that decodes back")
  func encodesDefault() throws {
    #expect(JSONWriter.write(TuningCoding.encode(Tuning())) == Self.defaultFile + "\n")
    #expect(try TuningCoding.decode(text: Self.defaultFile).tuning == Tuning())
  }
}
