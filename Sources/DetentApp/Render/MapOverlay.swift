/// What is drawn above the map's ground, in screen pixels: street names and highway shields
/// (into each tile by `TileRenderer`, or live while tiles of another zoom stand in), pins and
/// the location dot (`MapMark`s, copied from sprites). Built from world positions when the view
/// changes (`MapLabels`, `PinRenderer`), kept while it does not, and played back each frame,
/// possibly in several bands of rows with their own shade (the dimmed backdrop, each row of the
/// sheet's shadow). Drawn at full resolution, labels and pins stay sharp while tiles are scaled.
final class MapOverlay {
  /// One shape or text, with the rows it covers (for playing one band of rows).
  struct Item {
    enum Shape: Hashable {
      case roundedRect(x: Double, y: Double, w: Double, h: Double, radius: Double)
      /// Text with its top-left at (x, y), `w`×`h`, turned a quarter clockwise when `turned`.
      case text(String, TextStyle, x: Double, y: Double, w: Double, h: Double, turned: Bool)
      /// A mark whose anchor is at (x, y) + its phase.
      case mark(MapMark, x: Double, y: Double)
    }
    var shape: Shape
    var color: Color
    var top: Double
    var bottom: Double
    /// A text's pixels, when the overlay keeps them (`keepsPixels`): blended without looking
    /// the text up again.
    var pixels: KeptPixels?

    /// The columns the item covers: its left edge and its right edge (exclusive).
    var columns: (left: Double, right: Double) {
      switch shape {
      case .roundedRect(let x, _, let w, _, _): (x, x + w)
      case .text(_, _, let x, _, let w, _, _): (x, x + w)
      case .mark(let mark, let x, _):
        (x + Double(mark.box.x), x + Double(mark.box.x + mark.box.w))
      }
    }
  }

  private(set) var items: [Item] = []
  /// Where marks are drawn once and copied from (nil: their shapes are drawn every time).
  var marks: SpriteCache?
  /// Whether the texts' and the marks' pixels are kept beside their textures, for
  /// `OverlayBlender` (the view's overlay, not a tile's).
  var keepsPixels = false

  init() { items.reserveCapacity(512) }

  /// Marks are placed to the nearest 1/`phaseSteps` of a pixel, in every frame and shot: each
  /// fraction of a pixel a mark lands on is a sprite drawn anew (0.2–0.3 ms on the software
  /// renderer), and placed where they fall every pin of a new zoom level (or of a zoom moving,
  /// every frame) needed its own; in halves a mark has four sprites at most, made once, shared
  /// by every view. A mark is a quarter of a pixel off at most. Quarters measured slower (16
  /// sprites a pin, still being drawn in a zoom's fourth frame).
  static let phaseSteps = 2.0

  /// Empties the list (its storage is kept).
  func removeAll() { items.removeAll(keepingCapacity: true) }

  /// A filled rounded rectangle.
  func roundedRect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, radius: Double, _ color: Color) {
    items.append(
      Item(shape: .roundedRect(x: x, y: y, w: w, h: h, radius: radius), color: color, top: y, bottom: y + h))
  }

  /// Where a mark anchored at coordinate `v` goes: `v` to the nearest 1/`phaseSteps` (halfway
  /// up, as `snap`: the same wherever the origin is), as a whole pixel and the fraction past it.
  static func anchor(_ v: Double) -> (whole: Double, phase: Double) {
    let placed = snap(v * phaseSteps) / phaseSteps
    let whole = placed.rounded(.down)
    return (whole, placed - whole)
  }

  /// `v` to the nearest whole pixel, halves up: unlike `rounded()` (halves away from zero) the
  /// same wherever the origin is, so a label lands on the same pixels in a tile as in the view.
  static func snap(_ v: Double) -> Double { (v + 0.5).rounded(.down) }

  /// A pin, balloon or location dot of `kind` anchored at (x, y).
  func mark(_ kind: MapMark.Kind, x: Double, y: Double, color: UInt32 = 0, glyph: String = "") {
    let ((ix, phaseX), (iy, phaseY)) = (Self.anchor(x), Self.anchor(y))
    let mark = MapMark(kind: kind, color: color, glyph: glyph, phaseX: phaseX, phaseY: phaseY)
    let box = mark.box
    items.append(
      Item(
        shape: .mark(mark, x: ix, y: iy), color: .white, top: iy + Double(box.y),
        bottom: iy + Double(box.y + box.h)))
  }

  /// `string` with its top-left at (x, y) (rounded to whole pixels).
  func text(_ string: String, _ style: TextStyle, x: Double, y: Double, _ color: Color, cache: TextCache) {
    guard let t = cache.texture(string, style, color, pixels: keepsPixels) else { return }
    let y = Self.snap(y)
    items.append(
      Item(
        shape: .text(string, style, x: Self.snap(x), y: y, w: t.width, h: t.height, turned: false),
        color: color,
        top: y, bottom: y + t.height, pixels: t.pixels))
  }

  /// `string` centred on (cx, cy), turned a quarter clockwise when `turned` (reading downwards).
  func centeredText(
    _ string: String, _ style: TextStyle, cx: Double, cy: Double, _ color: Color, turned: Bool = false,
    cache: TextCache
  ) {
    guard let t = cache.texture(string, style, color, turned: turned, pixels: keepsPixels) else { return }
    // Unturned, the text's box would have its top-left on whole pixels; turned, the box turns
    // about that box's centre (as a rotated copy would place it).
    let (w, h) = turned ? (t.height, t.width) : (t.width, t.height)
    let x = (Self.snap(cx - w / 2) + w / 2 - t.width / 2).rounded(.up)
    let y = (Self.snap(cy - h / 2) + h / 2 - t.height / 2).rounded(.up)
    items.append(
      Item(
        shape: .text(string, style, x: x, y: y, w: t.width, h: t.height, turned: turned), color: color,
        top: y, bottom: y + t.height, pixels: t.pixels))
  }

  /// Draws the items that reach into `rows` (screen rows), clipped to them, with every colour
  /// multiplied by `shade`/255; `width` is the target's width.
  func play(rows: Range<Int>, width: Int, shade: UInt8, canvas: Canvas, text: TextCache) {
    play(rows: rows, columns: 0..<width, shade: shade, canvas: canvas, text: text)
  }

  /// Draws the items that reach into the rectangle `columns` × `rows`, clipped to it, with
  /// every colour multiplied by `shade`/255.
  func play(rows: Range<Int>, columns: Range<Int>, shade: UInt8, canvas: Canvas, text: TextCache) {
    guard !rows.isEmpty, !columns.isEmpty else { return }
    let top = Double(rows.lowerBound)
    let bottom = Double(rows.upperBound)
    let left = Double(columns.lowerBound)
    let right = Double(columns.upperBound)
    canvas.clip((left, top, right - left, bottom - top))
    canvas.shade = shade
    for item in items where item.bottom > top && item.top < bottom {
      let span = item.columns
      guard span.right > left, span.left < right else { continue }
      switch item.shape {
      case .roundedRect(let x, let y, let w, let h, let radius):
        canvas.fillRoundedRect(x, y, w, h, radius: radius, item.color)
      case .text(let string, let style, let x, let y, let w, let h, let turned):
        if let t = text.texture(string, style, item.color, turned: turned, pixels: keepsPixels) {
          canvas.draw(t.texture, x: x, y: y, w: w, h: h)
        }
      case .mark(let mark, let x, let y):
        draw(mark, x: x, y: y, canvas: canvas, text: text)
      }
    }
    canvas.shade = 255
    canvas.clip(nil)
  }

  /// Draws `mark` anchored at whole point (x, y) plus its phase: one copy of its sprite, drawn
  /// at that phase on first use, or its shapes when there is no sprite cache.
  func draw(_ mark: MapMark, x: Double, y: Double, canvas: Canvas, text: TextCache) {
    let box = mark.box
    guard let sprite = sprite(of: mark, canvas: canvas, text: text) else {
      mark.draw(on: canvas, text: text, x: x + mark.phaseX, y: y + mark.phaseY, alpha: mark.alpha)
      return
    }
    canvas.draw(
      sprite.texture, x: x + Double(box.x), y: y + Double(box.y), w: Double(box.w), h: Double(box.h),
      alpha: mark.alpha)
  }

  /// `mark`'s sprite (its pixels kept for `OverlayBlender`), drawn at its phase on first use;
  /// nil without a sprite cache.
  func sprite(of mark: MapMark, canvas: Canvas, text: TextCache) -> SpriteCache.Sprite? {
    let box = mark.box
    return marks?.sprite(
      .mapMark(mark), width: box.w, height: box.h, opaque: false, pixels: keepsPixels,
      draw: { canvas in
        let shade = canvas.shade
        canvas.shade = 255
        mark.draw(
          on: canvas, text: text, x: Double(-box.x) + mark.phaseX, y: Double(-box.y) + mark.phaseY,
          alpha: 255)
        canvas.shade = shade
      })
  }

  /// The sprite of an opaque `color` rounded rectangle `width`×`height` (whole pixels) drawn at
  /// (0, 0), with its pixels: the shapes of `Canvas.fillRoundedRect` on whole pixels land on the
  /// same pixels wherever they are drawn, each opaque or untouched. Nil without a sprite cache.
  func shieldSprite(
    width: Int, height: Int, radius: Double, color: Color, canvas: Canvas
  ) -> SpriteCache.Sprite? {
    let rgb = UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b)
    return marks?.sprite(
      .mapShield(width: width, height: height, radius: radius, color: rgb), width: width, height: height,
      opaque: false, pixels: true,
      draw: { canvas in
        let shade = canvas.shade
        canvas.shade = 255
        canvas.fillRoundedRect(0, 0, Double(width), Double(height), radius: radius, color)
        canvas.shade = shade
      })
  }
}
