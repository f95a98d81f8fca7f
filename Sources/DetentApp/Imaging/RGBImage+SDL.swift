@preconcurrency import CSDL2
import Foundation

/// Reading and writing images through SDL2_image.
extension RGBImage {
  /// Reads a PNG (or any format SDL2_image reads); alpha, if any, is dropped.
  static func load(_ path: String) throws -> RGBImage {
    guard FileManager.default.fileExists(atPath: path) else {
      throw CLIError.input("\(path): no such file")
    }
    guard let loaded = IMG_Load(path) else {
      throw CLIError.input("\(path): not a readable image (\(String(cString: SDL_GetError())))")
    }
    defer { SDL_FreeSurface(loaded) }
    guard let rgb = SDL_ConvertSurfaceFormat(loaded, detent_pixelformat_rgb24(), 0) else {
      throw EnvironmentError.sdl("cannot convert \(path) to RGB")
    }
    defer { SDL_FreeSurface(rgb) }
    return fromSurface(rgb)
  }

  /// Copies an RGB24 surface's rows (dropping the pitch padding).
  static func fromSurface(_ surface: UnsafeMutablePointer<SDL_Surface>) -> RGBImage {
    let w = Int(surface.pointee.w)
    let h = Int(surface.pointee.h)
    let pitch = Int(surface.pointee.pitch)
    var bytes = [UInt8](repeating: 0, count: w * h * 3)
    SDL_LockSurface(surface)
    let base = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
    bytes.withUnsafeMutableBufferPointer { out in
      for y in 0..<h {
        (out.baseAddress! + y * w * 3).update(from: base + y * pitch, count: w * 3)
      }
    }
    SDL_UnlockSurface(surface)
    return RGBImage(width: w, height: h, pixels: bytes)
  }

  /// Writes the image as a PNG, atomically (a temporary file beside `path`, then a rename).
  func writePNG(to path: String) throws {
    let url = URL(fileURLWithPath: path)
    let temp = url.deletingLastPathComponent().appendingPathComponent(
      ".\(url.lastPathComponent).\(getpid()).tmp"
    )
    .path
    var copy = pixels
    let saved = copy.withUnsafeMutableBytes { raw -> Int32 in
      guard
        let surface = SDL_CreateRGBSurfaceWithFormatFrom(
          raw.baseAddress, Int32(width), Int32(height), 24, Int32(width * 3), detent_pixelformat_rgb24())
      else { return -1 }
      defer { SDL_FreeSurface(surface) }
      return detent_save_png(surface, temp)
    }
    guard saved == 0 else {
      unlink(temp)
      throw CLIError.input("\(path): cannot write the PNG (\(String(cString: SDL_GetError())))")
    }
    guard rename(temp, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temp)
      throw CLIError.input("\(path): cannot write (\(reason))")
    }
  }
}
