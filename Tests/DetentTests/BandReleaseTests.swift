@testable import Detent
import Testing

/// A release from the rubber band (OverlaySheet+Release.swift, `release(pointerVelocity:raw:)`):
/// the settle starts from the sheet's own velocity, the pointer's through the band's slope.
struct BandReleaseTests {
  /// Notches a/b/c at 200/400/600 in an 800-px window, resting at `initial`.
  static func sheet(initial: String) throws -> OverlaySheet {
    try makeSheet(
      notches: [
        NotchSpec(name: "a", height: 200), NotchSpec(name: "b", height: 400),
        NotchSpec(name: "c", height: 600),
      ], initial: initial)
  }

  /// A 200-px pull below `a` at 20 px a frame (1,200 px/s), then the release, at 60 Hz:
  /// (frame, height). Frames 1–10 drag (the pointer at 610 + 20·k), frame 10 lets go, frames
  /// 11–18 settle. Elastic band, factor 0.55, D = 800: a pull of x shows 800·(1 − 1/(x·0.55/800
  /// + 1)) px, so the 200-px pull shows 96.703 px and the band's slope there is
  /// 0.55/1.1375² = 0.42507: the sheet itself moves at 1,200 × 0.42507 = 510.08 px/s (8.5 px a
  /// frame). The spring (0.4 s, 0.85) starts from that: the first frame after the release moves
  /// 3.9 px, not the pointer's 20.
  static let bottomPull: [(Int, Double)] = [
    (1, 189.149_198_520), (2, 178.588_807_786), (3, 168.307_322_929), (4, 158.293_838_863),
    (5, 148.538_011_696), (6, 139.030_023_095), (7, 129.760_547_320), (8, 120.720_720_721),
    (9, 111.902_113_459), (10, 103.296_703_297),
    (11, 99.369_603_265), (12, 102.388_300_183), (13, 109.691_727_920), (14, 119.339_031_549),
    (15, 129.957_613_611), (16, 140.614_507_458), (17, 150.709_773_341), (18, 159.889_870_062),
  ]

  /// Runs the pull of `bottomPull` (or its mirror above `c` when `up`), returning the height at
  /// each frame and the velocity the release handed to the settle.
  static func pull(up: Bool, velocityOverride: Double? = nil) throws -> (heights: [Double], released: Double)
  {
    var sheet = try sheet(initial: up ? "c" : "a")
    let pressY = up ? 205.0 : 610.0
    let step = up ? -20.0 : 20.0
    sheet.pointerDown(x: 200, y: pressY)
    var heights: [Double] = []
    for k in 1...10 {
      sheet.step(dt: 1.0 / 60)
      sheet.pointerMove(x: 200, y: pressY + Double(k) * step)
      heights.append(sheet.height)
    }
    sheet.pointerUp(x: 200, y: pressY + 10 * step, velocityOverride: velocityOverride)
    let released = sheet.velocity
    for _ in 11...18 {
      sheet.step(dt: 1.0 / 60)
      heights.append(sheet.height)
    }
    return (heights, released)
  }

  @Test("a pull below the lowest notch: heights frame by frame before and after the release")
  func bottomFrames() throws {
    let run = try Self.pull(up: false)
    for (frame, expected) in Self.bottomPull {
      expectClose(run.heights[frame - 1], expected, 1e-6, "frame \(frame)")
    }
    expectClose(run.released, -510.083_323_270, 1e-6)
  }

  @Test("a pull above the highest notch mirrors it: 800 − the same heights")
  func topFrames() throws {
    let run = try Self.pull(up: true)
    for (frame, expected) in Self.bottomPull {
      expectClose(run.heights[frame - 1], 800 - expected, 1e-6, "frame \(frame)")
    }
    expectClose(run.released, 510.083_323_270, 1e-6)
  }

  /// (pointer velocity override, screen px/s; dh/dt the settle starts with)
  static let overrides: [(Double, Double)] = [
    (0, 0), (600, -255.041_661_635), (-600, 255.041_661_635), (-2400, 1020.166_646_540),
  ]

  @Test(
    "an overriding release velocity is the pointer's: the band's slope (0.42507) applies",
    arguments: overrides)
  func overrideThroughBand(pointer: Double, sheetVelocity: Double) throws {
    let run = try Self.pull(up: false, velocityOverride: pointer)
    expectClose(run.released, sheetVelocity, 1e-6)
  }

  @Test("inside the range the sheet leaves the pointer at the pointer's own speed")
  func insideRange() throws {
    var sheet = try Self.sheet(initial: "a")
    drag(&sheet, from: 610, to: 510, frames: 5)  // 100 px up at 20 px a frame, 200 → 300 px
    #expect(sheet.height == 300)
    expectClose(sheet.velocity, 1200, 1e-6)
  }

  /// (kind, raw, slope): 1 inside, f/(x·f/D + 1)² elastic, limit·f/((limit + x)·ln 10)
  /// logarithmic, 0 where an edge clamps; lower 100, upper 300, D 800, factor 0.55.
  static let slopes: [(RubberBand, Double, Double)] = [
    (RubberBand(kind: .elastic), 200, 1), (RubberBand(kind: .elastic), 300, 1),
    (RubberBand(kind: .elastic), 400, 0.481_515_680), (RubberBand(kind: .elastic), 0, 0.481_515_680),
    (RubberBand(kind: .elastic), -700, 0.228_928_200),
    (RubberBand(kind: .logarithmic), 400, 0.179_146_474), (RubberBand(kind: .logarithmic), 50, 0.159_241_310),
    (RubberBand(kind: .none), 400, 0), (RubberBand(kind: .elastic, top: false), 400, 0),
    (RubberBand(kind: .elastic, bottom: false), 0, 0),
  ]

  @Test("the band's slope d(shown)/d(raw)", arguments: slopes)
  func slope(band: RubberBand, raw: Double, expected: Double) {
    expectClose(band.slope(at: raw, lower: 100, upper: 300, dimension: 800), expected, 1e-9)
  }
}

/// A settle that reaches an edge that does not stretch (or the window's) at its notch.
@Suite struct SettleAtWallTests {
  /// A bouncy move (0.55 s, 0.45) from notch a (100) to c (700) in an 800-px window; `top` false:
  /// no rubber band above the top notch. Frame by frame: (height, phase, events).
  static func run(top: Bool, cHeight: Double = 700) throws -> [(Double, PhaseName, [SheetEventKind])] {
    var sheet = try makeSheet(
      notches: [
        NotchSpec(name: "a", height: 100), NotchSpec(name: "b", height: 400),
        NotchSpec(name: "c", height: cHeight),
      ], initial: "a",
      configure: {
        $0.layout.mode = .bottom
        $0.spring = Spring(response: 0.55, dampingRatio: 0.45)
        $0.rubberBand.top = top
      }, width: 800, height: 800)
    sheet.move(to: 2, animated: true)
    _ = sheet.takeEvents()
    var frames: [(Double, PhaseName, [SheetEventKind])] = []
    for _ in 0..<120 {
      sheet.step(dt: 1.0 / 60)
      frames.append((sheet.height, sheet.snapshot.phase, sheet.takeEvents().map(\.kind)))
    }
    return frames
  }

  @Test("no band above the top notch: the settle ends at the notch the frame the spring reaches it")
  func wallAtNotch() throws {
    let frames = try Self.run(top: false)
    let spring = Spring(response: 0.55, dampingRatio: 0.45)
    // The first frame whose free spring is past 700.
    let crossing = try #require(
      (1...120).first { spring.state(displacement: -600, velocity: 0, at: Double($0) / 60).displacement > 0 })
    let arrived = try #require(frames.firstIndex { $0.1 == .idle })
    #expect(arrived + 1 == crossing)
    #expect(frames[arrived].0 == 700)
    #expect(frames[arrived].2.contains(.didMoveToNotch(2)))
    // Never past it, never back below it.
    #expect(frames.allSatisfy { $0.0 <= 700 })
    #expect(frames[arrived...].allSatisfy { $0.0 == 700 && $0.1 == .idle })
  }

  @Test("a notch at the window's edge, band on: the same wall")
  func windowEdge() throws {
    let frames = try Self.run(top: true, cHeight: 800)
    let arrived = try #require(frames.firstIndex { $0.1 == .idle })
    #expect(frames[arrived...].allSatisfy { $0.0 == 800 })
    #expect(arrived < 30)
  }

  @Test("with the band: the settle overshoots past the notch and comes back as before")
  func bandOvershoots() throws {
    let frames = try Self.run(top: true)
    #expect(frames.contains { $0.0 > 700 })
  }
}
