import Detent
import DetentJSON
import Testing

@testable import DetentApp

/// PanelInput.swift: what a press on each kind of panel item asks of the app, and what it
/// changes in the panel's own state. Items are laid out by hand (one 100×20 box every 30 px), so
/// the table reads kind → action without the layout in between.
struct PanelInputTests {
  /// A context with `kinds` stacked from y = 0, the default tuning and one preset "Dim".
  static func context(_ kinds: [PanelItem.Kind]) throws -> PanelState.Context {
    let items = kinds.enumerated().map { i, kind in
      PanelItem(kind: kind, rect: PanelRect(x: 0, y: Double(i) * 30, w: 100, h: 20))
    }
    return PanelState.Context(
      items: items, maxScroll: 200, tuning: Tuning(),
      presets: [("Dim", try JSONParser.parse(#"{"dimming": {"maxAlpha": 0.5}}"#))], sceneWidth: 1280,
      windowHeight: 800)
  }

  /// The action in words: "save", "copy N lines", "input …", "tune {overlay} status", "none".
  static func describe(_ action: PanelState.Action?) -> String {
    switch action {
    case .save?: "save"
    case .copy(let text)?: "copy \(text.hasPrefix("{") ? "JSON" : "text")"
    case .input(let input)?: "input \(input)"
    case .tune(let t, let status)?:
      "tune \(JSONWriter.write(TuningDiff.overlay(from: Tuning(), to: t)).filter { !$0.isWhitespace }) \(status ?? "-")"
    case nil: "none"
    }
  }

  /// Each kind and the action a press on it returns (kinds hold closures: not test arguments).
  static func pressTable() -> [(PanelItem.Kind, String)] {
    [
      (.saveButton, "save"),
      (.replayButton, #"input key("R")"#),
      (.pauseButton(paused: false), #"input key("P")"#),
      (.stepButton, #"input key("N")"#),
      (.timeScale(0.25, selected: false), "input timeScale(0.25)"),
      (.compare("Bouncy", selected: false), #"input compare(Optional("Bouncy"))"#),
      (.compare(nil, selected: true), "input compare(nil)"),
      (.copyAs(.json), "copy JSON"),
      (.reduceMotion(on: false), #"tune {"reduceMotion":true} -"#),
      (.preset(index: 0, name: "Dim"), #"tune {"dimming":{"maxAlpha":0.5}} preset Dim"#),
      (
        .segment(label: "off", selected: false, apply: { $0.reduceMotion = true }),
        #"tune {"reduceMotion":true} -"#
      ),
      (.title, "none"),
      (.caption("time"), "none"),
      (.springTerms(.named, selected: false), "none"),
    ]
  }

  @Test("a press on each kind of item: the action it returns")
  func pressKinds() throws {
    for (kind, expected) in Self.pressTable() {
      var panel = PanelState()
      let action = panel.press(x: 50, y: 10, try Self.context([kind]))
      #expect(Self.describe(action) == expected)
    }
  }

  @Test("a press beside every item, or on a label, starts a scroll drag that follows the pointer")
  func backgroundScrolls() throws {
    let context = try Self.context([.title, .saveButton])
    var panel = PanelState()
    #expect(panel.press(x: 50, y: 100, context) == nil)
    #expect(panel.scrollDrag?.y == 100)
    #expect(panel.move(x: 50, y: 40, context) == nil)
    #expect(panel.scroll == 60)
    #expect(panel.move(x: 50, y: -500, context) == nil)
    #expect(panel.scroll == 200, "within maxScroll")
    panel.release()
    #expect(panel.scrollDrag == nil)
  }

  @Test("Copy as… says so on the status line; a spring-terms press focuses the first slider of those terms")
  func ownState() throws {
    var panel = PanelState()
    _ = panel.press(x: 50, y: 10, try Self.context([.copyAs(.css)]))
    #expect(panel.status == "copied the tuning as CSS to the clipboard" && !panel.statusIsError)
    _ = panel.press(x: 50, y: 10, try Self.context([.springTerms(.physical, selected: false)]))
    #expect(panel.springTerms == .physical)
    #expect(panel.focused == "spring.stiffness")
  }

  @Test(
    "←/→ step the focused slider (spring response 0.4, step 0.01); an unknown focus: no action",
    arguments: [(true, 0.41), (false, 0.39)])
  func adjust(right: Bool, response: Double) throws {
    let panel = PanelState()
    guard case .tune(let t, nil)? = panel.adjust(right: right, tuning: Tuning()) else {
      Issue.record("no tune")
      return
    }
    #expect(t.spring.response == response)
    var other = PanelState()
    other.focused = "no.such.slider"
    #expect(other.adjust(right: right, tuning: Tuning()) == nil)
  }
}
