import Foundation

/// MP4, WebM, MKV or MOV through ffmpeg when it is installed: raw RGB frames are piped to
/// `ffmpeg -f rawvideo` at the script's exact frame rate.
///
/// Nothing ffmpeg writes outlives a failed or killed replay. A writer dropped before `finish`
/// (the replay failed) ends ffmpeg's input, waits for it and removes its temporary file. ffmpeg
/// runs in a process group of its own, so a Ctrl+C or a SIGTERM ends detent alone, and ffmpeg,
/// reading the end of its input, would finish the temporary file after detent is gone: it runs
/// under a small shell (`reaper`) that removes the temporary file and the log when ffmpeg ends
/// with detent no longer its parent.
final class FFmpegWriter: VideoWriter {
  private let path: String
  private let temp: String
  private let width: Int
  private let height: Int
  private let process = Process()
  private let input = Pipe()
  private let errors: URL
  /// Whether ffmpeg was started and not yet waited for.
  private var running = false

  /// The `ffmpeg` on PATH, or an environment error (exit 3) saying what to install.
  static func locate(for path: String) throws -> String {
    if let found = ExecutablePath.find("ffmpeg") { return found }
    throw EnvironmentError(
      description:
        "--video \(path): writing .\((path as NSString).pathExtension) needs ffmpeg, which is not on PATH. "
        + "Install it (Debian/Ubuntu: sudo apt-get install ffmpeg), or write an animated WebP instead "
        + "(--video \(((path as NSString).deletingPathExtension as NSString).lastPathComponent).webp), "
        + "which needs nothing more")
  }

  init(path: String, fps: Double, width: Int, height: Int) throws {
    self.path = path
    self.width = width
    self.height = height
    temp = OutputFile.temporaryPath(for: path)
    errors = FileManager.default.temporaryDirectory.appendingPathComponent("detent-ffmpeg-\(getpid()).log")
    let ext = (path as NSString).pathExtension.lowercased()
    let codec: [String] =
      switch ext {
      case "webm": ["-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "32", "-row-mt", "1"]
      default: ["-c:v", "libx264", "-preset", "veryfast", "-crf", "18", "-movflags", "+faststart"]
      }
    let ffmpeg = try Self.locate(for: path)
    let options =
      [
        "-y", "-hide_banner", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "rgb24",
        "-s", "\(width)x\(height)", "-framerate", "\(fps)", "-i", "-",
        // 4:2:0 needs even sizes: pad by one black row or column when odd.
        "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-pix_fmt", "yuv420p",
      ] + codec + [temp]
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", Self.reaper, "sh", "\(getpid())", temp, errors.path, ffmpeg] + options
    process.standardInput = input
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    process.standardError = try FileHandle(forWritingTo: errors)
    process.standardOutput = FileHandle.nullDevice
    // A dying ffmpeg must give a write error here, not kill detent.
    signal(SIGPIPE, SIG_IGN)
    do {
      try process.run()
      running = true
    } catch {
      throw EnvironmentError(
        description: "--video \(path): cannot start ffmpeg (\(error.localizedDescription))")
    }
  }

  /// Runs `ffmpeg ARGS…` (`sh -c reaper sh DETENT_PID TEMP LOG FFMPEG ARGS…`), then, when its
  /// parent is no longer detent (killed while ffmpeg finished the file), removes TEMP and LOG.
  /// The parent is read from /proc (Linux); without it nothing is removed.
  static let reaper = #"""
    detent=$1 temp=$2 log=$3
    shift 3
    "$@"
    status=$?
    if read -r _ _ _ parent _ </proc/$$/stat 2>/dev/null && [ "$parent" != "$detent" ]; then
      rm -f -- "$temp" "$log"
    fi
    exit $status
    """#

  deinit {
    if running {
      // Unfinished (the replay failed): ffmpeg finishes what it was given, and nothing is kept.
      try? input.fileHandleForWriting.close()
      process.waitUntilExit()
      unlink(temp)
    }
    try? FileManager.default.removeItem(at: errors)
  }

  func add(_ frame: RGBImage) throws {
    let image = frame.fitted(width: width, height: height)
    let fd = input.fileHandleForWriting.fileDescriptor
    var written = 0
    while written < image.pixels.count {
      let n = image.pixels[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      guard n > 0 else { throw failure("ffmpeg stopped reading frames") }
      written += n
    }
  }

  func finish() throws {
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    running = false
    guard process.terminationStatus == 0 else {
      throw failure("ffmpeg exited with \(process.terminationStatus)")
    }
    try OutputFile.commit(temporary: temp, to: path, what: "--video ")
  }

  private func failure(_ what: String) -> EnvironmentError {
    let log = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
    unlink(temp)
    return EnvironmentError(
      description: "--video \(path): \(what): \(log.trimmingCharacters(in: .whitespacesAndNewlines))")
  }
}
