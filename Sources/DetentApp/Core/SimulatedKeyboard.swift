import Detent

/// The simulated on-screen keyboard: hidden, shown by the user (K), or shown because the search
/// field took focus (it goes away with the focus).
enum SimulatedKeyboard: Equatable {
  /// Not shown.
  case hidden
  /// Shown with K; stays until K hides it.
  case shownByUser
  /// Shown by focusing the search field; hides when the field loses focus.
  case shownForSearch

  /// Whether it is shown.
  var isShown: Bool { self != .hidden }

  /// The inset a keyboard `height` px tall (`keyboard.height`) takes from the bottom of the
  /// window, px.
  func inset(height: Double) -> Double { isShown ? height : 0 }

  /// After the search field took focus: shown for the search unless it already shows.
  func focusingSearch() -> SimulatedKeyboard { isShown ? self : .shownForSearch }

  /// After the search field lost focus: hidden when it was shown for the search.
  func unfocusingSearch() -> SimulatedKeyboard { self == .shownForSearch ? .hidden : self }

  /// After K: hidden when shown (however it came), else shown by the user.
  func toggled() -> SimulatedKeyboard { isShown ? .hidden : .shownByUser }

  /// Becomes `state`; the sheets' bottoms follow it (`keyboard.height` of the root's tuning).
  mutating func become(_ state: SimulatedKeyboard, stack: inout SheetStack) {
    guard state != self else { return }
    self = state
    stack.setKeyboardInset(state.inset(height: stack.root.tuning.keyboard.height))
  }
}
