/// The soft shadow under a card or a stacked sheet: it follows the rounded shape on every side,
/// fading from `maxAlpha` at the card's edge to nothing `blur` px out, a little lower than the
/// card (`offset`). Drawn from eight cached pieces: four corners (quarter rings around the
/// corner's arc) and four edge strips `strip` px long, repeated along the sides on the software
/// renderer (a stretched copy costs it a temporary surface per copy; a repeated one is a plain
/// blend) and stretched on GPU renderers (one draw an edge).
struct SoftShadow {
  /// The pieces, as sprite keys number them.
  enum Part: Int, CaseIterable {
    case topLeft, topRight, bottomLeft, bottomRight, top, bottom, left, right
  }

  /// How far the shadow reaches beyond the edge, px.
  static let blur = 18
  /// The alpha at the card's edge.
  static let maxAlpha = 72.0
  /// How far the shadow sits below the card, px.
  static let offset = 3.0
  /// The length of an edge piece, px.
  static let strip = 128

  /// The alpha `d` px outside the shape (0 or less: inside): a quadratic fall to 0 at `blur`.
  static func alpha(distance d: Double) -> UInt8 {
    let t = min(max(d / Double(blur), 0), 1)
    return UInt8((maxAlpha * (1 - t) * (1 - t)).rounded())
  }

  let canvas: Canvas
  let sprites: SpriteCache
  /// The pieces' multipliers for drawing in place (kept by the scene from frame to frame).
  let masks: Masks
  /// Whether an edge is one stretched copy of its piece (the same all along it) rather than a
  /// copy per `strip` px; nil: on GPU renderers, where a map drag's or flight's frame drew the
  /// root card's shadow in 20 copies, the set-back root's and a detail sheet's in 9 more (29 of
  /// its 41 draws).
  var stretchesEdges: Bool? = nil

  /// Draws the shadow of the rounded rectangle (x, y, w, h) with corner radius `radius`.
  func draw(x: Double, y: Double, w: Double, h: Double, radius: Double) {
    // Geometry no display shows (NaN, ±∞, past 10⁹ points): nothing to draw.
    guard [x, y, w, h, radius].allSatisfy({ abs($0) < 1e9 }) else { return }
    let r = Int(max(radius, 0).rounded())
    let b = Self.blur
    let side = Double(b + r)
    let (x, y) = (x.rounded(), (y + Self.offset).rounded())
    let (w, h) = (w.rounded(), h.rounded())
    let rr = Double(r)
    guard w >= 2 * rr, h >= 2 * rr else { return }
    func piece(_ part: Part) -> SpriteCache.Sprite? {
      let (pw, ph): (Int, Int) =
        switch part {
        case .topLeft, .topRight, .bottomLeft, .bottomRight: (b + r, b + r)
        case .top, .bottom: (Self.strip, b)
        case .left, .right: (b, Self.strip)
        }
      return sprites.sprite(
        .softShadow(part: part.rawValue, radius: r), width: pw, height: ph, opaque: false,
        draw: { canvas in
          for py in 0..<ph {
            for px in 0..<pw {
              let a = Self.alpha(distance: Self.distance(part, px: px, py: py, radius: r))
              if a > 0 { canvas.fillRect(Double(px), Double(py), 1, 1, Color(hex: 0x000000, alpha: a)) }
            }
          }
        })
    }
    let bb = Double(b)
    let places: [(Part, Double, Double, Double, Double)] = [
      (.topLeft, x - bb, y - bb, side, side), (.topRight, x + w - rr, y - bb, side, side),
      (.bottomLeft, x - bb, y + h - rr, side, side), (.bottomRight, x + w - rr, y + h - rr, side, side),
      (.top, x + rr, y - bb, w - 2 * rr, bb), (.bottom, x + rr, y + h, w - 2 * rr, bb),
      (.left, x - bb, y + rr, bb, h - 2 * rr), (.right, x + w, y + rr, bb, h - 2 * rr),
    ]
    if drawInPlace(places, radius: r) { return }
    for (part, px, py, pw, ph) in places {
      guard let sprite = piece(part) else { continue }
      switch part {
      case .topLeft, .topRight, .bottomLeft, .bottomRight: sprites.draw(sprite, x: px, y: py, w: pw, h: ph)
      case .top, .bottom, .left, .right:
        if stretchesEdges ?? !canvas.isSoftware {
          sprites.drawStretched(sprite, x: px, y: py, w: pw, h: ph)
        } else {
          sprites.drawTiled(sprite, x: px, y: py, w: pw, h: ph)
        }
      }
    }
  }

  /// Distance (px) from the centre of pixel (px, py) of `part` to the shape, outside it.
  static func distance(_ part: Part, px: Int, py: Int, radius r: Int) -> Double {
    let b = Double(blur)
    let (cx, cy) = (Double(px) + 0.5, Double(py) + 0.5)
    let rr = Double(r)
    switch part {
    case .top: return b - cy
    case .bottom: return cy
    case .left: return b - cx
    case .right: return cx
    case .topLeft, .topRight, .bottomLeft, .bottomRight:
      // The arc's centre in the piece: inward by the radius from the shape's corner.
      let ax = part == .topLeft || part == .bottomLeft ? b + rr : 0
      let ay = part == .topLeft || part == .topRight ? b + rr : 0
      let d = ((cx - ax) * (cx - ax) + (cy - ay) * (cy - ay)).squareRoot() - rr
      return max(d, 0)
    }
  }
}
