import CWebP
import Foundation

/// Reads the sheet's edge from every frame of a video: animated WebP through libwebp, the
/// rest (mp4, webm, mov, mkv, …) through ffmpeg, which pipes raw 8-bit gray frames.
enum VideoMotion {
  /// Extensions read as video.
  static let extensions = ["mp4", "webm", "webp", "mov", "mkv", "m4v", "avi", "gif"]

  /// Frames whose best step is weaker than this fraction of the median step are dropped (the
  /// edge is hidden or absent there).
  static let weakFraction = 0.3

  /// Whether `path` names a video by its extension.
  static func isVideo(_ path: String) -> Bool {
    extensions.contains((path as NSString).pathExtension.lowercased())
  }

  /// The motion of the sheet's edge in the video at `path` (see `EdgeFinder`).
  static func read(_ path: String, finder: EdgeFinder) throws -> Motion {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue
    else {
      throw CLIError.input("\(path): no such file")
    }
    var frames: [(t: Double, profiles: EdgeFinder.Profiles)] = []
    let ext = (path as NSString).pathExtension.lowercased()
    let collect: (Double, [UInt8], Int, Int) -> Void = { t, gray, w, h in
      if let p = finder.profiles(gray: gray, width: w, height: h) { frames.append((t, p)) }
    }
    if ext == "webp" { try readWebP(path, frame: collect) } else { try readFFmpeg(path, frame: collect) }
    guard !frames.isEmpty else { throw CLIError.input("\(path): no frames could be read") }
    let active = EdgeFinder.activeStrips(frames.map(\.profiles))
    let chosen = EdgeFinder.track(frames.map { finder.candidates($0.profiles, strips: active) })
    let samples = zip(frames, chosen).compactMap { f, c in
      c.map { (t: f.t, extent: $0.extent, strength: $0.score) }
    }
    let floor = weakFraction * median(samples.map(\.strength))
    var motion = Motion(kind: "video")
    for s in samples where s.strength >= floor && s.strength > 0 {
      motion.times.append(s.t)
      motion.heights.append(s.extent)
    }
    motion.missing = samples.count - motion.times.count
    return motion
  }

  /// Decodes an animated WebP; frames the encoder merged (identical neighbours) are repeated at
  /// the animation's most common frame duration, so every frame time gets a sample.
  static func readWebP(_ path: String, frame: (Double, [UInt8], Int, Int) throws -> Void) throws {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    try bytes.withUnsafeBufferPointer { buffer in
      var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
      var options = WebPAnimDecoderOptions()
      guard WebPAnimDecoderOptionsInit(&options) != 0 else {
        throw EnvironmentError(description: "libwebp: version mismatch between its header and library")
      }
      options.color_mode = MODE_RGBA
      guard let decoder = WebPAnimDecoderNew(&data, &options) else {
        throw CLIError.input("\(path): not a WebP image or animation libwebp can read")
      }
      defer { WebPAnimDecoderDelete(decoder) }
      var info = WebPAnimInfo()
      guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else {
        throw CLIError.input("\(path): not a WebP animation libwebp can read")
      }
      let w = Int(info.canvas_width)
      let h = Int(info.canvas_height)
      var frames: [(start: Int, end: Int, gray: [UInt8])] = []
      var pixels: UnsafeMutablePointer<UInt8>?
      var end: Int32 = 0
      var start = 0
      while WebPAnimDecoderGetNext(decoder, &pixels, &end) != 0 {
        guard let pixels else { break }
        var gray = [UInt8](repeating: 0, count: w * h)
        for p in 0..<(w * h) {
          let luma = 77 * Int(pixels[p * 4]) + 150 * Int(pixels[p * 4 + 1]) + 29 * Int(pixels[p * 4 + 2])
          gray[p] = UInt8(luma >> 8)
        }
        frames.append((start, Int(end), gray))
        start = Int(end)
      }
      let durations = frames.map { $0.end - $0.start }.filter { $0 > 0 }
      let step = Double(mode(durations) ?? 1)
      // Frame times on a constant rate rounded to milliseconds (Detent writes frame k at
      // round(k·1000/fps) ms) are put back on that rate: at 4,000 px/s a half-millisecond error
      // is 2 px, and the fast first frames of a settle then fitted no spring (the default spring,
      // 0.4 s and 0.85, came out 0.388 and 0.831 from a 640×800 replay).
      if let fps = gridRate(frames.map { ($0.start, $0.end) }, step: step) {
        for f in frames {
          let first = Int((Double(f.start) * fps / 1000).rounded())
          let last = max(Int((Double(f.end) * fps / 1000).rounded()), first + 1)
          for k in first..<last { try frame(Double(k) / fps, f.gray, w, h) }
        }
        return
      }
      for f in frames {
        let repeats = max(1, Int((Double(f.end - f.start) / step).rounded()))
        for k in 0..<repeats {
          try frame(
            (Double(f.start) + Double(k) * Double(f.end - f.start) / Double(repeats)) / 1000, f.gray, w, h)
        }
      }
    }
  }

  /// The whole frame rate a WebP's millisecond frame times were rounded from, when every frame
  /// starts within a millisecond of a frame of it (nil: no such rate, the times are kept): the
  /// mean duration of the frames no longer than 1.5 `step`s (not merged ones), within 1 % of a
  /// whole rate.
  static func gridRate(_ spans: [(start: Int, end: Int)], step: Double) -> Double? {
    let singles = spans.map { $0.end - $0.start }.filter { $0 > 0 && Double($0) <= step * 1.5 }
    guard singles.count >= 2 else { return nil }
    let measured = 1000 / (Double(singles.reduce(0, +)) / Double(singles.count))
    let fps = measured.rounded()
    guard fps >= 1, abs(measured - fps) <= 0.01 * fps else { return nil }
    let onGrid = spans.allSatisfy { span in
      [span.start, span.end].allSatisfy { ms in
        abs(Double(ms) - (Double(ms) * fps / 1000).rounded() * 1000 / fps) <= 1
      }
    }
    return onGrid ? fps : nil
  }

  /// The most frequent value (the smallest among ties).
  static func mode(_ values: [Int]) -> Int? {
    var counts: [Int: Int] = [:]
    for v in values { counts[v, default: 0] += 1 }
    return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key
  }

  /// The median of `values` (0 when empty).
  static func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    return values.sorted()[values.count / 2]
  }

  /// An executable on PATH, or an environment error (exit 3) saying what to install.
  static func tool(_ name: String, for path: String) throws -> String {
    if let found = ExecutablePath.find(name) { return found }
    throw EnvironmentError(
      description:
        "\(path): reading .\((path as NSString).pathExtension) needs \(name), which is not on PATH. "
        + "Install ffmpeg (scripts/deps does; Debian/Ubuntu: sudo apt-get install ffmpeg), "
        + "or record an animated WebP (detent replay --video FILE.webp), which needs nothing more")
  }

  /// Runs `executable` with `arguments` and returns its standard output and exit status.
  static func capture(_ executable: String, _ arguments: [String]) throws -> (String, Int32) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (String(decoding: data, as: UTF8.self), process.terminationStatus)
  }

  /// Decodes the first video stream through ffmpeg at its average frame rate, one gray frame at
  /// a time (frame i at i / rate seconds).
  static func readFFmpeg(_ path: String, frame: (Double, [UInt8], Int, Int) throws -> Void) throws {
    let ffprobe = try tool("ffprobe", for: path)
    let ffmpeg = try tool("ffmpeg", for: path)
    let (probe, status) = try capture(
      ffprobe,
      [
        "-v", "error", "-select_streams", "v:0", "-show_entries",
        "stream=width,height,avg_frame_rate,r_frame_rate",
        "-of", "default=noprint_wrappers=1", path,
      ])
    var fields: [String: String] = [:]
    for line in probe.split(separator: "\n") {
      let kv = line.split(separator: "=", maxSplits: 1).map(String.init)
      if kv.count == 2 { fields[kv[0]] = kv[1] }
    }
    guard status == 0, let w = fields["width"].flatMap({ Int($0) }),
      let h = fields["height"].flatMap({ Int($0) }),
      w > 0, h > 0
    else {
      throw CLIError.input("\(path): not a video ffmpeg can read (ffprobe found no video stream)")
    }
    let rateText = [fields["avg_frame_rate"], fields["r_frame_rate"]].compactMap { $0 }.first {
      rate($0) != nil
    }
    guard let rateText, let fps = rate(rateText) else {
      throw CLIError.input("\(path): the video has no frame rate ffprobe can read")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ffmpeg)
    process.arguments = [
      "-v", "error", "-nostdin", "-i", path, "-map", "0:v:0", "-r", rateText, "-f", "rawvideo", "-pix_fmt",
      "gray",
      "-",
    ]
    let out = Pipe()
    let errors = FileManager.default.temporaryDirectory.appendingPathComponent("detent-fit-\(getpid()).log")
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errors) }
    process.standardOutput = out
    process.standardError = try FileHandle(forWritingTo: errors)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let size = w * h
    var index = 0
    let reader = out.fileHandleForReading
    while true {
      var buffer = [UInt8]()
      buffer.reserveCapacity(size)
      while buffer.count < size {
        guard let chunk = try reader.read(upToCount: size - buffer.count), !chunk.isEmpty else { break }
        buffer.append(contentsOf: chunk)
      }
      guard buffer.count == size else { break }
      try frame(Double(index) / fps, buffer, w, h)
      index += 1
    }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let log = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
      throw CLIError.input(
        "\(path): ffmpeg could not decode it: \(log.trimmingCharacters(in: .whitespacesAndNewlines))")
    }
  }

  /// A frame rate "30000/1001" or "60" as a number; nil for 0 or unreadable.
  static func rate(_ text: String) -> Double? {
    let parts = text.split(separator: "/").map { Double($0) }
    let value: Double? =
      parts.count == 2
      ? parts[0].flatMap { n in parts[1].flatMap { d in d == 0 ? nil : n / d } } : parts.first ?? nil
    guard let value, value.isFinite, value > 0 else { return nil }
    return value
  }
}
