import Detent
import Testing

@testable import DetentApp

/// The scenario parser (ScenarioParser*.swift), called directly on a script's text: every bad
/// script gives one error with its exact key, line and reason. Names checked before the first
/// frame are ScenarioResolveTests'; the command line's part (file name, exit 2) is BadInputTests'.
@Suite struct ScenarioParserTests {
  static let stepKinds =
    "press, move, release, wheel, key, type, resize, moveTo, tune, timeScale, compare, "
    + "click, drag, wait, waitUntil, frame, shot, expect"

  /// (what, script text, key, line, reason); read once from a run and checked by reading each.
  static let cases: [(String, String, String, Int?, String)] = [
    ("NaN-like text", #"{"steps": [{"wait": NaN}]}"#, "", 1, "column 21: unexpected character 'N'"),
    ("missing steps", #"{"name": "x"}"#, "steps", 1, "missing (a script needs a list of steps)"),
    (
      "unknown top-level key", #"{"stepz": []}"#, "stepz", 1,
      "unknown key (known: config, fps, name, scale, steps, window)"
    ),
    ("fps zero", #"{"fps": 0, "steps": []}"#, "fps", 1, "0 is outside 1...1000"),
    ("fps negative", #"{"fps": -30, "steps": []}"#, "fps", 1, "-30 is outside 1...1000"),
    ("zero window", #"{"window": [0, 0], "steps": []}"#, "window", 1, "width and height must be 1 to 8192"),
    (
      "window side past the limit", #"{"window": [16384, 100], "steps": []}"#, "window", 1,
      "width and height must be 1 to 8192"
    ),
    (
      "window area past the limit", #"{"window": [8192, 4097], "steps": []}"#, "window", 1,
      "33562624 pixels; at most 16777216 (4096x4096)"
    ),
    (
      "resize past the limit", "{\"steps\": [\n{\"resize\": [8192, 8192]}]}", "steps[0].resize", 2,
      "67108864 pixels; at most 16777216 (4096x4096)"
    ),
    (
      "too many frames", #"{"fps": 1000, "steps": [{"wait": 3600}, {"wait": 3600}, {"wait": 3600}]}"#,
      "steps", 1,
      "the script runs 10800000 frames at 1000 fps; at most 10000000"
    ),
    (
      "too many frames in a wheel burst",
      #"{"fps": 1000, "steps": [{"wait": 3600}, {"wheel": {"at": [1, 1], "dy": 10000}}, {"wait": 3600}, {"wait": 2800}]}"#,
      "steps", 1, "the script runs 10010000 frames at 1000 fps; at most 10000000"
    ),
    (
      "bad config in script", #"{"config": {"spring": {"response": 0}}, "steps": []}"#,
      "config.spring.response", 1,
      "0 is outside 0.01...10"
    ),
    (
      "unknown step kind", "{\"steps\": [\n{\"hover\": [1, 2]}\n]}", "steps[0].hover", 2,
      "unknown step kind \"hover\" (expected one of: \(stepKinds))"
    ),
    (
      "two keys in a step", #"{"steps": [{"wait": 1, "key": "Up"}]}"#, "steps[0]", 1,
      "a step is an object with exactly one key, one of: \(stepKinds)"
    ),
    (
      "negative wait", #"{"steps": [{"wait": -1}]}"#, "steps[0].wait", 1,
      "expected seconds from 0 to 3600, found -1"
    ),
    ("drag without to", #"{"steps": [{"drag": {"from": [1, 2]}}]}"#, "steps[0].drag", 1, "needs from and to"),
    (
      "point not a pair", #"{"steps": [{"press": [1]}]}"#, "steps[0].press", 1,
      #"expected [x, y] (numbers or "N%" of the window), a target ("grabber", "header", "search", "footer", "backdrop", "row:N", "chip:NAME"), found an array"#
    ),
    (
      "expect on an unknown field", "{\"steps\": [\n {\"expect\": {\"colour\": \"red\"}}]}",
      "steps[0].expect.colour", 2,
      "unknown key (known: dimAlpha, headerOffset, height, image, listOffset, notch, phase, sheetWidth, sheetX, stack)"
    ),
    (
      "unknown phase", #"{"steps": [{"expect": {"phase": "flying"}}]}"#, "steps[0].expect.phase", 1,
      #"unknown phase "flying" (expected one of "idle", "pressed", "dragging", "scrolling", "settling")"#
    ),
    (
      "range upside down", #"{"steps": [{"expect": {"height": [300, 100]}}]}"#, "steps[0].expect.height", 1,
      "range [lo, hi] needs lo ≤ hi"
    ),
  ]

  @Test("each bad script gives its exact key, line and reason", arguments: cases)
  func badScript(what: String, text: String, key: String, line: Int?, reason: String) {
    #expect(throws: ConfigError(key: key, line: line, reason: reason), "\(what)") {
      try ScenarioParser.parse(text: text, path: "bad.json", base: nil, fps: nil)
    }
  }

  @Test("a good script parses: its window, frame rate and steps")
  func goodScript() throws {
    let text = #"{"name": "n", "window": [390, 700], "fps": 120, "steps": [{"wait": 0.5}, {"key": "Up"}]}"#
    let scenario = try ScenarioParser.parse(text: text, path: "ok.json", base: nil, fps: nil)
    #expect(scenario.name == "n")
    #expect(scenario.width == 390 && scenario.height == 700)
    #expect(scenario.fps == 120)
    #expect(scenario.steps.count == 2)
  }

  @Test("the command line's --fps overrides the script's")
  func fpsOverride() throws {
    let text = #"{"fps": 120, "steps": []}"#
    #expect(try ScenarioParser.parse(text: text, path: "ok.json", base: nil, fps: 30).fps == 30)
  }

  @Test(
    "the default notches adapt to small windows, whatever else the tuning sets; given ones must fit",
    arguments: [
      // (window, config, accepted, the root's notch heights as the window resolves them: the
      // medium notch, half of 200, is kept at the minimum's 120 rather than below it)
      ("[200, 200]", "{}", true, [120.0, 120, 140]),
      ("[320, 240]", "{}", true, [120.0, 120, 180]),
      // Other keys set, the notches omitted (or written out as the defaults: a saved tuning).
      ("[320, 240]", #"{"spring": {"response": 0.3}}"#, true, [120.0, 120, 180]),
      (
        "[200, 200]", #"{"layout": {"mode": "bottom"}, "dimming": {"maxAlpha": 0.2}}"#, true,
        [120.0, 120, 140]
      ),
      (
        "[320, 240]",
        #"{"notches": [{"name": "minimum", "height": 120}, {"name": "medium", "fraction": 0.5}, "#
          + #"{"name": "maximum", "fraction": 1, "inset": 60}]}"#, true, [120.0, 120, 180]
      ),
      // Notches of its own: refused where they do not fit.
      (
        "[320, 240]", #"{"notches": [{"name": "a", "height": 120}, {"name": "b", "fraction": 0.5}]}"#, false,
        []
      ),
      // A name that is not a notch: refused, adapted or not.
      ("[200, 200]", #"{"initialNotch": "nope"}"#, false, []),
    ])
  func smallWindows(window: String, config: String, accepted: Bool, heights: [Double]) throws {
    let text = #"{"window": \#(window), "config": \#(config), "steps": []}"#
    guard accepted else {
      #expect(throws: ConfigError.self) {
        try ScenarioParser.parse(text: text, path: "s.json", base: nil, fps: nil)
      }
      return
    }
    let scenario = try ScenarioParser.parse(text: text, path: "s.json", base: nil, fps: nil)
    let model = try DemoModel(tuning: scenario.tuning, width: scenario.width, height: scenario.height)
    #expect(model.stack.root.notches.map(\.height) == heights)
  }
}

/// A `compare` step names one of the panel's presets, checked before the first frame.
@Suite struct ScenarioPresetTests {
  @Test(
    "a compare step naming no preset is refused with its line; a preset's name or null passes",
    arguments: [
      (#""Bouncy""#, nil), ("null", nil),
      (#""Nope""#, "s.json:3: steps[1].compare: no preset is named \"Nope\""),
    ] as [(String, String?)])
  func compare(name: String, message: String?) throws {
    let text = "{\"steps\": [\n{\"wait\": 0.1},\n{\"compare\": \(name)}\n]}"
    let scenario = try ScenarioParser.parse(text: text, path: "s.json", base: nil, fps: nil)
    guard let message else {
      try ScenarioRunner.checkPresets(scenario, known: ["Bouncy", "Maps-like"])
      return
    }
    do {
      try ScenarioRunner.checkPresets(scenario, known: ["Bouncy", "Maps-like"])
      Issue.record("accepted \(name)")
    } catch let error as CLIError {
      #expect(error.code == 2)
      #expect(error.message.hasPrefix(message), "\(error.message)")
      #expect(error.message.contains("\"Bouncy\", \"Maps-like\""), "\(error.message)")
    }
  }
}
