import Detent
import Foundation

/// A motion to fit: heights over time, and the settles already known (a Detent trace says
/// when each settle starts and where it rests; other motions leave that to `SettleFinder`).
struct Motion {
  /// Where it came from: "trace", "csv" or "video".
  var kind: String
  /// Sample times, s, ascending.
  var times: [Double] = []
  /// Sheet heights (extent from its edge), px.
  var heights: [Double] = []
  /// Settles read from a trace's phases; nil when they must be found.
  var knownSettles: [SettleWindow]?
  /// Frames dropped because no edge was found in them (videos).
  var missing = 0

  /// The settles: the trace's, or those `SettleFinder` finds.
  var settles: [SettleWindow] { knownSettles ?? SettleFinder.settles(times: times, heights: heights) }
}

/// Reads a Detent trace (`replay --trace`) or a CSV with `t` and `height` columns (any other
/// columns ignored; a file without a header is read as t,height). Fields may be quoted as
/// RFC 4180 quotes them (`CSV`): a trace quotes a notch named `a,b`.
enum MotionCSV {
  /// `text` cut to its first 80 characters (a header that is not one can be a whole file).
  static func excerpt(_ text: String) -> String {
    text.count <= 80 ? text : String(text.prefix(80)) + "…"
  }

  /// Parses `text` read from `path`; errors name the file and line.
  static func parse(_ text: String, path: String) throws -> Motion {
    let records: [(line: Int, fields: [String])]
    do {
      records = try CSV.records(text)
    } catch {
      throw CLIError.input("\(path):\(error.line): \(error.reason)")
    }
    guard let first = records.first else {
      throw CLIError.input("\(path): empty: expected a CSV with t,height")
    }
    let firstFields = first.fields
    var columns: [String]
    var rows = records[...]
    if firstFields.count >= 2, Limits.decimal(firstFields[0]) != nil, Limits.decimal(firstFields[1]) != nil {
      columns = ["t", "height"]
    } else {
      columns = firstFields.map { $0.lowercased() }
      rows = records.dropFirst()
    }
    guard let tColumn = columns.firstIndex(of: "t"), let hColumn = columns.firstIndex(of: "height") else {
      throw CLIError.input(
        "\(path):\(first.line): the header needs columns t and height (found: \(Self.excerpt(CSV.line(firstFields))))"
      )
    }
    let phaseColumn = columns.firstIndex(of: "phase")
    let velocityColumn = columns.firstIndex(of: "velocity")
    var motion = Motion(kind: phaseColumn == nil ? "csv" : "trace")
    var phases: [String] = []
    var velocities: [Double] = []
    for row in rows {
      let fields = row.fields
      guard fields.count == columns.count else {
        throw CLIError.input(
          "\(path):\(row.line): \(fields.count) fields, the header has \(columns.count)")
      }
      func number(_ column: Int) throws -> Double {
        guard let x = Limits.decimal(fields[column]) else {
          throw CLIError.input(
            "\(path):\(row.line): column \(columns[column]): \"\(fields[column])\" is not a decimal number")
        }
        return x
      }
      let t = try number(tColumn)
      let h = try number(hColumn)
      if let last = motion.times.last, t <= last {
        throw CLIError.input(
          "\(path):\(row.line): t \(fields[tColumn]) is not after the previous row's \(EventLog.number(last, decimals: 6))"
        )
      }
      motion.times.append(t)
      motion.heights.append(h)
      if let phaseColumn { phases.append(fields[phaseColumn]) }
      if let velocityColumn { velocities.append(Limits.decimal(fields[velocityColumn]) ?? 0) }
    }
    if phaseColumn != nil, velocities.count == motion.times.count {
      Self.dropHeld(&motion, phases: &phases, velocities: velocities)
    }
    guard motion.times.count >= 2 else {
      throw CLIError.input("\(path): \(motion.times.count) sample(s): a motion needs at least 2 rows")
    }
    if phaseColumn != nil { motion.knownSettles = traceSettles(motion, phases: phases) }
    return motion
  }

  /// Leaves out the rows of a trace held at the window's edge: a settle that overshoots past
  /// the window stops the sheet there (its height repeats) while the spring, whose velocity the
  /// trace gives, goes on past it and back. Those rows are not the spring's motion (as a video's
  /// frames without an edge are not): a flick overshooting a 800-px window had 10 of them, and
  /// the fit gave response 0.477 and damping ratio 0.541 for a 0.5 / 0.45 spring (RMS 8 px).
  /// A row is held when it is settling and its height equals a neighbour's while its velocity
  /// is exactly 0 (the engine reports a sheet held at an edge as still) or 1 px/s or more (the
  /// spring's own, as traces before that gave it); a slow spring's rows that repeat a rounded
  /// height at a velocity between are its motion.
  static func dropHeld(_ motion: inout Motion, phases: inout [String], velocities: [Double]) {
    let h = motion.heights
    let held = h.indices.map { i in
      phases[i] == "settling" && (velocities[i] == 0 || abs(velocities[i]) >= 1)
        && ((i > 0 && h[i - 1] == h[i]) || (i + 1 < h.count && h[i + 1] == h[i]))
    }
    guard held.contains(true) else { return }
    let keep = held.indices.filter { !held[$0] }
    motion.times = keep.map { motion.times[$0] }
    motion.heights = keep.map { motion.heights[$0] }
    phases = keep.map { phases[$0] }
    motion.missing = held.count - keep.count
  }

  /// The settles of a trace: each run of `settling` rows that ends at rest (`idle` or
  /// `scrolling`, not a new press). The release happened one frame before the first settling
  /// row (a row is written after its frame's step), which is the fit's time origin; the target
  /// is the height the sheet rests at. Rest rows are left out: the engine snaps to the notch
  /// within half a pixel, which is not the spring's motion.
  static func traceSettles(_ motion: Motion, phases: [String]) -> [SettleWindow] {
    var result: [SettleWindow] = []
    var i = 0
    let n = phases.count
    while i < n {
      guard phases[i] == "settling" else {
        i += 1
        continue
      }
      var j = i
      while j < n && phases[j] == "settling" { j += 1 }
      defer { i = j }
      guard j < n, phases[j] == "idle" || phases[j] == "scrolling" else { continue }
      let target = motion.heights[j]
      let end = j
      let frame = i > 0 ? motion.times[i] - motion.times[i - 1] : (motion.times[1] - motion.times[0])
      result.append(SettleWindow(samples: i..<end, startTime: motion.times[i] - frame, target: target))
    }
    return result
  }
}
