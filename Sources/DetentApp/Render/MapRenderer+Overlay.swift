@preconcurrency import CSDL2

/// The map's overlay (pins, the location dot, and the labels while a scaled level stands in)
/// built from world positions for a view, and the whole map drawn at once without tiles (the
/// bench's floor image).
extension MapRenderer {
  /// Draws the whole map for `camera` directly onto the canvas, without tiles or cache (the
  /// bench's floor image).
  /// `placingFirst`: a rectangle (its offset from the view's top-left and its size) whose pins
  /// are placed first, as a pan buffer places its view's (tests).
  func render(
    camera: MapCamera, pins: MapPins, width: Int, height: Int, canvas: Canvas, text: TextCache,
    placingFirst inner: (x: Int, y: Int, width: Int, height: Int)? = nil
  ) {
    let z = camera.zoom
    let x = camera.centerX * z - Double(width) / 2
    let y = camera.centerY * z - Double(height) / 2
    MapPainter(map: map).paint(
      zoom: z, originX: x, originY: y, width: Double(width), height: Double(height), canvas: canvas)
    let scratch = MapOverlay()
    // Marks drawn as in `draw` (the halo's copy at alpha 40 rounds one step from a blended shape).
    makeMarks(canvas)
    scratch.marks = overlay.marks
    // Its texts are the view's overlay's too: kept with their pixels, not made again for it.
    scratch.keepsPixels = overlay.keepsPixels
    fill(
      scratch, zoom: z, x: x, y: y, width: width, height: height, pins: pins, text: text,
      view: inner.map { (x + Double($0.x), y + Double($0.y), $0.width, $0.height) })
    scratch.play(rows: 0..<height, width: width, shade: 255, canvas: canvas, text: text)
  }

  /// Makes ahead what selecting `place` draws over the map in the next frame: its balloon and
  /// the balloon's shadow at the fraction of a pixel they will fall on (in the pan buffer's page
  /// on screen, else in the view's overlay), and its name in bold (the frame a place opens
  /// patches them into the page). At most `budget` textures; the number made (0: nothing left).
  func warmSelected(_ place: Place, canvas: Canvas, text: TextCache, budget: Int) -> Int {
    let origin =
      pan.shown.map { ($0.zoom, Double($0.rect.x), Double($0.rect.y)) }
      ?? overlayKey.map { ($0.zoom, $0.x, $0.y) }
    guard let (z, originX, originY) = origin else { return 0 }
    makeMarks(canvas)
    let before = texturesMade(text: text)
    func made() -> Int { texturesMade(text: text) - before }
    // As `fill` places them (the fraction depends on the origin: the sum rounds).
    let (x, y) = (place.x * z - originX, place.y * z - originY)
    let (phaseX, phaseY) = (MapOverlay.anchor(x).phase, MapOverlay.anchor(y).phase)
    let shadow = MapMark(kind: .balloonShadow, phaseX: phaseX, phaseY: phaseY)
    let balloon = MapMark(
      kind: .balloon, color: place.category.color, glyph: place.category.glyph, phaseX: phaseX, phaseY: phaseY
    )
    // One texture each (the balloon's glyph before the balloon drawn with it).
    let steps: [() -> Void] = [
      { _ = self.overlay.sprite(of: shadow, canvas: canvas, text: text) },
      { _ = balloon.glyphTexture(text) },
      { _ = self.overlay.sprite(of: balloon, canvas: canvas, text: text) },
      {
        _ = text.texture(
          place.name, PinRenderer.selectedStyle, PinRenderer.selectedColor, pixels: self.overlay.keepsPixels)
      },
    ]
    for step in steps where made() < budget { step() }
    return made()
  }

  /// Builds the overlay for the view (the labels too when the tiles under it are placed without
  /// theirs), unless it is built already.
  func buildOverlay(
    zoom z: Double, x: Double, y: Double, width: Int, height: Int, pins: MapPins, labels: Bool,
    text: TextCache
  ) {
    if let k = overlayKey, k.zoom == z, k.x == x, k.y == y, k.width == width, k.height == height,
      k.pins == pins, k.labels == labels
    {
      return
    }
    overlayKey = (z, x, y, width, height, pins, labels)
    overlayVersion += 1
    overlay.removeAll()
    fill(overlay, zoom: z, x: x, y: y, width: width, height: height, pins: pins, labels: labels, text: text)
  }

  /// Adds the labels (when `labels`), pins and location dot of the view whose top-left world
  /// pixel at zoom `z` is (x, y).
  /// `view`: the top-left world pixel and size of a view inside that rectangle whose pins are
  /// placed first, as for that view alone (`PanBuffer`).
  func fill(
    _ overlay: MapOverlay, zoom z: Double, x: Double, y: Double, width: Int, height: Int, pins: MapPins,
    labels withLabels: Bool = true, text: TextCache,
    view: (x: Double, y: Double, width: Int, height: Int)? = nil
  ) {
    func sx(_ wx: Double) -> Double { wx * z - x }
    func sy(_ wy: Double) -> Double { wy * z - y }
    func bounds(_ x: Double, _ y: Double, _ width: Int, _ height: Int) -> PinRenderer.Bounds {
      Self.pinBounds(zoom: z, x: x, y: y, width: width, height: height)
    }
    // The map's own names where the pins' names could go (those the tiles hold, or drawn live),
    // kept for the views that follow.
    let b = bounds(x, y, width, height)
    let m = MapLabels.reach / z
    nameBoxes.update(
      zoom: z, needed: (b.minX - m, b.maxX + m, b.minY - m, b.maxY + m), margin: NameBoxes.margin
    ) { region, streets in
      labels.anchors(text: text, bounds: region, streets: streets)
    }
    if withLabels {
      // Labels centred just outside the view reach into it (as they do into a tile).
      labels.addNames(
        to: overlay, text: text, sx: sx, sy: sy,
        bounds: (x / z - m, (x + Double(width)) / z + m, y / z - m, (y + Double(height)) / z + m), zoom: z)
    }
    PinRenderer(overlay: overlay, text: text).draw(
      pins, sx: sx, sy: sy, bounds: bounds(x, y, width, height),
      first: view.map { bounds($0.x, $0.y, $0.width, $0.height) }, places: pinPlaces, names: nameBoxes,
      origin: (x, y), visible: (0, 0, Double(width), Double(height)))
    labels.addLocation(to: overlay, sx: sx, sy: sy)
  }

  /// The world bounds whose pins are placed for the `width`×`height` view whose top-left is
  /// world pixel (x, y) at zoom `z`: pins within 40 world points of it, and on either side as far
  /// as a name reaches (a pin's name is drawn beside it: one left or right of the view shows the
  /// end of its name); above and below, at least as far as a pin whose boxes could meet a box
  /// partly on screen (`PinRenderer.verticalReach`: nearer, a pin entering the placement while
  /// the view pans would move a name already shown to its pin's other side).
  static func pinBounds(zoom z: Double, x: Double, y: Double, width: Int, height: Int) -> PinRenderer.Bounds {
    let v = max(40, PinRenderer.verticalReach / z)
    return (
      x / z - 40 - PinRenderer.nameReach / z, (x + Double(width)) / z + 40 + PinRenderer.nameReach / z,
      y / z - v, (y + Double(height)) / z + v
    )
  }
}
