@preconcurrency import CSDL2
import CPixels

/// Black at an alpha over a rectangle (a veil, a dimming fill) taken in place by a software
/// display: a multiplication of the pixels beneath, a C loop over the display's rows
/// that asks for the rows ahead (a display row is a page of its own, and the display was just
/// written past the cache). An opaque fill stays the renderer's: SDL's stores past the cache
/// measured faster than the same fill in place.
extension Canvas {
  /// Where an in-place fill of a rectangle goes.
  private enum InPlace {
    /// The canvas cannot (a target texture, a GPU renderer, fractional edges): the renderer's fill.
    case renderer
    /// Nothing of the rectangle is drawn (outside the column, the clip or the display).
    case nothing
    /// The display's pixels under it: the top-left one, the pitch and the size in pixels.
    case pixels(UnsafeMutablePointer<UInt32>, pitch: Int, width: Int, height: Int)
  }

  /// The display's pixels a renderer fill of (x, y, w, h) in the current column would cover:
  /// cut to the column, the clip rectangle and the display, in device pixels. SDL has drawn what
  /// it queued once this returns pixels.
  private func inPlace(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> InPlace {
    // Whole and within Int's reach (NaN and ±∞ are not whole here: the renderer's fill takes them).
    let whole = [x, y, w, h].allSatisfy { $0 == $0.rounded() && abs($0) < 1e9 }
    guard multipliesInPlace, whole, let screen, let base = screen.pointee.pixels else { return .renderer }
    // The fill's bounds in the column's coordinates (points): the column, then the clip rectangle.
    var (left, top, right, bottom) = (x, y, x + w, y + h)
    if let column {
      left = max(left, 0)
      right = min(right, column.width)
    }
    if SDL_RenderIsClipEnabled(renderer) == SDL_TRUE {
      var clip = SDL_Rect()
      SDL_RenderGetClipRect(renderer, &clip)
      left = max(left, Double(clip.x))
      top = max(top, Double(clip.y))
      right = min(right, Double(clip.x) + Double(clip.w))
      bottom = min(bottom, Double(clip.y) + Double(clip.h))
    }
    let offset = column?.x ?? 0
    let s = Double(scale)
    let x0 = max(0, Int((left + offset) * s))
    let x1 = min(Int(screen.pointee.w), Int((right + offset) * s))
    let y0 = max(0, Int(top * s))
    let y1 = min(Int(screen.pointee.h), Int(bottom * s))
    guard x0 < x1, y0 < y1 else { return .nothing }
    sync()
    let pitch = Int(screen.pointee.pitch) / 4
    let corner = base.assumingMemoryBound(to: UInt32.self) + y0 * pitch + x0
    return .pixels(corner, pitch: pitch, width: x1 - x0, height: y1 - y0)
  }

  /// Draws black at `alpha` over the rectangle (x, y, w, h) of the current column: exactly what
  /// a blended fill of `Color(hex: 0x000000, alpha: alpha)` leaves, which is each colour
  /// channel times `(255 − alpha)/255` rounded down (SDL's blend of a premultiplied source:
  /// `⌊x·(255 − a)/255⌋ + ⌊0·a/255⌋`). On a software display and whole points it
  /// is `Dimmer`'s multiply by `255 − alpha` on the display's pixels in place (one SIMD pass,
  /// where the software renderer blends pixel by pixel), clipped to the column and the clip
  /// rectangle as the fill would be; elsewhere it is that blended fill. The pixels' alpha is
  /// left opaque.
  func darken(_ x: Double, _ y: Double, _ w: Double, _ h: Double, alpha: UInt8) {
    guard w > 0, h > 0, alpha > 0 else { return }
    switch inPlace(x, y, w, h) {
    case .renderer: fillRect(x, y, w, h, Color(hex: 0x000000, alpha: alpha))
    case .nothing: return
    case .pixels(let corner, let pitch, let width, let height):
      detent_dim_rect(corner, pitch, width, height, 255 - alpha)
    }
  }

  /// Copies `height` rows of `width` pixels from `pixels` (rows `pitch` pixels apart) to (0, y)
  /// of the current column on a software display at 1×, each multiplied by `shade`
  /// (255: as they are): what copying them through the renderer and then darkening them in
  /// place by `255 − shade` leaves, in one pass. False (nothing drawn) when the canvas cannot,
  /// or the rectangle would be cut (by the column, the clip rectangle or the display).
  func copyRows(
    _ pixels: UnsafePointer<UInt32>, pitch: Int, y: Int, width: Int, height: Int, shade: UInt8
  ) -> Bool {
    guard width > 0, height > 0 else { return true }
    guard scale == 1,
      case .pixels(let corner, let screenPitch, let w, let h) = inPlace(
        0, Double(y), Double(width), Double(height)),
      w == width, h == height
    else { return false }
    // A large rectangle is written past the cache (a store through it first reads the line: the
    // display's rows there are not in the cache, the map beside them was streamed).
    let stream: Int32 = width * height >= SurfaceComposer.streamFrom ? 1 : 0
    detent_shade_rows(pixels, pitch * 4, corner, screenPitch * 4, Int32(width), Int32(height), shade, stream)
    return true
  }

  /// The display's surface when a compositor can write a `width`×`height`-pixel view straight
  /// into it (`SurfaceComposer`, `ZoomComposer`): a software display at 1× drawn on
  /// now, ARGB8888, at least that large; nil otherwise.
  func composableSurface(width: Int, height: Int) -> UnsafeMutablePointer<SDL_Surface>? {
    guard onScreen, composesOnCPU, let screen, screen.pointee.pixels != nil,
      Int(screen.pointee.w) >= width, Int(screen.pointee.h) >= height,
      Self.writable(format: screen.pointee.format.pointee.format)
    else { return nil }
    return screen
  }

  /// Whether the CPU paths can write a display surface of pixel format `format`: 32-bit pixels
  /// with red, green and blue in ARGB8888's places (ARGB8888 itself, or the X8RGB8 of a 24-bit
  /// X window, whose top byte is not shown).
  static func writable(format: UInt32) -> Bool {
    format == detent_pixelformat_argb8888() || format == detent_pixelformat_xrgb8888()
  }
}
