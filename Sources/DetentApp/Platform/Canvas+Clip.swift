@preconcurrency import CSDL2

/// Clip rectangles, and a texture whose drawing is held to a rectangle of it: what is drawn into
/// it there lands as drawn whole, cut to that rectangle (a root sheet drawn ahead in bands over
/// several frames, `RootCache`), but for `clear`, which SDL does not clip.
extension Canvas {
  /// Restricts drawing to a rectangle (nil = everything; in a held texture, its rectangle, and a
  /// rectangle cut to it).
  func clip(_ rect: (x: Double, y: Double, w: Double, h: Double)?) {
    flush()
    var r: SDL_Rect? = rect.map {
      SDL_Rect(
        x: Int32(pixel: $0.x.rounded(.down)), y: Int32(pixel: $0.y.rounded(.down)),
        w: Int32(pixel: max($0.w, 0).rounded(.up)), h: Int32(pixel: max($0.h, 0).rounded(.up)))
    }
    if let held, held.texture == current {
      r = r.map { Self.intersection($0, held.rect) } ?? held.rect
    }
    guard var r else {
      SDL_RenderSetClipRect(renderer, nil)
      return
    }
    // SDL takes an empty rectangle for none: one pixel above the target instead draws nothing.
    if r.w <= 0 || r.h <= 0 { r = SDL_Rect(x: 0, y: -2, w: 1, h: 1) }
    SDL_RenderSetClipRect(renderer, &r)
  }

  /// The part of `a` inside `b` (zero width or height when they do not meet).
  private static func intersection(_ a: SDL_Rect, _ b: SDL_Rect) -> SDL_Rect {
    let x0 = max(a.x, b.x)
    let y0 = max(a.y, b.y)
    let x1 = min(Int64(a.x) + Int64(a.w), Int64(b.x) + Int64(b.w))
    let y1 = min(Int64(a.y) + Int64(a.h), Int64(b.y) + Int64(b.h))
    return SDL_Rect(x: x0, y: y0, w: Int32(max(0, x1 - Int64(x0))), h: Int32(max(0, y1 - Int64(y0))))
  }
}
