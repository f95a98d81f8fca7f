/// How the sheet's header reacts to list scrolling.
public enum HeaderMode: String, Sendable, CaseIterable {
  /// Hides as the list scrolls down and shows as soon as it scrolls up, wherever the list is.
  case scrollDirection
  /// The header takes up scroll before the list moves, in both directions.
  case collapseFirst
  /// Always shown.
  case pinned
}

/// Pure header hide-on-scroll rules.
enum HeaderCollapse {
  /// The `scrollDirection` rule: `clamp(previous − Δ, −height, 0)` where Δ is the part of the
  /// offset change inside `0...maxOffset` (overscroll changes nothing).
  static func scrollDirection(
    previous: Double, oldOffset: Double, newOffset: Double, maxOffset: Double, height: Double
  ) -> Double {
    let upper = max(maxOffset, 0)
    let delta = min(max(newOffset, 0), upper) - min(max(oldOffset, 0), upper)
    return min(max(previous - delta, -height), 0)
  }

  /// The `collapseFirst` rule: the header absorbs as much of `delta` (positive = scrolling
  /// down the list) as it can. Returns the new header offset and the part left for the list.
  static func collapseFirst(previous: Double, delta: Double, height: Double) -> (
    header: Double, remainder: Double
  ) {
    let next = min(max(previous - delta, -height), 0)
    return (next, delta - (previous - next))
  }
}
