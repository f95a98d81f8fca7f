import Detent
import DetentJSON
import Testing

@testable import DetentApp

/// SceneMessages.swift: the toast's life and the Keep / Discard dialog as a table of inputs.
struct SceneMessagesTests {
  /// Messages with the dialog open over the detail sheet (depth 1), opened the way the demo
  /// opens it: `dismiss.confirm`, a place chosen, Escape.
  static func withDialog() throws -> SceneMessages {
    let tuning = try TuningCoding.decode(
      try JSONParser.parse(#"{"dismiss": {"confirm": true}}"#), base: Tuning()
    )
    .tuning
    let model = try DemoModel(tuning: tuning, width: 1280, height: 800)
    model.choosePlace(2)
    wait(model, 1)
    model.apply(.key("Escape"))
    return model.messages
  }

  /// The buttons' finder the dialog uses: Keep at (100, 100), Discard at (200, 100).
  static func button(_ x: Double, _ y: Double) -> DismissDialog.Button? {
    y != 100 ? nil : x == 100 ? .keep : x == 200 ? .discard : nil
  }

  @Test(
    "with the dialog open: what each input does (nil: the dialog lets it through)",
    arguments: [
      (AppInput.key("Escape"), "keep"), (.key("d"), "discard"), (.key("D"), "discard"),
      (.key("Return"), "keep"),
      (.key("Space"), "keep"), (.key("Tab"), "taken"), (.key("Q"), "taken"), (.text("x"), "taken"),
      (.wheel(x: 5, y: 5, dy: 1), "taken"), (.fineWheel(x: 5, y: 5, dy: 0.5), "taken"),
      (.hwheel(x: 5, y: 5, dx: 1), "taken"), (.press(x: 100, y: 100), "keep"),
      (.press(x: 200, y: 100), "discard"),
      (.press(x: 150, y: 300), "taken"), (.move(x: 1, y: 1), nil), (.release(x: 1, y: 1, velocity: nil), nil),
      (.resize(width: 800, height: 600), nil), (.timeScale(0.5), nil), (.compare(nil), nil),
      (.status("saved", isError: false), nil),
    ] as [(AppInput, String?)])
  func dialogInputs(input: AppInput, outcome: String?) throws {
    var messages = try Self.withDialog()
    #expect(messages.dismissDialog == DismissDialog(sheet: 1))
    let got = messages.dialogTakes(input, onPanel: false, button: Self.button)
    let name: String? =
      switch got {
      case .answered(.keep, 1)?: "keep"
      case .answered(.discard, 1)?: "discard"
      case .taken?: "taken"
      case nil: nil
      default: "\(got!)"
      }
    #expect(name == outcome)
    #expect((messages.dismissDialog == nil) == (outcome == "keep" || outcome == "discard"))
  }

  @Test("Tab and the arrows move the focus between Keep and Discard; Return presses the focused one")
  func focusMoves() throws {
    var messages = try Self.withDialog()
    for (key, focused) in [("Tab", DismissDialog.Button.discard), ("Left", .keep), ("Right", .discard)] {
      #expect(messages.dialogTakes(.key(key), onPanel: false, button: Self.button) == .taken)
      #expect(messages.dismissDialog?.focused == focused)
    }
    #expect(
      messages.dialogTakes(.key("Return"), onPanel: false, button: Self.button)
        == .answered(.discard, sheet: 1))
  }

  @Test("a press on the panel beside the dialog is the panel's; without a dialog nothing is taken")
  func letThrough() throws {
    var messages = try Self.withDialog()
    #expect(messages.dialogTakes(.press(x: 100, y: 100), onPanel: true, button: Self.button) == nil)
    var none = SceneMessages()
    #expect(none.dialogTakes(.key("Escape"), onPanel: false, button: Self.button) == nil)
  }

  @Test(
    "a toast shows for 2.5 s of model time, then expire drops it", arguments: [(2.4, true), (2.5, false)])
  func toast(after: Double, shows: Bool) {
    var messages = SceneMessages()
    messages.show("Directions to Café", at: 10)
    messages.expire(at: 10 + after)
    #expect((messages.toast != nil) == shows)
    #expect(messages.toast.map(\.message) == (shows ? "Directions to Café" : nil))
  }
}
