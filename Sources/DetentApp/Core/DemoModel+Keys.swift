import Detent

/// Keys: the search field's while it has focus, else the demo's shortcuts. Escape steps back
/// one thing at a time: it clears the query, then leaves the field; without focus it closes the
/// open place, then clears a query left in the field.
extension DemoModel {
  /// A key by name ("Up", "Escape", "h", …).
  func handleKey(_ raw: String) {
    let name = raw.count == 1 ? raw.uppercased() : raw
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
      switch name {
      case "Escape":
        // Maps steps back one thing at a time: the query first, then the focus.
        if !clearSearch() { unfocusSearch() }
      case "Backspace": deleteBackward()
      case "Return": unfocusSearch()
      case "Up": stack.withTop { $0.moveOneNotch(up: true) }
      case "Down": stack.withTop { $0.moveOneNotch(up: false) }
      default: break
      }
      return
    }
    switch name {
    case "Up": stack.withTop { $0.moveOneNotch(up: true) }
    case "Down": stack.withTop { $0.moveOneNotch(up: false) }
    case "1", "2", "3", "4", "5", "6", "7", "8", "9":
      let index = Int(name)! - 1
      stack.withTop { sheet in if index < sheet.notches.count { sheet.move(to: index, animated: true) } }
    case "H": toggleHidden()
    case "F": hudShown.toggle()
    case "T": setPanel(!panel.shown)
    case "K": setKeyboard(keyboard.toggled())
    case "Q": request(.quit)
    case "Escape":
      // One step back at a time: close the open place, clear the query, then one notch down.
      if stack.count > 1 {
        popDetail()
      } else if !clearSearch() {
        stack.withTop { $0.moveOneNotch(up: false) }
      }
    case "R": playback.replayLastRelease(&stack)
    case "S": request(saveEffect)
    case "M", "P", "N": _ = playback.handle(key: name)
    case "Left", "Right": panelAdjust(right: name == "Right")
    default:
      break
    }
  }

  /// Saving the tuning in force to the tuning file.
  var saveEffect: AppEffect { .saveTuning(path: tuningPath, text: TuningFile.text(rootTuning)) }

  /// Hides the sheet at its 0-height notch, or shows it again at the notch it had.
  private func toggleHidden() {
    let sheet = stack.top
    guard let hidden = sheet.notches.firstIndex(where: { $0.height == 0 }) else { return }
    if sheet.restingNotch == hidden || sheet.snapshot.targetIndex == hidden {
      let back = notchBeforeHiding ?? sheet.notches.firstIndex { $0.height > 0 && $0.enabled } ?? 0
      stack.withTop { $0.move(to: back, animated: true) }
    } else {
      notchBeforeHiding = sheet.restingNotch ?? sheet.snapshot.targetIndex
      stack.withTop { $0.move(to: hidden, animated: true) }
    }
  }
}
