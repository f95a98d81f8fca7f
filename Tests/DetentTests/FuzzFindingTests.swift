import Detent
import Testing

/// What the `engine` fuzz target (and the random property tests) found, one row per finding,
/// each replayed by hand at its smallest: inputs on a stack over the three-notch test sheet (a/b/c at 100/200/300 in a
/// 400×800 window), the invariants checked after every input and frame (height inside the
/// window, exactly on an idle notch, header and list in range, popped sheets inside the window,
/// event order), then where the sheet comes to rest.
struct FuzzFindingTests {
  /// One input of a replay.
  enum Input: Sendable {
    case press(Double, Double)
    case move(Double, Double)
    /// Release; `velocity` is screen px/s (negative = up), nil = measured.
    case release(Double, Double, velocity: Double?)
    case wheel(Double, Double, notches: Int)
    /// Frames of 1/60 s.
    case frames(Int)
    case tune(Tuning)
    case resize(Double, Double)
    case moveTo(Int, animated: Bool)
    case replayRelease(height: Double, velocity: Double)
    case push(Tuning)
    case pop
  }

  /// Where the top sheet rests after the replay.
  struct Rest: Sendable {
    var notch: String
    var height: Double
    var headerOffset: Double? = nil
    var listOffset: Double? = nil
    /// The list rests exactly at its end (offset == its largest in-bounds offset).
    var listAtEnd = false
  }

  /// One finding: what happened, on which tuning, and where the sheet must end up.
  struct Finding: Sendable, CustomTestStringConvertible {
    var name: String
    var tuning: Tuning
    var inputs: [Input]
    var rest: Rest
    var testDescription: String { name }
  }

  /// The three-notch test tuning, changed by `configure`.
  static func tuning(_ configure: (inout Tuning) -> Void = { _ in }) -> Tuning {
    var t = Tuning(notches: [
      NotchSpec(name: "a", height: 100), NotchSpec(name: "b", height: 200), NotchSpec(name: "c", height: 300),
    ])
    configure(&t)
    return t
  }

  /// The test tuning under the `free` policy, and under `nearest`.
  static let free = tuning { $0.policy = .free(decelerationRate: 0.998) }
  static let nearest = tuning { $0.policy = .nearest }
  /// The demo's detail sheet: peek at 300, full at the window less 100.
  static let detail = Tuning(
    notches: [NotchSpec(name: "peek", height: 300), NotchSpec(name: "full", fraction: 1, inset: 100)],
    initialNotch: "peek")

  static let findings: [Finding] = [
    Finding(
      name: "a tune away from the free policy while the sheet floats snaps it to the policy's notch",
      tuning: free,
      inputs: [
        .press(200, 704), .frames(1), .move(200, 690), .frames(1), .move(200, 644), .frames(10),
        .release(200, 644, velocity: nil), .frames(2), .tune(nearest),
      ],
      rest: Rest(notch: "b", height: 200)),
    Finding(
      name: "a tune away from the free policy during a coast snaps it to the policy's notch",
      tuning: free,
      inputs: [
        .press(200, 704), .frames(1), .move(200, 690), .frames(1), .move(200, 654),
        .release(200, 654, velocity: -300), .frames(2), .tune(nearest),
      ],
      rest: Rest(notch: "b", height: 200)),
    Finding(
      name: "a resize during a settle takes the sheet inside the smaller window at once",
      tuning: tuning { $0.notches[2] = NotchSpec(name: "c", fraction: 1) },
      inputs: [.moveTo(2, animated: true), .frames(12), .resize(400, 300)],
      rest: Rest(notch: "c", height: 300)),
    Finding(
      name: "a replayed release from above the window starts at the window's top",
      tuning: tuning(),
      inputs: [.replayRelease(height: 1200, velocity: 0)],
      rest: Rest(notch: "c", height: 300)),
    Finding(
      name: "a replayed release from above what the rubber band shows starts at the band's edge",
      tuning: tuning { $0.rubberBand = RubberBand(kind: .none) },
      inputs: [
        .replayRelease(height: 600, velocity: 0), .press(200, 504), .release(200, 504, velocity: nil),
      ],
      rest: Rest(notch: "c", height: 300)),
    Finding(
      name: "a resize during a reduced-motion move keeps the sheet inside the new limits, pressed at once",
      tuning: tuning {
        $0.reduceMotion = true
        $0.notches[2] = NotchSpec(name: "c", fraction: 0.5)
      },
      inputs: [
        .moveTo(2, animated: true), .frames(6), .resize(400, 300), .press(200, 104),
        .release(200, 104, velocity: nil),
      ],
      // c (half of 300 = 150) is kept at b's 200 rather than below it; the tap rests at the
      // first notch of that height.
      rest: Rest(notch: "b", height: 200)),
    Finding(
      name: "a tune to a shorter header while it is hidden keeps its offset in range",
      tuning: tuning { $0.initialNotch = "c" },
      inputs: [
        .wheel(200, 760, notches: 3), .frames(1),
        .tune(
          tuning {
            $0.initialNotch = "c"; $0.header.height = 40
          }),
      ],
      rest: Rest(notch: "c", height: 300, headerOffset: -40)),
    Finding(
      name: "a tune removing the notch of a settle announces the new target before arriving",
      tuning: tuning(),
      inputs: [
        .moveTo(2, animated: true), .frames(3),
        .tune(Tuning(notches: [NotchSpec(name: "a", height: 100), NotchSpec(name: "b", height: 200)])),
      ],
      rest: Rest(notch: "a", height: 100)),
    Finding(
      name: "a push ends the press on the sheet below",
      tuning: tuning(),
      inputs: [.press(200, 704), .push(detail), .frames(60), .pop],
      rest: Rest(notch: "a", height: 100)),
    Finding(
      name: "a sheet popped while flung upward slides out inside the window",
      tuning: tuning(),
      inputs: [
        .push(detail), .frames(60), .press(200, 504), .frames(1), .move(200, 490), .frames(1),
        .move(200, 400), .release(200, 400, velocity: -30_000), .pop,
      ],
      rest: Rest(notch: "a", height: 100)),
    Finding(
      name: "releasing a press whose resting notch a tune removed settles to a notch",
      tuning: tuning(),
      inputs: [
        .moveTo(2, animated: false), .press(200, 504),
        .tune(Tuning(notches: [NotchSpec(name: "a", height: 100), NotchSpec(name: "b", height: 200)])),
        .release(200, 504, velocity: nil),
      ],
      rest: Rest(notch: "b", height: 200)),
    Finding(
      name: "less list content during a bounce keeps the list within its overscroll limit",
      tuning: tuning {
        $0.initialNotch = "c"; $0.list.rows = 10
      },
      inputs: [
        .press(200, 780), .frames(1), .move(200, 770), .frames(1), .move(200, 170),
        .release(200, 170, velocity: 0), .frames(1),
        .tune(
          tuning {
            $0.initialNotch = "c"; $0.list.rows = 1
          }),
      ],
      rest: Rest(notch: "c", height: 300, listOffset: 0)),
    Finding(
      name: "less list content during a coast turns the list back at its new end",
      tuning: tuning { $0.initialNotch = "c" },
      inputs: [
        .wheel(200, 760, notches: 20), .frames(1), .press(200, 780), .frames(1), .move(200, 770), .frames(1),
        .move(200, 700), .release(200, 700, velocity: -3000), .frames(2),
        .tune(
          tuning {
            $0.initialNotch = "c"; $0.list.rows = 10
          }),
      ],
      rest: Rest(notch: "c", height: 300, listAtEnd: true)),
    Finding(
      // The `engine` fuzz target, CI run of 2026-11-24: a coast back toward the top went on from
      // where it started after a tune left the list past its new far end, beyond the overscroll
      // limit (1,872 past an end with a limit of 1,034).
      name: "less list content during a coast toward the top leaves the list within its overscroll limit",
      tuning: tuning { $0.initialNotch = "c" },
      inputs: [
        .wheel(200, 760, notches: 30), .frames(20), .press(200, 700), .frames(1), .move(200, 710), .frames(1),
        .move(200, 760), .release(200, 760, velocity: 4000), .frames(2),
        .tune(
          tuning {
            $0.initialNotch = "c"; $0.list.rows = 2
          }),
      ],
      rest: Rest(notch: "c", height: 300, listOffset: 0)),
    Finding(
      name: "a list the wheel left past its end (the header it hid made the viewport taller) springs back",
      tuning: tuning {
        $0.initialNotch = "c"
        $0.list.rows = 4
        $0.header = HeaderConfig(height: 30, mode: .collapseFirst)
      },
      inputs: [.wheel(200, 760, notches: 1)],
      rest: Rest(notch: "c", height: 300, headerOffset: -30, listOffset: 0)),
    Finding(
      name: "a press that stops a bounce and lets go without a drag leaves the list moving back inside",
      tuning: tuning {
        $0.initialNotch = "c"; $0.list.rows = 10
      },
      inputs: [
        .press(200, 780), .frames(1), .move(200, 770), .frames(1), .move(200, 170),
        .release(200, 170, velocity: 0), .frames(2), .press(200, 700), .frames(1), .move(220, 700),
        .frames(1),
        .release(220, 700, velocity: nil),
      ],
      rest: Rest(notch: "c", height: 300, listAtEnd: true)),
  ]

  /// The first broken invariant of the stack, if any.
  static func problem(_ stack: SheetStack) -> String? {
    for sheet in stack.sheets {
      if let p = PropertyTests.invariantProblem(sheet) { return "sheet \(sheet.depth): \(p)" }
    }
    for sheet in stack.leaving where sheet.height < 0 || sheet.height > sheet.windowHeight {
      return "popped sheet sliding out at \(sheet.height) in a \(sheet.windowHeight)-px window"
    }
    return nil
  }

  @Test("fuzz findings replay with every invariant kept", arguments: findings)
  func replay(_ f: Finding) throws {
    var stack = SheetStack(root: try OverlaySheet(tuning: f.tuning, windowWidth: 400, windowHeight: 800))
    var order = PropertyTests.EventChecker()
    func check(_ after: String) {
      if let p = Self.problem(stack) { Issue.record("after \(after): \(p)") }
      order.check(stack.takeEvents())
    }
    for input in f.inputs {
      switch input {
      case .press(let x, let y): _ = stack.pointerDown(x: x, y: y)
      case .move(let x, let y): stack.pointerMove(x: x, y: y)
      case .release(let x, let y, let v): _ = stack.pointerUp(x: x, y: y, velocityOverride: v)
      case .wheel(let x, let y, let n): _ = stack.wheel(x: x, y: y, notches: n)
      case .frames(let n):
        for _ in 0..<n {
          stack.step(dt: 1.0 / 60)
          check("a frame")
        }
      case .tune(let t): try stack.withRootThrowing { sheet throws(ConfigError) in try sheet.setTuning(t) }
      case .resize(let w, let h): stack.resize(width: w, height: h)
      case .moveTo(let n, let animated): stack.withTop { $0.move(to: n, animated: animated) }
      case .replayRelease(let h, let v): stack.withRoot { $0.replayRelease(height: h, velocity: v) }
      case .push(let t): try stack.push(tuning: t)
      case .pop: _ = stack.pop()
      }
      check("\(input)")
    }
    for _ in 0..<600 where stack.isMoving {
      stack.step(dt: 1.0 / 60)
      check("a frame")
    }
    #expect(order.problems.isEmpty, "\(order.problems)")
    #expect(!stack.isMoving, "still moving 10 s after the last input")
    let s = stack.top.snapshot
    #expect(s.phase == .idle)
    #expect(s.notch == f.rest.notch)
    #expect(s.height == f.rest.height)
    if let header = f.rest.headerOffset { #expect(s.headerOffset == header) }
    if let list = f.rest.listOffset { #expect(s.listOffset == list) }
    if f.rest.listAtEnd { #expect(s.listOffset == s.maxListOffset && s.maxListOffset > 0) }
  }
}
