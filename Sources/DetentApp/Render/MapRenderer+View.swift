@preconcurrency import CSDL2

/// The map's view through SDL: the view cache's texture (a view that holds still, copied whole
/// and dimmed by colour modulation) and where a flight's view ends (the pan buffer's page).
extension MapRenderer {
  /// The top-left world pixel of the view where the camera's flight ends (nil: not flying).
  func flightEnd(_ camera: MapCamera, zoom z: Double, width: Int, height: Int) -> (x: Int, y: Int)? {
    guard let f = camera.flight else { return nil }
    return (Int((f.toX * z - Double(width) / 2).rounded()), Int((f.toY * z - Double(height) / 2).rounded()))
  }

  /// Copies rows `0..<rows` of the cached view, multiplied by `shade`, the 14 rows above
  /// `sheetTop` by their shadow's shade.
  func copyView(
    _ view: OpaquePointer, width: Int, shade: UInt8, rows: Int, sheetTop: Int?, canvas: Canvas
  ) {
    SheetShadow.Band(sheetTop: sheetTop, rows: rows).forEachRun(base: shade) { rows, shade in
      canvas.copyRows(view, width: width, rows: rows, shade: shade, textureScale: canvas.scale)
    }
  }

  /// The view cache's texture for a `width`×`height` view (a new one for a new size, which
  /// empties the cache); nil when SDL cannot make it.
  func viewTexture(_ canvas: Canvas, _ width: Int, _ height: Int) -> OpaquePointer? {
    guard
      let (texture, fresh) = view.texture(for: canvas, width: width, height: height)
    else { return nil }
    if fresh { cachedViewKey = nil }
    return texture
  }
}
