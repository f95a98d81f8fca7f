/// `list.interaction: "scrolls"`: a drag that starts on the list scrolls it at every notch,
/// inside the visible part of the sheet between header and footer. Dragging down with the list
/// at its top lowers the sheet in the same gesture; a drag that starts on the list never raises
/// the sheet above where the press found it (it may take back what it lowered).
extension OverlaySheet {
  /// Applies pointer delta `delta` (positive = up) to the list first, the sheet second.
  mutating func scrollFirst(_ delta: Double, _ g: inout Gesture) {
    var rest = delta
    if rest > 0 {
      // Upward: first back up to where the press found the sheet, then the list.
      if g.rawHeight < g.pressRawHeight {
        let take = min(rest, g.pressRawHeight - g.rawHeight)
        moveSheet(by: take, &g)
        rest -= take
      }
      // (A shade's list scrolls toward its top: the hand-off is mirrored, see `listTakesShrink`.)
      if rest > 0 { scrollList(by: edge.listSign * rest, &g) }
    } else {
      // Downward: the list back to its top (the header shows), then the sheet goes down.
      rest = listTakesShrink(rest, &g)
      if rest < 0 { moveSheet(by: rest, &g) }
    }
  }

  /// Where the sheet goes when the list had the pointer last: it stays at the notch the press
  /// found it at (or floats where it floated); a sheet stopped or moved in this gesture settles
  /// to the nearest notch, at once when it is on one.
  mutating func restAfterScroll(_ g: Gesture) -> SheetPhase {
    switch g.sheetAtPress {
    case .notch(let n): return .idle(notch: n)
    case .floating: return restFloating()
    case .stopped, .moved:
      let n = nearestNotch
      guard abs(height - notches[n].height) < 1e-6 else { return beginSettle(to: n, velocity: 0) }
      return rest(at: n, after: g)
    }
  }

  /// The reachable notch nearest the height (ties go lower), else the top one.
  var nearestNotch: Int {
    TargetPolicy.nearest.target(
      height: height, velocity: 0, heights: notches.map(\.height), reachable: reachable)
      ?? topNotch
  }

  /// A gesture whose list part ends on notch `n` (the sheet is on it): the sheet rests there, and
  /// a gesture that moved the sheet ends like any sheet drag, with the notch it rests at.
  mutating func rest(at n: Int, after g: Gesture) -> SheetPhase {
    height = notches[n].height
    if g.sheetDragStarted {
      emit(.willMoveToNotch(n), notch: n)
      emit(.didMoveToNotch(n), notch: n)
    }
    return .idle(notch: n)
  }
}
