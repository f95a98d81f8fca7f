import Testing

@testable import DetentApp

/// Names of pins entering the view from either side: a pin's name is drawn to its right (or its
/// left), so a pin just left of the view shows the end of its name, one just right of it the
/// start of a name on its left. Pins that far out are placed with the view
/// (`PinRenderer.nameReach`): while the map pans a pixel a frame, a name slides in at the edge;
/// it never appears already inside the view.
struct PinNameEdgeTests {
  /// The pin names in the overlay for `camera` that reach into the view's columns: their strings,
  /// their left edges, the points of each inside the view and their tops.
  static func names(
    _ scene: SceneRenderer, _ model: DemoModel, _ display: Display, _ camera: MapCamera
  ) -> [String: (x: Double, shown: Double, y: Double)] {
    var out: [String: (x: Double, shown: Double, y: Double)] = [:]
    scene.map.buildOverlay(
      zoom: camera.zoom, x: camera.centerX * camera.zoom - Double(display.width) / 2,
      y: camera.centerY * camera.zoom - Double(display.height) / 2, width: display.width,
      height: display.height, pins: model.pins, labels: false, text: scene.text)
    for item in scene.map.overlay.items {
      guard case .text(let s, let style, let x, let y, let w, _, _) = item.shape,
        style == PinRenderer.labelStyle,
        x + w > 0, x < Double(display.width)
      else { continue }
      out[s] = (x, min(x + w, Double(display.width)) - max(x, 0), y)
    }
    return out
  }

  @Test(
    "panning a pixel a frame over 400 px (right, then left): every name enters at the edge the map comes from, none pops in inside the view",
    arguments: [1.0, 0.5, 2.0], [1.0, -1.0])
  func namesSlideIn(zoom: Double, dx: Double) throws {
    let (display, scene, model) = try RenderTests.setUp()
    var camera = MapTileTests.camera(x: 0, y: 190, zoom: zoom)
    var before = Self.names(scene, model, display, camera)
    let width = Double(display.width)
    let edge = dx > 0 ? "left" : "right"
    var entered = 0
    var cut: [String] = []
    var inside: [String] = []
    for _ in 0..<400 {
      camera.pan(dx: dx, dy: 0)
      let now = Self.names(scene, model, display, camera)
      for (name, name1) in now where before[name] == nil {
        // Panning right, a name entering crosses the left edge (x < 0); panning left, the right
        // one (its right edge, x plus the points shown, at the view's).
        let atEdge = dx > 0 ? name1.x < 0 : name1.x + name1.shown >= width - 0.5
        if !atEdge {
          // Freed inside the view by a pin entering or leaving the placement (the names are
          // placed greedily, nearest the location first): not the edge's doing.
          inside.append(name)
        } else if name1.shown <= 1.5 {
          entered += 1
        } else {
          cut.append("\(name): \(name1.shown) points at once")
        }
      }
      before = now
    }
    #expect(entered >= 2, "names entered from the \(edge): \(entered)")
    #expect(cut.isEmpty, "names that appeared across the \(edge) edge: \(cut)")
    #expect(inside.count <= 2, "names freed inside the view: \(inside)")
  }

  @Test(
    "panning down, then up, a pixel a frame over 400 px: no name on screen moves sideways (changes sides of its pin)",
    arguments: [1.0, 0.5, 2.0], [1.0, -1.0])
  func namesKeepTheirSide(zoom: Double, dy: Double) throws {
    for start in [(0.0, 190.0), (300, -200), (-400, 500), (600, 250), (-250, -50), (150, 350)] {
      let (display, scene, model) = try RenderTests.setUp()
      var camera = MapTileTests.camera(x: start.0, y: start.1, zoom: zoom)
      var before = Self.names(scene, model, display, camera)
      var moved: [String] = []
      var kept = 0
      for frame in 0..<400 {
        camera.pan(dx: 0, dy: dy)
        let now = Self.names(scene, model, display, camera)
        // A vertical pan moves nothing sideways: a name shown in both frames keeps its x.
        for (name, name1) in now {
          // Shown: some of its 16 rows on screen, in both frames.
          let rows = -16..<Double(display.height)
          guard let name0 = before[name], rows.contains(name0.y), rows.contains(name1.y) else { continue }
          if name0.x == name1.x {
            kept += 1
          } else {
            moved.append("\(name) at frame \(frame): \(name0.x) → \(name1.x)")
          }
        }
        before = now
      }
      #expect(kept > 300, "names kept in place frame to frame from \(start): \(kept)")
      #expect(moved.isEmpty, "names that moved sideways: \(moved)")
    }
  }
}
