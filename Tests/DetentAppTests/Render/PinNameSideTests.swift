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
      (name: "Hilltop Tavern", left: true), (name: "Magnolia Roasters", left: true),
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

  @Test(
    "the map's names are measured once for a pan: a view that stays within their region reuses them, zoomed in too"
  )
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
    // Zoomed in, the view needs less of the region: the same names (`NameBoxesTests`).
    camera.zoom = 1.2
    _ = Self.overlay(scene, model, width: 1280, height: 800, camera: camera)
    #expect(scene.map.nameBoxes.made == made + 1)
  }

  @Test(
    "pins and names wholly outside the view are placed but not drawn; every one reaching into it by a pixel is drawn (48 views a point apart from each)",
    arguments: [
      (x: 0.0, y: 190.0, zoom: 1.0), (x: 300, y: -200, zoom: 0.5), (x: -400, y: 500, zoom: 1.4),
      (x: 600, y: 250, zoom: 2.2), (x: 37, y: -11, zoom: 0.8),
    ])
  func drawnWhereSeen(view: (x: Double, y: Double, zoom: Double)) throws {
    let (width, height) = (640, 800)
    let (_, scene, model) = try RenderTests.setUp(width: width, height: height)
    // Moved a point at a time right and down across 48 points: pins and names cross the edges.
    for shift in 0..<48 {
      let z = view.zoom
      let (x, y) = (
        view.x * z - Double(width) / 2 - Double(shift), view.y * z - Double(height) / 2 - Double(shift)
      )
      let drawn = MapOverlay()
      scene.map.fill(
        drawn, zoom: z, x: x, y: y, width: width, height: height, pins: model.pins, labels: false,
        text: scene.text)
      // Every pin placed, drawn or not: the same placement (as `fill` bounds it) with nothing left out.
      let all = MapOverlay()
      PinRenderer(overlay: all, text: scene.text).draw(
        model.pins, sx: { $0 * z - x }, sy: { $0 * z - y },
        bounds: MapRenderer.pinBounds(zoom: z, x: x, y: y, width: width, height: height),
        places: scene.map.pinPlaces, names: scene.map.nameBoxes, origin: (x, y))
      // Each pin's or name's box as drawn: a mark's sprite box, a text's.
      func boxes(_ overlay: MapOverlay) -> [String] {
        overlay.items.compactMap { item -> String? in
          switch item.shape {
          case .mark(let mark, let x, let y) where mark.kind == .pin:
            let b = mark.box
            return
              "pin \(x + Double(b.x)) \(y + Double(b.y)) \(x + Double(b.x + b.w)) \(y + Double(b.y + b.h))"
          case .text(let s, _, let x, let y, let w, let h, _): return "\(s) \(x) \(y) \(x + w) \(y + h)"
          default: return nil
          }
        }
      }
      // Whether a box reaches into the view widened by `margin` on every side.
      func seen(_ box: String, margin: Double = 0) -> Bool {
        let v = box.split(separator: " ").suffix(4).compactMap { Double($0) }
        return v[0] < Double(width) + margin && v[2] > -margin && v[1] < Double(height) + margin
          && v[3] > -margin
      }
      let (shown, placed) = (Set(boxes(drawn)), boxes(all))
      #expect(placed.count > shown.count, "placed \(placed.count), drawn \(shown.count)")
      #expect(shown.isSubset(of: Set(placed)))
      let missing = placed.filter { seen($0) && !shown.contains($0) }
      #expect(missing.isEmpty, "shift \(shift): reaching into the view but not drawn: \(missing)")
      // (Drawn if its placement box, widened by 4 points, reaches in: a name's placement box
      // reaches 2 below its text and a point either side, its text rounded to whole points.)
      let unseen = shown.filter { !seen($0, margin: 8) }
      #expect(unseen.isEmpty, "drawn outside the view: \(unseen)")
    }
  }
}
