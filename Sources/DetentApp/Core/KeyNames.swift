/// The key names the program acts on, as SDL names them: what a scenario's `key` step may say.
enum KeyNames {
  /// Every handled key name.
  static let handled: [String] = [
    "Up", "Down", "Left", "Right", "Escape", "Return", "Backspace", "Tab", "Shift+Tab", "Space",
    "1", "2", "3", "4", "5", "6", "7", "8", "9",
    "D", "F", "H", "K", "M", "N", "P", "Q", "R", "S", "T",
  ]

  /// The name as the program compares it: single letters upper-cased ("h" is "H").
  static func normalized(_ raw: String) -> String { raw.count == 1 ? raw.uppercased() : raw }

  /// Whether `raw` names a handled key.
  static func isHandled(_ raw: String) -> Bool { handled.contains(normalized(raw)) }
}
