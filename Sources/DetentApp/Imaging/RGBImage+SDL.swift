@preconcurrency import CSDL2
import Foundation

/// Reading and writing images through SDL2_image.
extension RGBImage {
  /// Reads a PNG (or any format SDL2_image reads); alpha, if any, is dropped.
  static func load(_ path: String) throws -> RGBImage {
    guard FileManager.default.fileExists(atPath: path) else {
      throw CLIError.input("\(path): no such file")
    }
    // A PNG's size is read from its header first: a 116-byte file can declare 60000×60000
    // pixels, which SDL2_image would allocate (10 GB) before failing. No frame is larger than
    // the window limits, so no image larger is read.
    if let (w, h) = pngSize(path), let problem = Limits.windowProblem(width: w, height: h) {
      throw CLIError.input("\(path): a \(w)x\(h) image: \(problem)")
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

  /// The width and height a PNG file's header declares (nil: not a PNG, or too short to say).
  static func pngSize(_ path: String) -> (Int, Int)? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let head = try? handle.read(upToCount: 24), head.count == 24 else { return nil }
    let bytes = [UInt8](head)
    // The signature, then the IHDR chunk: length, "IHDR", width and height (big-endian).
    guard bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
      bytes[12..<16] == [0x49, 0x48, 0x44, 0x52]
    else { return nil }
    func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (be32(16), be32(20))
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

  /// Writes the image as a PNG by `OutputFile`'s rules (encoded in memory, then a checked,
  /// fsynced write to a temporary file and a rename).
  func writePNG(to path: String, what: String = "") throws {
    var copy = pixels
    let png = try copy.withUnsafeMutableBytes { raw -> [UInt8] in
      guard
        let surface = SDL_CreateRGBSurfaceWithFormatFrom(
          raw.baseAddress, Int32(width), Int32(height), 24, Int32(width * 3), detent_pixelformat_rgb24())
      else { throw EnvironmentError.sdl("cannot wrap an image of \(width)x\(height)") }
      defer { SDL_FreeSurface(surface) }
      return try PNGEncoder.encode(surface, path: path, what: what)
    }
    try OutputFile.write(png, to: path, what: what)
  }
}

/// PNG bytes of an SDL surface, encoded in memory by SDL2_image.
enum PNGEncoder {
  /// The PNG file's bytes for `surface`; `path` and `what` only name the file in an error.
  static func encode(_ surface: UnsafeMutablePointer<SDL_Surface>, path: String, what: String = "") throws
    -> [UInt8]
  {
    var data: UnsafeMutablePointer<UInt8>?
    var length = 0
    guard detent_png_in_memory(surface, &data, &length) == 0, let data else {
      throw EnvironmentError.sdl("\(what)\(path): cannot encode the PNG")
    }
    defer { SDL_free(data) }
    return Array(UnsafeBufferPointer(start: data, count: length))
  }
}
