import Testing

@testable import DetentApp

@Suite struct SimulatedKeyboardTests {
  @Test(
    "keyboard transitions: focusing, unfocusing the search field and K",
    arguments: [
      // (start, after focusing search, after unfocusing search, after K)
      (
        SimulatedKeyboard.hidden, SimulatedKeyboard.shownForSearch, SimulatedKeyboard.hidden,
        SimulatedKeyboard.shownByUser
      ),
      (.shownForSearch, .shownForSearch, .hidden, .hidden),
      (.shownByUser, .shownByUser, .shownByUser, .hidden),
    ])
  func transitions(
    start: SimulatedKeyboard, focused: SimulatedKeyboard, unfocused: SimulatedKeyboard,
    toggled: SimulatedKeyboard
  ) {
    #expect(start.focusingSearch() == focused)
    #expect(start.unfocusingSearch() == unfocused)
    #expect(start.toggled() == toggled)
  }

  @Test("the inset is the keyboard's height while shown, else 0")
  func inset() {
    #expect(SimulatedKeyboard.hidden.inset(height: 260) == 0)
    #expect(SimulatedKeyboard.shownByUser.inset(height: 260) == 260)
    #expect(SimulatedKeyboard.shownForSearch.inset(height: 300) == 300)
  }
}
