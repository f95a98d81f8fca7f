@testable import DetentApp

/// The tests' view of the map's names: their boxes on screen for one view.
extension MapLabels {
  /// The screen boxes (left, top, right, bottom) of the names `addNames` draws for the same view:
  /// what a pin's name keeps clear of (`PinRenderer`), each its anchor's box on screen.
  func boxes(
    text: TextCache, sx: (Double) -> Double, sy: (Double) -> Double, bounds: (Double, Double, Double, Double),
    zoom z: Double
  ) -> [(Double, Double, Double, Double)] {
    anchors(text: text, bounds: bounds, streets: Self.showsStreetNames(zoom: z)).map { a in
      let (cx, cy) = (sx(a.x), sy(a.y))
      return (cx - a.halfWidth, cy - a.halfHeight, cx + a.halfWidth, cy + a.halfHeight)
    }
  }
}
