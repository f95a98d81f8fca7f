import Detent
import Foundation

/// Presses and taps on the top sheet: rows, chips, the search field and its buttons, a detail
/// sheet's close and action buttons; choosing a place; the search's focus and the keyboard.
extension DemoModel {
  /// What a press at screen (x, y), which the top sheet reports as `hit`, would act on.
  /// On the root, the search field's band stays pinned at the sheet's top while the header
  /// hides, so a press there is the field's even where the list has scrolled under it.
  func pressTarget(x: Double, y: Double, hit: SheetHit) -> PressTarget? {
    let s = stack.top.snapshot
    if stack.count > 1 {
      return PressTarget.inDetail(hit, width: s.contentWidth)
    }
    let layout = HeaderLayout(
      width: s.contentWidth, height: stack.root.tuning.header.height, focused: search.focused,
      chipScroll: search.chipScroll)
    let band = s.headerTop
    if layout.searchField != nil, y >= band, y < band + HeaderLayout.fieldBand, hit != .grabber {
      return PressTarget.inRootHeader(layout, x: x - s.contentX, y: y - band, hasQuery: !search.query.isEmpty)
    }
    switch hit {
    case .header(let hx, let hy):
      return PressTarget.inRootHeader(layout, x: hx, y: hy, hasQuery: !search.query.isEmpty)
    case .row(let index, _, _):
      return index < rowCount ? .row(index) : nil
    case .grabber:
      return .grabber
    case .emptyList, .footer:
      return nil
    }
  }

  /// A tap on `target`.
  func perform(_ target: PressTarget) {
    switch target {
    case .grabber:
      cycleNotch()
    case .row(let row):
      guard row < rowCount, stack.count == 1 else { return }
      choosePlace(placeIndex(row: row))
    case .chip(let index):
      search.selectChip(index, in: places)
      filterChanged()
    case .searchField:
      focusSearch()
    case .clearSearch:
      clearSearch()
      focusSearch()
    case .cancelSearch:
      clearSearch()
      unfocusSearch()
    case .close:
      popDetail()
    case .action(let action), .detailRow(_, let action):
      guard stack.count > 1 else { return }
      toast = Toast(
        message: action.message(for: places.place(DetailSheet.place(of: stack.top))), shownAt: time)
    }
  }

  /// Focuses the search field: the sheet goes to its top notch and the keyboard shows.
  func focusSearch() {
    search.focus()
    setKeyboard(keyboard.focusingSearch())
    // `extend` takes the sheet to its highest notch; `interactive` and `fillParent` leave the
    // notch alone (the engine fills the window for `fillParent`).
    if stack.root.tuning.keyboard.behavior == .extend {
      stack.withRoot { $0.move(to: $0.topNotch, animated: true) }
    }
  }

  /// Takes focus from the search field; a keyboard shown for it goes away.
  func unfocusSearch() {
    search.unfocus()
    setKeyboard(keyboard.unfocusingSearch())
  }

  /// Empties the query (all rows show again); false when it was empty.
  @discardableResult
  func clearSearch() -> Bool {
    guard search.clear(in: places) else { return false }
    filterChanged()
    return true
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
    stack.setKeyboardInset(state.inset(height: stack.root.tuning.keyboard.height))
  }

  /// The root list shows the rows the search leaves.
  private func filterChanged() {
    let rows = rowCount
    stack.withRoot { $0.setListRows(rows) }
  }

  /// Opens place `place`: the search lets go of the keyboard, its detail sheet slides up, and
  /// the map flies so that its pin stands in the middle of the map left uncovered.
  func choosePlace(_ place: Int) {
    unfocusSearch()
    guard pushDetail(place: place) else { return }
    let p = places.place(place)
    let detail = stack.top
    let frame = detail.horizontalFrame
    let width = sceneWidth
    let height = detail.availableHeight
    // The uncovered map: beside a card (the wider side), else above the detail sheet's first notch.
    let first = detail.notches.first?.height ?? 0
    var area = (x: 0.0, y: 0.0, w: width, h: max(height - first, 1))
    // A shade leaves the map below its first notch, a drawer beside it.
    switch detail.edge {
    case .bottom: break
    case .top: area = (0, first, width, max(windowHeight - first, 1))
    case .left: area = (first, 0, max(width - first, 1), windowHeight)
    case .right: area = (0, 0, max(width - first, 1), windowHeight)
    }
    if frame.width < width, detail.edge.isVertical {
      let right = width - frame.x - frame.width
      area = frame.x >= right ? (0, 0, frame.x, height) : (frame.x + frame.width, 0, right, height)
    }
    // The selected pin's balloon stands about 30 px above its point: centre the balloon.
    camera.fly(
      world: p.x, p.y, toScreen: area.x + area.w / 2, area.y + area.h / 2 + 24, width: width,
      height: windowHeight, at: time, animated: !rootTuning.reduceMotion)
  }

  /// Pushes the detail sheet of place `place` (its notches fit any window: see `DetailSheet`);
  /// false if the engine refuses its tuning.
  @discardableResult
  func pushDetail(place: Int) -> Bool {
    do {
      try stack.push(
        tuning: DetailSheet.tuning(root: rootTuning, axis: DetailSheet.axis(over: stack.root)), tag: place)
      return true
    } catch {
      return false
    }
  }

  /// Closes the top detail sheet (Escape, ✕): it slides out showing its own place, unless
  /// `dismiss.confirm` asks first.
  func popDetail() { stack.requestDismissTop() }

  /// Whether screen (x, y) is on the root's chip row (the header's part below the search field,
  /// where it shows).
  func isOnChipRow(x: Double, y: Double) -> Bool {
    guard stack.count == 1, case .header(let hx, let hy)? = stack.root.hitTest(x: x, y: y) else {
      return false
    }
    let layout = HeaderLayout(
      width: stack.root.snapshot.contentWidth, height: stack.root.tuning.header.height,
      focused: search.focused)
    return hy >= HeaderLayout.fieldBand && hx >= 0 && !layout.chips.isEmpty
  }

  /// A press on the chip row that moves more than 4 px, mostly sideways, scrolls the row and is
  /// no tap; mostly up or down, it is the sheet's drag as usual. Returns whether the move was
  /// the row's (the sheet does not see it).
  func dragChips(x: Double, y: Double) -> Bool {
    guard var drag = chipDrag else { return false }
    let (dx, dy) = (x - drag.startX, y - drag.startY)
    if !drag.moved {
      guard dx * dx + dy * dy > 16 else { return false }
      guard abs(dx) > abs(dy) else {
        chipDrag = nil
        return false
      }
      drag.moved = true
      press = nil
    }
    search.scrollChips(to: drag.startScroll - dx, width: stack.root.snapshot.contentWidth)
    chipDrag = drag
    return true
  }

  /// Whether (x, y) is on something the pointer can drag (for the hand cursor).
  func isDraggable(x: Double, y: Double) -> Bool {
    guard x < sceneWidth, !isOverPanel(x: x, y: y), let hit = stack.top.hitTest(x: x, y: y) else {
      return false
    }
    if case .row = hit { return stack.top.tuning.dragRegion == .sheet }
    return true
  }

  /// Wheel notches (fractional from a touchpad) at (x, y): the top sheet's rules, else the map
  /// zooms (1.1× a notch).
  func wheel(x: Double, y: Double, notches: Double) {
    if isOverPanel(x: x, y: y) {
      panelScroll(notches: notches)
      return
    }
    if !stack.wheel(x: x, y: y, notches: notches) {
      camera.zoom(by: pow(1.1, -notches), atX: x, y: y, width: sceneWidth, height: windowHeight)
    }
  }

  /// A press on the simulated keyboard (the app's, below the sheets' raised bottom): a key of it
  /// types into the search field. False when (x, y) is not on the keyboard.
  func pressKeyboard(x: Double, y: Double) -> Bool {
    let inset = stack.root.keyboardInset
    guard inset > 0, y >= windowHeight - inset, y < windowHeight, x < sceneWidth else { return false }
    if search.focused,
      let key = KeyboardLayout.key(
        atX: x, y: y, width: sceneWidth, windowHeight: windowHeight, height: stack.root.tuning.keyboard.height
      )
    {
      if key.value == "Backspace" { handleKey("Backspace") } else { apply(.text(key.value)) }
    }
    return true
  }
}
