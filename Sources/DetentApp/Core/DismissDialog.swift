/// The demo's answer to `didAttemptDismiss` (`dismiss.confirm`): a small modal dialog, Keep or
/// Discard. It takes the focus: Escape keeps, Return or Space presses the focused button (Keep
/// first), Tab and the arrows move between the two, D discards. Presses and keys drive it, so a
/// recording replays it.
struct DismissDialog: Equatable {
  /// The dialog's two buttons.
  enum Button: Equatable { case keep, discard }

  /// Depth of the sheet it asks about (0: the root).
  var sheet: Int
  /// The button Return presses.
  var focused: Button = .keep

  /// Width and height of the dialog's box, px.
  static let size = (w: 300.0, h: 132.0)

  /// The box, centred in a scene `width`×`height` below `top` (the bottom of a docked panel).
  static func box(width: Double, height: Double, top: Double = 0) -> HeaderLayout.Frame {
    let w = min(size.w, max(width - 32, 120))
    return ((width - w) / 2, top + (height - top - size.h) / 2, w, size.h)
  }

  /// The frame of `button` in a scene `width`×`height`.
  static func frame(_ button: Button, width: Double, height: Double, top: Double = 0) -> HeaderLayout.Frame {
    let b = box(width: width, height: height, top: top)
    let w = (b.w - 16 * 3) / 2
    let x = button == .keep ? b.x + 16 : b.x + 32 + w
    return (x, b.y + b.h - 16 - 40, w, 40)
  }

  /// The button under screen point (x, y), if any.
  static func button(at x: Double, _ y: Double, width: Double, height: Double, top: Double = 0) -> Button? {
    for button in [Button.keep, .discard]
    where HeaderLayout.contains(frame(button, width: width, height: height, top: top), x, y) {
      return button
    }
    return nil
  }
}
