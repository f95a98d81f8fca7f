import Testing

@testable import DetentApp

/// `NameBoxes` keeps the map's names measured for one view and answers for the views after it,
/// whatever their zoom: its answers are those of the names measured afresh for each view.
struct NameBoxesTests {
  /// A view: its zoom and the world point at its centre.
  typealias View = (zoom: Double, x: Double, y: Double)

  /// A zoom animation in and out (steps of 1.1, as the wheel's), pans at the deepest zoom,
  /// the zoom at which street names go (0.8) crossed both ways, far out and far in.
  static let walk: [View] = [
    (1.0, 0, 190), (1.1, 0, 190), (1.21, 0, 190), (1.331, 0, 190), (1.4641, 0, 190),
    (1.4641, 180, 150), (1.4641, 420, 90), (1.331, 420, 90), (1.1, 420, 90), (1.0, 420, 90),
    (0.9, 420, 90), (0.8, 420, 90), (0.79, 420, 90), (0.5, 420, 90), (0.79, 420, 90), (0.8, 420, 90),
    (2.2, 300, -200), (3.0, -400, 500),
  ]

  @Test("over a walk of zooms and pans, kept names answer every box as names measured for each view do")
  func keptAnswersAsFresh() throws {
    let (width, height) = (1280, 800)
    let (_, scene, _) = try RenderTests.setUp(width: width, height: height)
    let labels = scene.map.labels
    let kept = NameBoxes()
    var measured = 0
    for view in Self.walk {
      let z = view.zoom
      let (x, y) = (view.x * z - Double(width) / 2, view.y * z - Double(height) / 2)
      // As `MapRenderer.fill` asks.
      let b = MapRenderer.pinBounds(zoom: z, x: x, y: y, width: width, height: height)
      let m = MapLabels.reach / z
      let needed = (b.minX - m, b.maxX + m, b.minY - m, b.maxY + m)
      kept.update(zoom: z, needed: needed, margin: NameBoxes.margin) { region, streets in
        labels.anchors(text: scene.text, bounds: region, streets: streets)
      }
      // Every name whose point is within 600 screen points of the view, measured for it.
      let reach = 600 / z
      let fresh = labels.boxes(
        text: scene.text, sx: { $0 * z - x }, sy: { $0 * z - y },
        bounds: (
          x / z - reach, (x + Double(width)) / z + reach, y / z - reach, (y + Double(height)) / z + reach
        ),
        zoom: z)
      #expect(fresh.count >= 4, "zoom \(z): \(fresh.count) names")
      // Boxes of a pin's name's size in a grid over the view and past its edges, at fractions
      // of a point (no edge exactly on a name's).
      var (hits, misses) = (0, 0)
      for row in 0..<40 {
        for column in 0..<24 {
          let left = -300.3 + Double(column) * 80.37
          let top = -150.3 + Double(row) * 27.71
          let box = (left, top, left + 120, top + 16)
          let expected = fresh.contains { $0.0 < box.2 && box.0 < $0.2 && $0.1 < box.3 && box.1 < $0.3 }
          #expect(
            kept.overlaps(box, x: x, y: y) == expected, "zoom \(z) at (\(view.x), \(view.y)): box \(box)")
          if expected { hits += 1 } else { misses += 1 }
        }
      }
      #expect(hits >= 20 && misses >= 20, "zoom \(z): \(hits) boxes over a name, \(misses) clear")
      measured = kept.made
    }
    // Measured again only when the names a zoom shows changed or the view left their region:
    // the first view, the pan past its region, the zoom out to 0.79 and on to 0.5, and back to
    // 0.8 (streets), and the jump to another part of the map.
    #expect(measured <= 8, "measured \(measured) times for \(Self.walk.count) views")
  }

  @Test("a zoom animation measures the names once; crossing zoom 0.8 (street names) measures them again")
  func measuredOncePerZoomAnimation() throws {
    let (width, height) = (1280, 800)
    let (_, scene, model) = try RenderTests.setUp(width: width, height: height)
    var camera = MapTileTests.camera(x: 0, y: 190, zoom: 1)
    _ = PinNameSideTests.overlay(scene, model, width: width, height: height, camera: camera)
    let made = scene.map.nameBoxes.made
    // In and back out, as the wheel's steps do.
    for zoom in [1.1, 1.21, 1.331, 1.4641, 1.331, 1.21, 1.1, 1.0, 0.9] {
      camera.zoom = zoom
      _ = PinNameSideTests.overlay(scene, model, width: width, height: height, camera: camera)
    }
    #expect(scene.map.nameBoxes.made == made)
    camera.zoom = 0.79
    _ = PinNameSideTests.overlay(scene, model, width: width, height: height, camera: camera)
    #expect(scene.map.nameBoxes.made == made + 1)
    #expect(scene.map.nameBoxes.streets == false)
    camera.zoom = 0.8
    _ = PinNameSideTests.overlay(scene, model, width: width, height: height, camera: camera)
    #expect(scene.map.nameBoxes.made == made + 2)
    #expect(scene.map.nameBoxes.streets == true)
  }
}
