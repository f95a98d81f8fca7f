import Detent

/// `dismiss.confirm` in the demo: a `didAttemptDismiss` opens the Keep / Discard dialog, which
/// takes presses and keys until it is answered; only Discard dismisses.
extension DemoModel {
  /// Opens the dialog for the newest `didAttemptDismiss` among the events from `start` on.
  func openDismissDialog(after start: Int) {
    stack.drainEvents(into: &events)
    guard dismissDialog == nil, start <= events.count,
      let attempt = events[start...].last(where: { $0.kind == .didAttemptDismiss })
    else { return }
    dismissDialog = DismissDialog(sheet: attempt.sheet)
    focus = nil
  }

  /// While the dialog shows it is modal: it takes presses on the scene, keys, text and the
  /// wheel (true: the input was the dialog's). The panel beside the scene still works.
  func dialogTakes(_ input: AppInput) -> Bool {
    guard var dialog = dismissDialog else { return false }
    switch input {
    case .press(let x, let y):
      if isOverPanel(x: x, y: y) { return false }
      if let button = DismissDialog.button(at: x, y, width: sceneWidth, height: windowHeight, top: sceneTop) {
        answerDismiss(button)
      }
      return true
    case .key(let raw):
      let name = raw.count == 1 ? raw.uppercased() : raw
      switch name {
      case "Escape": answerDismiss(.keep)
      case "D": answerDismiss(.discard)
      case "Return", "Space": answerDismiss(dialog.focused)
      case "Tab", "Shift+Tab", "Left", "Right":
        dialog.focused = dialog.focused == .keep ? .discard : .keep
        dismissDialog = dialog
      default: break
      }
      return true
    case .text, .wheel, .fineWheel, .hwheel: return true
    case .move, .release, .resize, .moveTo, .tune, .timeScale, .compare, .status: return false
    }
  }

  /// Closes the dialog; Discard dismisses the sheet it asked about (if it is still the top one).
  func answerDismiss(_ button: DismissDialog.Button) {
    guard let dialog = dismissDialog else { return }
    dismissDialog = nil
    guard button == .discard, dialog.sheet == stack.count - 1 else { return }
    stack.dismissTop()
    stack.drainEvents(into: &events)
  }
}
