import Detent
import DetentJSON

/// Input of one frame, from SDL (the demo, `EventPump`) or a scenario script (replay): screen
/// coordinates. The one vocabulary of input: `DemoModel.apply` takes it at the start of a frame,
/// `AppInputCodec` reads it from a script step and writes it back (scripts, `frame` steps,
/// `--record`), and `InputInjector` plays it into SDL as a device would. Adding a kind: see the
/// README ("Adding an input kind").
enum AppInput: Equatable, Sendable {
  /// A release velocity in px/s, screen coordinates.
  struct Velocity: Equatable, Sendable {
    var x: Double
    var y: Double
  }

  /// Left button down.
  case press(x: Double, y: Double)
  /// Pointer moved (button up or down).
  case move(x: Double, y: Double)
  /// Left button up; `velocity` replaces the measured one (a script's `drag` with `velocity`).
  case release(x: Double, y: Double, velocity: Velocity?)
  /// Wheel notches at a point; positive goes further down the list.
  case wheel(x: Double, y: Double, dy: Int)
  /// A fraction of wheel notches (a touchpad's precise delta); positive goes down the list.
  case fineWheel(x: Double, y: Double, dy: Double)
  /// Horizontal wheel notches at a point; positive scrolls content to the left (as a wheel
  /// tilted right, or a touchpad swiped left, does).
  case hwheel(x: Double, y: Double, dx: Int)
  /// A key by name ("Up", "Escape", "H", "1", …).
  case key(String)
  /// Typed text.
  case text(String)
  /// The window's new size.
  case resize(width: Int, height: Int)
  /// The top sheet goes to the notch of this name (animated: a settle; otherwise at once); a
  /// name the top sheet does not have changes nothing.
  case moveTo(notch: String, animated: Bool)
  /// A tuning change (the panel, a preset, hot reload, a script's `tune` step): `overlay` is a
  /// partial tuning document applied on top of the tuning in force.
  case tune(JSONValue)
  /// Slow motion: engine seconds per wall second (the panel's time row, a script's `timeScale`).
  case timeScale(Double)
  /// A/B: compare against the preset of this name from now on (nil: no comparison).
  case compare(String?)
  /// A status line for the tuning panel (hot reload: reloaded, deleted, invalid; saved). The
  /// program's own message, not a user's input: no script step writes it.
  case status(String, isError: Bool)
}
