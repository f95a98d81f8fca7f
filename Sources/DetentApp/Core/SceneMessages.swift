import Detent

/// The messages over the scene: the toast an action button shows, and the Keep / Discard dialog
/// a `didAttemptDismiss` opens (`dismiss.confirm`). The dialog is modal: it takes presses on the
/// scene, keys, text and the wheel until it is answered; only Discard dismisses.
struct SceneMessages {
  /// The message over the map, while it shows.
  private(set) var toast: Toast?
  /// The Keep / Discard dialog, while it shows.
  private(set) var dismissDialog: DismissDialog?

  /// What the dialog did with an input it took.
  enum DialogOutcome: Equatable {
    /// It took the input (a key it ignores, text, the wheel, a press beside its buttons).
    case taken
    /// It closed with `button`; Discard dismisses the sheet at depth `sheet`.
    case answered(DismissDialog.Button, sheet: Int)
  }

  /// Shows `message` from model time `time`.
  mutating func show(_ message: String, at time: Double) { toast = Toast(message: message, shownAt: time) }

  /// Drops a toast whose time is up at model time `time`.
  mutating func expire(at time: Double) {
    if let toast, !toast.isVisible(at: time) { self.toast = nil }
  }

  /// Opens the dialog for the newest `didAttemptDismiss` among `events`; true when it opened.
  mutating func openDialog(after events: ArraySlice<SheetEvent>) -> Bool {
    guard dismissDialog == nil, let attempt = events.last(where: { $0.kind == .didAttemptDismiss }) else {
      return false
    }
    dismissDialog = DismissDialog(sheet: attempt.sheet)
    return true
  }

  /// While the dialog shows: the input if it is the dialog's, else nil (no dialog, or an input it
  /// lets through: moves, releases, resizes, notch moves, tunings, playback, status lines and presses on the
  /// panel, which `onPanel` says). `button` finds the dialog's button under a press.
  mutating func dialogTakes(
    _ input: AppInput, onPanel: Bool, button: (Double, Double) -> DismissDialog.Button?
  ) -> DialogOutcome? {
    guard var dialog = dismissDialog else { return nil }
    switch input {
    case .press(let x, let y):
      if onPanel { return nil }
      guard let pressed = button(x, y) else { return .taken }
      return answer(pressed)
    case .key(let raw):
      switch KeyNames.normalized(raw) {
      case "Escape": return answer(.keep)
      case "D": return answer(.discard)
      case "Return", "Space": return answer(dialog.focused)
      case "Tab", "Shift+Tab", "Left", "Right":
        dialog.focused = dialog.focused == .keep ? .discard : .keep
        dismissDialog = dialog
      default: break
      }
      return .taken
    case .text, .wheel, .fineWheel, .hwheel: return .taken
    case .move, .release, .resize, .moveTo, .tune, .timeScale, .compare, .status: return nil
    }
  }

  /// Closes the dialog with `button`.
  private mutating func answer(_ button: DismissDialog.Button) -> DialogOutcome {
    let sheet = dismissDialog?.sheet ?? 0
    dismissDialog = nil
    return .answered(button, sheet: sheet)
  }
}
