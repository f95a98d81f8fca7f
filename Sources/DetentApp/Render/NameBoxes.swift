/// The boxes of the map's own names (streets, shields, the river: `MapLabels.boxes`) over a
/// region at one zoom, in world pixels (world points × zoom, so that a view at origin (x, y)
/// sees a box shifted by −x, −y), sorted by their tops: what a pin's name keeps clear of
/// (`PinRenderer`). Made once for a region and a zoom, and kept while views at that zoom stay
/// within it (a pan or a flight does not measure the names again each frame).
final class NameBoxes {
  /// A box: left, top, right, bottom.
  typealias Box = (Double, Double, Double, Double)

  /// The zoom the boxes are for.
  private(set) var zoom = Double.nan
  /// The world region (minX, maxX, minY, maxY, world points) whose names the boxes hold.
  private(set) var region = (minX: 0.0, maxX: 0.0, minY: 0.0, maxY: 0.0)
  /// The boxes, in world pixels, by their tops.
  private(set) var boxes: [Box] = []
  /// The tallest box's height (a query looks this far above its own top).
  private var tallest = 0.0
  /// Times the boxes were made (tests).
  private(set) var made = 0
  /// World pixels held on every side beyond a view's need (half a 1280-wide view: a pan
  /// measures the names again every 640 pixels).
  static let margin = 640.0

  /// Makes the boxes for `needed` (world points) at zoom `z` unless those held cover it: the
  /// names of `needed` widened by `margin` world pixels on every side, from `make` (given the
  /// world region, it returns the boxes in world pixels).
  func update(
    zoom z: Double, needed: (minX: Double, maxX: Double, minY: Double, maxY: Double), margin: Double,
    make: ((Double, Double, Double, Double)) -> [Box]
  ) {
    let r = region
    if z == zoom, needed.minX >= r.minX, needed.maxX <= r.maxX, needed.minY >= r.minY, needed.maxY <= r.maxY {
      return
    }
    let m = margin / z
    region = (needed.minX - m, needed.maxX + m, needed.minY - m, needed.maxY + m)
    zoom = z
    boxes = make((region.minX, region.maxX, region.minY, region.maxY)).sorted { $0.1 < $1.1 }
    tallest = boxes.reduce(0) { max($0, $1.3 - $1.1) }
    made += 1
  }

  /// Whether `box` (screen pixels of a view whose top-left is world pixel (x, y)) overlaps a name.
  func overlaps(_ box: Box, x: Double, y: Double) -> Bool {
    let (left, top, right, bottom) = (box.0 + x, box.1 + y, box.2 + x, box.3 + y)
    // The first box whose top is below `top − tallest` (none above it reaches `top`; a point
    // more, so that a height rounded short by the subtraction misses nothing).
    var (lo, hi) = (0, boxes.count)
    while lo < hi {
      let mid = (lo + hi) / 2
      if boxes[mid].1 <= top - tallest - 1 { lo = mid + 1 } else { hi = mid }
    }
    var i = lo
    while i < boxes.count, boxes[i].1 < bottom {
      let b = boxes[i]
      if b.0 < right, left < b.2, top < b.3 { return true }
      i += 1
    }
    return false
  }
}
