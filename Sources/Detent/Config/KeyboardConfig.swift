/// What the sheet does while an on-screen keyboard shows (`keyboard.behavior`).
public enum KeyboardBehavior: String, Sendable, CaseIterable {
  /// Focusing the search moves the sheet to its highest reachable notch (the app does that);
  /// its bottom rides above the keyboard.
  case extend
  /// No notch change: the bottom rides above the keyboard.
  case interactive
  /// While the keyboard shows, the sheet fills the window above it.
  case fillParent
}

/// Tuning key `keyboard`: the on-screen keyboard's height and what the sheet does with it.
public struct KeyboardConfig: Sendable, Equatable {
  /// The keyboard's height, px.
  public var height: Double
  /// What the sheet does while it shows.
  public var behavior: KeyboardBehavior
  /// When the keyboard hides, the sheet returns to the notch it rested at before it showed.
  public var restoreOnBlur: Bool
  /// A drag on the sheet ends the text field's focus (the app does that).
  public var blurOnDrag: Bool

  /// Creates a keyboard configuration; the defaults are the documented ones.
  public init(
    height: Double = 260, behavior: KeyboardBehavior = .extend, restoreOnBlur: Bool = false,
    blurOnDrag: Bool = true
  ) {
    self.height = height
    self.behavior = behavior
    self.restoreOnBlur = restoreOnBlur
    self.blurOnDrag = blurOnDrag
  }
}
