/// What is drawn above the map's tiles, in screen pixels: street names, highway shields, pins,
/// the location dot. Built from world positions when the view changes (`MapLabels`,
/// `PinRenderer`), kept while it does not, and played back each frame, possibly in several
/// bands of rows with their own shade (the dimmed backdrop, each row of the sheet's shadow).
/// Drawn at full resolution every frame, the labels stay sharp while tiles are scaled.
final class MapOverlay {
  /// One shape or text, with the rows it covers (for playing one band of rows).
  struct Item {
    enum Shape {
      case circle(cx: Double, cy: Double, r: Double)
      case triangle(Double, Double, Double, Double, Double, Double)
      case roundedRect(x: Double, y: Double, w: Double, h: Double, radius: Double)
      /// Text with its top-left at (x, y), `w`×`h`, turned a quarter clockwise when `turned`.
      case text(String, TextStyle, x: Double, y: Double, w: Double, h: Double, turned: Bool)
    }
    var shape: Shape
    var color: Color
    var top: Double
    var bottom: Double
  }

  private(set) var items: [Item] = []

  init() { items.reserveCapacity(512) }

  /// Empties the list (its storage is kept).
  func removeAll() { items.removeAll(keepingCapacity: true) }

  /// A filled circle.
  func circle(_ cx: Double, _ cy: Double, _ r: Double, _ color: Color) {
    items.append(Item(shape: .circle(cx: cx, cy: cy, r: r), color: color, top: cy - r, bottom: cy + r))
  }

  /// A filled triangle.
  func triangle(
    _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x3: Double, _ y3: Double, _ color: Color
  ) {
    items.append(
      Item(
        shape: .triangle(x1, y1, x2, y2, x3, y3), color: color, top: min(y1, y2, y3), bottom: max(y1, y2, y3))
    )
  }

  /// A filled rounded rectangle.
  func roundedRect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, radius: Double, _ color: Color) {
    items.append(
      Item(shape: .roundedRect(x: x, y: y, w: w, h: h, radius: radius), color: color, top: y, bottom: y + h))
  }

  /// `v` to the nearest whole pixel, halves up: unlike `rounded()` (halves away from zero) the
  /// same wherever the origin is, so a label lands on the same pixels in a tile as in the view.
  static func snap(_ v: Double) -> Double { (v + 0.5).rounded(.down) }

  /// `string` with its top-left at (x, y) (rounded to whole pixels).
  func text(_ string: String, _ style: TextStyle, x: Double, y: Double, _ color: Color, cache: TextCache) {
    guard let t = cache.texture(string, style, color) else { return }
    let y = Self.snap(y)
    items.append(
      Item(
        shape: .text(string, style, x: Self.snap(x), y: y, w: t.width, h: t.height, turned: false),
        color: color,
        top: y, bottom: y + t.height))
  }

  /// `string` centred on (cx, cy), turned a quarter clockwise when `turned` (reading downwards).
  func centeredText(
    _ string: String, _ style: TextStyle, cx: Double, cy: Double, _ color: Color, turned: Bool = false,
    cache: TextCache
  ) {
    guard let t = cache.texture(string, style, color, turned: turned) else { return }
    // Unturned, the text's box would have its top-left on whole pixels; turned, the box turns
    // about that box's centre (as a rotated copy would place it).
    let (w, h) = turned ? (t.height, t.width) : (t.width, t.height)
    let x = (Self.snap(cx - w / 2) + w / 2 - t.width / 2).rounded(.up)
    let y = (Self.snap(cy - h / 2) + h / 2 - t.height / 2).rounded(.up)
    items.append(
      Item(
        shape: .text(string, style, x: x, y: y, w: t.width, h: t.height, turned: turned), color: color,
        top: y, bottom: y + t.height))
  }

  /// Draws the items that reach into `rows` (screen rows), clipped to them, with every colour
  /// multiplied by `shade`/255; `width` is the target's width.
  func play(rows: Range<Int>, width: Int, shade: UInt8, canvas: Canvas, text: TextCache) {
    guard !rows.isEmpty else { return }
    let top = Double(rows.lowerBound)
    let bottom = Double(rows.upperBound)
    canvas.clip((0, top, Double(width), bottom - top))
    canvas.shade = shade
    for item in items where item.bottom > top && item.top < bottom {
      switch item.shape {
      case .circle(let cx, let cy, let r): canvas.fillCircle(cx, cy, r, item.color)
      case .triangle(let x1, let y1, let x2, let y2, let x3, let y3):
        canvas.triangle(x1, y1, x2, y2, x3, y3, item.color)
      case .roundedRect(let x, let y, let w, let h, let radius):
        canvas.fillRoundedRect(x, y, w, h, radius: radius, item.color)
      case .text(let string, let style, let x, let y, let w, let h, let turned):
        if let t = text.texture(string, style, item.color, turned: turned) {
          canvas.draw(t.texture, x: x, y: y, w: w, h: h)
        }
      }
    }
    canvas.shade = 255
    canvas.clip(nil)
  }
}
