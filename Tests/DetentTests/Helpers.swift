import Detent
import Testing

/// Three absolute notches a/b/c at 100/200/300 in an 800-px window unless told otherwise.
func makeSheet(
  notches: [NotchSpec] = [
    NotchSpec(name: "a", height: 100), NotchSpec(name: "b", height: 200), NotchSpec(name: "c", height: 300),
  ],
  initial: String? = nil, configure: (inout Tuning) -> Void = { _ in }, width: Double = 400,
  height: Double = 800
) throws -> OverlaySheet {
  var tuning = Tuning(notches: notches, initialNotch: initial)
  configure(&tuning)
  return try OverlaySheet(tuning: tuning, windowWidth: width, windowHeight: height)
}

/// Runs frames of `dt` until the sheet is idle and the list still, or `limit` seconds pass.
@discardableResult
func settle(_ sheet: inout OverlaySheet, dt: Double = 1.0 / 60, limit: Double = 5) -> Double {
  var t = 0.0
  while t < limit {
    sheet.step(dt: dt)
    t += dt
    if sheet.snapshot.phase == .idle { break }
  }
  return t
}

/// Drags from screen y `from` to `to` in `frames` moves, one per frame, then releases.
func drag(
  _ sheet: inout OverlaySheet, x: Double = 200, from: Double, to: Double, frames: Int, dt: Double = 1.0 / 60,
  releaseVelocity: Double? = nil
) {
  sheet.pointerDown(x: x, y: from)
  for k in 1...frames {
    sheet.step(dt: dt)
    sheet.pointerMove(x: x, y: from + (to - from) * Double(k) / Double(frames))
  }
  sheet.pointerUp(x: x, y: to, velocityOverride: releaseVelocity)
}

/// Event names in order.
func names(_ events: [SheetEvent]) -> [String] { events.map(\.kind.name) }

/// Asserts `a` is within `tolerance` of `b`, reporting the caller's location.
func expectClose(
  _ a: Double, _ b: Double, _ tolerance: Double = 1e-9, _ comment: Comment? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(
    abs(a - b) <= tolerance, "\(a) is not within \(tolerance) of \(b). \(comment?.rawValue ?? "")",
    sourceLocation: sourceLocation)
}

/// A detail sheet (depth 1, so a dismissal makes it leave) with `tuning`, pushed over a default
/// root in a `width` × `height` window and settled at its notch: a copy of the stack's top,
/// driven on its own. Its events so far are taken.
func makeDetailSheet(_ tuning: Tuning, width: Double = 400, height: Double = 800) throws -> OverlaySheet {
  var stack = SheetStack(root: try OverlaySheet(tuning: Tuning(), windowWidth: width, windowHeight: height))
  try stack.push(tuning: tuning)
  for _ in 0..<600 where stack.top.snapshot.phase != .idle { stack.step(dt: 1.0 / 60) }
  _ = stack.takeEvents()
  return stack.top
}
