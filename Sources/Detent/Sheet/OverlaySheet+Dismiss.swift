/// Dismissal: by a fast downward release (`dismiss.velocity`), below a threshold
/// (`dismiss.threshold`), by the app (Escape, a close button) or a move to a 0-height notch;
/// and, with `dismiss.confirm`, the attempt the app answers.
extension OverlaySheet {
  /// Index of the reachable 0-height notch, if the sheet has one.
  var zeroNotch: Int? { notches.indices.first { notches[$0].enabled && notches[$0].height == 0 } }

  /// Index of the lowest reachable notch above 0 (its height is what `dismiss.threshold` is a
  /// fraction of).
  var lowestShownNotch: Int? { notches.indices.first { notches[$0].enabled && notches[$0].height > 0 } }

  /// Whether a release at the current height with dh/dt `v` asks for a dismissal: downward
  /// faster than `dismiss.velocity`, or below (1 − threshold) × the lowest non-zero notch.
  func releaseDismisses(velocity v: Double) -> Bool {
    if v < -tuning.dismiss.velocity { return true }
    let t = tuning.dismiss.threshold
    guard t > 0, let lowest = lowestShownNotch else { return false }
    return height < (1 - t) * notches[lowest].height
  }

  /// The phase a dismissal leads to, or nil when this sheet cannot be dismissed (a root sheet
  /// without a 0-height notch): the caller goes on as if nothing was asked.
  ///
  /// Unless `confirmed`, `dismiss.confirm` turns it into an attempt: `didAttemptDismiss` fires
  /// and the sheet springs back (with `v`) to the notch it left. Otherwise a detail sheet leaves
  /// (its `.leaving` phase; the stack takes it out) and a root sheet settles to its 0-height
  /// notch.
  mutating func dismissal(velocity v: Double, confirmed: Bool) -> SheetPhase? {
    guard depth > 0 || zeroNotch != nil else { return nil }
    if tuning.dismiss.confirm, !confirmed {
      emit(.didAttemptDismiss)
      var back = departedNotch
      if notches[back].height == 0 || !notches[back].enabled { back = lowestShownNotch ?? topNotch }
      if case .idle(let n) = phase, n == back, phase.gesture == nil { return phase }
      return beginSettle(to: back, velocity: v)
    }
    if depth > 0 {
      velocity = v
      return beginLeave()
    }
    guard let zero = zeroNotch else { return nil }
    return beginSettle(to: zero, velocity: v)
  }

  /// Asks to dismiss the sheet (the app's Escape or close button). Returns true when it is
  /// dismissed (a detail sheet then leaves, and a stack takes it out); false when it cannot be, or
  /// when `dismiss.confirm` made it an attempt (`didAttemptDismiss`; call `dismiss()` if the
  /// user agrees).
  @discardableResult
  public mutating func requestDismiss() -> Bool {
    handle(.dismiss(confirmed: false))
    noteListMotion()
    return isLeaving || (zeroNotch.map { snapshot.targetIndex == $0 || restingNotch == $0 } ?? false)
  }

  /// Dismisses the sheet without asking (the user confirmed): a detail sheet leaves — it slides
  /// out below the window with its spring (eased under reduced motion), takes no input, and is
  /// gone (`isGone`) once settled at 0 — and a root sheet settles to its 0-height notch.
  public mutating func dismiss() {
    handle(.dismiss(confirmed: true))
    noteListMotion()
  }
}
