/// The floating inset card (`layout.bottomInset`, `layout.attachAt`): below `attachAt` the sheet
/// floats `bottomInset` px above the bottom edge with all four corners rounded (a full-width
/// sheet also keeps that gap from both sides); from the notch below `attachAt` up to `attachAt`
/// the gap closes in proportion to the height, and at and above `attachAt` the sheet is
/// attached as usual. `height` keeps meaning the distance from the bottom edge to the top edge.
extension OverlaySheet {
  /// The gap between the sheet's bottom and the bottom edge now, px.
  var floatingInset: Double {
    let inset = tuning.layout.bottomInset
    guard inset > 0 else { return 0 }
    guard let name = tuning.layout.attachAt, let a = notchIndex(named: name) else { return inset }
    let attach = notches[a].height
    let below = notches[..<a].last { $0.enabled && $0.height < attach }?.height ?? 0
    guard attach > below else { return height >= attach ? 0 : inset }
    let t = min(max((attach - height) / (attach - below), 0), 1)
    return inset * t
  }
}
