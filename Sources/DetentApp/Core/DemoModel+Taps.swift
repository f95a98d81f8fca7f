import Detent

/// Taps on the top sheet, the search field and the detail sheets.
extension DemoModel {
  /// A tap (press and release without a drag) on the top sheet.
  func handleTap(_ hit: SheetHit) {
    let layout = HeaderLayout(width: stack.top.snapshot.sheetWidth, height: stack.top.tuning.header.height)
    if stack.count > 1 {
      if case .header(let x, let y) = hit {
        let c = layout.closeButton
        if (x - c.cx) * (x - c.cx) + (y - c.cy) * (y - c.cy) <= (c.r + 8) * (c.r + 8) { popDetail() }
      }
      return
    }
    switch hit {
    case .header(let x, let y):
      if let field = layout.searchField, HeaderLayout.contains(field, x, y) {
        focusSearch()
        return
      }
      for (i, frame) in layout.chips.enumerated() where HeaderLayout.contains(frame, x, y) {
        search.selectChip(i, in: places)
        filterChanged()
        return
      }
    case .row(let index, _, _):
      guard index < rowCount else { return }
      pushDetail(place: placeIndex(row: index))
    case .grabber, .emptyList:
      return
    }
  }

  /// Focuses the search field: the sheet goes to its top notch and the keyboard shows.
  func focusSearch() {
    search.focus()
    setKeyboard(keyboard.focusingSearch())
    stack.withRoot { $0.move(to: $0.topNotch, animated: true) }
  }

  /// Takes focus from the search field; a keyboard shown for it goes away.
  func unfocusSearch() {
    search.unfocus()
    setKeyboard(keyboard.unfocusingSearch())
  }

  /// Typed text goes into the focused search field.
  func type(_ text: String) {
    guard search.focused else { return }
    search.type(text, in: places)
    filterChanged()
  }

  /// Deletes the last character of the query.
  func deleteBackward() {
    if search.deleteBackward(in: places) { filterChanged() }
  }

  /// Shows or hides the simulated keyboard; the sheets' bottoms follow it.
  func setKeyboard(_ state: SimulatedKeyboard) {
    guard state != keyboard else { return }
    keyboard = state
    stack.setKeyboardInset(state.inset)
  }

  /// The root list shows the rows the search leaves.
  private func filterChanged() {
    let rows = rowCount
    stack.withRoot { $0.setListRows(rows) }
  }

  /// Pushes the detail sheet of place `place`.
  func pushDetail(place: Int) {
    do {
      try stack.push(tuning: DetailSheet.tuning(root: rootTuning), tag: place)
    } catch {
      // A window too small for the detail sheet: nothing to push.
    }
  }

  /// Pops the top detail sheet; it slides out showing its own place.
  func popDetail() { stack.pop() }
}
