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

  /// What is still to make, the last of each first: the marks' looks, then the map's labels
  /// (every zoom draws them), then the places' names (each view's before earlier views').
  private var marks: [Want] = []
  private var labels: [Want] = []
  private var names: [Want] = []
  /// The texts and mark looks already listed.
  private var listedTexts: Set<MapLabels.Text> = []
  private var listedMarks: Set<MapMark> = []
  /// Whether the map's own labels and shield were listed.
  private var listedLabels = false
  /// The overlay versions whose places' names, and whose marks, were listed.
  private var namesListed: Int?
  private var overlayVersion: Int?
  /// Textures made ahead so far (tests).
  private(set) var made = 0

  /// New textures a frame at most.
  static let budget = 1
  /// How far around the view (a fraction of its size on each side) the places' names are made:
  /// a few wheel notches out (1.1× each) shows that much more.
  static let around = 0.25

  /// Whether a call may make more (something is listed, or the overlay changed since).
  func pending(_ map: MapRenderer) -> Bool {
    !marks.isEmpty || !labels.isEmpty || !names.isEmpty || overlayVersion != map.overlayVersion
  }

  /// Makes up to `budget` textures ahead for `map`'s overlay: the number made (0 in a call that
  /// lists half of what a new overlay needs, or starts the zoom's kept storage: each takes a
  /// frame of its own).
  @discardableResult
  func warm(_ map: MapRenderer, canvas: Canvas, text: TextCache) -> Int {
    guard map.progressive else { return 0 }
    map.makeMarks(canvas)
    // The storage a zoom's held view is kept in, where the CPU composes it: started in a frame
    // of its own (a thread, 0.05 ms).
    if let key = map.overlayKey, map.reserveZoomStorage(width: key.width, height: key.height, canvas: canvas)
    {
      return 0
    }
    let overlay = map.overlay
    // A new overlay is listed over two calls of their own: the places' names around its view,
    // then its marks (listed in one, the first view's took 0.14 ms of a quiet frame).
    if namesListed != map.overlayVersion {
      namesListed = map.overlayVersion
      listNames(map)
      return 0
    }
    if overlayVersion != map.overlayVersion {
      overlayVersion = map.overlayVersion
      listMarks(map)
      return 0
    }
    let before = map.texturesMade(text: text)
    func count() -> Int { map.texturesMade(text: text) - before }
    while count() < Self.budget, let want = marks.popLast() ?? labels.popLast() ?? names.popLast() {
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

  /// Lists the map's labels' texts and the highway's shield, once (before the first frame:
  /// listed in the first quiet frame with a view's, it took 0.21 ms of it).
  func listLabels(_ labels: MapLabels) {
    guard !listedLabels else { return }
    listedLabels = true
    listedTexts.reserveCapacity(labels.texts.count * 2)
    var texts: [Want] = [.shield]
    for t in labels.texts where listedTexts.insert(t).inserted { texts.append(.text(t)) }
    self.labels = texts.reversed()
  }

  /// Lists the names of the places around the overlay's view not listed yet (and the map's
  /// labels, unless `listLabels` did).
  private func listNames(_ map: MapRenderer) {
    listLabels(map.labels)
    guard let key = map.overlayKey else { return }
    var texts: [Want] = []
    let (w, h) = (Double(key.width) / key.zoom, Double(key.height) / key.zoom)
    let (x, y) = (key.x / key.zoom, key.y / key.zoom)
    let (minX, maxX) = (x - w * Self.around, x + w * (1 + Self.around))
    let (minY, maxY) = (y - h * Self.around, y + h * (1 + Self.around))
    for c in map.pinPlaces.candidates(for: key.pins)
    where c.place.x >= minX && c.place.x <= maxX && c.place.y >= minY && c.place.y <= maxY {
      let t = MapLabels.Text(
        string: c.place.name, style: PinRenderer.labelStyle, color: PinRenderer.labelColor, turned: false)
      if listedTexts.insert(t).inserted { texts.append(.text(t)) }
    }
    // What this view needs before what earlier ones did; otherwise the first found first.
    names.append(contentsOf: texts.reversed())
  }

  /// Lists the looks of the overlay's marks not listed yet, each at every half pixel: made
  /// first.
  private func listMarks(_ map: MapRenderer) {
    var looks: [Want] = []
    for item in map.overlay.items {
      guard case .mark(var mark, _, _) = item.shape else { continue }
      mark.phaseX = 0
      mark.phaseY = 0
      guard listedMarks.insert(mark).inserted else { continue }
      for (x, y) in [(0.0, 0.0), (0, 0.5), (0.5, 0), (0.5, 0.5)] {
        mark.phaseX = x
        mark.phaseY = y
        looks.append(.mark(mark))
      }
    }
    marks.append(contentsOf: looks.reversed())
  }
}
