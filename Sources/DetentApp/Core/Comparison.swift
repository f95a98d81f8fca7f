import Detent

/// A/B comparison: the current tuning (A) against a preset (B). "Replay last release" then
/// plays the same release on both at once: A on the sheet, B on a ghost sheet drawn as an
/// outline over it, and the panel's step response draws B's curve beside A's. The ghost is
/// the engine's own `OverlaySheet` with B's tuning, stepped by the same clock; its events are
/// not the app's (the log and recordings hold A's only).
struct Comparison {
  /// The preset B is made of.
  let name: String
  /// B: the tuning in force with the preset applied.
  let tuning: Tuning
  /// The sheet playing B's release, while it moves.
  var ghost: OverlaySheet?

  /// Plays a release from `height` with dh/dt `velocity` on B, in a window like A's.
  mutating func replay(
    height: Double, velocity: Double, width: Double, windowHeight: Double, keyboard: Double
  ) {
    guard var sheet = try? OverlaySheet(tuning: tuning, windowWidth: width, windowHeight: windowHeight) else {
      ghost = nil
      return
    }
    sheet.setKeyboardInset(keyboard, animated: false)
    sheet.replayRelease(height: height, velocity: velocity)
    var discard: [SheetEvent] = []
    sheet.drainEvents(into: &discard)
    ghost = sheet
  }

  /// Advances the ghost; it goes away once it rests and `keep` (A still moving) is false.
  mutating func step(dt: Double, keep: Bool) {
    guard var sheet = ghost else { return }
    sheet.step(dt: dt)
    var discard: [SheetEvent] = []
    sheet.drainEvents(into: &discard)
    ghost = sheet.isMoving || keep ? sheet : nil
  }
}
