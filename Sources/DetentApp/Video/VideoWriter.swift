import Foundation

/// Takes a replay's frames, one per frame of 1/fps, and writes them as a video or animation.
protocol VideoWriter: AnyObject {
  /// Appends the next frame (frames of another size are cropped or padded to the first's).
  func add(_ frame: RGBImage) throws
  /// Finishes the file (written atomically: nothing appears at the path on failure).
  func finish() throws
}

/// Chooses the encoder from the file's extension.
enum VideoOutput {
  /// Extensions written through ffmpeg.
  static let ffmpegExtensions = ["mp4", "webm", "mkv", "mov"]

  /// Checks `path`'s extension before anything runs (exit 2 for an unknown one, 3 when the
  /// encoder it needs is not installed).
  static func check(_ path: String) throws {
    let ext = (path as NSString).pathExtension.lowercased()
    if ext == "webp" { return }
    guard ffmpegExtensions.contains(ext) else {
      throw CLIError.input(
        "--video \(path): unknown format \"\(ext)\" (use .webp, an animated WebP written by libwebp, "
          + "or .mp4, .webm, .mkv, .mov through ffmpeg)")
    }
    _ = try FFmpegWriter.locate(for: path)
  }

  /// A writer for `path` at `fps`, `width`×`height`.
  static func open(_ path: String, fps: Double, width: Int, height: Int) throws -> any VideoWriter {
    let ext = (path as NSString).pathExtension.lowercased()
    if ext == "webp" { return try WebPAnimationWriter(path: path, fps: fps, width: width, height: height) }
    return try FFmpegWriter(path: path, fps: fps, width: width, height: height)
  }
}

extension RGBImage {
  /// This image cropped or padded (black) to `width`×`height`, anchored at the top left.
  func fitted(width w: Int, height h: Int) -> RGBImage {
    if w == width && h == height { return self }
    var out = RGBImage(width: w, height: h)
    let cols = min(w, width) * 3
    for y in 0..<min(h, height) {
      out.pixels.replaceSubrange(
        (y * w * 3)..<(y * w * 3 + cols), with: pixels[(y * width * 3)..<(y * width * 3 + cols)])
    }
    return out
  }
}
