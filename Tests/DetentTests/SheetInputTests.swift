import Detent
import Testing

/// The state machine's table (`OverlaySheet.handle`, inputs in SheetInput.swift): every phase
/// meets every input, through the public API, and lands where the table says.
struct SheetInputTests {
  /// The phases a sheet can be in, each reached through public inputs.
  enum Start: String, CaseIterable, CustomStringConvertible {
    case idle, pressed, dragging, settling, coasting, floating, leaving, gone
    var description: String { rawValue }
  }

  /// The inputs of the table.
  enum Input: String, CaseIterable, CustomStringConvertible {
    case press, move, release, tick, moveToTop, replayRelease, resize, retune, rowsChanged, dismiss, present
    case keyboard
    var description: String { rawValue }
  }

  /// Notches a/b/c at 100/200/300 in an 800-px window, one deep in a stack (so a dismissal
  /// leaves); coasting and floating need `free`.
  static func sheet(in start: Start) throws -> OverlaySheet {
    let free = start == .coasting || start == .floating
    var tuning = Tuning(
      notches: [
        NotchSpec(name: "a", height: 100), NotchSpec(name: "b", height: 200),
        NotchSpec(name: "c", height: 300),
      ],
      initialNotch: "b")
    if free { tuning.policy = .free(decelerationRate: 0.998) }
    // A sheet stacked over another (a detail sheet) can be dismissed: it leaves.
    var s = try makeDetailSheet(tuning)
    // The grabber of a sheet resting at b (200 px): its top edge is at y = 600.
    switch start {
    case .idle: break
    case .pressed: s.pointerDown(x: 200, y: 605)
    case .dragging:
      s.pointerDown(x: 200, y: 605)
      s.step(dt: 1.0 / 60)
      s.pointerMove(x: 200, y: 575)
    case .settling:
      s.move(to: 2, animated: true)
      s.step(dt: 1.0 / 60)
    case .coasting, .floating:
      drag(&s, x: 200, from: 605, to: 575, frames: 3, releaseVelocity: -120)
      s.step(dt: 1.0 / 60)
      if start == .floating { for _ in 0..<300 { s.step(dt: 1.0 / 60) } }
    case .leaving, .gone:
      s.dismiss()
      s.step(dt: 1.0 / 60)
      if start == .gone { for _ in 0..<60 { s.step(dt: 1.0 / 60) } }
    }
    _ = s.takeEvents()
    return s
  }

  /// The phase in the table's words: `idle@b`, `settling→c`, `coasting`, `floating`, ...
  static func describe(_ s: OverlaySheet) -> String {
    if s.isGone { return "gone" }
    if s.isLeaving { return "leaving" }
    let snap = s.snapshot
    switch snap.phase {
    // At rest between notches (`free`): idle at no notch.
    case .idle, .scrolling: return snap.notch.map { "idle@\($0)" } ?? "floating"
    case .pressed: return "pressed"
    case .dragging: return "dragging"
    case .settling: return snap.targetNotch.map { "settling→\($0)" } ?? "coasting"
    }
  }

  /// Applies `input`; returns what a press or a release answered ("sheet", "none", "tap", "").
  static func apply(_ input: Input, to s: inout OverlaySheet) -> String {
    let top = s.snapshot.top
    switch input {
    case .press:
      if case .sheet = s.pointerDown(x: 200, y: top + 5) { return "sheet" }
      return "none"
    case .release: return s.pointerUp(x: 200, y: 575, velocityOverride: 0) == nil ? "" : "tap"
    case .move: s.pointerMove(x: 200, y: 560)
    case .tick: s.step(dt: 1.0 / 60)
    case .moveToTop: s.move(to: 2, animated: true)
    case .replayRelease: s.replayRelease(height: 280, velocity: 0)
    case .resize: s.resize(width: 400, height: 800)
    case .retune:
      // The tune takes notch b away (a and c stay), keeping everything else.
      var t = s.tuning
      t.notches = [NotchSpec(name: "a", height: 100), NotchSpec(name: "c", height: 300)]
      t.initialNotch = nil
      try? s.setTuning(t)
    case .rowsChanged: s.setListRows(30)
    case .dismiss: s.dismiss()
    case .present: s.present()
    // The keyboard shows at once (300 px): the window's room shrinks to 500 px, which still
    // holds every notch.
    case .keyboard: s.setKeyboardInset(300, animated: false)
    }
    return ""
  }

  /// (start, input, phase after, events) — every cell of the table.
  static let table: [(Start, Input, String, [String])] = [
    (.idle, .press, "pressed", []),
    (.idle, .move, "idle@b", []),
    (.idle, .release, "idle@b", []),
    (.idle, .tick, "idle@b", []),
    (.idle, .moveToTop, "settling→c", ["willMoveToNotch"]),
    (.idle, .replayRelease, "settling→c", ["willMoveToNotch"]),
    (.idle, .resize, "idle@b", []),
    // One gesture at a time: a second press is ignored.
    (.pressed, .press, "pressed", []),
    (.pressed, .move, "dragging", ["willStartDragging"]),
    // A press that did not move is a tap: back at its notch, no events.
    (.pressed, .release, "idle@b", []),
    (.pressed, .tick, "pressed", []),
    (.pressed, .moveToTop, "settling→c", ["willMoveToNotch"]),
    (.pressed, .replayRelease, "pressed", []),
    (.pressed, .resize, "pressed", []),
    (.dragging, .press, "dragging", []),
    (.dragging, .move, "dragging", []),
    // Let go at 230 px with no speed: the nearest notch is b.
    (.dragging, .release, "settling→b", ["willEndDragging", "willMoveToNotch"]),
    (.dragging, .tick, "dragging", []),
    (.dragging, .moveToTop, "settling→c", ["willEndDragging", "willMoveToNotch"]),
    (.dragging, .replayRelease, "dragging", []),
    (.dragging, .resize, "dragging", []),
    // A press stops a settle where it is.
    (.settling, .press, "pressed", []),
    (.settling, .move, "settling→c", []),
    (.settling, .release, "settling→c", []),
    (.settling, .tick, "settling→c", []),
    (.settling, .moveToTop, "settling→c", ["willMoveToNotch"]),
    (.settling, .replayRelease, "settling→c", ["willMoveToNotch"]),
    (.settling, .resize, "settling→c", []),
    (.coasting, .press, "pressed", []),
    (.coasting, .move, "coasting", []),
    (.coasting, .release, "coasting", []),
    (.coasting, .tick, "coasting", []),
    (.coasting, .moveToTop, "settling→c", ["willMoveToNotch"]),
    // Free policy, released with no speed at 280 px: it rests there.
    (.coasting, .replayRelease, "floating", ["didSettle"]),
    (.coasting, .resize, "coasting", []),
    (.floating, .press, "pressed", []),
    (.floating, .move, "floating", []),
    (.floating, .release, "floating", []),
    (.floating, .tick, "floating", []),
    (.floating, .moveToTop, "settling→c", ["willMoveToNotch"]),
    (.floating, .replayRelease, "floating", ["didSettle"]),
    (.floating, .resize, "floating", []),
    // A tune that takes away b: a sheet resting there springs to where a new one would rest
    // (a); a press on b re-targets on release; the other phases go on.
    (.idle, .retune, "settling→a", ["willMoveToNotch"]),
    (.pressed, .retune, "pressed", []),
    (.dragging, .retune, "dragging", []),
    (.settling, .retune, "settling→c", []),
    (.coasting, .retune, "coasting", []),
    (.floating, .retune, "floating", []),
    (.leaving, .retune, "leaving", []),
    (.gone, .retune, "gone", []),
    // Rows change: fixed notches stay (a content notch would be followed by the spring, see
    // ContentNotchTests); nothing undoes the re-resolved notches.
    (.idle, .rowsChanged, "idle@b", []),
    (.pressed, .rowsChanged, "pressed", []),
    (.dragging, .rowsChanged, "dragging", []),
    (.settling, .rowsChanged, "settling→c", []),
    (.coasting, .rowsChanged, "coasting", []),
    (.floating, .rowsChanged, "floating", []),
    (.leaving, .rowsChanged, "leaving", []),
    (.gone, .rowsChanged, "gone", []),
    // A dismissal is a phase: from anything, the sheet leaves (a drag ends first).
    (.idle, .dismiss, "leaving", []),
    (.pressed, .dismiss, "leaving", []),
    (.dragging, .dismiss, "leaving", ["willEndDragging"]),
    (.settling, .dismiss, "leaving", []),
    (.coasting, .dismiss, "leaving", []),
    (.floating, .dismiss, "leaving", []),
    (.leaving, .dismiss, "leaving", []),
    (.gone, .dismiss, "gone", []),
    // Presenting: a sheet at rest rises from 0 to its notch; anything else ignores it.
    (.idle, .present, "settling→b", ["willMoveToNotch"]),
    (.pressed, .present, "pressed", []),
    (.dragging, .present, "dragging", []),
    (.settling, .present, "settling→c", []),
    (.coasting, .present, "coasting", []),
    (.floating, .present, "floating", []),
    (.leaving, .present, "leaving", []),
    (.gone, .present, "gone", []),
    // A leaving sheet takes no input and slides on; a gone one stays gone.
    (.leaving, .press, "leaving", []),
    (.leaving, .move, "leaving", []),
    (.leaving, .release, "leaving", []),
    (.leaving, .tick, "leaving", []),
    (.leaving, .moveToTop, "leaving", []),
    (.leaving, .replayRelease, "leaving", []),
    (.leaving, .resize, "leaving", []),
    (.gone, .press, "gone", []),
    (.gone, .move, "gone", []),
    (.gone, .release, "gone", []),
    (.gone, .tick, "gone", []),
    (.gone, .moveToTop, "gone", []),
    (.gone, .replayRelease, "gone", []),
    (.gone, .resize, "gone", []),
    // The keyboard shows: every phase goes on (it only notes the notch to restore on blur), a
    // settle from where it is; a leaving or gone sheet ignores it.
    (.idle, .keyboard, "idle@b", []),
    (.pressed, .keyboard, "pressed", []),
    (.dragging, .keyboard, "dragging", []),
    (.settling, .keyboard, "settling→c", []),
    (.coasting, .keyboard, "coasting", []),
    (.floating, .keyboard, "floating", []),
    (.leaving, .keyboard, "leaving", []),
    (.gone, .keyboard, "gone", []),
  ]

  @Test("the table has a row for every phase and input")
  func complete() {
    let cells = Set(Self.table.map { "\($0.0)/\($0.1)" })
    #expect(cells.count == Start.allCases.count * Input.allCases.count)
    #expect(Self.table.count == cells.count)
  }

  @Test("every phase meets every input and lands where the table says", arguments: table)
  func transition(start: Start, input: Input, after: String, events: [String]) throws {
    var s = try Self.sheet(in: start)
    let reply = Self.apply(input, to: &s)
    #expect(Self.describe(s) == after)
    switch input {
    // Only a press outside a gesture reaches the sheet; only a release of an unmoved press
    // that stopped nothing is a tap.
    case .press:
      #expect(reply == ([.pressed, .dragging, .leaving, .gone].contains(start) ? "none" : "sheet"))
    case .release: #expect(reply == (start == .pressed ? "tap" : ""))
    default: #expect(reply == "")
    }
    #expect(names(s.takeEvents()) == events)
  }

  @Test("each starting phase is what it says")
  func starts() throws {
    let expected: [Start: String] = [
      .idle: "idle@b", .pressed: "pressed", .dragging: "dragging", .settling: "settling→c",
      .coasting: "coasting", .floating: "floating", .leaving: "leaving", .gone: "gone",
    ]
    for start in Start.allCases {
      #expect(Self.describe(try Self.sheet(in: start)) == expected[start], "\(start)")
    }
  }

  @Test("a coast that reaches the top notch hands over to the spring within the same step")
  func coastHandsOverInTheStep() throws {
    // Free policy, released at 250 px going up at 1,000 px/s: the coast reaches c (300 px)
    // about 53 ms later, between the 3rd and 4th frame; that frame the spring has already run
    // for the rest of it, so the sheet is past c (the elastic band lets it), not on it.
    var s = try makeSheet(initial: "b") { $0.policy = .free(decelerationRate: 0.998) }
    s.replayRelease(height: 250, velocity: 1000)
    var heights: [Double] = []
    var phases: [String] = []
    for _ in 0..<4 {
      s.step(dt: 1.0 / 60)
      heights.append(s.height)
      phases.append(Self.describe(s))
    }
    #expect(phases == ["coasting", "coasting", "coasting", "settling→c"])
    #expect(heights[2] < 300)
    #expect(heights[3] > 300)
  }

  @Test("a press stops a coasting list in every phase, also while the sheet settles (fuzz finding)")
  func pressStopsTheList() throws {
    var s = try makeSheet(initial: "c") { $0.list.rows = 40 }
    // Fling the list at the top notch, then move the sheet down while the list still coasts.
    drag(&s, from: 700, to: 600, frames: 2, releaseVelocity: -3000)
    s.step(dt: 1.0 / 60)
    s.move(to: 0, animated: true)
    s.step(dt: 1.0 / 60)
    #expect(s.snapshot.phase == .settling)
    let offset = s.snapshot.listOffset
    #expect(offset > 0)
    s.pointerDown(x: 200, y: s.snapshot.listTop + 10)
    for _ in 0..<10 { s.step(dt: 1.0 / 60) }
    #expect(s.snapshot.listOffset == offset)
    // Let go without a drag: it was no tap (the press stopped motion), and the list stays put.
    #expect(s.pointerUp(x: 200, y: s.snapshot.listTop + 10) == nil)
  }

  /// Free policy on the three-notch sheet.
  static func freeSheet() throws -> OverlaySheet {
    try makeSheet(initial: "b") { $0.policy = .free(decelerationRate: 0.998) }
  }

  @Test("a coast squeezed by a tiny window goes on between the end notches when it grows (property finding)")
  func coastRefitsBetweenEndNotches() throws {
    var s = try Self.freeSheet()
    s.replayRelease(height: 250, velocity: -300)
    s.step(dt: 1.0 / 60)
    #expect(Self.describe(s) == "coasting")
    s.resize(width: 400, height: 1)
    #expect(s.height == 1)
    s.resize(width: 400, height: 800)
    // Not left at 1 px, below the lowest notch (a): a coast, like a sheet resting between
    // notches, stays between the end notches.
    #expect(s.height == 100)
    for _ in 0..<600 { s.step(dt: 1.0 / 60) }
    #expect(s.height >= 100 && s.height <= 300)
  }

  @Test("a press on a sheet resting between notches keeps it there through a resize (property finding)")
  func pressWhileFloatingRefits() throws {
    var s = try Self.freeSheet()
    s.resize(width: 400, height: 1)
    s.replayRelease(height: 1, velocity: 0)
    #expect(Self.describe(s) == "floating")
    s.pointerDown(x: 200, y: 0.5)
    #expect(Self.describe(s) == "pressed")
    s.resize(width: 400, height: 800)
    s.pointerUp(x: 200, y: 0.5)
    // It rests between the end notches (at a, the nearest), not at 49 px, below a, where the
    // rubber band showed a drag from its old 1-px height.
    #expect(Self.describe(s) == "floating")
    #expect(s.height == 100)
  }
}

extension SheetInputTests {
  @Test(
    "rows changing after a relayout keep the relayout's notches (rowsChanged never undoes it)",
    arguments: [
      // (keyboard px, rows, height of "half" = 0.5 × (800 − keyboard))
      (0.0, 30, 400.0), (300, 30, 250), (300, 0, 250), (600, 30, 100),
    ])
  func rowsAfterRelayout(keyboard: Double, rows: Int, half: Double) throws {
    var s = try makeSheet(
      notches: [NotchSpec(name: "a", height: 50), NotchSpec(name: "half", fraction: 0.5)], initial: "half")
    s.setKeyboardInset(keyboard, animated: false)
    s.setListRows(rows)
    #expect(s.notches.map(\.height) == [50, half])
    #expect(s.height == half)
    #expect(Self.describe(s) == "idle@half")
  }
}

/// The 50-ms rest rule (VelocityTracker.rested): a pointer held still that long is sampled again
/// where it rests, at the release and in the snapshot's velocity.
@Suite struct PointerRestTests {
  /// 18 moves of 10 px up (600 px/s at 60 Hz) from 705 in a 800-px window at `fps`, then the
  /// pointer held `hold` frames; the release's dh/dt.
  static func release(fps: Double, hold: Int) throws -> Double {
    var sheet = try makeSheet(
      notches: [
        NotchSpec(name: "a", height: 100), NotchSpec(name: "b", height: 400),
        NotchSpec(name: "c", height: 700),
      ], initial: "a", configure: { $0.layout.mode = .bottom }, width: 800, height: 800)
    let perFrame = 600 / fps
    sheet.pointerDown(x: 400, y: 705)
    var y = 705.0
    for _ in 0..<Int((0.3 * fps).rounded()) {
      sheet.step(dt: 1 / fps)
      y -= perFrame
      sheet.pointerMove(x: 400, y: y)
    }
    for _ in 0..<hold { sheet.step(dt: 1 / fps) }
    sheet.pointerUp(x: 400, y: y)
    for event in sheet.takeEvents() {
      if case .willEndDragging(let v) = event.kind { return v }
    }
    throw CancellationError()
  }

  @Test(
    "held exactly 50 ms (3 frames at 60 Hz, 6 at 120): rested, the hold sampled at the release",
    arguments: [(60.0, 3, 294.3), (120, 6, 313.3)])
  func heldFiftyMilliseconds(fps: Double, hold: Int, expected: Double) throws {
    // The least-squares slope over the last 100 ms with the rest sample at the release:
    // at 60 Hz samples at −100…−50 ms rising 10 px a frame, then the release at +0 px.
    #expect(abs(try Self.release(fps: fps, hold: hold) - expected) < 0.05)
  }

  @Test(
    "while held, the snapshot's velocity is what a release then would give; 0 once the moves leave the window"
  )
  func snapshotWhileHeld() throws {
    var sheet = try makeSheet(
      notches: [
        NotchSpec(name: "a", height: 100), NotchSpec(name: "b", height: 400),
        NotchSpec(name: "c", height: 700),
      ], initial: "a", configure: { $0.layout.mode = .bottom }, width: 800, height: 800)
    sheet.pointerDown(x: 400, y: 705)
    var y = 705.0
    for _ in 0..<18 {
      sheet.step(dt: 1.0 / 60)
      y -= 10
      sheet.pointerMove(x: 400, y: y)
    }
    var shown: [Double] = []
    for _ in 0..<8 {
      sheet.step(dt: 1.0 / 60)
      shown.append(sheet.snapshot.velocity)
    }
    #expect(abs(shown[2] - 294.3) < 0.05)
    #expect(shown[6] == 0 && shown[7] == 0)
    #expect(zip(shown, shown.dropFirst()).allSatisfy { $0 >= $1 })
  }

  @Test("held 33 ms at 60 Hz: not rested, the moves' own 600 px/s")
  func heldLess() throws {
    #expect(abs(try Self.release(fps: 60, hold: 2) - 600) < 1e-6)
  }
}
