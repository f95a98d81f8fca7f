@preconcurrency import CSDL2
import Detent
import DetentJSON
@testable import DetentApp
import Foundation
import Testing

/// The repository root (two folders above this file's folder).
let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// The built `detent` next to the test bundle, or in the repository's debug build folder.
func detentBinary() -> String {
  let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("detent")
  for candidate in [
    beside.path, repoRoot.appendingPathComponent(".build/debug/detent").path,
    Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("detent").path,
  ] where FileManager.default.isExecutableFile(atPath: candidate) {
    return candidate
  }
  return repoRoot.appendingPathComponent(".build/debug/detent").path
}

/// Result of running the program.
struct Run {
  var code: Int32
  var stdout: String
  var stderr: String
}

/// This process's environment without a display, with the repository's assets, and `extra` on
/// top: what `detent` runs with in the tests.
func headlessEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
  var env = ProcessInfo.processInfo.environment
  env["DISPLAY"] = nil
  env["WAYLAND_DISPLAY"] = nil
  env["SDL_VIDEODRIVER"] = nil
  env["DETENT_ASSETS"] = repoRoot.appendingPathComponent("Assets").path
  for (k, v) in extra { env[k] = v }
  return env
}

/// Runs `detent` with `arguments` in `directory` (no display), with a 60 s limit.
func runDetent(_ arguments: [String], in directory: URL? = nil, environment extra: [String: String] = [:])
  throws -> Run
{
  try runProgram(detentBinary(), arguments, in: directory, environment: headlessEnvironment(extra), limit: 60)
}

/// Runs the program at `path` with `arguments` in `directory` and `environment` (nil: this
/// process's), killed after `limit` seconds; its output goes through files, so no pipe fills.
func runProgram(
  _ path: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil,
  limit: Double
) throws -> Run {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = arguments
  if let environment { process.environment = environment }
  if let directory { process.currentDirectoryURL = directory }
  let folder = try temporaryFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  let outURL = folder.appendingPathComponent("stdout")
  let errURL = folder.appendingPathComponent("stderr")
  _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
  _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
  let out = try FileHandle(forWritingTo: outURL)
  let err = try FileHandle(forWritingTo: errURL)
  process.standardOutput = out
  process.standardError = err
  try process.run()
  let deadline = Date().addingTimeInterval(limit)
  while process.isRunning && Date() < deadline { usleep(5_000) }
  // SIGKILL: a child of the test runner inherits its blocked signals, so SIGTERM would wait.
  if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  process.waitUntilExit()
  try out.close()
  try err.close()
  return Run(
    code: process.terminationStatus, stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
    stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
}

/// The folder that holds this test process's temporary folders: `detent-tests-PID` in the
/// temporary directory, removed with everything in it when the process exits.
let testsFolder: URL = {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("detent-tests-\(getpid())")
  try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  atexit {
    try? FileManager.default.removeItem(
      at: FileManager.default.temporaryDirectory.appendingPathComponent("detent-tests-\(getpid())"))
  }
  return url
}()

/// A fresh temporary folder (inside `testsFolder`, so none is left behind).
func temporaryFolder() throws -> URL {
  let url = testsFolder.appendingPathComponent(UUID().uuidString)
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// Writes `text` to `name` in `folder` and returns the path.
@discardableResult
func write(_ text: String, _ name: String, in folder: URL) throws -> String {
  let url = folder.appendingPathComponent(name)
  try text.write(to: url, atomically: true, encoding: .utf8)
  return url.path
}

/// A live model with `--record`'s recorder, as the window runs them: inputs applied at the start
/// of a frame, recorded, then one 1/60 s step; the engine's events collected.
final class RecordedSession {
  let live: DemoModel
  let recorder: InputRecorder
  /// Frames run so far.
  private(set) var frames = 0
  /// Every engine event so far.
  private(set) var events: [SheetEvent] = []

  init(
    tuning: Tuning = Tuning(), width: Int = 1280, height: Int = 800,
    presets: [(name: String, value: JSONValue)] = []
  ) throws {
    live = try DemoModel(tuning: tuning, width: width, height: height, presets: presets)
    recorder = InputRecorder(path: "/dev/null", fps: 60, width: width, height: height, config: tuning)
  }

  /// One frame with `inputs`.
  func frame(_ inputs: [AppInput]) {
    for input in inputs { live.apply(input) }
    for r in live.takeRecordable() { recorder.record(r.input, target: r.target, frame: frames) }
    live.step(dt: 1.0 / 60)
    live.drainEvents(into: &events)
    frames += 1
  }

  /// The recorded script so far.
  func script() -> String { recorder.script(frames: frames, final: live) }
}

extension RecordedSession {
  /// Parses the recorded script and replays it headless.
  func replay() throws -> (runner: ScenarioRunner, report: ScenarioReport) {
    let scenario = try ScenarioParser.parse(
      try JSONParser.parse(script()), path: "recorded.json", base: nil, fps: nil)
    let runner = try ScenarioRunner(scenario: scenario)
    return (runner, try runner.run())
  }
}

/// Starts `detent ARGS` in the background (no display, the repository's assets, `environment`
/// on top) with no signal blocked or ignored: a thread of the test runner blocks most signals,
/// and a child started by `Process` inherits that mask, so a signal sent to it would wait.
/// Standard output and error go to `stdout` and `stderr` (nil: /dev/null). Returns its pid.
func spawnDetent(
  _ arguments: [String], environment extra: [String: String] = [:], stdout: String? = nil,
  stderr: String? = nil
) throws -> pid_t {
  let env = headlessEnvironment(extra)
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  var none = sigset_t()
  sigemptyset(&none)
  var all = sigset_t()
  sigfillset(&all)
  posix_spawnattr_setsigmask(&attributes, &none)
  posix_spawnattr_setsigdefault(&attributes, &all)
  posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  for (fd, path) in [(Int32(1), stdout), (Int32(2), stderr)] {
    posix_spawn_file_actions_addopen(&actions, fd, path ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  }
  let argv = ([detentBinary()] + arguments).map { strdup($0) } + [nil]
  let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer { for p in argv + envp { free(p) } }
  var pid: pid_t = 0
  let status = posix_spawn(&pid, detentBinary(), &actions, &attributes, argv, envp)
  try #require(status == 0, "posix_spawn: \(status)")
  return pid
}

/// An offscreen display `width`×`height` points at `scale` whose surface holds a pattern with
/// every channel value in it (pixel (x, y): v = (x + 37y) & 255 red, 255 − v green, 7v & 255
/// blue, opaque), for tests of drawing in place; with the display's surface.
func patternedDisplay(width: Int, height: Int, scale: Int = 1) throws -> (
  Display, UnsafeMutablePointer<SDL_Surface>
) {
  let display = try Display(offscreenWidth: width, height: height, scale: scale)
  let screen = try #require(display.canvas.screen)
  let (pw, ph) = (Int(screen.pointee.w), Int(screen.pointee.h))
  let pitch = Int(screen.pointee.pitch) / 4
  let base = try #require(screen.pointee.pixels).assumingMemoryBound(to: UInt32.self)
  for y in 0..<ph {
    for x in 0..<pw {
      let v = (x + 37 * y) & 0xFF
      base[y * pitch + x] = 0xFF00_0000 | UInt32(v) << 16 | UInt32(255 - v) << 8 | UInt32((v * 7) & 0xFF)
    }
  }
  return (display, screen)
}

/// The pixels of `screen`, row after row, without the pitch's padding.
func surfacePixels(_ screen: UnsafeMutablePointer<SDL_Surface>) throws -> [UInt32] {
  let (width, height) = (Int(screen.pointee.w), Int(screen.pointee.h))
  let pitch = Int(screen.pointee.pitch) / 4
  let base = try #require(screen.pointee.pixels).assumingMemoryBound(to: UInt32.self)
  var out: [UInt32] = []
  out.reserveCapacity(width * height)
  for y in 0..<height { for x in 0..<width { out.append(base[y * pitch + x]) } }
  return out
}

/// What a sheet drawn after the map does: a clipped draw, whose clip rectangle the software
/// renderer leaves on the display's surface for the next frame's map.
func drawAsASheet(on canvas: Canvas) {
  canvas.clip((20, 30, 40, 50))
  canvas.fillRect(20, 30, 16, 16, Color(hex: 0x123456))
  canvas.clip(nil)
}

/// What the bench's floor frame does between two frames: every pixel of a 640×800 screen
/// written over, so that a frame relying on the last frame's pixels shows it.
func drawAsTheFloor(on canvas: Canvas) {
  canvas.fillRect(0, 0, 640, 800, Color(hex: 0x2A6F3C))
}

/// Grey over the rows of a 640×800 view under a sheet whose top edge is at `sheetTop` (the map
/// draws only the rows above it: those are the sheet's); nothing when there is none.
func coverBelowSheet(at sheetTop: Int?, on canvas: Canvas) {
  guard let sheetTop else { return }
  canvas.fillRect(0, Double(sheetTop + 12), 640, Double(800 - sheetTop - 12), Color(hex: 0x808080))
}
