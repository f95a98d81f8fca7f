import Detent
import DetentJSON

/// Input of one frame, from SDL (the demo) or a scenario script (replay): screen coordinates.
enum AppInput: Equatable, Sendable {
  /// Left button down.
  case press(x: Double, y: Double)
  /// Pointer moved (button up or down).
  case move(x: Double, y: Double)
  /// Left button up; `velocity` (px/s, screen coordinates) replaces the measured one.
  case release(x: Double, y: Double, velocity: (x: Double, y: Double)?)
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
  /// A tuning change (the panel, a preset, hot reload, a script's `tune` step): `overlay` is a
  /// partial tuning document applied on top of the tuning in force.
  case tune(JSONValue)
  /// Slow motion: engine seconds per wall second (the panel's time row, a script's `timeScale`).
  case timeScale(Double)
  /// A/B: compare against the preset of this name from now on (nil: no comparison).
  case compare(String?)
  /// A status line for the tuning panel (hot reload: reloaded, deleted, invalid; saved).
  case status(String, isError: Bool)

  static func == (a: AppInput, b: AppInput) -> Bool {
    switch (a, b) {
    case (.press(let x1, let y1), .press(let x2, let y2)), (.move(let x1, let y1), .move(let x2, let y2)):
      return x1 == x2 && y1 == y2
    case (.release(let x1, let y1, let v1), .release(let x2, let y2, let v2)):
      return x1 == x2 && y1 == y2 && v1?.x == v2?.x && v1?.y == v2?.y
    case (.wheel(let x1, let y1, let d1), .wheel(let x2, let y2, let d2)):
      return x1 == x2 && y1 == y2 && d1 == d2
    case (.fineWheel(let x1, let y1, let d1), .fineWheel(let x2, let y2, let d2)):
      return x1 == x2 && y1 == y2 && d1 == d2
    case (.hwheel(let x1, let y1, let d1), .hwheel(let x2, let y2, let d2)):
      return x1 == x2 && y1 == y2 && d1 == d2
    case (.key(let k1), .key(let k2)): return k1 == k2
    case (.text(let t1), .text(let t2)): return t1 == t2
    case (.resize(let w1, let h1), .resize(let w2, let h2)): return w1 == w2 && h1 == h2
    case (.tune(let a), .tune(let b)): return a == b
    case (.timeScale(let a), .timeScale(let b)): return a == b
    case (.compare(let a), .compare(let b)): return a == b
    case (.status(let a, let e1), .status(let b, let e2)): return a == b && e1 == e2
    default: return false
    }
  }
}
