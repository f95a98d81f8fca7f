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
