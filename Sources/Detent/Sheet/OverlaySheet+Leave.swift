/// Coming and going: a sheet presented rises from below the window to the notch it rests at; a
/// dismissed detail sheet (OverlaySheet+Dismiss.swift) slides out below the window and is gone
/// once settled there. Both are phases of the table in `handle(_:)` (`.settling` on the way in,
/// `.leaving` and `.gone` on the way out).
extension OverlaySheet {
  /// Shows the sheet from below the window: it rises with its spring to the notch it rests at
  /// (a stack presents each pushed sheet). Only a sheet at rest at a notch can be presented.
  public mutating func present() {
    handle(.present)
  }

  /// The phase of a sheet presented while it rests at notch `n`: at height 0, settling to `n`.
  mutating func present(at n: Int) -> SheetPhase {
    height = 0
    velocity = 0
    syncViewport()
    return beginSettle(to: n, velocity: 0)
  }

  /// Starts the slide out from the current height and velocity (a gesture in progress has
  /// ended: the release that dismissed, or `abandonGesture()`). Upward momentum is dropped: a
  /// sheet on its way out never rises.
  mutating func beginLeave() -> SheetPhase {
    velocity = min(velocity, 0)
    return .leaving(
      Leave(
        fromHeight: height, fromVelocity: velocity, start: now,
        duration: tuning.reduceMotion ? ReducedMotion.duration : nil))
  }

  /// Advances a slide out to the current time. The window's edge holds the sheet at 0: it never
  /// shows below it, and stops there. Settled (within `settleDistance` of 0, slower than
  /// `settleSpeed`), it is gone.
  mutating func leave(_ l: Leave) -> SheetPhase {
    let t = now - l.start
    var h: Double
    var v: Double
    if let duration = l.duration {
      (h, v) = ReducedMotion.state(from: l.fromHeight, to: 0, at: t, duration: duration)
    } else {
      let state = tuning.spring.state(displacement: l.fromHeight, velocity: l.fromVelocity, at: t)
      (h, v) = (state.displacement, state.velocity)
    }
    if h <= 0 { (h, v) = (0, 0) }
    height = min(h, availableHeight)
    velocity = v
    syncViewport()
    guard height <= Self.settleDistance, abs(velocity) <= Self.settleSpeed else { return .leaving(l) }
    height = 0
    velocity = 0
    return .gone
  }

  /// A slide out fitted to a new window size: inside the window, going on from here.
  mutating func refit(_ l: Leave) -> SheetPhase {
    height = min(max(height, 0), availableHeight)
    syncViewport()
    return .leaving(
      Leave(
        fromHeight: height, fromVelocity: velocity, start: now,
        duration: l.duration.map { max($0 - (now - l.start), 0) }))
  }
}
