/// The keyboard's behaviours (`keyboard.behavior`, `restoreOnBlur`): the bottom always rides
/// above the keyboard; `fillParent` grows a resting sheet to fill the window above it, in step
/// with the keyboard's slide; `restoreOnBlur` takes the sheet back to the notch it rested at
/// before the keyboard showed.
extension OverlaySheet {
  /// How far the keyboard is in (0 hidden … 1 fully shown), from its slide.
  var keyboardProgress: Double {
    let full = max(keyboardSlide.map { max($0.from, $0.to) } ?? keyboardInset, 0)
    return full > 0 ? min(max(keyboardInset / full, 0), 1) : 0
  }

  /// The height a sheet resting at notch `n` shows: the notch's, or under `fillParent` while
  /// the keyboard shows, grown toward the whole available height with the keyboard's slide.
  func restingHeight(_ n: Int) -> Double {
    let h = notches[n].height
    guard tuning.keyboard.behavior == .fillParent else { return h }
    let p = keyboardProgress
    return p > 0 ? h + (availableHeight - h) * p : h
  }

  /// The phase after the keyboard started to show or to hide, from phase `p`: showing notes
  /// the notch the sheet rests at (or heads to); hiding with `restoreOnBlur` moves back there.
  mutating func keyboardChanged(_ p: SheetPhase, shown: Bool) -> SheetPhase {
    if shown {
      switch p {
      case .idle(let n): notchBeforeKeyboard = n
      case .settling(let s): notchBeforeKeyboard = s.target
      case .pressed(let g), .dragging(let g): notchBeforeKeyboard = g.restingNotch ?? departedNotch
      case .coasting, .floating, .leaving, .gone: notchBeforeKeyboard = nil
      }
      return p
    }
    guard tuning.keyboard.restoreOnBlur, let back = notchBeforeKeyboard, notches.indices.contains(back) else {
      return p
    }
    notchBeforeKeyboard = nil
    if case .idle(let n) = p, n == back { return p }
    if p.gesture != nil { return p }
    return beginSettle(to: back, velocity: velocity)
  }
}
