import Detent

/// The search header's state: the query, whether the field has focus, the selected filter chip,
/// and the rows they leave, which it gives the root sheet's list. Changed only by the model's
/// input handling.
struct SearchState {
  /// The text typed into the field.
  private(set) var query = ""
  /// Whether the field has focus (typed text goes into it).
  private(set) var focused = false
  /// The selected chip: 0 is "All", then one per `PlaceCategory`.
  private(set) var chip = 0
  /// The places shown, in list order (nil = every place, in order).
  private(set) var filtered: PlaceFilter?
  /// The query, lowercased (what names are matched against).
  private(set) var needle = ""
  /// How far the chip row is scrolled (px, 0 = the first chip at the left margin).
  private(set) var chipScroll = 0.0

  /// Scrolls the chip row to `offset`, kept within what a sheet `width` wide can show.
  mutating func scrollChips(to offset: Double, width: Double) {
    chipScroll = min(max(offset, 0), HeaderLayout.maxChipScroll(width: width)).rounded()
  }

  /// The category the selected chip filters by (nil for "All").
  var category: PlaceCategory? { chip == 0 ? nil : PlaceCategory(rawValue: chip - 1) }

  /// Number of list rows shown out of `total` places.
  func rowCount(of total: Int) -> Int { filtered?.count ?? total }

  /// Place for list row `row`.
  func placeIndex(row: Int) -> Int { filtered?[row] ?? row }

  /// Gives the field focus: the keyboard shows (unless it already does) and, with
  /// `keyboard.behavior` `extend`, the root sheet goes to its highest notch (`interactive` and
  /// `fillParent` leave the notch alone; the engine fills the window for `fillParent`).
  mutating func focus(keyboard: inout SimulatedKeyboard, stack: inout SheetStack) {
    focused = true
    keyboard.become(keyboard.focusingSearch(), stack: &stack)
    if stack.root.tuning.keyboard.behavior == .extend {
      stack.withRoot { $0.move(to: $0.topNotch, animated: true) }
    }
  }

  /// Takes focus away from the field (the query stays); a keyboard shown for it goes away.
  mutating func unfocus(keyboard: inout SimulatedKeyboard, stack: inout SheetStack) {
    focused = false
    keyboard.become(keyboard.unfocusingSearch(), stack: &stack)
  }

  /// Appends typed text to the query while the field has focus; the root list shows the rows
  /// of `places` left.
  mutating func type(_ text: String, places: PlaceDirectory, stack: inout SheetStack) {
    guard focused else { return }
    query += text
    refilter(places, stack: &stack)
  }

  /// Deletes the query's last character; false when it was empty.
  mutating func deleteBackward(places: PlaceDirectory, stack: inout SheetStack) -> Bool {
    guard !query.isEmpty else { return false }
    query.removeLast()
    refilter(places, stack: &stack)
    return true
  }

  /// Empties the query (every row of the chip's shows again); false when it was empty.
  mutating func clear(places: PlaceDirectory, stack: inout SheetStack) -> Bool {
    guard !query.isEmpty else { return false }
    query = ""
    refilter(places, stack: &stack)
    return true
  }

  /// Selects chip `index`; the root list shows the rows of `places` left.
  mutating func selectChip(_ index: Int, places: PlaceDirectory, stack: inout SheetStack) {
    chip = index
    refilter(places, stack: &stack)
  }

  /// Filters `places` again and gives the root list the rows left.
  private mutating func refilter(_ places: PlaceDirectory, stack: inout SheetStack) {
    refilter(places)
    let rows = rowCount(of: places.count)
    stack.withRoot { $0.setListRows(rows) }
  }

  /// Recomputes the rows shown from the query and the chip (also when the places change).
  mutating func refilter(_ places: PlaceDirectory) {
    let category = category
    needle = query.lowercased()
    filtered =
      query.isEmpty && category == nil ? nil : PlaceFilter(places: places, text: query, category: category)
  }

  /// Whether screen (x, y) is on the root's chip row in `stack` (the header's part below the
  /// search field, where it shows; only while no detail sheet is open).
  func isOnChipRow(x: Double, y: Double, of stack: SheetStack) -> Bool {
    guard stack.count == 1, case .header(let hx, let hy)? = stack.root.hitTest(x: x, y: y) else {
      return false
    }
    let layout = HeaderLayout(
      width: stack.root.snapshot.contentWidth, height: stack.root.tuning.header.height, focused: focused)
    return hy >= HeaderLayout.fieldBand && hx >= 0 && !layout.chips.isEmpty
  }
}
