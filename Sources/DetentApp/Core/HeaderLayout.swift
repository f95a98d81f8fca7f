/// Where the header's parts are, in header-local coordinates; shared by hit-testing and drawing.
///
/// The root header is two bands: the search field's (`fieldBand` px, pinned: it stays at the
/// sheet's top while the list scrolls under it) and the chips' (the rest, which hides with the
/// header). A detail sheet's header holds its title and close button.
struct HeaderLayout {
  /// Sheet width.
  var width: Double
  /// Header height.
  var height: Double
  /// Whether the search has focus: the field makes room for Cancel beside it.
  var focused = false
  /// How far the chip row is scrolled left (px): chips that do not fit are reached by a
  /// horizontal drag or wheel on the row.
  var chipScroll = 0.0

  /// Height of the search field's band at the header's top.
  static let fieldBand = 50.0
  /// Width of the Cancel button beside the focused field.
  static let cancelWidth = 64.0

  /// A rectangle.
  typealias Frame = (x: Double, y: Double, w: Double, h: Double)

  /// The search field's frame.
  var searchField: Frame? {
    guard height >= Self.fieldBand else { return nil }
    return (16, 6, max(width - 32 - (focused ? Self.cancelWidth : 0), 0), 38)
  }

  /// The Cancel button beside the focused field.
  var cancelButton: Frame? {
    guard focused, let f = searchField else { return nil }
    return (f.x + f.w, f.y, Self.cancelWidth + 16, f.h)
  }

  /// The clear (✕) button inside the field, at its right end: center and radius.
  var clearButton: (cx: Double, cy: Double, r: Double)? {
    guard let f = searchField else { return nil }
    return (f.x + f.w - 19, f.y + f.h / 2, 9)
  }

  /// Labels of the filter chips: "All" and one per category.
  static let chipLabels = ["All"] + PlaceCategory.allCases.map(\.chip)

  /// Chip frames left to right, every chip, shifted by `chipScroll` (only when the header is
  /// tall enough); chips beyond the sheet's edges are clipped when drawn.
  var chips: [Frame] {
    guard height >= 88 else { return [] }
    var x = 16.0 - chipScroll
    var out: [Frame] = []
    for label in Self.chipLabels {
      let w = Self.chipWidth(label)
      out.append((x, 54, w, 30))
      x += w + 8
    }
    return out
  }

  private static func chipWidth(_ label: String) -> Double { 26 + 8 * Double(label.count) }

  /// The chip row's width with its 16-px margins.
  static let chipRowWidth = 32 + chipLabels.map { chipWidth($0) + 8 }.reduce(0, +) - 8

  /// The farthest the chip row scrolls in a sheet `width` wide (0 when every chip fits).
  static func maxChipScroll(width: Double) -> Double { max(chipRowWidth - width, 0) }

  /// The close button of a detail sheet's header: center and radius.
  var closeButton: (cx: Double, cy: Double, r: Double) { (width - 34, 28, 15) }

  /// Whether (x, y) lies in `r`.
  static func contains(_ r: Frame, _ x: Double, _ y: Double) -> Bool {
    x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h
  }

  /// Whether (x, y) lies within `slop` px of the circle (cx, cy, r).
  static func contains(_ c: (cx: Double, cy: Double, r: Double), _ x: Double, _ y: Double, slop: Double)
    -> Bool
  {
    (x - c.cx) * (x - c.cx) + (y - c.cy) * (y - c.cy) <= (c.r + slop) * (c.r + slop)
  }
}
