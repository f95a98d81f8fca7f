/// Makes ahead, in quiet frames, what a zoom's first frames would otherwise make while they
/// draw: the sprites of the view's marks at each half pixel (a mark lands on another half as the
/// zoom changes), the highway's shield, and the texts of the map's labels (a zoom draws them
/// live over the scaled tiles; they are the same strings at every zoom) and of the places' names
/// around the view (a pin gets its name once zooming in leaves it room). One texture a frame (a
/// sprite 0.01–0.05 ms at 1280×800, a text 0.005–0.02 ms with its font warm); only caches
/// change, the pixels drawn are the same. Progressive frames only (the demo and the bench):
/// shots and goldens draw one frame each.
final class MapWarmer {
  /// A texture to make.
  private enum Want {
    case text(MapLabels.Text)
    case mark(MapMark)
    case shield
  }

  /// What is still to make, the last first.
  private var wants: [Want] = []
  /// The texts and mark looks already listed.
  private var listedTexts: Set<MapLabels.Text> = []
  private var listedMarks: Set<MapMark> = []
  /// Whether the map's own labels and shield were listed.
  private var listedLabels = false
  /// The overlay version whose places and marks were listed.
  private var overlayVersion: Int?
  /// Textures made ahead so far (tests).
  private(set) var made = 0

  /// New textures a frame at most.
  static let budget = 1
  /// How far around the view (a fraction of its size on each side) the places' names are made:
  /// a few wheel notches out (1.1× each) shows that much more.
  static let around = 0.25

  /// Whether a call may make more (something is listed, or the overlay changed since).
  func pending(_ map: MapRenderer) -> Bool { !wants.isEmpty || overlayVersion != map.overlayVersion }

  /// Makes up to `budget` textures ahead for `map`'s overlay: the number made (0 in a call that
  /// lists what a new overlay needs, which takes a frame of its own).
  @discardableResult
  func warm(_ map: MapRenderer, canvas: Canvas, text: TextCache) -> Int {
    guard map.progressive else { return 0 }
    map.makeMarks(canvas)
    // The storage a zoom's held view is kept in, where the CPU composes it.
    if map.composesInSurface, canvas.composesOnCPU, let key = map.overlayKey {
      map.zoom.reserve(width: key.width, height: key.height)
    }
    let overlay = map.overlay
    if overlayVersion != map.overlayVersion {
      overlayVersion = map.overlayVersion
      list(map)
      return 0
    }
    let before = text.renders + (overlay.marks?.renders ?? 0)
    func count() -> Int { text.renders + (overlay.marks?.renders ?? 0) - before }
    while count() < Self.budget, let want = wants.popLast() {
      switch want {
      case .text(let t):
        _ = text.texture(t.string, t.style, t.color, turned: t.turned, pixels: overlay.keepsPixels)
      case .mark(let mark):
        _ = overlay.sprite(of: mark, canvas: canvas, text: text)
      case .shield:
        // A sprite only where the overlay is blended on the CPU (`OverlayBlender`).
        guard overlay.keepsPixels else { continue }
        let s = MapLabels.shield
        _ = overlay.shieldSprite(width: s.w, height: s.h, radius: s.radius, color: s.color, canvas: canvas)
      }
    }
    made += count()
    return count()
  }

  /// Lists what is not listed yet: the map's labels and shield (once), the names of the places
  /// around the overlay's view, and its marks' looks at each half pixel.
  private func list(_ map: MapRenderer) {
    var texts: [Want] = []
    var marks: [Want] = []
    func add(_ t: MapLabels.Text) { if listedTexts.insert(t).inserted { texts.append(.text(t)) } }
    if !listedLabels {
      listedLabels = true
      for t in map.labels.texts { add(t) }
      texts.append(.shield)
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
    for item in map.overlay.items {
      guard case .mark(var mark, _, _) = item.shape else { continue }
      mark.phaseX = 0
      mark.phaseY = 0
      guard listedMarks.insert(mark).inserted else { continue }
      for (x, y) in [(0.0, 0.0), (0, 0.5), (0.5, 0), (0.5, 0.5)] {
        mark.phaseX = x
        mark.phaseY = y
        marks.append(.mark(mark))
      }
    }
    // What this view needs before what earlier ones did, its marks first; otherwise the first
    // found first.
    wants.append(contentsOf: texts.reversed())
    wants.append(contentsOf: marks.reversed())
  }
}
