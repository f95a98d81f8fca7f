@preconcurrency import CSDL2
import Foundation

/// The compositor's pixel moves through SDL: the exact frames' kept view copied in and out of the
/// display's surface, and where that surface's rows are.
extension SurfaceComposer {
  /// Copies `rows` of the surface into `buffer` (`width` pixels a row), sized to them.
  func keep(_ buffer: inout [UInt32], rows: Range<Int>, width: Int, from surface: Surface) {
    if buffer.count != width * rows.count { buffer = [UInt32](repeating: 0, count: width * rows.count) }
    Self.blit(&buffer, width: width, rows: rows, into: surface, fromScreen: true)
  }

  /// Copies `rows` of `buffer` (`width` pixels a row) to the same rows of the surface (the other
  /// way when `fromScreen`), by SDL's own surface copy: it streams past the cache with
  /// prefetching, measured faster than a `memcpy` per row (0.12 against 0.19 ms for 1280×800).
  static func blit(
    _ buffer: inout [UInt32], width: Int, rows: Range<Int>, into surface: Surface, fromScreen: Bool = false
  ) {
    buffer.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      blit(
        base, width: width, height: buffer.count / max(width, 1), rows: rows, into: surface,
        fromScreen: fromScreen)
    }
  }

  /// Copies `rows` of the `width`×`height` pixels at `pixels` to the same rows of the surface
  /// (the other way when `fromScreen`), by SDL's surface copy. The pixels are taken to be in the
  /// surface's own format (ARGB8888, or a window's XRGB8888), so the copy is a plain one, not a
  /// conversion (0.38 ms each way at 1280×800 between the two formats, 0.08 as a plain copy).
  static func blit(
    _ pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, rows: Range<Int>, into surface: Surface,
    fromScreen: Bool = false
  ) {
    let format = surface.screen.pointee.format.pointee.format
    guard !rows.isEmpty,
      let kept = SDL_CreateRGBSurfaceWithFormatFrom(
        pixels, Int32(width), Int32(height), 32, Int32(width * 4), format)
    else { return }
    defer { SDL_FreeSurface(kept) }
    SDL_SetSurfaceBlendMode(kept, SDL_BLENDMODE_NONE)
    // Not clipped (`SDL_LowerBlit`): the renderer leaves its last clip rectangle on the display's
    // surface, and the rows are within both.
    var source = SDL_Rect(x: 0, y: Int32(rows.lowerBound), w: Int32(width), h: Int32(rows.count))
    var target = source
    if fromScreen {
      var mode = SDL_BLENDMODE_NONE
      SDL_GetSurfaceBlendMode(surface.screen, &mode)
      SDL_SetSurfaceBlendMode(surface.screen, SDL_BLENDMODE_NONE)
      SDL_LowerBlit(surface.screen, &source, kept, &target)
      SDL_SetSurfaceBlendMode(surface.screen, mode)
    } else {
      SDL_LowerBlit(kept, &source, surface.screen, &target)
    }
  }

  /// The rows a view `width` wide may write into `screen` (its height), nil when the view is wider
  /// than it: the compositors write nothing past the surface.
  static func rows(fitting width: Int, on screen: UnsafeMutablePointer<SDL_Surface>) -> Int? {
    width <= Int(screen.pointee.w) ? Int(screen.pointee.h) : nil
  }

  /// The display's pixels: row `row` starts at `base + row · pitch`.
  struct Surface {
    let screen: UnsafeMutablePointer<SDL_Surface>
    let base: UnsafeMutableRawPointer
    let pitch: Int
    func line(_ row: Int) -> UnsafeMutablePointer<UInt32> {
      (base + row * pitch).assumingMemoryBound(to: UInt32.self)
    }
  }
}
