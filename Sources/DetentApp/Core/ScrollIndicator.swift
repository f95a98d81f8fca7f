import Detent

/// A list's scroll indicator: shown while the list moves or is held, then, once it stops, kept
/// for `hold` seconds and faded out over `fade` seconds of model time.
struct ScrollIndicator: Equatable {
  /// The list offset seen last.
  private(set) var offset = 0.0
  /// Model time the list last moved or was held (nil: not since it appeared).
  private(set) var activeAt: Double?

  /// Seconds the indicator stays after the list stops.
  static let hold = 0.5
  /// Seconds it takes to fade out.
  static let fade = 0.3

  /// Notes the list's `offset` at model time `now`; `active` says the list is scrolling (moving
  /// by itself or under the pointer) even when its offset did not change.
  mutating func observe(offset newOffset: Double, active: Bool, at now: Double) {
    if newOffset != offset || active { activeAt = now }
    offset = newOffset
  }

  /// Opacity at model time `t`: 1 while active and for `hold` seconds after, then down to 0.
  func alpha(at t: Double) -> Double {
    guard let activeAt else { return 0 }
    let age = t - activeAt - Self.hold
    if age <= 0 { return 1 }
    return max(0, 1 - age / Self.fade)
  }

  /// Whether the indicator still shows (or fades) at model time `t`.
  func isVisible(at t: Double) -> Bool { alpha(at: t) > 0 }
}

extension [ScrollIndicator] {
  /// Notes every live list's offset in `stack` for its scroll indicator (one per sheet, root
  /// first) at model time `time`.
  mutating func observe(_ stack: SheetStack, at time: Double) {
    if count > stack.count { removeLast(count - stack.count) }
    while count < stack.count { append(ScrollIndicator()) }
    for (i, sheet) in stack.sheets.enumerated() {
      let snapshot = sheet.snapshot
      self[i].observe(offset: snapshot.listOffset, active: snapshot.phase == .scrolling, at: time)
    }
  }
}
