import Detent

/// What the keyboard focus ring is on. Tab and Shift+Tab move it through the top sheet's
/// grabber, the search field, the chips, the rows in view (a detail sheet: its close button,
/// actions and acting rows) and, while it shows, the panel's controls; Return or Space acts on
/// it as a click would. A press of the pointer clears it.
enum FocusTarget: Equatable {
  /// The sheet's grabber: acting cycles the reachable notches.
  case grabber
  /// Something a tap acts on (search field, chip, row, close, action).
  case target(PressTarget)
  /// The panel's item at this index of `panelItems`.
  case panel(Int)
}

/// Where the keyboard focus is: nil until Tab is pressed, and after a pointer press or when the
/// Keep / Discard dialog opens.
struct FocusRing: Equatable {
  /// The focused stop.
  private(set) var current: FocusTarget?

  /// Takes the focus away.
  mutating func clear() { current = nil }

  /// Tab (`forward`) or Shift+Tab through `order` (not empty): the next or previous stop,
  /// wrapping; without a focus in `order` the first Tab goes to its first stop, the first
  /// Shift+Tab to its last.
  mutating func move(forward: Bool, through order: [FocusTarget]) {
    guard !order.isEmpty else { return }
    let next: Int
    if let current, let i = order.firstIndex(of: current) {
      next = (i + (forward ? 1 : order.count - 1)) % order.count
    } else {
      next = forward ? 0 : order.count - 1
    }
    current = order[next]
  }

  /// Drops a focused stop that is no longer in `order` (a row that scrolled off, a popped sheet).
  mutating func keep(within order: [FocusTarget]) {
    if let current, !order.contains(current) { self.current = nil }
  }
}

extension DemoModel {
  /// The focused stop, if any.
  var focus: FocusTarget? { focusRing.current }

  /// The tab order now.
  var focusOrder: [FocusTarget] {
    var out: [FocusTarget] = [.grabber]
    let sheet = stack.top
    let s = sheet.snapshot
    if stack.count > 1 {
      out.append(.target(.close))
      out += PlaceAction.allCases.map { .target(.action($0)) }
      let shown = Self.visibleRows(of: sheet, count: sheet.tuning.list.rows)
      for (row, action) in DetailSheet.actingRows.sorted(by: { $0.key < $1.key }) where shown.contains(row) {
        out.append(.target(.detailRow(row, action)))
      }
    } else {
      let layout = HeaderLayout(width: s.contentWidth, height: sheet.tuning.header.height)
      if layout.searchField != nil { out.append(.target(.searchField)) }
      out += layout.chips.indices.map { .target(.chip($0)) }
      out += visibleRows.map { .target(.row($0)) }
    }
    if panel.shown {
      for (i, item) in panelItems.enumerated() where Self.isFocusable(item.kind) { out.append(.panel(i)) }
    }
    return out
  }

  /// Rows of the root list wholly inside its viewport.
  var visibleRows: Range<Int> { Self.visibleRows(of: stack.root, count: rowCount) }

  /// Rows of `sheet`'s list (`count` of them) wholly inside its viewport: a detail sheet at its
  /// peek shows none, and Tab skips them.
  static func visibleRows(of sheet: OverlaySheet, count: Int) -> Range<Int> {
    let s = sheet.snapshot
    let rows = s.rowHeights
    // The list's part on screen: its viewport, cut at the footer and the sheet's visible bottom
    // (a top sheet's grabber is at its bottom).
    let visibleBottom = s.edge == .top ? s.bottom - s.grabber : min(s.bottom, s.footerTop)
    let shown = min(s.listViewport, visibleBottom - s.listTop)
    guard shown > 0 else { return 0..<0 }
    let top = max(s.listOffset, 0)
    var first = rows.row(at: top)
    if rows.top(ofRow: first) < top - 1e-9 { first += 1 }
    // The row holding the viewport's end is cut by it (or starts there): the ones before it show.
    let last = rows.row(at: s.listOffset + shown)
    return min(first, count)..<min(max(last, first), count)
  }

  /// Tab (`forward`) or Shift+Tab: the next or previous stop, wrapping; the first Tab goes to
  /// the grabber. A focused search field lets go of the keyboard.
  func moveFocus(forward: Bool) {
    let order = focusOrder
    guard !order.isEmpty else { return }
    if search.focused { unfocusSearch() }
    focusRing.move(forward: forward, through: order)
    if case .panel(let i) = focus { revealPanelItem(i) }
    if case .target(.chip(let i)) = focus { revealChip(i) }
    if case .panel(let i) = focus, case .slider(let slider, _) = panelItems[i].kind {
      panel.focused = slider.id
    }
  }

  /// Return or Space on the focused stop: what a click there does.
  func activateFocus() {
    guard let focus else { return }
    switch focus {
    case .grabber: NotchKeys.cycle(&stack)
    case .target(let target): perform(target)
    case .panel(let i):
      guard i < panelItems.count else { return }
      let r = panelItems[i].rect
      if case .slider = panelItems[i].kind { return }
      panelPress(x: r.x + r.w / 2, y: r.y + r.h / 2)
      panelRelease()
    }
    // A stop that went away (a row that scrolled off, a popped sheet) takes the focus with it.
    focusRing.keep(within: focusOrder)
  }

  /// Scrolls the chip row so chip `i` shows whole.
  private func revealChip(_ i: Int) {
    let width = stack.root.snapshot.contentWidth
    let chip = HeaderLayout(width: width, height: stack.root.tuning.header.height).chips[i]
    if chip.x - 16 < search.chipScroll {
      search.scrollChips(to: chip.x - 16, width: width)
    } else if chip.x + chip.w + 16 > search.chipScroll + width {
      search.scrollChips(to: chip.x + chip.w + 16 - width, width: width)
    }
  }

  /// The focused stop's frame on screen, for the ring (nil when nothing has focus).
  var focusFrame: HeaderLayout.Frame? {
    guard let focus else { return nil }
    let s = stack.top.snapshot
    let headerTop = s.headerTop
    let grabber = s.grabberFocusFrame
    switch focus {
    case .grabber:
      return grabber
    case .panel(let i):
      guard i < panelItems.count else { return nil }
      let (r, frame) = (panelItems[i].rect, panelFrame)
      // A control the wheel scrolled out of the panel's view shows no ring (Tab brings it back).
      guard r.y >= frame.y, r.y + r.h <= frame.y + frame.h else { return nil }
      return (r.x, r.y, r.w, r.h)
    case .target(let target):
      let layout = HeaderLayout(
        width: s.contentWidth, height: stack.top.tuning.header.height, focused: search.focused,
        chipScroll: search.chipScroll)
      func row(_ index: Int) -> HeaderLayout.Frame {
        (s.contentX, s.rowTop(index), s.contentWidth, s.rowHeights.height(ofRow: index))
      }
      switch target {
      case .searchField:
        return layout.searchField.map { (s.contentX + $0.x, headerTop + $0.y, $0.w, $0.h) }
      case .chip(let i):
        let c = layout.chips[i]
        return (s.contentX + c.x, headerTop + s.headerOffset + c.y, c.w, c.h)
      case .row(let i), .detailRow(let i, _):
        return row(i)
      case .close:
        let c = HeaderLayout(width: s.contentWidth, height: DetailSheet.titleHeight).closeButton
        return (s.contentX + c.cx - c.r - 3, headerTop + c.cy - c.r - 3, 2 * c.r + 6, 2 * c.r + 6)
      case .action(let action):
        let i = PlaceAction.allCases.firstIndex(of: action) ?? 0
        let b = DetailSheet.actionButtons(width: s.contentWidth)[i]
        return (s.contentX + b.x, s.footerTop + b.y, b.w, b.h)
      case .grabber:
        return grabber
      case .clearSearch, .cancelSearch:
        return nil
      }
    }
  }

  private static func isFocusable(_ kind: PanelItem.Kind) -> Bool {
    switch kind {
    case .title, .status, .caption, .stepResponse, .dimmingCurve: false
    default: true
    }
  }
}
