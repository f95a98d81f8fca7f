import Detent

/// What a press on the top sheet acts on if it ends as a tap; drawn pressed until then.
enum PressTarget: Equatable, Sendable {
  /// The grabber: a tap cycles the reachable notches.
  case grabber
  /// A row of the root list (the row's index in the list shown).
  case row(Int)
  /// A filter chip.
  case chip(Int)
  /// The search field.
  case searchField
  /// The clear (✕) button in the search field.
  case clearSearch
  /// Cancel beside the focused search field.
  case cancelSearch
  /// A detail sheet's close button.
  case close
  /// A button of a detail sheet's action row.
  case action(PlaceAction)
  /// A detail sheet's row that acts (address, phone, website): the row and its action.
  case detailRow(Int, PlaceAction)

  /// The target at header-local (x, y) of the root's header laid out as `layout`; the clear
  /// button counts only when there is a query to clear.
  static func inRootHeader(_ layout: HeaderLayout, x: Double, y: Double, hasQuery: Bool) -> PressTarget? {
    if let cancel = layout.cancelButton, HeaderLayout.contains(cancel, x, y) { return .cancelSearch }
    if hasQuery, let clear = layout.clearButton, HeaderLayout.contains(clear, x, y, slop: 8) {
      return .clearSearch
    }
    if let field = layout.searchField, HeaderLayout.contains(field, x, y) { return .searchField }
    for (i, frame) in layout.chips.enumerated() where HeaderLayout.contains(frame, x, y) { return .chip(i) }
    return nil
  }

  /// The target of `hit` on a detail sheet `width` wide.
  static func inDetail(_ hit: SheetHit, width: Double) -> PressTarget? {
    switch hit {
    case .header(let x, let y):
      let close = HeaderLayout(width: width, height: DetailSheet.titleHeight).closeButton
      if HeaderLayout.contains(close, x, y, slop: 8) { return .close }
      return nil
    case .footer(let x, let y):
      for (i, frame) in DetailSheet.actionButtons(width: width).enumerated()
      where HeaderLayout.contains(frame, x, y) {
        return .action(PlaceAction.allCases[i])
      }
      return nil
    case .row(let index, _, _):
      return DetailSheet.actingRows[index].map { .detailRow(index, $0) }
    case .grabber:
      return .grabber
    case .emptyList:
      return nil
    }
  }
}
