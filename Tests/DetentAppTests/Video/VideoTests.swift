import CWebP
import Foundation
import Testing

@testable import DetentApp

/// An animated WebP read back with libwebp's decoder: each distinct frame with its end time (ms).
func decodeWebP(_ path: String) throws -> (width: Int, height: Int, frames: [(end: Int, image: RGBImage)]) {
  let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
  return try bytes.withUnsafeBufferPointer { buffer in
    var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
    var options = WebPAnimDecoderOptions()
    #expect(WebPAnimDecoderOptionsInit(&options) != 0)
    options.color_mode = MODE_RGBA
    let decoder = try #require(WebPAnimDecoderNew(&data, &options), "\(path) is not an animated WebP")
    defer { WebPAnimDecoderDelete(decoder) }
    var info = WebPAnimInfo()
    #expect(WebPAnimDecoderGetInfo(decoder, &info) != 0)
    let w = Int(info.canvas_width)
    let h = Int(info.canvas_height)
    var frames: [(Int, RGBImage)] = []
    var pixels: UnsafeMutablePointer<UInt8>?
    var end: Int32 = 0
    while WebPAnimDecoderGetNext(decoder, &pixels, &end) != 0 {
      var rgb = [UInt8](repeating: 0, count: w * h * 3)
      for p in 0..<(w * h) {
        rgb[p * 3] = pixels![p * 4]
        rgb[p * 3 + 1] = pixels![p * 4 + 1]
        rgb[p * 3 + 2] = pixels![p * 4 + 2]
      }
      frames.append((Int(end), RGBImage(width: w, height: h, pixels: rgb)))
    }
    return (w, h, frames)
  }
}

/// `--video`: the replay as an animation from the renderer behind `--shots`.
@Suite(.serialized) struct VideoTests {
  /// A flick at 30 fps: 6 waiting frames, a drag of 1 + 5 frames, 5 more, a shot mid-settle
  /// (after frame 17: the picture shown from 567 ms), then 45 frames of settle: 62 frames, and
  /// the picture before the first, at t = 0.
  static let flick = #"""
    {"name": "flick", "window": [320, 400], "fps": 30,
     "steps": [{"wait": 0.2}, {"drag": {"from": [160, 290], "to": [160, 230], "duration": 0.15, "velocity": [0, -2000]}},
               {"wait": 0.167}, {"shot": "mid.png"}, {"wait": 1.5}, {"shot": "end.png"}]}
    """#

  @Test("an animated WebP at the script's fps whose frames are the --shots renders, pixel for pixel")
  func webp() throws {
    let dir = try temporaryFolder()
    let script = try write(Self.flick, "flick.json", in: dir)
    let video = dir.appendingPathComponent("flick.webp").path
    let run = try runDetent(["replay", script, "--video", video, "--shots", dir.path])
    #expect(run.code == 0, "\(run.stdout)\(run.stderr)")
    let (w, h, frames) = try decodeWebP(video)
    #expect(w == 320 && h == 400)
    // 63 pictures of 1/30 s: the animation ends at 2100 ms. Identical
    // neighbouring frames (the waits) are merged by the encoder into longer ones.
    #expect(frames.last?.end == 2100)
    #expect(frames.count > 10 && frames.count <= 63, "\(frames.count) frames")
    // The picture shown at t = 567 ms (round(17 · 1000 / 30)) is the mid-settle shot.
    let mid = try RGBImage.load(dir.appendingPathComponent("mid.png").path)
    let shown = try #require(frames.first { $0.end > 567 })
    #expect(shown.image == mid ? true : false, "the picture at 567 ms is the shot")
    let end = try RGBImage.load(dir.appendingPathComponent("end.png").path)
    #expect(frames.last?.image == end ? true : false, "the last picture is the final shot")
    #expect(
      frames.first?.image != mid ? true : false, "the sheet moved between the first picture and the shot")
  }

  @Test("several scripts write one video each, FILE-<script>.webp")
  func several() throws {
    let dir = try temporaryFolder()
    let a = try write(#"{"window": [320, 400], "steps": [{"key": "3"}, {"wait": 0.1}]}"#, "a.json", in: dir)
    let b = try write(#"{"window": [320, 400], "steps": [{"key": "2"}, {"wait": 0.1}]}"#, "b.json", in: dir)
    let run = try runDetent(["replay", a, b, "--video", dir.appendingPathComponent("v.webp").path])
    #expect(run.code == 0, "\(run.stderr)")
    for name in ["v-a.webp", "v-b.webp"] {
      #expect(
        try decodeWebP(dir.appendingPathComponent(name).path).frames.last?.end == 133, "8 pictures of 1/60 s")
    }
  }

  @Test("an unknown format is bad input (2); mp4 without ffmpeg says what to install (3)")
  func errors() throws {
    let dir = try temporaryFolder()
    let script = try write(#"{"steps": [{"wait": 0.1}]}"#, "s.json", in: dir)
    let gif = try runDetent(["replay", script, "--video", dir.appendingPathComponent("x.gif").path])
    #expect(gif.code == 2)
    #expect(gif.stderr.contains("unknown format \"gif\""), "\(gif.stderr)")
    let mp4 = try runDetent(
      ["replay", script, "--video", dir.appendingPathComponent("x.mp4").path], environment: ["PATH": dir.path]
    )
    #expect(mp4.code == 3)
    #expect(mp4.stderr.contains("needs ffmpeg"), "\(mp4.stderr)")
    #expect(mp4.stderr.contains("apt-get install ffmpeg"))
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.mp4").path))
  }

  /// A replay that fails after its video was opened: the second shot's name is taken by a folder.
  static let failsMidway = #"""
    {"window": [320, 400], "steps": [{"key": "3"}, {"wait": 0.1}, {"shot": "a.png"}, {"wait": 0.1}, {"shot": "b.png"}]}
    """#

  @Test(
    "a replay that fails midway (exit 2) leaves no video, no temporary file and no ffmpeg log",
    .enabled(if: ExecutablePath.find("ffmpeg") != nil, "needs ffmpeg (scripts/deps)"),
    arguments: ["v.mp4", "v.webm", "v.mkv", "v.mov", "v.webp"])
  func failedReplayLeavesNothing(video: String) throws {
    let dir = try temporaryFolder()
    let script = try write(Self.failsMidway, "s.json", in: dir)
    let shots = dir.appendingPathComponent("shots")
    try FileManager.default.createDirectory(
      at: shots.appendingPathComponent("b.png"), withIntermediateDirectories: true)
    let tmp = dir.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
    let run = try runDetent(
      ["replay", script, "--video", dir.appendingPathComponent(video).path, "--shots", shots.path],
      environment: ["TMPDIR": tmp.path])
    #expect(run.code == 2, "\(run.stderr)")
    #expect(run.stderr.contains("b.png: is a folder"), "\(run.stderr)")
    // Whatever ffmpeg was still writing would land here after detent exited.
    usleep(300_000)
    let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    #expect(left == ["s.json", "shots", "tmp"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: shots.path).sorted() == ["a.png", "b.png"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path) == [])
  }

  @Test(
    "a replay killed while ffmpeg writes its video leaves no temporary file and no ffmpeg log once ffmpeg ends",
    .enabled(if: ExecutablePath.find("ffmpeg") != nil, "needs ffmpeg (scripts/deps)"),
    arguments: [
      (SIGKILL, "v.mp4"), (SIGINT, "v.mp4"), (SIGTERM, "v.mp4"), (SIGHUP, "v.webm"), (SIGTERM, "v.mkv"),
    ])
  func killedReplayLeavesNothing(signal: Int32, video: String) throws {
    let dir = try temporaryFolder()
    let long = #"{"window": [320, 400], "steps": [{"key": "3"}, {"wait": 60}]}"#
    let script = try write(long, "s.json", in: dir)
    let tmp = dir.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
    let pid = try spawnDetent(
      ["replay", script, "--video", dir.appendingPathComponent(video).path], environment: ["TMPDIR": tmp.path]
    )
    func entries() -> [String] {
      (try? FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()) ?? []
    }
    // Killed once ffmpeg has started the temporary file (.v.detent-PID-N.tmp.mp4).
    var polls = 0
    while !entries().contains(where: { $0.contains(".tmp.") }), polls < 3000 {
      usleep(10_000)
      polls += 1
    }
    #expect(entries().contains { $0.contains(".tmp.") }, "ffmpeg started its temporary file")
    kill(pid, signal)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    #expect(status & 0x7f == signal, "detent ended by the signal (wait status \(status))")
    // ffmpeg reads the end of its input, finishes the file, and its shell removes it and then
    // the log (one `rm`, one file after the other: both are waited for).
    func logs() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: tmp.path)) ?? ["?"] }
    polls = 0
    while entries() != ["s.json", "tmp"] || !logs().isEmpty, polls < 3000 {
      usleep(10_000)
      polls += 1
    }
    #expect(entries() == ["s.json", "tmp"])
    #expect(logs() == [])
  }
}
