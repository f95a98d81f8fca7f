import Detent
import Foundation

/// The map's view: world point at the window's center and the zoom; `version` changes on every
/// edit. It can fly to a point over `flightDuration` seconds of model time (eased in and out).
struct MapCamera {
  var centerX = 0.0
  /// The current location (world 0, 0) shows in the upper part of the window, above a half-height sheet.
  var centerY = 190.0
  var zoom = 1.0 {
    didSet { if zoom != oldValue { zoomedAt = clock } }
  }
  private(set) var version = 0
  /// Wall time at the last `advance` (seconds the model ran, paused or in slow motion alike),
  /// and when the zoom last changed (0: never).
  private(set) var clock = 0.0
  private(set) var zoomedAt = 0.0
  /// A flight in progress: from, to and start time.
  private(set) var flight: (fromX: Double, fromY: Double, toX: Double, toY: Double, start: Double)?

  /// Seconds a flight takes.
  static let flightDuration = 0.5

  /// Whether the camera is flying.
  var isFlying: Bool { flight != nil }
  /// Flights started since the camera was made (`bench --window` counts its own).
  private(set) var flightsStarted = 0

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

  /// Seconds the zoom has held, by the clock `advance` keeps (since start when it never
  /// changed).
  var zoomHeld: Double { clock - zoomedAt }

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
      flightsStarted += 1
    } else {
      flight = nil
      centerX = toX
      centerY = toY
      version += 1
    }
  }

  /// The fraction of its way a flight has gone at fraction `t` of its time (cubic, in and out).
  static func ease(_ t: Double) -> Double {
    t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) * (-2 * t + 2) * (-2 * t + 2) / 2
  }

  /// The fraction of its time at which a flight has gone fraction `e` of its way (`ease`'s inverse).
  static func uneased(_ e: Double) -> Double {
    let e = min(max(e, 0), 1)
    return e < 0.5 ? Foundation.cbrt(e / 4) : 1 - Foundation.cbrt(2 * (1 - e)) / 2
  }

  /// Frames at `fps` until the flying camera has gone fraction `s` of the rest of its way
  /// (nil: not flying).
  func framesUntil(restFraction s: Double, fps: Double) -> Double? {
    guard let f = flight else { return nil }
    let (dx, dy) = (f.toX - f.fromX, f.toY - f.fromY)
    let length = dx * dx + dy * dy
    guard length > 0 else { return 0 }
    let now = min(max(((centerX - f.fromX) * dx + (centerY - f.fromY) * dy) / length, 0), 1)
    let then = now + min(max(s, 0), 1) * (1 - now)
    return (Self.uneased(then) - Self.uneased(now)) * Self.flightDuration * fps
  }

  /// Moves a flight on to model time `now` (ease in and out; it ends on its target), and the
  /// camera's clock to `wall` (the seconds the model ran: a zoom settles while playback is
  /// paused too).
  mutating func advance(to now: Double, wall: Double) {
    clock = wall
    guard let f = flight else { return }
    let t = min(max((now - f.start) / Self.flightDuration, 0), 1)
    let e = Self.ease(t)
    centerX = f.fromX + (f.toX - f.fromX) * e
    centerY = f.fromY + (f.toY - f.fromY) * e
    version += 1
    if t >= 1 { flight = nil }
  }

  /// Flies (at model time `now`) so that `place`'s pin stands in the middle of the map that
  /// `detail` (its sheet, just opened) leaves uncovered in a scene `sceneWidth`×`windowHeight`:
  /// beside a card (the wider side), else above a sheet's first notch, below a shade's, beside
  /// a drawer's.
  mutating func fly(
    to place: Place, beside detail: OverlaySheet, sceneWidth width: Double, windowHeight: Double,
    at now: Double,
    animated: Bool
  ) {
    let frame = detail.horizontalFrame
    let height = detail.availableHeight
    let first = detail.notches.first?.height ?? 0
    var area = (x: 0.0, y: 0.0, w: width, h: max(height - first, 1))
    switch detail.edge {
    case .bottom: break
    case .top: area = (0, first, width, max(windowHeight - first, 1))
    case .left: area = (first, 0, max(width - first, 1), windowHeight)
    case .right: area = (0, 0, max(width - first, 1), windowHeight)
    }
    if frame.width < width, detail.edge.isVertical {
      let right = width - frame.x - frame.width
      area = frame.x >= right ? (0, 0, frame.x, height) : (frame.x + frame.width, 0, right, height)
    }
    // The selected pin's balloon stands about 30 px above its point: centre the balloon.
    fly(
      world: place.x, place.y, toScreen: area.x + area.w / 2, area.y + area.h / 2 + 24, width: width,
      height: windowHeight, at: now, animated: animated)
  }
}
