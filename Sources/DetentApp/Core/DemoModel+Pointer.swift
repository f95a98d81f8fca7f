import Detent
import Foundation

/// Pointer input routed to the part under it: the panel, the simulated keyboard, the top sheet or
/// the map behind it. `PointerModel` keeps who holds the pointer until the release.
extension DemoModel {
  /// The pointer's position.
  var pointerX: Double { pointer.x }
  var pointerY: Double { pointer.y }
  /// Whether the button is down.
  var pointerDown: Bool { pointer.isDown }
  /// Whether the pointer pans the map.
  var panning: Bool { pointer.panning }

  /// A press: the panel, a key of the simulated keyboard, the top sheet or the map takes it.
  /// False when it is done with it (nothing more to collect this input).
  func press(x: Double, y: Double) -> Bool {
    // A press takes the keyboard's focus ring away (a slider pressed is the one ←/→ adjust).
    focusRing.clear()
    if isOverPanel(x: x, y: y) {
      pointer.press(x: x, y: y, heldBy: .panel)
      panelPress(x: x, y: y)
      return false
    }
    if isOnKeyboard(x: x, y: y) {
      pointer.press(x: x, y: y, heldBy: .none)
      pressKeyboard(x: x, y: y)
      return false
    }
    pointer.pressScene(
      x: x, y: y, stack: &stack, time: wallTime,
      target: { hit, stack in self.pressTarget(x: x, y: y, hit: hit, in: stack) },
      chipScroll: { stack in self.search.isOnChipRow(x: x, y: y, of: stack) ? self.search.chipScroll : nil })
    return true
  }

  /// The pointer moved: what holds it follows (a dragged slider or the panel's scroll, the map's
  /// pan, the top sheet or the chip row).
  func move(x: Double, y: Double) {
    let (holder, dx, dy) = pointer.move(x: x, y: y)
    switch holder {
    case .panel: panelMove(x: x, y: y)
    case .map: camera.pan(dx: dx, dy: dy)
    case .sheet: pointer.dragSheet(stack: &stack, search: &search, time: wallTime)
    case .none: break
    }
  }

  /// A release: ends the capture; a tap on the top sheet acts on what it hit. False when it is
  /// done with it.
  func release(x: Double, y: Double, velocity: AppInput.Velocity?) -> Bool {
    switch pointer.release(x: x, y: y) {
    case .panel:
      panelRelease()
      return false
    case .map, .none:
      return false
    case .sheet:
      break
    }
    let released = pointer.releaseSheet(velocity: velocity, stack: &stack, time: wallTime)
    if released.wasDragging, stack.count == 1 {
      playback.noteRelease(height: stack.root.height, velocity: stack.root.releaseVelocity)
    }
    if let target = released.tapped { perform(target) }
    // Dragging the root down ends the search's focus, and its keyboard goes (after the drag, so
    // the sheet never leaves the pointer while the keyboard slides away).
    if released.wasDragging, stack.count == 1, search.focused, stack.root.tuning.keyboard.blurOnDrag,
      stack.root.height < released.heightAtPress - 1
    {
      unfocusSearch()
    }
    return true
  }

  /// Wheel notches (fractional from a touchpad) at (x, y): the panel scrolls, else the top
  /// sheet's rules, else the map zooms (1.1× a notch) unless the top sheet dims it (as a press
  /// there goes to the backdrop, not the map).
  func wheel(x: Double, y: Double, notches: Double) {
    pointer.hover(x: x, y: y)
    if isOverPanel(x: x, y: y) {
      panelScroll(notches: notches)
      return
    }
    if !stack.wheel(x: x, y: y, notches: notches), stack.top.dimAlpha == 0 {
      camera.zoom(by: pow(1.1, -notches), atX: x, y: y, width: sceneWidth, height: windowHeight)
    }
  }

  /// Whether (x, y) is on the simulated keyboard (the app's, below the sheets' raised bottom).
  func isOnKeyboard(x: Double, y: Double) -> Bool {
    let inset = stack.root.keyboardInset
    return inset > 0 && y >= windowHeight - inset && y < windowHeight && x < sceneWidth
  }

  /// A press on the simulated keyboard: a key of it types into the focused search field.
  private func pressKeyboard(x: Double, y: Double) {
    guard search.focused,
      let key = KeyboardLayout.key(
        atX: x, y: y, width: sceneWidth, windowHeight: windowHeight, height: stack.root.tuning.keyboard.height
      )
    else { return }
    if key.value == "Backspace" {
      handleKey("Backspace")
    } else {
      // As typed text: the list's rows change, and its scroll indicator notes it now.
      type(key.value)
      indicators.observe(stack, at: time)
    }
  }

  /// Whether (x, y) is on something the pointer can drag (for the hand cursor).
  func isDraggable(x: Double, y: Double) -> Bool {
    guard x < sceneWidth, !isOverPanel(x: x, y: y), let hit = stack.top.hitTest(x: x, y: y) else {
      return false
    }
    if case .row = hit { return stack.top.tuning.dragRegion == .sheet }
    return true
  }
}
