@preconcurrency import CSDL2
import CPixels

/// The soft shadow drawn straight into a software display's pixels: each piece's
/// pixels are multiplied by what its sprite's blend would leave. SDL's blit of a black pixel of
/// alpha a over a channel c leaves `(c · (255 − a)) >> 8` (a = 0 leaves it), so each pixel is
/// multiplied by `255 − a` (256 for a = 0) and shifted (`detent_shade_pixels`, AVX2): the same
/// pixels as the sprites' copies, without the blitter's per-pixel blend. The pixels' alpha
/// channel is kept (the display's alpha is never read back into a colour).
extension SoftShadow {
  /// The multiplier that leaves what black at `alpha` blended by SDL's blitter leaves.
  static func multiplier(alpha: UInt8) -> UInt16 { alpha == 0 ? 256 : 255 - UInt16(alpha) }

  /// The pieces' multipliers in device pixels, made once per corner radius and scale: a
  /// corner's square, a side piece's one row (the same all down), a top or bottom piece's one
  /// column (one value per row).
  final class Masks {
    private struct Key: Hashable {
      let part: Int
      let radius: Int
      let scale: Int
    }
    private var masks: [Key: [UInt16]] = [:]

    /// The multipliers of `part` for corner radius `r` at `scale` device pixels per point.
    func mask(_ part: Part, radius r: Int, scale s: Int) -> [UInt16] {
      let key = Key(part: part.rawValue, radius: r, scale: s)
      if let mask = masks[key] { return mask }
      func m(_ px: Int, _ py: Int) -> UInt16 {
        let d = SoftShadow.distance(part, px: px, py: py, radius: r)
        return SoftShadow.multiplier(alpha: SoftShadow.alpha(distance: d))
      }
      let b = SoftShadow.blur
      let mask: [UInt16] =
        switch part {
        case .top, .bottom: (0..<(b * s)).map { m(0, $0 / s) }
        case .left, .right: (0..<(b * s)).map { m($0 / s, 0) }
        case .topLeft, .topRight, .bottomLeft, .bottomRight:
          (0..<((b + r) * s * (b + r) * s)).map { i in m(i % ((b + r) * s) / s, i / ((b + r) * s) / s) }
        }
      masks[key] = mask
      return mask
    }
  }

  /// Multiplies the display's pixels under each piece (`places`: part, x, y, w, h in points,
  /// whole) for a shape of corner radius `r`. False when the canvas cannot (a target texture, a
  /// GPU renderer, a column or a clip rectangle in force): the caller then copies the sprites.
  func drawInPlace(_ places: [(Part, Double, Double, Double, Double)], radius r: Int) -> Bool {
    guard canvas.multipliesInPlace, canvas.column == nil,
      SDL_RenderIsClipEnabled(canvas.renderer) != SDL_TRUE,
      let screen = canvas.screen, let base = screen.pointee.pixels
    else { return false }
    canvas.sync()
    let s = canvas.scale
    let (sw, sh) = (Int(screen.pointee.w), Int(screen.pointee.h))
    let pitch = Int(screen.pointee.pitch) / 4
    let pixels = base.assumingMemoryBound(to: UInt32.self)
    for (part, x, y, w, h) in places {
      // The piece in device pixels, cut to the display.
      let (left, top) = (Int(x) * s, Int(y) * s)
      let (x0, x1) = (max(left, 0), min(left + Int(w) * s, sw))
      let (y0, y1) = (max(top, 0), min(top + Int(h) * s, sh))
      guard x0 < x1, y0 < y1 else { continue }
      let count = x1 - x0
      masks.mask(part, radius: r, scale: s).withUnsafeBufferPointer { mask in
        let corner = pixels + y0 * pitch + x0
        switch part {
        case .top, .bottom:
          for row in y0..<y1 { detent_shade_run(pixels + row * pitch + x0, mask[row - top], count) }
        case .left, .right:
          detent_shade_rect(corner, pitch, count, y1 - y0, mask.baseAddress! + (x0 - left), 0)
        case .topLeft, .topRight, .bottomLeft, .bottomRight:
          let side = Int(w) * s
          detent_shade_rect(
            corner, pitch, count, y1 - y0, mask.baseAddress! + (y0 - top) * side + (x0 - left), side)
        }
      }
    }
    return true
  }
}
