/// Where the header's parts are, in header-local coordinates; shared by hit-testing and drawing.
struct HeaderLayout {
  /// Sheet width.
  var width: Double
  /// Header height.
  var height: Double

  /// The search field's frame.
  var searchField: (x: Double, y: Double, w: Double, h: Double)? {
    height >= 50 ? (16, 6, max(width - 32, 0), 38) : nil
  }

  /// Labels of the filter chips: "All" and one per category.
  static let chipLabels = ["All"] + PlaceCategory.allCases.map(\.chip)

  /// Chip frames left to right (only when the header is tall enough).
  var chips: [(x: Double, y: Double, w: Double, h: Double)] {
    guard height >= 88 else { return [] }
    var x = 16.0
    var out: [(x: Double, y: Double, w: Double, h: Double)] = []
    for label in Self.chipLabels {
      let w = 26 + 8 * Double(label.count)
      if x + w > width - 8 { break }
      out.append((x, 54, w, 30))
      x += w + 8
    }
    return out
  }

  /// The close button of a detail sheet's header: center and radius.
  var closeButton: (cx: Double, cy: Double, r: Double) { (width - 34, 28, 15) }

  static func contains(_ r: (x: Double, y: Double, w: Double, h: Double), _ x: Double, _ y: Double) -> Bool {
    x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h
  }
}
