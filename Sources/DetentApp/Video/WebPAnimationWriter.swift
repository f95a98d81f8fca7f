import CWebP
import Foundation

/// An animated WebP through libwebp's animation encoder (Debian `libwebp-dev`, already needed by
/// SDL2_image). Lossless, so a frame of the file equals the `--shots` render of that moment;
/// frame times are whole milliseconds, frame k starting at round(k·1000/fps) ms.
final class WebPAnimationWriter: VideoWriter {
  private let path: String
  private let fps: Double
  private let width: Int
  private let height: Int
  private var encoder: OpaquePointer?
  private var config = WebPConfig()
  private var frames = 0

  init(path: String, fps: Double, width: Int, height: Int) throws {
    self.path = path
    self.fps = fps
    self.width = width
    self.height = height
    guard width <= 16383, height <= 16383 else {
      throw CLIError.input("--video \(path): WebP frames are at most 16383 px wide and high")
    }
    var options = WebPAnimEncoderOptions()
    guard WebPAnimEncoderOptionsInit(&options) != 0, WebPConfigInit(&config) != 0 else {
      throw EnvironmentError(description: "libwebp: version mismatch between its header and library")
    }
    options.anim_params.loop_count = 0
    options.allow_mixed = 0
    // Every frame a candidate key frame would be costly; a few hundred frames per key frame is fine
    // for a replay that people scrub in a viewer.
    options.kmax = 300
    options.kmin = 150
    config.lossless = 1
    config.method = 0
    config.quality = 20
    encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options)
    guard encoder != nil else { throw EnvironmentError(description: "libwebp: cannot start an animation") }
  }

  deinit { if let encoder { WebPAnimEncoderDelete(encoder) } }

  private func timestamp(_ frame: Int) -> Int32 { Int32((Double(frame) * 1000 / fps).rounded()) }

  func add(_ frame: RGBImage) throws {
    let image = frame.fitted(width: width, height: height)
    var picture = WebPPicture()
    guard WebPPictureInit(&picture) != 0 else { throw EnvironmentError(description: "libwebp: picture init") }
    defer { WebPPictureFree(&picture) }
    picture.use_argb = 1
    picture.width = Int32(width)
    picture.height = Int32(height)
    let imported = image.pixels.withUnsafeBufferPointer {
      WebPPictureImportRGB(&picture, $0.baseAddress, Int32(width * 3))
    }
    guard imported != 0,
      WebPAnimEncoderAdd(encoder, &picture, Int32(timestamp(frames)), &config) != 0
    else {
      throw EnvironmentError(description: "libwebp: cannot encode frame \(frames) of \(path)")
    }
    frames += 1
  }

  func finish() throws {
    guard frames > 0 else { throw CLIError.input("--video \(path): the script has no frames to show") }
    guard WebPAnimEncoderAdd(encoder, nil, timestamp(frames), nil) != 0 else {
      throw EnvironmentError(description: "libwebp: cannot end the animation")
    }
    var data = WebPData()
    WebPDataInit(&data)
    defer { WebPDataClear(&data) }
    guard WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else {
      throw EnvironmentError(description: "libwebp: cannot assemble \(path)")
    }
    try OutputFile.write(
      Array(UnsafeBufferPointer(start: bytes, count: data.size)), to: path, what: "--video ")
  }
}
