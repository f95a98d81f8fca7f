import Detent

/// Keys, routed: Tab and Return to the focus ring; the search field's while it has focus (↑ and
/// ↓ still move the sheet); else the demo's shortcuts, each to the part it is for (notches to
/// `NotchKeys`, M/P/N/R to `Playback`, ←/→ to the panel). Escape steps back one thing at a time:
/// with the field focused it clears the query, then leaves the field; without it closes the open
/// place, then clears a query left in the field, then moves the sheet one notch down.
extension DemoModel {
  /// The keys that act while the search field has focus: the others arrive with the text typed
  /// and do nothing (nor does `--record` keep them).
  static let typingKeys: Set<String> = ["Tab", "Shift+Tab", "Escape", "Backspace", "Return", "Up", "Down"]

  /// A key by name ("Up", "Escape", "h", …).
  func handleKey(_ raw: String) {
    let name = KeyNames.normalized(raw)
    switch name {
    case "Tab", "Shift+Tab":
      moveFocus(forward: name == "Tab")
      return
    case "Return", "Space":
      if focus != nil && !search.focused {
        activateFocus()
        return
      }
    default: break
    }
    if search.focused {
      guard Self.typingKeys.contains(name) else { return }
      switch name {
      case "Escape":
        if !clearSearch() { unfocusSearch() }
      case "Backspace": _ = search.deleteBackward(places: places, stack: &stack)
      case "Return": unfocusSearch()
      case "Up", "Down": _ = notchKeys.handle(key: name, stack: &stack)
      default: break
      }
      return
    }
    if notchKeys.handle(key: name, stack: &stack) || playback.handle(key: name) { return }
    switch name {
    case "F": hudShown.toggle()
    case "T": setPanel(!panel.shown)
    case "K": keyboard.become(keyboard.toggled(), stack: &stack)
    case "Q": request(.quit)
    case "S": request(saveEffect)
    case "R": playback.replayLastRelease(&stack)
    case "Left", "Right": panelAdjust(right: name == "Right")
    case "Escape":
      if stack.count > 1 {
        popDetail()
      } else if !clearSearch() {
        stack.withTop { $0.moveOneNotch(up: false) }
      }
    default:
      break
    }
  }

  /// Saving the tuning in force to the tuning file.
  var saveEffect: AppEffect { .saveTuning(path: tuningPath, text: TuningFile.text(rootTuning)) }
}
