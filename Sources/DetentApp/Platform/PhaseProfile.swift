@preconcurrency import CSDL2
import Foundation

/// Where a window frame's time goes (a debugging aid for `bench`, `bench --window` and `demo`,
/// printed to stderr). `DETENT_PROFILE=latency`: one line per slow input (over 10 ms from its arrival to
/// its present, or during a camera flight) split into its waits and its frame.
/// `DETENT_PROFILE=phases`: the mean time of each phase of a frame (map, sheets, chrome,
/// present); at each mark the renderer's queued commands are flushed and, on a GPU renderer,
/// finished (`glFinish`), so a phase's time includes the rasterising it caused (Mesa's llvmpipe
/// rasterises on threads of its own, later, otherwise); the finish changes the loop's timing,
/// so latency is measured without it. `DETENT_PROFILE=frames` (the headless bench): one line a
/// frame, to find which frames of a session pass a budget's line. Off, it costs one branch a
/// mark.
final class PhaseProfile {
  /// What `DETENT_PROFILE` asks for.
  enum Mode {
    /// Nothing is timed or printed.
    case off
    /// Each phase of a frame is timed; slow frames and the means are printed.
    case phases
    /// Each slow input is printed, split into its waits and its frame.
    case latency
    /// The headless bench prints every frame: its number, what the map did, its time and the
    /// textures it made.
    case frames
  }

  /// What is profiled.
  let mode: Mode
  private var enabled: Bool { mode == .phases }
  private let renderer: OpaquePointer
  private let finish: (@convention(c) () -> Void)?
  private var names: [String] = []
  private var totals: [Double] = []
  private var counts: [Int] = []
  private var last: UInt64 = 0
  private var frameStart: UInt64 = 0
  private var frame: [(String, Double)] = []

  init(renderer: OpaquePointer, environment: [String: String] = ProcessInfo.processInfo.environment) {
    self.renderer = renderer
    switch environment["DETENT_PROFILE"] {
    case "phases": mode = .phases
    case "latency": mode = .latency
    case "frames": mode = .frames
    default: mode = .off
    }
    var info = SDL_RendererInfo()
    let name = SDL_GetRendererInfo(renderer, &info) == 0 ? info.name.map { String(cString: $0) } : nil
    if mode == .phases, name?.hasPrefix("opengl") == true, let symbol = SDL_GL_GetProcAddress("glFinish") {
      finish = unsafeBitCast(symbol, to: (@convention(c) () -> Void).self)
    } else {
      finish = nil
    }
  }

  /// Prints the frame just timed as `frame k (kind) total: phases` when its phases took over
  /// `slow` seconds (the bench: frames slower than 1.5× the floor frame after them).
  func line(frame k: Int, kind: String, slow: Double) {
    guard enabled else { return }
    let total = frame.reduce(0) { $0 + $1.1 }
    guard total > slow * 1000 else { return }
    let phases = frame.map { "\($0.0) " + String(format: "%.2f", $0.1) }.joined(separator: ", ")
    FileHandle.standardError.write(
      (String(format: "frame %d (%@) %.2f ms: ", k, kind, total) + phases + "\n").data(using: .utf8)!)
  }

  /// Starts timing a frame.
  func begin() {
    guard enabled else { return }
    last = DispatchTime.now().uptimeNanoseconds
    frameStart = last
    frame.removeAll(keepingCapacity: true)
  }

  /// Ends a frame: prints its phases when it took over `slow` seconds, or always when it is
  /// a camera flight's (`flying`: the frames whose latency `bench --window` holds to a budget).
  func end(slow: Double = 0.015, flying: Bool = false) {
    guard enabled else { return }
    let total = Double(last - frameStart) / 1e9
    guard total > slow || flying else { return }
    let phases = frame.map { "\($0.0) " + String(format: "%.2f", $0.1) }.joined(separator: ", ")
    let what = flying ? "flight frame" : "slow frame"
    FileHandle.standardError.write(
      (String(format: "%@ %.2f ms: ", what, total * 1000) + phases + "\n").data(using: .utf8)!)
  }

  /// Ends phase `name` (the time since the previous mark or `begin`).
  func mark(_ name: String) {
    guard enabled else { return }
    SDL_RenderFlush(renderer)
    finish?()
    let now = DispatchTime.now().uptimeNanoseconds
    let i: Int
    if let found = names.firstIndex(of: name) {
      i = found
    } else {
      names.append(name)
      totals.append(0)
      counts.append(0)
      i = names.count - 1
    }
    totals[i] += Double(now - last) / 1e6
    frame.append((name, Double(now - last) / 1e6))
    counts[i] += 1
    last = now
  }

  /// Prints one input's latency (s) split into arrival → read, read → start of its frame and
  /// the frame (draw and present); all times in uptime ns but `cost` and `cpu` (s: the frame's
  /// wall time, and the process's CPU time over it, every thread: llvmpipe's rasterisers too).
  func input(
    latency: Double, flying: Bool, arrived: UInt64, read: UInt64, drawn: UInt64, cost: Double, cpu: Double,
    tiles: Int
  ) {
    guard mode == .latency, flying || latency > 0.010 else { return }
    func ms(_ a: UInt64, _ b: UInt64) -> String { String(format: "%.2f", Double(Int64(b) - Int64(a)) / 1e6) }
    let line =
      String(format: "latency %.2f ms", latency * 1000) + (flying ? " (flying)" : "")
      + ": arrival → read \(ms(arrived, read)), read → frame \(ms(read, drawn)), frame "
      + String(format: "%.2f (CPU %.2f)", cost * 1000, cpu * 1000) + " (\(tiles) tiles rendered)\n"
    FileHandle.standardError.write(line.data(using: .utf8)!)
  }

  /// Prints the mean of each phase since the last report under `title`, and starts again.
  func report(_ title: String) {
    guard enabled, !names.isEmpty else { return }
    var lines = "detent profile (\(title)):\n"
    for (i, name) in names.enumerated() {
      lines +=
        "  \(name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(counts[i]) × mean "
        + String(format: "%.3f ms, total %.1f ms\n", totals[i] / Double(counts[i]), totals[i])
    }
    FileHandle.standardError.write(lines.data(using: .utf8)!)
    names.removeAll()
    totals.removeAll()
    counts.removeAll()
  }
}
