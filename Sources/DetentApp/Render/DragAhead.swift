/// Where a view that is being moved without a flight (a drag, a fling, arrow keys) is going,
/// from its last step: the pan buffer composes the page around where it goes a few units a
/// frame while the page on screen still holds the view (`PanBuffer`), instead of a whole page in
/// the frame the view leaves it.
struct DragAhead {
  /// The zoom and the top-left of the view in the last frame.
  private var last: (zoom: Double, x: Int, y: Int)?
  /// How far the view moved in the last frame (world pixels), nil when it did not or the zoom
  /// changed.
  private(set) var step: (dx: Int, dy: Int)?

  /// Notes the view of this frame (at zoom `z`).
  mutating func note(zoom z: Double, view: PanPage.Rect) {
    if let last, last.zoom == z, last.x != view.x || last.y != view.y {
      step = (view.x - last.x, view.y - last.y)
    } else {
      step = nil
    }
    last = (z, view.x, view.y)
  }

  /// Frames until `view`, moving by `step` a frame, leaves `rect` (infinity: it does not).
  static func framesUntilExit(of view: PanPage.Rect, from rect: PanPage.Rect, step: (dx: Int, dy: Int))
    -> Double
  {
    func axis(_ d: Int, _ v: Int, _ size: Int, _ low: Int, _ length: Int) -> Double {
      if d > 0 { return Double(low + length - v - size) / Double(d) }
      if d < 0 { return Double(v - low) / Double(-d) }
      return .infinity
    }
    return max(
      0,
      min(
        axis(step.dx, view.x, view.width, rect.x, rect.width),
        axis(step.dy, view.y, view.height, rect.y, rect.height)))
  }

  /// The page to compose next for `view` (the rectangle and the view in it whose pins are placed
  /// first) when, at its last step, it would leave `rect` within `frames` frames: the page around
  /// the view moved half a margin in the step's direction, so that it holds the view and
  /// reaches a margin and a half ahead. Nil when the view is not moving or not leaving soon.
  func next(view: PanPage.Rect, leaving rect: PanPage.Rect, within frames: Double, margin: Int) -> (
    rect: PanPage.Rect, view: PanPage.Rect
  )? {
    guard let step, Self.framesUntilExit(of: view, from: rect, step: step) <= frames else { return nil }
    let length = (Double(step.dx * step.dx + step.dy * step.dy)).squareRoot()
    let half = Double(margin) / 2
    var first = view
    first.x += Int((half * Double(step.dx) / length).rounded())
    first.y += Int((half * Double(step.dy) / length).rounded())
    return (first.inset(by: margin), first)
  }
}
