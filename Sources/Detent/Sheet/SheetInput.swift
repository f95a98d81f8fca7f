/// Everything that can change a sheet's phase. Each public input method of `OverlaySheet`
/// becomes one of these and goes through `OverlaySheet.handle(_:)`, the state machine's table.
enum SheetInput: Sendable, Equatable {
  /// A press at a screen point, at `time` on the pointer's clock (see `OverlaySheet.pointerDown`).
  case press(x: Double, y: Double, time: Double)
  /// The pointer moved to a screen point at `time` on the pointer's clock.
  case move(x: Double, y: Double, time: Double)
  /// The pointer let go at `time` on the pointer's clock; `velocity` (screen px/s, y down)
  /// replaces the measured one.
  case release(x: Double, y: Double, time: Double, velocity: Double?)
  /// The clock advanced (`step(dt:)`).
  case tick
  /// A programmatic move to a notch (the app, the wheel, the grabber, a backdrop tap).
  case moveTo(notch: Int, animated: Bool)
  /// A release played again at a height with dh/dt `velocity`.
  case replayRelease(height: Double, velocity: Double)
  /// The notches were re-resolved (window, keyboard or content size changed).
  case relayout
  /// A new tuning replaced the old one, which had `oldCount` notches; `settlingTo` names the
  /// notch a settle headed for before.
  case retune(oldCount: Int, settlingTo: String?)
  /// The list's rows changed while the sheet was `previousHeight` tall.
  case rowsChanged(previousHeight: Double)
  /// The app asks to dismiss the sheet (Escape, a close button); `confirmed` when the user
  /// already agreed (the confirmation's Discard).
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
