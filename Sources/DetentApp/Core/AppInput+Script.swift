/// An input as a script step plays it: placed at the point its aim resolves to, and the frames
/// its step takes on its own.
extension AppInput {
  /// The same input at (x, y) (a script's aim resolved); an input without a point is unchanged.
  func placed(atX x: Double, y: Double) -> AppInput {
    switch self {
    case .press: .press(x: x, y: y)
    case .move: .move(x: x, y: y)
    case .release(_, _, let v): .release(x: x, y: y, velocity: v)
    case .wheel(_, _, let dy): .wheel(x: x, y: y, dy: dy)
    case .fineWheel(_, _, let dy): .fineWheel(x: x, y: y, dy: dy)
    case .hwheel(_, _, let dx): .hwheel(x: x, y: y, dx: dx)
    case .key, .text, .resize, .moveTo, .tune, .timeScale, .compare, .status: self
    }
  }

  /// Frames its step takes on its own: one per wheel notch (a fraction: one), one otherwise.
  var framesAlone: Int {
    switch self {
    case .wheel(_, _, let dy): abs(dy)
    case .hwheel(_, _, let dx): abs(dx)
    default: 1
    }
  }
}
