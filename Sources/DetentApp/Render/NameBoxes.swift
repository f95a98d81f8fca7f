/// The map's own names (streets, shields, the river: `MapLabels.anchors`) over a region, what a
/// pin's name keeps clear of (`PinRenderer`). A name belongs to a world point and is drawn at a
/// fixed size on screen, so it is held as its centre in world points and its half width and half
/// height in screen pixels, and its box at any zoom is arithmetic: at zoom z, a view whose
/// top-left is world pixel (x, y) sees it centred on (cx·z − x, cy·z − y). The names are measured
/// once for a region and kept while the views that follow stay within it, whatever their zoom
/// (a pan, a flight or a zoom animation does not measure them again each frame), until the
/// names a zoom shows change (`MapLabels.showsStreetNames`).
final class NameBoxes {
  /// A box: left, top, right, bottom.
  typealias Box = (Double, Double, Double, Double)

  /// The zoom of the views queried now.
  private(set) var zoom = Double.nan
  /// Whether the names held include the streets'.
  private(set) var streets: Bool?
  /// The world region (minX, maxX, minY, maxY, world points) whose names are held.
  private(set) var region = (minX: 0.0, maxX: 0.0, minY: 0.0, maxY: 0.0)
  /// The names, by their centres' y.
  private(set) var anchors: [MapLabels.Anchor] = []
  /// The largest half height of a name (a query looks this far above its own top).
  private var tallest = 0.0
  /// Times the names were measured (tests).
  private(set) var made = 0
  /// Screen pixels held on every side beyond a view's need, at the zoom they are measured for
  /// (half a 1280-wide view: a pan measures the names again every 640 pixels).
  static let margin = 640.0

  /// Makes ready for views at zoom `z` that need the names of `needed` (world points): unless the
  /// names held cover it and are those the zoom shows, measures those of `needed` widened by
  /// `margin` screen pixels at `z` on every side, with `make` (given the world region and whether
  /// street names show, it returns their anchors).
  func update(
    zoom z: Double, needed: (minX: Double, maxX: Double, minY: Double, maxY: Double), margin: Double,
    make: ((Double, Double, Double, Double), Bool) -> [MapLabels.Anchor]
  ) {
    zoom = z
    let shows = MapLabels.showsStreetNames(zoom: z)
    let r = region
    if streets == shows, needed.minX >= r.minX, needed.maxX <= r.maxX, needed.minY >= r.minY,
      needed.maxY <= r.maxY
    {
      return
    }
    let m = margin / z
    region = (needed.minX - m, needed.maxX + m, needed.minY - m, needed.maxY + m)
    streets = shows
    anchors = make((region.minX, region.maxX, region.minY, region.maxY), shows).sorted { $0.y < $1.y }
    tallest = anchors.reduce(0) { max($0, $1.halfHeight) }
    made += 1
  }

  /// Whether `box` (screen pixels of a view at the zoom of the last `update` whose top-left is
  /// world pixel (x, y)) overlaps a name.
  func overlaps(_ box: Box, x: Double, y: Double) -> Bool {
    let z = zoom
    let (left, top, right, bottom) = (box.0 + x, box.1 + y, box.2 + x, box.3 + y)
    // The first name whose centre is below `top − tallest` (none above it reaches `top`; a
    // point more, so that a height rounded short by the subtraction misses nothing).
    var (lo, hi) = (0, anchors.count)
    while lo < hi {
      let mid = (lo + hi) / 2
      if anchors[mid].y * z <= top - tallest - 1 { lo = mid + 1 } else { hi = mid }
    }
    var i = lo
    while i < anchors.count, anchors[i].y * z - tallest < bottom {
      let a = anchors[i]
      let (cx, cy) = (a.x * z, a.y * z)
      if cx - a.halfWidth < right, left < cx + a.halfWidth, cy - a.halfHeight < bottom,
        top < cy + a.halfHeight
      {
        return true
      }
      i += 1
    }
    return false
  }
}
