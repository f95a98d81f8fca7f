/// The boxes placed on screen so far while pins are placed (`PinRenderer`: pins and their
/// names), filed by bands of rows, so that asking whether a box is free looks at the boxes in
/// its rows only: at 3840×2160 hundreds of pins each asked against every box placed before.
/// Kept from frame to frame (`PinPlaces`), its storage reused.
final class PlacedBoxes {
  /// A box: left, top, right, bottom (screen pixels).
  typealias Box = (Double, Double, Double, Double)

  /// Rows a band holds (a name's box is 16 tall, a pin's 29, a balloon's 54: each lies in at
  /// most three bands).
  static let bandRows = 32.0
  /// The boxes of each band; a box is filed in every band it reaches into (the first and last
  /// bands also hold those above and below the rows reset for).
  private var bands: [[Box]] = []
  /// The bands in use, and the row band 0 starts at.
  private var used = 0
  private var top = 0.0
  /// Boxes placed since the last reset.
  private(set) var count = 0

  /// Forgets every box, for boxes mostly within rows `top..<bottom`.
  func reset(top: Double, bottom: Double) {
    // (Geometry no display shows, NaN or infinite, gets one band.)
    let span = ((bottom - top) / Self.bandRows).rounded(.up)
    let n = span.isFinite ? Int(max(0, min(4095, span))) + 1 : 1
    for i in 0..<min(used, bands.count) { bands[i].removeAll(keepingCapacity: true) }
    if bands.count < n { bands += Array(repeating: [], count: n - bands.count) }
    used = n
    self.top = top.isFinite ? top : 0
    count = 0
  }

  /// The bands a box from `top` to `bottom` reaches into.
  private func bands(_ boxTop: Double, _ boxBottom: Double) -> ClosedRange<Int> {
    func band(_ y: Double) -> Int {
      let b = ((y - top) / Self.bandRows).rounded(.down)
      return b.isNaN ? 0 : Int(max(0, min(Double(used - 1), b)))
    }
    let first = band(boxTop)
    return first...max(first, band(boxBottom))
  }

  /// Places `box`.
  func append(_ box: Box) {
    for band in bands(box.1, box.3) { bands[band].append(box) }
    count += 1
  }

  /// Whether `box` overlaps no box placed.
  func isFree(_ box: Box) -> Bool {
    for band in bands(box.1, box.3)
    where bands[band].contains(where: { $0.0 < box.2 && box.0 < $0.2 && $0.1 < box.3 && box.1 < $0.3 }) {
      return false
    }
    return true
  }
}
