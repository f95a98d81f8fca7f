@testable import Detent
import Testing

/// The edge is only a mapping: the same grabber gestures, written in extent terms (a press so
/// many px inside the free edge, moves along the axis, releases at d(extent)/dt), keys, replayed
/// releases and resizes of the axis (while no pointer is down) give the same extents, velocities, phases and events on all
/// four edges. DETENT_PROPERTY_RUNS sets the number of random cases (default 1000; a quarter of
/// them here, each run on four edges).
extension PropertyTests {
  /// One input in extent terms.
  enum AxisOp {
    /// A press `inside` px from the free edge (on the grabber strip).
    case press(inside: Double)
    /// The pressed pointer moves by `by` px along the axis (positive: away from the edge).
    case move(by: Double)
    /// A release with d(extent)/dt `velocity` (nil: measured).
    case release(velocity: Double?)
    case key(up: Bool)
    case replay(height: Double, velocity: Double)
    /// The window's size along the axis becomes `axis`.
    case resize(axis: Double)
  }

  /// Plays `ops` on `edge` in a window whose axis is `axis` px and cross axis `cross` px; returns
  /// one line per frame (extent, velocity, phase) and per event.
  static func playAlongAxis(
    _ tuning: Tuning, edge: SheetEdge, axis: Double, cross: Double, ops: [(AxisOp, Int)]
  ) -> [String] {
    var t = tuning
    t.layout.edge = edge
    t.layout.mode = .bottom
    var length = axis
    func window(_ a: Double) -> (w: Double, h: Double) { edge.isVertical ? (cross, a) : (a, cross) }
    guard var sheet = try? OverlaySheet(tuning: t, windowWidth: window(axis).w, windowHeight: window(axis).h)
    else { return ["no sheet"] }
    // The pointer, as a distance from the attached edge.
    var along = 0.0
    func screen(_ a: Double) -> (x: Double, y: Double) {
      switch edge {
      case .bottom: (cross / 2, length - a)
      case .top: (cross / 2, a)
      case .left: (a, cross / 2)
      case .right: (length - a, cross / 2)
      }
    }
    var out: [String] = []
    for (op, frames) in ops {
      // One pointer: no second press while one is down; and no resize then either, since it
      // moves a bottom or right edge under a pointer that stays put but not a top or left one.
      let held = sheet.phase.gesture != nil
      switch op {
      case .press where held, .resize where held: break
      // A press lands inside the window: not when the sheet is thinner than `inside`.
      case .press(let inside) where sheet.height < inside: break
      case .press(let inside):
        along = sheet.height - inside
        let p = screen(along)
        sheet.pointerDown(x: p.x, y: p.y)
      case .move(let by):
        along += by
        let p = screen(along)
        sheet.pointerMove(x: p.x, y: p.y)
      case .release(let v):
        let p = screen(along)
        let velocity = v.map { v in
          switch edge {
          case .bottom: PointerVelocity(x: 0, y: -v)
          case .top: PointerVelocity(x: 0, y: v)
          case .left: PointerVelocity(x: v, y: 0)
          case .right: PointerVelocity(x: -v, y: 0)
          }
        }
        sheet.pointerUp(x: p.x, y: p.y, velocity: velocity)
      case .key(let up): sheet.moveOneNotch(up: up)
      case .replay(let h, let v): sheet.replayRelease(height: h, velocity: v)
      case .resize(let a):
        length = a
        sheet.resize(width: window(a).w, height: window(a).h)
      }
      for _ in 0..<frames {
        sheet.step(dt: 1.0 / 60)
        let s = sheet.snapshot
        // (+ 0 turns a −0 into 0: a velocity of −0 and 0 are the same rest)
        out.append("\((s.height * 1e6).rounded()) \((s.velocity * 1e3).rounded() + 0) \(s.phase.rawValue)")
        for e in sheet.takeEvents() {
          out.append("\(e.kind.name) \(e.notch ?? "") \((e.height * 1e6).rounded())")
        }
      }
    }
    return out
  }

  @Test("the same gestures in extent terms give the same extents, velocities and events on every edge")
  func edgesAgree() {
    var failures: [String] = []
    for seed in 0..<UInt64(max(Self.runs / 4, 1)) {
      var rng = RNG(state: seed &+ 0xED6E)
      var tuning = Self.randomTuning(&rng)
      tuning.dragRegion = .sheet
      let axis = max((tuning.notches.last?.height ?? 0) + 10, rng.double(300...1200)).rounded()
      let cross = rng.double(300...1600).rounded()
      var ops: [(AxisOp, Int)] = []
      for _ in 0..<rng.int(5...40) {
        let op: AxisOp =
          switch rng.int(0...9) {
          case 0, 1: .press(inside: rng.double(1...15))
          case 2, 3, 4: .move(by: rng.double(-120...120).rounded())
          case 5: .release(velocity: rng.bool() ? rng.double(-4000...4000) : nil)
          case 6: .key(up: rng.bool())
          case 7: .replay(height: rng.double(0...axis), velocity: rng.double(-3000...3000))
          case 8:
            .resize(axis: max((tuning.notches.last?.height ?? 0) + 10, rng.double(300...1200)).rounded())
          default: .move(by: 0)
          }
        ops.append((op, rng.int(1...6)))
      }
      let bottom = Self.playAlongAxis(tuning, edge: .bottom, axis: axis, cross: cross, ops: ops)
      for edge in [SheetEdge.top, .left, .right] {
        let other = Self.playAlongAxis(tuning, edge: edge, axis: axis, cross: cross, ops: ops)
        let differs = bottom.indices.first { $0 >= other.count || bottom[$0] != other[$0] }
        if let i = differs ?? (bottom.count == other.count ? nil : bottom.count) {
          failures.append(
            "seed \(seed), \(edge): line \(i): bottom \(bottom[safe: i]) vs \(other[safe: i]); "
              + "\(bottom[max(i - 3, 0)..<min(i + 1, bottom.count)]) ops \(ops)")
        }
      }
      if failures.count >= 3 { break }
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }
}

extension Array where Element == String {
  fileprivate subscript(safe i: Int) -> String { indices.contains(i) ? self[i] : "(none)" }
}
