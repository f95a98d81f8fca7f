@preconcurrency import CSDL2

/// Black at a given alpha over a rectangle (a veil, a dimming fill) as a multiplication of the
/// pixels beneath, where the canvas can do that in place.
extension Canvas {
  /// Draws black at `alpha` over the rectangle (x, y, w, h) of the current column: exactly what
  /// a blended fill of `Color(hex: 0x000000, alpha: alpha)` leaves, which is each colour
  /// channel times `(255 − alpha)/255` rounded down (SDL's blend of a premultiplied source:
  /// `⌊x·(255 − a)/255⌋ + ⌊0·a/255⌋`). On an offscreen software display and whole points it
  /// is done as `multiply(by: 255 − alpha)` on the display's pixels in place (one SIMD pass,
  /// where the software renderer blends pixel by pixel), clipped to the column and the clip
  /// rectangle as the fill would be; elsewhere (a target texture, a GPU renderer, fractional
  /// edges) it is that blended fill. The pixels' alpha is left opaque.
  func darken(_ x: Double, _ y: Double, _ w: Double, _ h: Double, alpha: UInt8) {
    guard w > 0, h > 0, alpha > 0 else { return }
    let whole = x == x.rounded() && y == y.rounded() && w == w.rounded() && h == h.rounded()
    guard multipliesInPlace, whole else {
      return fillRect(x, y, w, h, Color(hex: 0x000000, alpha: alpha))
    }
    // The fill's bounds in the column's coordinates: the column, then the clip rectangle.
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
    guard right > left, bottom > top else { return }
    let offset = column?.x ?? 0
    multiply(left + offset, top, right - left, bottom - top, by: 255 - alpha)
  }
}
