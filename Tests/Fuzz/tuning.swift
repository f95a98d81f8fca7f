import Detent
import DetentJSON

/// Fuzz target `tuning`: the bytes as a tuning file. A refused file names a line inside the text
/// and a reason; an accepted one saves and reads back to the same tuning, and a sheet with it
/// keeps every invariant through drags, flings, an interrupt, the wheel, the keyboard and resizes,
/// then comes to rest.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTuning(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
  // Lines as the parser counts them (a lone CR ends one too).
  let lineCount =
    bytes.indices.count { i in
      bytes[i] == 0x0A || (bytes[i] == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A))
    } + 1
  let tuning: Tuning
  do {
    let decoded = try TuningCoding.decode(text: text)
    try decoded.validate(availableHeight: 800)
    tuning = decoded.tuning
  } catch {
    if error.reason.isEmpty { fatalError("a refused tuning without a reason: \(error)") }
    if let line = error.line, line < 1 || line > lineCount {
      fatalError("error placed at line \(line) of a \(lineCount)-line file: \(error)")
    }
    return 0
  }
  let saved = JSONWriter.write(TuningCoding.encode(tuning))
  guard let reread = try? TuningCoding.decode(text: saved).tuning, reread == tuning else {
    fatalError("the saved tuning does not read back the same:\n\(saved)")
  }
  guard var sheet = try? OverlaySheet(tuning: tuning, windowWidth: 1280, windowHeight: 800) else {
    fatalError("a tuning valid for 800 px does not make a sheet 800 px high")
  }
  SheetWorkout.run(&sheet)
  return 0
}

/// A fixed session of gestures that reaches every part of a sheet's behaviour.
enum SheetWorkout {
  /// Plays the session on `sheet`, checking invariants and event order at every frame.
  static func run(_ sheet: inout OverlaySheet) {
    var order = EventOrder()
    func frames(_ n: Int, dt: Double = 1.0 / 60) {
      for _ in 0..<n {
        sheet.step(dt: dt)
        Invariants.check(sheet)
        order.check(sheet.takeEvents())
      }
    }
    func drag(from y0: Double, by dy: Double, frames n: Int, x: Double? = nil, holdStill: Int = 0) {
      let px = x ?? sheet.horizontalFrame.x + sheet.horizontalFrame.width / 2
      sheet.pointerDown(x: px, y: y0)
      order.check(sheet.takeEvents())
      for k in 1...n {
        frames(1)
        sheet.pointerMove(x: px, y: y0 + dy * Double(k) / Double(n))
        Invariants.check(sheet)
      }
      frames(holdStill)
      sheet.pointerUp(x: px, y: y0 + dy)
      Invariants.check(sheet)
      order.check(sheet.takeEvents())
    }
    // Slow drag up from the grabber, a fling down, a fling up on the list.
    drag(from: sheet.topY + 4, by: -300, frames: 30)
    frames(30)
    drag(from: sheet.topY + 4, by: 500, frames: 5)
    frames(10)
    // Interrupt the settle and hold still before letting go.
    drag(from: sheet.topY + 4, by: -40, frames: 4, holdStill: 12)
    frames(90)
    drag(from: sheet.bottomY - 10, by: -700, frames: 6)
    frames(20)
    sheet.wheel(x: sheet.horizontalFrame.x + 10, y: sheet.bottomY - 10, notches: 5)
    frames(20)
    sheet.wheel(x: sheet.horizontalFrame.x + 10, y: sheet.bottomY - 10, notches: -9)
    frames(20)
    sheet.setKeyboardInset(260)
    frames(20)
    sheet.moveOneNotch(up: true)
    frames(10)
    sheet.resize(width: 400, height: 300)
    frames(10)
    sheet.resize(width: 1, height: 1)
    frames(10)
    sheet.setKeyboardInset(0)
    sheet.resize(width: 1280, height: 800)
    frames(10)
    sheet.replayRelease(height: sheet.height, velocity: -3000)
    frames(10)
    // Input stops: everything comes to rest.
    var steps = 0
    while sheet.isMoving, steps < 4000 {
      frames(1, dt: 0.5)
      steps += 1
    }
    if sheet.isMoving { Invariants.fail("still moving 2000 s after input stopped", sheet) }
    Invariants.checkAtRest(sheet)
  }
}
