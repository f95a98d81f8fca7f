import Detent
import DetentJSON
import Testing

@testable import DetentApp

/// The input codec (AppInputCodec.swift, AppInputCodec+Write.swift): every input kind read from a
/// step's JSON into an `AppInput` and written back to the same text; what the writer rounds; and
/// each bad value refused with its key, line and reason.
@Suite struct AppInputCodecTests {
  /// Reads `step` (`{"KIND": VALUE}`, one line) as the scenario parser does, at `steps[0]`.
  static func read(_ step: String) throws(ConfigError) -> ScriptInput {
    let value: JSONValue
    do {
      value = try JSONParser.parse(step)
    } catch {
      throw ConfigError(key: "", line: error.line, reason: "not JSON: \(error.reason)")
    }
    guard case .object(let members, _) = value, let member = members.first,
      let kind = InputKind(rawValue: member.key)
    else { throw ConfigError(key: "", line: 1, reason: "not an input step: \(step)") }
    return try AppInputCodec.read(kind, member.value, key: "steps[0].\(member.key)")
  }

  /// (step as written and as written back, the input it reads as): every kind, every point form.
  static let roundTrips: [(String, ScriptInput)] = [
    (#"{"press": [10, 20]}"#, ScriptInput(.press(x: 10, y: 20))),
    (#"{"press": [-3.25, 700.5]}"#, ScriptInput(.press(x: -3.25, y: 700.5))),
    (#"{"press": "grabber"}"#, ScriptInput(.press(x: 0, y: 0), aim: .target(.grabber))),
    (#"{"press": "chip:Food"}"#, ScriptInput(.press(x: 0, y: 0), aim: .target(.chip("Food")))),
    (#"{"press": "row:12"}"#, ScriptInput(.press(x: 0, y: 0), aim: .target(.row(12)))),
    (#"{"press": ["50%", 10]}"#, ScriptInput(.press(x: 0, y: 0), aim: .point(.percent(50), .pixels(10)))),
    (#"{"move": [300, 400]}"#, ScriptInput(.move(x: 300, y: 400))),
    (#"{"move": {"by": [0, -80]}}"#, ScriptInput(.move(x: 0, y: 0), aim: .by(0, -80))),
    (#"{"release": [300, 400]}"#, ScriptInput(.release(x: 300, y: 400, velocity: nil))),
    (#"{"release": {"by": [1.5, -2]}}"#, ScriptInput(.release(x: 0, y: 0, velocity: nil), aim: .by(1.5, -2))),
    (#"{"wheel": {"at": [100, 200], "dy": 3}}"#, ScriptInput(.wheel(x: 100, y: 200, dy: 3))),
    (#"{"wheel": {"at": [100, 200], "dy": -1}}"#, ScriptInput(.wheel(x: 100, y: 200, dy: -1))),
    (#"{"wheel": {"at": [100, 200], "dy": 0.25}}"#, ScriptInput(.fineWheel(x: 100, y: 200, dy: 0.25))),
    (
      #"{"wheel": {"at": "row:2", "dx": -2}}"#,
      ScriptInput(.hwheel(x: 0, y: 0, dx: -2), aim: .target(.row(2)))
    ),
    (#"{"key": "Escape"}"#, ScriptInput(.key("Escape"))),
    (#"{"key": "Shift+Tab"}"#, ScriptInput(.key("Shift+Tab"))),
    (#"{"type": "roast"}"#, ScriptInput(.text("roast"))),
    (#"{"type": "say \"hi\"\n"}"#, ScriptInput(.text("say \"hi\"\n"))),
    (#"{"resize": [800, 600]}"#, ScriptInput(.resize(width: 800, height: 600))),
    (#"{"moveTo": {"notch": "medium"}}"#, ScriptInput(.moveTo(notch: "medium", animated: true))),
    (
      #"{"moveTo": {"notch": "medium", "animated": false}}"#,
      ScriptInput(.moveTo(notch: "medium", animated: false))
    ),
    (
      #"{"tune": {   "sheet": {     "grabber": 28   } }}"#,
      ScriptInput(.tune(.object([("sheet", .object([("grabber", .number(28, line: 0))], line: 0))], line: 0)))
    ),
    (#"{"tune": {}}"#, ScriptInput(.tune(.object([], line: 0)))),
    (#"{"timeScale": 0.25}"#, ScriptInput(.timeScale(0.25))),
    (#"{"compare": "Snappy"}"#, ScriptInput(.compare("Snappy"))),
    (#"{"compare": null}"#, ScriptInput(.compare(nil))),
  ]

  @Test("each input kind reads from its step and writes back to the same text", arguments: roundTrips)
  func roundTrip(step: String, expected: ScriptInput) throws {
    let input = try Self.read(step)
    #expect(input == expected)
    let written = try #require(AppInputCodec.write(input))
    #expect(AppInputCodec.line(written) == step)
  }

  /// (step as written, as written back): defaults left out, the recorder's precision.
  static let canonical: [(String, String)] = [
    (#"{"moveTo": {"notch": "m", "animated": true}}"#, #"{"moveTo": {"notch": "m"}}"#),
    (#"{"press": [10.126, 5.004]}"#, #"{"press": [10.13, 5]}"#),
    (#"{"move": {"by": [0.333, -0.005]}}"#, #"{"move": {"by": [0.33, -0.01]}}"#),
    (#"{"wheel": {"at": [1, 2], "dy": 2.0}}"#, #"{"wheel": {"at": [1, 2], "dy": 2}}"#),
    (#"{"wheel": {"at": [1, 2], "dy": 0.12345678}}"#, #"{"wheel": {"at": [1, 2], "dy": 0.123457}}"#),
    (#"{"timeScale": 0.1234567}"#, #"{"timeScale": 0.123457}"#),
    (#"{"press": ["12.5%", "100%"]}"#, #"{"press": ["12.5%", "100%"]}"#),
    (#"{"tune":{"list":{"rows":5}}}"#, #"{"tune": {   "list": {     "rows": 5   } }}"#),
  ]

  @Test("the writer leaves defaults out and keeps what a recording keeps", arguments: canonical)
  func writesCanonically(step: String, expected: String) throws {
    let written = try #require(AppInputCodec.write(try Self.read(step)))
    #expect(AppInputCodec.line(written) == expected)
  }

  @Test("what no step writes: a status line, and a release's velocity (only a drag gives one)")
  func notWritten() throws {
    #expect(AppInputCodec.write(ScriptInput(.status("saved", isError: false))) == nil)
    let release = ScriptInput(.release(x: 1, y: 2, velocity: AppInput.Velocity(x: 0, y: -2000)))
    #expect(AppInputCodec.line(try #require(AppInputCodec.write(release))) == #"{"release": [1, 2]}"#)
  }

  @Test("each AppInput case is written as one step kind; the wheel's three as wheel")
  func kinds() {
    let table: [(AppInput, InputKind?)] = [
      (.status("x", isError: true), nil),
      (.press(x: 0, y: 0), .press), (.move(x: 0, y: 0), .move),
      (.release(x: 0, y: 0, velocity: nil), .release),
      (.wheel(x: 0, y: 0, dy: 1), .wheel), (.fineWheel(x: 0, y: 0, dy: 0.5), .wheel),
      (.hwheel(x: 0, y: 0, dx: 1), .wheel), (.key("Up"), .key), (.text("a"), .type),
      (.resize(width: 1, height: 1), .resize), (.moveTo(notch: "a", animated: true), .moveTo),
      (.tune(.object([], line: 0)), .tune), (.timeScale(1), .timeScale), (.compare(nil), .compare),
    ]
    for (input, kind) in table { #expect(InputKind(of: input) == kind, "\(input)") }
    #expect(Set(table.compactMap(\.1)) == Set(InputKind.allCases))
  }

  @Test("inputs compare by every field, a release's velocity included")
  func equality() {
    #expect(AppInput.release(x: 1, y: 2, velocity: nil) != .release(x: 1, y: 2, velocity: .init(x: 0, y: 0)))
    #expect(
      AppInput.release(x: 1, y: 2, velocity: .init(x: 0, y: 3))
        == .release(x: 1, y: 2, velocity: .init(x: 0, y: 3)))
    #expect(AppInput.moveTo(notch: "a", animated: true) != .moveTo(notch: "a", animated: false))
    #expect(AppInput.wheel(x: 1, y: 2, dy: 1) != .fineWheel(x: 1, y: 2, dy: 1))
  }

  /// (what, step, key, reason): each refused at its key on line 1.
  static let refusals: [(String, String, String, String)] = [
    (
      "a press at an offset", #"{"press": {"by": [1, 2]}}"#, "steps[0].press",
      #"expected [x, y] (numbers or "N%" of the window), a target ("grabber", "header", "search", "footer", "backdrop", "row:N", "chip:NAME")"#
    ),
    (
      "a press with three numbers", #"{"press": [1, 2, 3]}"#, "steps[0].press",
      #"expected [x, y] (numbers or "N%" of the window), a target ("grabber", "header", "search", "footer", "backdrop", "row:N", "chip:NAME"), found an array"#
    ),
    (
      "a move to an unknown target", #"{"move": "nowhere"}"#, "steps[0].move",
      #"unknown target "nowhere" (expected [x, y] (numbers or "N%" of the window), a target ("grabber", "header", "search", "footer", "backdrop", "row:N", "chip:NAME") or {"by": [dx, dy]})"#
    ),
    (
      "a release by one number", #"{"release": {"by": 5}}"#, "steps[0].release.by",
      "expected [x, y] (two numbers), found a number"
    ),
    ("a wheel without at", #"{"wheel": {"dy": 1}}"#, "steps[0].wheel", "needs at: [x, y]"),
    (
      "a wheel without dy or dx", #"{"wheel": {"at": [1, 2]}}"#, "steps[0].wheel",
      "needs dy (down the list; a fraction is a touchpad's part of a notch) or dx (sideways, whole notches), one of them"
    ),
    (
      "a wheel with dy and dx", #"{"wheel": {"at": [1, 2], "dy": 1, "dx": 1}}"#, "steps[0].wheel",
      "needs dy (down the list; a fraction is a touchpad's part of a notch) or dx (sideways, whole notches), one of them"
    ),
    (
      "a wheel with an extra key", #"{"wheel": {"at": [1, 2], "dy": 1, "dz": 1}}"#, "steps[0].wheel.dz",
      "unknown key (known: at, dx, dy)"
    ),
    (
      "a wheel at an offset", #"{"wheel": {"at": {"by": [1, 2]}, "dy": 1}}"#, "steps[0].wheel.at",
      #"expected [x, y] (numbers or "N%" of the window), a target ("grabber", "header", "search", "footer", "backdrop", "row:N", "chip:NAME")"#
    ),
    (
      "a wheel's dy as text", #"{"wheel": {"at": [1, 2], "dy": "1"}}"#, "steps[0].wheel.dy",
      "expected a number, found a string"
    ),
    (
      "a sideways fraction", #"{"wheel": {"at": [1, 2], "dx": 0.5}}"#, "steps[0].wheel.dx",
      "expected a whole number in -10000...10000, found 0.5"
    ),
    ("a key as a number", #"{"key": 5}"#, "steps[0].key", "unknown key a number (known: \(Self.keys))"),
    ("an unknown key", #"{"key": "Hyper"}"#, "steps[0].key", "unknown key \"Hyper\" (known: \(Self.keys))"),
    ("text as a number", #"{"type": 5}"#, "steps[0].type", "expected a string, found a number"),
    ("a zero-wide window", #"{"resize": [0, 600]}"#, "steps[0].resize", "width and height must be 1 to 8192"),
    ("a fractional window", #"{"resize": [800.5, 600]}"#, "steps[0].resize", "expected whole numbers"),
    ("moveTo without a notch", #"{"moveTo": {}}"#, "steps[0].moveTo", "needs notch: a notch name"),
    ("moveTo as a name", #"{"moveTo": "medium"}"#, "steps[0].moveTo", "expected an object, found a string"),
    (
      "moveTo with an extra key", #"{"moveTo": {"notch": "m", "fast": true}}"#, "steps[0].moveTo.fast",
      "unknown key (known: animated, notch)"
    ),
    (
      "moveTo's animated as text", #"{"moveTo": {"notch": "m", "animated": "no"}}"#,
      "steps[0].moveTo.animated", "expected true or false, found a string"
    ),
    ("tune as a number", #"{"tune": 3}"#, "steps[0].tune", "expected an object, found a number"),
    (
      "a time scale of zero", #"{"timeScale": 0}"#, "steps[0].timeScale",
      "expected engine seconds per wall second from 0.01 to 1, found 0"
    ),
    (
      "compare with an empty name", #"{"compare": ""}"#, "steps[0].compare",
      #"expected a preset's name or null, found """#
    ),
  ]

  static let keys = KeyNames.handled.map { "\"\($0)\"" }.joined(separator: ", ")

  @Test("bad input values are refused with their key and reason", arguments: refusals)
  func refuses(what: String, step: String, key: String, reason: String) {
    #expect(throws: ConfigError(key: key, line: 1, reason: reason), "\(what)") { try Self.read(step) }
  }

  @Test("a bad input inside a script names the line it is on, in a frame too")
  func linesInScripts() {
    let script =
      "{\"steps\": [\n{\"wait\": 1},\n{\"frame\": [{\"key\": \"Up\"},\n{\"wheel\": {\"at\": [1, 2]}}]}\n]}"
    #expect(
      throws: ConfigError(
        key: "steps[1].frame[1].wheel", line: 4,
        reason:
          "needs dy (down the list; a fraction is a touchpad's part of a notch) or dx (sideways, whole notches), one of them"
      )
    ) { try ScenarioParser.parse(text: script, path: "t.json", base: nil, fps: nil) }
  }
}
