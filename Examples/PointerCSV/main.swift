// A second host for the Detent engine, with no SDL and no window: it reads pointer samples from a
// CSV file, feeds them to an `OverlaySheet` frame by frame, and prints the engine's events. It
// shows what an app adopting the engine does: own the clock, turn its input into pointer calls at
// the start of each frame, call `step(dt:)`, and read the snapshot and the events.
//
//   pointer-csv SAMPLES.csv [--config TUNING.json] [--size WxH] [--fps N]
//
// SAMPLES.csv has the header `t,x,y,down` (seconds from 0 to 3600, window pixels, 1 while the
// button is held).
// A row whose `down` goes 0 → 1 presses, 1 → 1 moves, 1 → 0 releases. After the last sample the
// host runs on until the sheet rests (at most 10 s). Exit 0 ok, 2 bad input.
import Detent
import DetentJSON
import Foundation

/// The latest sample time accepted (s): the host steps every frame up to the last sample, so an
/// hour at 1,000 fps is 3.6 million steps (a few seconds); a time like 1e308 would never end.
let maxSeconds = 3600.0

/// One pointer sample of the CSV.
struct Sample {
  var t: Double
  var x: Double
  var y: Double
  var down: Bool
}

/// A message for stderr and exit code 2.
struct InputError: Error, CustomStringConvertible {
  var description: String
}

/// The command line: the samples' path and the options.
struct Options {
  var samples = ""
  var config: String?
  var width = 390.0
  var height = 844.0
  var fps = 60.0

  init(_ args: [String]) throws {
    var rest = args[...]
    while let arg = rest.popFirst() {
      switch arg {
      case "--config": config = try Options.value(of: arg, from: &rest)
      case "--size":
        let parts = try Options.value(of: arg, from: &rest).split(separator: "x").map { Double($0) }
        guard parts.count == 2, let w = parts[0], let h = parts[1], w >= 100, h >= 100, w <= 8192, h <= 8192
        else { throw InputError(description: "--size: expected WxH between 100x100 and 8192x8192") }
        (width, height) = (w, h)
      case "--fps":
        guard let n = Double(try Options.value(of: arg, from: &rest)), n >= 1, n <= 1000 else {
          throw InputError(description: "--fps: expected a number from 1 to 1000")
        }
        fps = n
      default:
        guard !arg.hasPrefix("-"), samples.isEmpty else {
          throw InputError(description: "unexpected argument \(arg)")
        }
        samples = arg
      }
    }
    guard !samples.isEmpty else {
      throw InputError(
        description: "usage: pointer-csv SAMPLES.csv [--config TUNING.json] [--size WxH] [--fps N]")
    }
  }

  private static func value(of option: String, from rest: inout ArraySlice<String>) throws -> String {
    guard let v = rest.popFirst() else { throw InputError(description: "\(option) needs a value") }
    return v
  }
}

/// Reads `t,x,y,down` rows; times must not go back.
func readSamples(path: String) throws -> [Sample] {
  guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
    throw InputError(description: "\(path): cannot read the file")
  }
  var samples: [Sample] = []
  for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
    let row = line.trimmingCharacters(in: .whitespacesAndNewlines)
    if index == 0 {
      guard row == "t,x,y,down" else {
        throw InputError(description: "\(path):1: expected the header t,x,y,down")
      }
      continue
    }
    if row.isEmpty { continue }
    let cells = row.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
    guard cells.count == 4, let t = cells[0], let x = cells[1], let y = cells[2], let d = cells[3],
      t.isFinite, x.isFinite, y.isFinite, d == 0 || d == 1
    else {
      throw InputError(description: "\(path):\(index + 1): expected four numbers t,x,y,down (down 0 or 1)")
    }
    guard t >= 0, t <= maxSeconds else {
      throw InputError(
        description: "\(path):\(index + 1): time \(t) is outside 0…\(Int(maxSeconds)) seconds")
    }
    if let last = samples.last, t < last.t {
      throw InputError(description: "\(path):\(index + 1): time \(t) goes back (previous \(last.t))")
    }
    samples.append(Sample(t: t, x: x, y: y, down: d == 1))
  }
  return samples
}

/// One printed line per event: time, name, notch, height (and velocity for willEndDragging).
func line(_ e: SheetEvent) -> String {
  var parts = [String(format: "%.3f", e.time), e.kind.name]
  if let notch = e.notch { parts.append(notch) }
  parts.append(String(format: "h=%.1f", e.height))
  if case .willEndDragging(let v) = e.kind { parts.append(String(format: "v=%.1f", v + 0)) }  // no "-0.0"
  return parts.joined(separator: " ")
}

/// Runs the samples through the engine and prints its events.
func run(_ options: Options) throws {
  var tuning = Tuning()
  if let path = options.config {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      throw InputError(description: "\(path): cannot read the file")
    }
    do { tuning = try TuningCoding.decode(text: text).tuning } catch {
      throw InputError(description: "\(path): \(error)")
    }
  }
  var sheet: OverlaySheet
  do {
    sheet = try OverlaySheet(tuning: tuning, windowWidth: options.width, windowHeight: options.height)
  } catch {
    throw InputError(
      description: "the tuning does not fit a \(Int(options.width))x\(Int(options.height)) window: \(error)")
  }
  let samples = try readSamples(path: options.samples)
  let dt = 1 / options.fps
  var next = 0
  var down = false
  var frame = 0
  let end = (samples.last?.t ?? 0) + 10
  while Double(frame) * dt <= end {
    // The frame's input first: every sample up to this frame's time, in order.
    let now = Double(frame) * dt
    while next < samples.count, samples[next].t <= now + 1e-9 {
      let s = samples[next]
      switch (down, s.down) {
      case (false, true): _ = sheet.pointerDown(x: s.x, y: s.y)
      case (true, true): sheet.pointerMove(x: s.x, y: s.y)
      case (true, false): _ = sheet.pointerUp(x: s.x, y: s.y)
      case (false, false): break
      }
      down = s.down
      next += 1
    }
    sheet.step(dt: dt)
    for e in sheet.takeEvents() { print(line(e)) }
    frame += 1
    if next == samples.count, !down, sheet.snapshot.phase == .idle { break }
  }
  let s = sheet.snapshot
  print(String(format: "rest %@ h=%.1f", s.notch ?? "-", s.height))
}

do {
  try run(Options(Array(CommandLine.arguments.dropFirst())))
} catch {
  FileHandle.standardError.write(Data("pointer-csv: \(error)\n".utf8))
  exit(2)
}
