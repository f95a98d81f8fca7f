@preconcurrency import CSDL2

/// A texture's pixels kept in main memory beside it (ARGB8888, `width`×`height` device pixels,
/// rows unpadded): what `OverlayBlender` blends on the CPU instead of copying the texture
/// through the renderer. Made once with the texture and dropped with it.
struct KeptPixels {
  let buffer: PixelBuffer
  let width: Int
  let height: Int

  /// Bytes held.
  var bytes: Int { buffer.count * 4 }

  /// A copy of `surface`'s pixels (converted to ARGB8888 if they are not), nil if SDL cannot
  /// convert them.
  init?(surface: UnsafeMutablePointer<SDL_Surface>) {
    let argb = detent_pixelformat_argb8888()
    let converted =
      surface.pointee.format.pointee.format == argb ? nil : SDL_ConvertSurfaceFormat(surface, argb, 0)
    defer { if let converted { SDL_FreeSurface(converted) } }
    let source = converted ?? surface
    guard source.pointee.format.pointee.format == argb, let pixels = source.pointee.pixels else { return nil }
    let (w, h) = (Int(source.pointee.w), Int(source.pointee.h))
    let pitch = Int(source.pointee.pitch)
    buffer = PixelBuffer(count: w * h) { buffer in
      for row in 0..<h {
        let line = (pixels + row * pitch).assumingMemoryBound(to: UInt32.self)
        (buffer.baseAddress! + row * w).update(from: line, count: w)
      }
    }
    (width, height) = (w, h)
  }

  /// The pixels of the renderer's current target (`width`×`height` device pixels), read back.
  init?(reading renderer: OpaquePointer, width: Int, height: Int) {
    guard width > 0, height > 0 else { return nil }
    var failed = false
    buffer = PixelBuffer(count: width * height) { buffer in
      failed =
        SDL_RenderReadPixels(
          renderer, nil, detent_pixelformat_argb8888(), buffer.baseAddress, Int32(width * 4))
        != 0
    }
    guard !failed else { return nil }
    (self.width, self.height) = (width, height)
  }
}
