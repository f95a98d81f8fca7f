/// Makes ahead, in quiet frames, the texts a zoom's first frames would otherwise make while they
/// draw: the map's labels (a zoom draws them live over the scaled tiles; they are the same
/// strings at every zoom) and the names of the places around the view (a pin gets its name once
/// zooming in leaves it room). One text a frame (0.05–0.1 ms at 1280×800); only the text cache
/// changes, the pixels drawn are the same. Not the marks' sprites: one costs 0.2–0.3 ms to make,
/// a quiet frame's own time again, so a frame that made one ahead was as slow as the zoom frame
/// it spared. Progressive frames only (the demo and the bench): shots and goldens draw one frame
/// each.
final class MapWarmer {
  /// What is still to make, the last first.
  private var wants: [MapLabels.Text] = []
  /// The texts already listed.
  private var listed: Set<MapLabels.Text> = []
  /// Whether the map's own labels were listed.
  private var listedLabels = false
  /// The overlay version whose places were listed.
  private var overlayVersion: Int?
  /// Textures made ahead so far (tests).
  private(set) var made = 0

  /// New textures a frame at most.
  static let budget = 1
  /// How far around the view (a fraction of its size on each side) the places' names are made:
  /// a few wheel notches out (1.1× each) shows that much more.
  static let around = 0.25

  /// Makes up to `budget` texts ahead for `map`'s overlay. The number made (0: nothing left to
  /// make now).
  @discardableResult
  func warm(_ map: MapRenderer, text: TextCache) -> Int {
    guard map.progressive else { return 0 }
    if overlayVersion != map.overlayVersion {
      overlayVersion = map.overlayVersion
      list(map)
    }
    let before = text.renders
    while text.renders - before < Self.budget, let t = wants.popLast() {
      _ = text.texture(t.string, t.style, t.color, turned: t.turned, pixels: map.overlay.keepsPixels)
    }
    made += text.renders - before
    return text.renders - before
  }

  /// Lists the texts not listed yet: the map's labels (once) and the names of the places around
  /// the overlay's view.
  private func list(_ map: MapRenderer) {
    var found: [MapLabels.Text] = []
    func add(_ t: MapLabels.Text) { if listed.insert(t).inserted { found.append(t) } }
    if !listedLabels {
      listedLabels = true
      for t in map.labels.texts { add(t) }
    }
    if let key = map.overlayKey {
      let (w, h) = (Double(key.width) / key.zoom, Double(key.height) / key.zoom)
      let (x, y) = (key.x / key.zoom, key.y / key.zoom)
      let (minX, maxX) = (x - w * Self.around, x + w * (1 + Self.around))
      let (minY, maxY) = (y - h * Self.around, y + h * (1 + Self.around))
      for c in map.pinPlaces.candidates(for: key.pins)
      where c.place.x >= minX && c.place.x <= maxX && c.place.y >= minY && c.place.y <= maxY {
        add(
          MapLabels.Text(
            string: c.place.name, style: PinRenderer.labelStyle, color: PinRenderer.labelColor, turned: false)
        )
      }
    }
    // What this view needs before what earlier ones did; the first found first.
    wants.append(contentsOf: found.reversed())
  }
}
