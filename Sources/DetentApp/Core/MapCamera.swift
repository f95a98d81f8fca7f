/// The map's view: world point at the window's center and the zoom; `version` changes on every
/// edit. It can fly to a point over `flightDuration` seconds of model time (eased in and out).
struct MapCamera {
  var centerX = 0.0
  /// The current location (world 0, 0) shows in the upper part of the window, above a half-height sheet.
  var centerY = 190.0
  var zoom = 1.0
  private(set) var version = 0
  /// A flight in progress: from, to and start time.
  private(set) var flight: (fromX: Double, fromY: Double, toX: Double, toY: Double, start: Double)?

  /// Seconds a flight takes.
  static let flightDuration = 0.5

  /// Whether the camera is flying.
  var isFlying: Bool { flight != nil }

  /// Moves the view by a pointer drag of (dx, dy) px; stops a flight.
  mutating func pan(dx: Double, dy: Double) {
    guard dx != 0 || dy != 0 else { return }
    flight = nil
    centerX -= dx / zoom
    centerY -= dy / zoom
    version += 1
  }

  /// Zooms by `factor` keeping the world point under (x, y) in place, for a view `width`×`height`;
  /// stops a flight.
  mutating func zoom(by factor: Double, atX x: Double, y: Double, width: Double, height: Double) {
    let newZoom = min(max(zoom * factor, 0.35), 4)
    guard newZoom != zoom else { return }
    flight = nil
    let wx = centerX + (x - width / 2) / zoom
    let wy = centerY + (y - height / 2) / zoom
    zoom = newZoom
    centerX = wx - (x - width / 2) / zoom
    centerY = wy - (y - height / 2) / zoom
    version += 1
  }

  /// The screen point of world point (wx, wy) in a view `width`×`height`.
  func screen(x wx: Double, y wy: Double, width: Double, height: Double) -> (x: Double, y: Double) {
    ((wx - centerX) * zoom + width / 2, (wy - centerY) * zoom + height / 2)
  }

  /// Starts a flight at model time `now` that brings world point (wx, wy) to screen point
  /// (sx, sy) of a view `width`×`height`; `animated: false` jumps there.
  mutating func fly(
    world wx: Double, _ wy: Double, toScreen sx: Double, _ sy: Double, width: Double, height: Double,
    at now: Double, animated: Bool
  ) {
    let toX = wx - (sx - width / 2) / zoom
    let toY = wy - (sy - height / 2) / zoom
    guard toX != centerX || toY != centerY else { return }
    if animated {
      flight = (centerX, centerY, toX, toY, now)
    } else {
      flight = nil
      centerX = toX
      centerY = toY
      version += 1
    }
  }

  /// Moves a flight on to model time `now` (ease in and out); it ends on its target.
  mutating func advance(to now: Double) {
    guard let f = flight else { return }
    let t = min(max((now - f.start) / Self.flightDuration, 0), 1)
    let e = t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) * (-2 * t + 2) * (-2 * t + 2) / 2
    centerX = f.fromX + (f.toX - f.fromX) * e
    centerY = f.fromY + (f.toY - f.fromY) * e
    version += 1
    if t >= 1 { flight = nil }
  }
}
