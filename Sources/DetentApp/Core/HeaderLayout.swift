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

/// The map's view: world point at the window's center and the zoom; `version` changes on every edit.
struct MapCamera: Equatable {
  var centerX = 0.0
  /// The current location (world 0, 0) shows in the upper part of the window, above a half-height sheet.
  var centerY = 190.0
  var zoom = 1.0
  private(set) var version = 0

  mutating func pan(dx: Double, dy: Double) {
    guard dx != 0 || dy != 0 else { return }
    centerX -= dx / zoom
    centerY -= dy / zoom
    version += 1
  }

  /// Zooms by `factor` keeping the world point under (x, y) in place, for a view `width`×`height`.
  mutating func zoom(by factor: Double, atX x: Double, y: Double, width: Double, height: Double) {
    let newZoom = min(max(zoom * factor, 0.35), 4)
    guard newZoom != zoom else { return }
    let wx = centerX + (x - width / 2) / zoom
    let wy = centerY + (y - height / 2) / zoom
    zoom = newZoom
    centerX = wx - (x - width / 2) / zoom
    centerY = wy - (y - height / 2) / zoom
    version += 1
  }
}
