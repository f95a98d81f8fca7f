/// Places the places' pins over the map, from `MapPins` (so they follow the search): nearest
/// first; a pin that would cover one already drawn is left out, and a label that would overlap
/// another pin or label is left off (its pin stays). The selected place is placed first and
/// drawn last: a larger balloon with its name in bold.
struct PinRenderer {
  /// Where the pins go (drawn later, above the map's tiles).
  let overlay: MapOverlay
  let text: TextCache
  static let labelStyle = TextStyle(size: 11, bold: true)
  /// Points right of its pin that a name can reach (the widest place name in `labelStyle`, or
  /// the selected one's in `selectedStyle`, and the gap before it): pins that far left of a view
  /// are placed with it, so that a name entering from the left is not cut where its pin is.
  static let nameReach = 220.0
  static let selectedStyle = TextStyle(size: 13, bold: true)
  static let labelColor = Color(hex: 0x3C4043)
  /// The selected place's name.
  static let selectedColor = Color(hex: 0x1C1C1E)

  /// A box in screen coordinates: left, top, right, bottom.
  private typealias Box = (Double, Double, Double, Double)

  /// World bounds: minX, maxX, minY, maxY.
  typealias Bounds = (minX: Double, maxX: Double, minY: Double, maxY: Double)

  /// Adds the pins of `pins` for the view mapping world x/y to screen with `sx`/`sy`, whose
  /// world bounds are `bounds` (minX, maxX, minY, maxY). `first`, within `bounds`: those pins
  /// are placed first, exactly as for a view of those bounds alone, then the others where they
  /// fit (a pan buffer shows its view's pins as the view alone would, with its margin's around).
  /// `places`: the places `pins` shows, made once for them (kept by the map from frame to frame).
  func draw(
    _ pins: MapPins, sx: (Double) -> Double, sy: (Double) -> Double, bounds: Bounds, first: Bounds? = nil,
    places: PinPlaces
  ) {
    let candidates = places.candidates(for: pins)
    // The farthest visible world point from the location dot bounds the places to look at.
    let far =
      max(abs(bounds.minX), abs(bounds.maxX)) * max(abs(bounds.minX), abs(bounds.maxX))
      + max(abs(bounds.minY), abs(bounds.maxY)) * max(abs(bounds.minY), abs(bounds.maxY))
    let reach = min(far.squareRoot(), MapGeometry.placeRadius)
    func inside(_ p: Place, _ b: Bounds) -> Bool {
      p.x >= b.minX && p.x <= b.maxX && p.y >= b.minY && p.y <= b.maxY
        && p.distance <= MapGeometry.placeRadius
    }
    var placed: [Box] = []
    func free(_ b: Box) -> Bool { !placed.contains { $0.0 < b.2 && b.0 < $0.2 && $0.1 < b.3 && b.1 < $0.3 } }
    var selected: Place?
    func placeSelected(within b: Bounds) {
      guard selected == nil, let index = pins.selected, index < pins.places.count else { return }
      let p = pins.places.place(index)
      guard inside(p, b) else { return }
      selected = p
      let (x, y) = (sx(p.x), sy(p.y))
      placed.append((x - 23, y - 52, x + 23, y + 2))
      placed.append(
        (x + 25, y - 40, x + 27 + places.width(of: p.name, Self.selectedStyle, text: text), y - 20))
    }
    // Each pass: the selected place first, then the others nearest first (the second pass only
    // those the first did not look at).
    let passes: [Bounds] = first.map { [$0, bounds] } ?? [bounds]
    for pass in passes.indices {
      let b = passes[pass]
      placeSelected(within: b)
      let within = pins.places.indices(within: reach)
      for k in candidates.indices {
        let (i, p) = (candidates[k].index, candidates[k].place)
        guard i < within.upperBound else { break }
        guard i != pins.selected, inside(p, b), pass == 0 || !inside(p, first ?? b) else { continue }
        let (x, y) = (sx(p.x), sy(p.y))
        let pin: Box = (x - 12, y - 27, x + 12, y + 2)
        guard free(pin) else { continue }
        placed.append(pin)
        overlay.mark(.pin, x: x, y: y, color: p.category.color, glyph: p.category.glyph)
        let label: Box = (x + 13, y - 23, x + 15 + places.labelWidth(k, text: text), y - 7)
        if free(label) {
          placed.append(label)
          overlay.text(p.name, Self.labelStyle, x: x + 14, y: y - 22, Self.labelColor, cache: text)
        }
      }
    }
    if let p = selected {
      let (x, y) = (sx(p.x), sy(p.y))
      overlay.mark(.balloonShadow, x: x, y: y)
      overlay.mark(.balloon, x: x, y: y, color: p.category.color, glyph: p.category.glyph)
      overlay.text(p.name, Self.selectedStyle, x: x + 26, y: y - 39, Self.selectedColor, cache: text)
    }
  }
}
