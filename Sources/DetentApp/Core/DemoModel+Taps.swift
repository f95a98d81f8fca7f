import Detent

/// Taps on the top sheet: what a press there would act on (rows, chips, the search field and its
/// buttons, a detail sheet's close and action buttons) and what the tap does; choosing a place
/// (its detail sheet, the map's flight); the search's edits on the root's places and stack.
extension DemoModel {
  /// What a press at screen (x, y), which the top sheet reports as `hit`, would act on.
  /// On the root, the search field's band stays pinned at the sheet's top while the header
  /// hides, so a press there is the field's even where the list has scrolled under it.
  func pressTarget(x: Double, y: Double, hit: SheetHit) -> PressTarget? {
    pressTarget(x: x, y: y, hit: hit, in: stack)
  }

  /// What a press at (x, y) on `stack`'s top sheet, which reports it as `hit`, would act on.
  func pressTarget(x: Double, y: Double, hit: SheetHit, in stack: SheetStack) -> PressTarget? {
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
      NotchKeys.cycle(&stack)
    case .row(let row):
      guard row < rowCount, stack.count == 1 else { return }
      choosePlace(placeIndex(row: row))
    case .chip(let index):
      search.selectChip(index, places: places, stack: &stack)
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
      messages.show(action.message(for: places.place(DetailSheet.place(of: stack.top))), at: time)
    }
  }

  /// Focuses the search field: the keyboard shows, and the sheet may go to its top notch.
  func focusSearch() { search.focus(keyboard: &keyboard, stack: &stack) }

  /// Takes focus from the search field; a keyboard shown for it goes away.
  func unfocusSearch() { search.unfocus(keyboard: &keyboard, stack: &stack) }

  /// Empties the query (all rows show again); false when it was empty.
  @discardableResult
  func clearSearch() -> Bool { search.clear(places: places, stack: &stack) }

  /// Typed text goes into the focused search field.
  func type(_ text: String) { search.type(text, places: places, stack: &stack) }

  /// Opens place `place`: the search lets go of the keyboard, its detail sheet slides up, and
  /// the map flies so that its pin stands in the middle of the map left uncovered.
  func choosePlace(_ place: Int) {
    unfocusSearch()
    guard pushDetail(place: place) else { return }
    let (width, height, animated) = (sceneWidth, windowHeight, !rootTuning.reduceMotion)
    camera.fly(
      to: places.place(place), beside: stack.top, sceneWidth: width, windowHeight: height, at: time,
      animated: animated)
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
}
