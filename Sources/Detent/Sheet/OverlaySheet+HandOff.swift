/// The list hand-off by axis: on a bottom sheet the list takes what the sheet cannot past its
/// top notch and gives back to its top before the sheet shrinks; on a shade (top) the same,
/// mirrored (`SheetEdge.listSign`); a drawer's list never hands off (see `drag`).
extension OverlaySheet {
  /// A shrinking drag's `rest` (≤ 0, extent px) given to the list first, as far as it can go that
  /// way: a bottom sheet's list back to its top, a shade's (mirrored) to its end. Returns what is
  /// left for the sheet.
  mutating func listTakesShrink(_ rest: Double, _ g: inout Gesture) -> Double {
    syncViewport()
    var took = 0.0
    if edge.listSign > 0, list.canScrollTowardTop {
      took = list.drag(by: rest)
    } else if edge.listSign < 0 {
      let take = min(-rest, list.roomTowardEnd)
      if take > 0 { took = -list.drag(by: take) }
    }
    if took != 0 { g.part = .list }
    return rest - took
  }

  /// The list alone follows the pointer by `scroll` px (positive = further down the list),
  /// past either end (rubber-banded): nothing else takes what the list cannot.
  mutating func scrollList(by scroll: Double, _ g: inout Gesture) {
    syncViewport()
    list.drag(by: scroll, overscrolls: true)
    g.part = .list
  }

  /// The two-way hand-off along the axis (`delta` = extent change): growing, the sheet rises to
  /// its top notch and the rest scrolls the list; shrinking at the top notch, the list first
  /// gives back what it can in that direction (a bottom sheet's list to its top, a top sheet's
  /// to its end) and the rest shrinks the sheet.
  mutating func handOff(_ delta: Double, _ g: inout Gesture) {
    var rest = delta
    let upper = upperLimit
    let sign = edge.listSign
    if rest > 0 {
      if g.rawHeight < upper {
        let take = min(rest, upper - g.rawHeight)
        moveSheet(by: take, &g)
        rest -= take
      }
      if rest > 0 { scrollList(by: sign * rest, &g) }
    } else {
      if g.rawHeight >= upper - 1e-9 { rest = listTakesShrink(rest, &g) }
      if rest < 0 { moveSheet(by: rest, &g) }
    }
  }
}
