/// What an input asks of the program outside the model: the model decides, the runner does it.
/// `DemoModel.apply(_:)` returns these values; the window's runner (`DemoRunner`) writes the file,
/// fills the clipboard or ends the loop, and a replay (`ScenarioRunner`) keeps them without
/// acting on them (a script never writes the tuning file, the clipboard or quits).
enum AppEffect: Equatable, Sendable {
  /// Write `text` (the tuning in force as JSON) atomically to `path` (S, the panel's Save).
  case saveTuning(path: String, text: String)
  /// Put `text` on the clipboard (the panel's "Copy as…").
  case copyToClipboard(String)
  /// End the program (Q).
  case quit
}
