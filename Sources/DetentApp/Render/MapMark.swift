/// A mark on the map drawn as one group of opaque shapes around an anchor point: a place's pin,
/// the selected place's balloon and its shadow, the current-location dot and its halo.
///
/// The map's overlay draws a mark as one sprite (`SpriteCache`) instead of its circles and
/// triangles: on the software renderer each small triangle costs a setup, and a translucent one
/// a temporary surface, so fifty pins cost more than the whole map's copy. Shapes rasterise by
/// where their vertices fall within a pixel (`Canvas` floors them), so the key holds the
/// anchor's fraction of a pixel: the sprite drawn at that fraction and copied to the anchor's
/// whole pixel has exactly the pixels drawing the shapes there would. A pan moves the map by
/// whole pixels and keeps every fraction, so its marks are copies.
///
/// A sprite's pixels are opaque or transparent, nothing between (blended into transparency,
/// SDL would multiply a colour by its alpha twice): the glyph is rendered onto the disc's
/// colour, and a translucent shape (the halo, the balloon's shadow) is a mark of its own, opaque,
/// copied at its alpha (`alpha`), which blends it exactly as drawing it translucent would.
struct MapMark: Hashable {
  enum Kind: Hashable {
    /// A place's pin: a white-ringed disc in its category's colour over a point, with its glyph.
    case pin
    /// The selected place's larger balloon.
    case balloon
    /// The balloon's shadow, a little below and to the right.
    case balloonShadow
    /// The current location: white ring, blue dot.
    case location
    /// The light blue halo around the current location.
    case halo
  }

  var kind: Kind
  /// The category's colour (0xRRGGBB; unused by the location dot).
  var color: UInt32 = 0
  /// The category's glyph (empty for the location dot).
  var glyph: String = ""
  /// The anchor's fraction of a point, x and y, in 0 ..< 1.
  var phaseX: Double = 0
  var phaseY: Double = 0

  /// The rectangle the mark covers around its anchor, in whole points (left, top, width, height).
  var box: (x: Int, y: Int, w: Int, h: Int) {
    switch kind {
    case .pin: (-14, -28, 28, 32)
    case .balloon, .balloonShadow: (-24, -54, 50, 58)
    case .location: (-12, -12, 24, 24)
    case .halo: (-35, -35, 70, 70)
    }
  }

  /// The alpha the mark is copied with.
  var alpha: UInt8 {
    switch kind {
    case .pin, .balloon, .location: 255
    case .balloonShadow, .halo: 40
    }
  }

  /// Draws the shapes with the anchor at (x, y), translucent ones at `alpha` (255: opaque, for
  /// a sprite copied at the mark's alpha).
  /// The glyph's text on the mark (made on first use; nil: it has none).
  func glyphTexture(_ text: TextCache) -> TextTexture? {
    guard let style = Self.glyphStyle(kind) else { return nil }
    return text.texture(glyph, style, .white, background: Color(hex: color))
  }

  /// The style of a mark's glyph (nil: a mark of `kind` has none).
  static func glyphStyle(_ kind: Kind) -> TextStyle? {
    switch kind {
    case .pin: TextStyle(size: 10, bold: true)
    case .balloon: TextStyle(size: 18, bold: true)
    default: nil
    }
  }

  func draw(on canvas: Canvas, text: TextCache, x: Double, y: Double, alpha: UInt8) {
    let color = Color(hex: color)
    func glyph(cy: Double) {
      guard let t = glyphTexture(text) else { return }
      // As `MapOverlay.centeredText` places it.
      canvas.draw(
        t.texture, x: MapOverlay.snap(x - t.width / 2), y: MapOverlay.snap(cy - t.height / 2), w: t.width,
        h: t.height)
    }
    switch kind {
    case .pin:
      canvas.fillCircle(x, y - 14, 12, .white)
      canvas.fillCircle(x, y - 14, 10, color)
      canvas.triangle(x - 6, y - 8, x + 6, y - 8, x, y + 2, color)
      glyph(cy: y - 14)
    case .balloonShadow:
      canvas.fillCircle(x + 1, y - 29, 23, Color(hex: 0x000000, alpha: alpha))
    case .balloon:
      canvas.fillCircle(x, y - 30, 22.5, .white)
      canvas.fillCircle(x, y - 30, 20, color)
      canvas.triangle(x - 11, y - 14, x + 11, y - 14, x, y + 2, .white)
      canvas.triangle(x - 8, y - 14, x + 8, y - 14, x, y - 2, color)
      glyph(cy: y - 30)
    case .halo:
      canvas.fillCircle(x, y, 34, Color(hex: 0x2F80ED, alpha: alpha))
    case .location:
      canvas.fillCircle(x, y, 11, .white)
      canvas.fillCircle(x, y, 8, Color(hex: 0x1A73E8))
    }
  }
}
