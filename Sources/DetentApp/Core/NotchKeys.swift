import Detent

/// Moving the top sheet between its notches without dragging: ↑ and ↓ one notch, 1–9 the notch
/// of that number, H hides the sheet at its 0-height notch and shows it again at the notch it
/// had, and a click on the grabber (or Return on it) cycles through the reachable notches.
struct NotchKeys {
  /// The notch the sheet had before H hid it.
  private(set) var beforeHiding: Int?

  /// Handles ↑, ↓, 1–9 and H (`name` normalized, see `KeyNames`); false for any other key.
  mutating func handle(key name: String, stack: inout SheetStack) -> Bool {
    switch name {
    case "Up": stack.withTop { $0.moveOneNotch(up: true) }
    case "Down": stack.withTop { $0.moveOneNotch(up: false) }
    case "1", "2", "3", "4", "5", "6", "7", "8", "9":
      let index = Int(name)! - 1
      stack.withTop { sheet in if index < sheet.notches.count { sheet.move(to: index, animated: true) } }
    case "H": toggleHidden(&stack)
    default: return false
    }
    return true
  }

  /// Hides the top sheet at its 0-height notch, or shows it again at the notch it had (else its
  /// first shown, enabled notch).
  private mutating func toggleHidden(_ stack: inout SheetStack) {
    let sheet = stack.top
    guard let hidden = sheet.notches.firstIndex(where: { $0.height == 0 }) else { return }
    if sheet.restingNotch == hidden || sheet.snapshot.targetIndex == hidden {
      let back = beforeHiding ?? sheet.notches.firstIndex { $0.height > 0 && $0.enabled } ?? 0
      stack.withTop { $0.move(to: back, animated: true) }
    } else {
      beforeHiding = sheet.restingNotch ?? sheet.snapshot.targetIndex
      stack.withTop { $0.move(to: hidden, animated: true) }
    }
  }

  /// A click on the grabber, or Return on it: the next higher reachable notch, and from the
  /// top the lowest again.
  static func cycle(_ stack: inout SheetStack) {
    stack.withTop { sheet in
      let reachable = sheet.notches.indices.filter {
        sheet.notches[$0].enabled && sheet.notches[$0].height > 0
      }
      guard !reachable.isEmpty else { return }
      let current = sheet.snapshot.targetIndex ?? sheet.restingNotch
      let next = reachable.first {
        current == nil || sheet.notches[$0].height > sheet.notches[current!].height
      }
      sheet.move(to: next ?? reachable[0], animated: true)
    }
  }
}
