/// Everything that can change a sheet's phase. Each public input method of `OverlaySheet`
/// becomes one of these and goes through `OverlaySheet.handle(_:)`, the state machine's table.
enum SheetInput: Sendable, Equatable {
  /// A press at a screen point, at `time` on the pointer's clock (see `OverlaySheet.pointerDown`).
  case press(x: Double, y: Double, time: Double)
  /// The pointer moved to a screen point at `time` on the pointer's clock.
  case move(x: Double, y: Double, time: Double)
  /// The pointer let go at `time` on the pointer's clock; `velocity` (screen px/s) replaces the
  /// measured one.
  case release(x: Double, y: Double, time: Double, velocity: PointerVelocity?)
  /// The clock advanced (`step(dt:)`).
  case tick
  /// A programmatic move to a notch (the app, the wheel, the grabber, a backdrop tap).
  case moveTo(notch: Int, animated: Bool)
  /// A release played again at a height with dh/dt `velocity`.
  case replayRelease(height: Double, velocity: Double)
  /// The notches were re-resolved (window, keyboard or content size changed).
  case relayout
  /// A new tuning replaced the old one, whose resolved notches were `previous`.
  case retune(previous: [Notch])
  /// The list's rows changed (the notches are already re-resolved for the new content).
  case rowsChanged
  /// The sheet is shown: it rises from below the window to the notch it rests at.
  case present
  /// The app asks to dismiss the sheet (Escape, a close button); `confirmed` when the user
  /// already agreed (the confirmation's Discard). A detail sheet then leaves: it slides out
  /// below the window and is gone once settled there.
  case dismiss(confirmed: Bool)
  /// The keyboard started to show or to hide.
  case keyboard(shown: Bool)
}

/// What an input answers besides the new phase.
enum SheetReply: Sendable, Equatable {
  /// Nothing to report.
  case none
  /// Where a press went.
  case route(PointerRoute)
  /// A release that was a tap on this part of the sheet.
  case tap(SheetHit)
}
