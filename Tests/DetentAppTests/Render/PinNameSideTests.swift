import Testing

@testable import DetentApp

/// Where a pin's name goes: on its right, else on its left, never over the map's own names (the
/// streets', the highway's shields, the river's, baked into the tiles), another pin or another
/// name; where both sides are taken the name is left off and its pin stays.
struct PinNameSideTests {
  /// A box: left, top, right, bottom.
  typealias Box = (Double, Double, Double, Double)

  /// The view's overlay (pins and their names, not the map's names), built as a frame builds it.
  static func overlay(
    _ scene: SceneRenderer, _ model: DemoModel, width: Int, height: Int, camera: MapCamera
  ) -> (pins: [(x: Double, y: Double)], names: [(name: String, box: Box)], origin: (x: Double, y: Double)) {
    let z = camera.zoom
    let origin = (x: camera.centerX * z - Double(width) / 2, y: camera.centerY * z - Double(height) / 2)
    scene.map.buildOverlay(
      zoom: z, x: origin.x, y: origin.y, width: width, height: height, pins: model.pins, labels: false,
      text: scene.text)
    var pins: [(x: Double, y: Double)] = []
    var names: [(name: String, box: Box)] = []
    for item in scene.map.overlay.items {
      switch item.shape {
      case .mark(let mark, let x, let y) where mark.kind == .pin: pins.append((x, y))
      case .text(let s, let style, let x, let y, let w, _, _) where style == PinRenderer.labelStyle:
        // The box the name was placed in: its text's, a point wider each side, 16 tall.
        names.append((s, (x - 1, y - 1, x + w + 1, y + 15)))
      default: break
      }
    }
    return (pins, names, origin)
  }

  static func overlaps(_ a: Box, _ b: Box, by inset: Double = 1) -> Bool {
    a.0 + inset < b.2 && b.0 + inset < a.2 && a.1 + inset < b.3 && b.1 + inset < a.3
  }

  @Test(
    "no pin's name overlaps a street's name, a shield, the river's name, a pin or another pin's name",
    arguments: [(1280, 800), (640, 800)],
    [
      (x: 0.0, y: 190.0, zoom: 1.0), (x: 300, y: -200, zoom: 1.0), (x: -400, y: 500, zoom: 1.4),
      (x: 150, y: 350, zoom: 0.8), (x: -250, y: -50, zoom: 2.2), (x: 600, y: 250, zoom: 1.0),
    ])
  func clearOfEverything(size: (Int, Int), view: (x: Double, y: Double, zoom: Double)) throws {
    let (width, height) = size
    let (_, scene, model) = try RenderTests.setUp(width: width, height: height)
    let camera = MapTileTests.camera(x: view.x, y: view.y, zoom: view.zoom)
    let (pins, names, origin) = Self.overlay(scene, model, width: width, height: height, camera: camera)
    let z = view.zoom
    let streets = scene.map.labels.boxes(
      text: scene.text, sx: { $0 * z - origin.x }, sy: { $0 * z - origin.y },
      bounds: (
        (origin.x - 300) / z, (origin.x + Double(width) + 300) / z, (origin.y - 300) / z,
        (origin.y + Double(height) + 300) / z
      ), zoom: z)
    #expect(names.count >= 4, "names shown: \(names.map(\.name))")
    #expect(streets.count >= 4, "the map's names: \(streets.count)")
    for (name, box) in names {
      let street = streets.first { Self.overlaps(box, $0) }
      #expect(street == nil, "\(name) at \(box) over a map name at \(String(describing: street))")
      let pin = pins.first { Self.overlaps(box, ($0.x - 12, $0.y - 27, $0.x + 12, $0.y + 2)) }
      #expect(pin == nil, "\(name) over the pin at \(String(describing: pin))")
      let other = names.first { $0.name != name && Self.overlaps(box, $0.box) }
      #expect(other == nil, "\(name) over \(other?.name ?? "")")
    }
  }

  @Test(
    "the default view at 1280×800: a name whose right side holds a street's name goes on the left of its pin",
    arguments: [
      (name: "Wren Science Center", left: true), (name: "Wren Hardware", left: true),
      (name: "Hazel Coffee", left: false), (name: "Corner Tavern", left: false),
    ])
  func side(name: String, left: Bool) throws {
    let (_, scene, model) = try RenderTests.setUp(width: 1280, height: 800)
    let camera = model.camera
    let (_, names, origin) = Self.overlay(scene, model, width: 1280, height: 800, camera: camera)
    let index = try #require(
      (0..<model.pins.places.count).first { model.pins.places.place($0).name == name })
    let place = model.pins.places.place(index)
    let pinX = place.x * camera.zoom - origin.x
    let box = try #require(names.first { $0.name == name }?.box, "\(name) is shown")
    if left {
      // The text ends 14 points left of its pin (its box, a point past it).
      #expect(abs(box.2 - (pinX - 13)) <= 1, "\(name): box \(box), pin at x \(pinX)")
    } else {
      #expect(abs(box.0 - (pinX + 13)) <= 1, "\(name): box \(box), pin at x \(pinX)")
    }
  }

  @Test("the map's names are measured once for a pan: a view that stays within their region reuses them")
  func namesKept() throws {
    let (_, scene, model) = try RenderTests.setUp(width: 1280, height: 800)
    var camera = MapTileTests.camera(x: 0, y: 190, zoom: 1)
    _ = Self.overlay(scene, model, width: 1280, height: 800, camera: camera)
    let made = scene.map.nameBoxes.made
    for _ in 0..<100 {
      camera.pan(dx: 3, dy: -2)
      _ = Self.overlay(scene, model, width: 1280, height: 800, camera: camera)
    }
    // 300 by 200 points within the 640-point margin: the same boxes.
    #expect(scene.map.nameBoxes.made == made)
    camera.pan(dx: 700, dy: 0)
    _ = Self.overlay(scene, model, width: 1280, height: 800, camera: camera)
    #expect(scene.map.nameBoxes.made == made + 1)
    camera.zoom = 1.2
    _ = Self.overlay(scene, model, width: 1280, height: 800, camera: camera)
    #expect(scene.map.nameBoxes.made == made + 2)
  }
}
