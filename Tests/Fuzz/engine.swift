@testable import Detent
import Glibc

/// Fuzz target `engine`: a sheet stack built from the first bytes (tuning, window), then driven
/// by the rest read as inputs — press, move, release (measured or given velocity), wheel, steps
/// of various dt, resize, moveTo, keyboard inset, tune, key Up/Down, replay of a release, push,
/// pop, list rows. After every input and step the invariants hold (`Invariants`, `EventOrder`);
/// once input stops, every sheet comes to rest.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEngine(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzBytes(Array(UnsafeBufferPointer(start: data, count: size)))
  let tuning = FuzzTuning.make(&input)
  let width = input.double(1...3000).rounded()
  let height = input.double(1...3000).rounded()
  guard let root = try? OverlaySheet(tuning: tuning, windowWidth: width, windowHeight: height) else {
    return 0
  }
  var run = EngineRun(stack: SheetStack(root: root), trace: getenv("DETENT_FUZZ_TRACE") != nil)
  if run.trace { print("window \(width)x\(height), tuning \(tuning)") }
  var ops = 0
  while !input.isExhausted, ops < 400 {
    run.perform(&input)
    ops += 1
  }
  run.comeToRest()
  return 0
}

/// A stack under fuzz input, with the event checker.
struct EngineRun {
  var stack: SheetStack
  var order = EventOrder()
  var pointerY = 0.0
  /// Print each input (DETENT_FUZZ_TRACE=1 when reproducing a crash).
  var trace = false

  /// Prints `what` when tracing.
  func note(_ what: @autoclosure () -> String) {
    guard trace else { return }
    print(what())
    fflush(nil)
  }

  /// Checks the invariants and the events since the last check.
  mutating func check() {
    Invariants.check(stack)
    order.check(stack.takeEvents())
  }

  /// Reads and applies one input.
  mutating func perform(_ input: inout FuzzBytes) {
    let w = stack.top.windowWidth
    let h = stack.top.windowHeight
    switch input.int(0...15) {
    case 0, 1:
      pointerY = input.double(-20...h + 20)
      let x = input.double(-20...w + 20)
      note("press \(x), \(pointerY)")
      _ = stack.pointerDown(x: x, y: pointerY)
    case 2, 3, 4:
      pointerY = input.bool() ? pointerY + input.double(-300...300) : input.double(-200...h + 200)
      let x = input.double(0...w)
      note("move \(x), \(pointerY)")
      stack.pointerMove(x: x, y: pointerY)
    case 5:
      let velocity: Double? = input.bool() ? nil : input.double(-50_000...50_000)
      let (x, y) = (input.double(0...w), input.bool() ? pointerY : input.double(0...h))
      note("release \(x), \(y) velocity \(velocity.map { "\($0)" } ?? "measured")")
      _ = stack.pointerUp(x: x, y: y, velocityOverride: velocity)
    case 6:
      let (x, y, n) = (input.double(0...w), input.double(0...h), input.int(-8...8))
      note("wheel \(x), \(y) notches \(n)")
      _ = stack.wheel(x: x, y: y, notches: n)
    case 7, 8, 9:
      let dt = input.pick([1.0 / 240, 1.0 / 120, 1.0 / 60, 1.0 / 30, 0.1, 0.5, 0.008, 0.051])
      let n = input.int(1...12)
      note("step \(n) × \(dt)")
      for _ in 0..<n {
        stack.step(dt: dt)
        check()
      }
    case 10:
      let size = (input.double(0...3000).rounded(), input.double(0...3000).rounded())
      note("resize \(size.0)x\(size.1)")
      stack.resize(width: size.0, height: size.1)
    case 11:
      let index = input.int(0...6)
      let animated = input.bool()
      note("move to \(index) animated \(animated)")
      stack.withTop { $0.move(to: index, animated: animated) }
    case 12:
      let inset = input.bool() ? 0 : input.double(0...h)
      note("keyboard \(inset)")
      stack.setKeyboardInset(inset)
    case 13:
      let tuning = FuzzTuning.make(&input)
      let applied = stack.withRoot { sheet in (try? sheet.setTuning(tuning)) != nil }
      note("tune \(applied ? "applied" : "refused") \(tuning)")
    case 14:
      switch input.int(0...4) {
      case 0:
        let up = input.bool()
        note("one notch \(up ? "up" : "down")")
        stack.withTop { $0.moveOneNotch(up: up) }
      case 1:
        let (height, velocity) = (input.double(-100...h + 100), input.double(-20_000...20_000))
        note("replay release \(height) velocity \(velocity)")
        stack.withRoot { $0.replayRelease(height: height, velocity: velocity) }
      case 2:
        let rows = input.int(0...300)
        note("rows \(rows)")
        stack.withRoot { $0.setListRows(rows) }
      case 3:
        note("pop")
        _ = stack.pop()
      default:
        let tuning = FuzzTuning.make(&input)
        let pushed = (try? stack.push(tuning: tuning)) != nil
        note("push \(pushed ? "done" : "refused") \(tuning)")
      }
    default:
      // Holding still: the pointer stays where it is for a while (velocity → 0).
      let n = input.int(1...20)
      note("hold still \(n) frames")
      stack.pointerMove(x: 10, y: pointerY)
      for _ in 0..<n {
        stack.step(dt: 1.0 / 60)
        check()
      }
    }
    check()
    note(
      "  → \(stack.sheets.map { "\($0.phase) h \($0.height) list \($0.list.offset)/\($0.list.maxOffset) \($0.list.motion)" })"
    )
  }

  /// Lets go of the pointer and runs time until nothing moves: every sheet rests.
  mutating func comeToRest() {
    _ = stack.pointerUp(x: 0, y: pointerY, velocityOverride: nil)
    check()
    var steps = 0
    while stack.isMoving, steps < 4000 {
      stack.step(dt: 0.5)
      check()
      steps += 1
    }
    if stack.isMoving { Invariants.fail("still moving 2000 s after input stopped", stack.top) }
    for sheet in stack.sheets { Invariants.checkAtRest(sheet) }
  }
}
