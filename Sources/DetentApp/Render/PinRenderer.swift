/// Places the places' pins over the map, from `MapPins` (so they follow the search): nearest
/// first; a pin that would cover one already drawn is left out. A pin's name goes on its right,
/// or on its left where the right would overlap another pin, name or one of the map's own names
/// (a street's, a shield, the river's: `NameBoxes`), and is left off where both would (its pin
/// stays). The selected place is placed first and drawn last: a larger balloon with its name in
/// bold.
struct PinRenderer {
  /// Where the pins go (drawn later, above the map's tiles).
  let overlay: MapOverlay
  let text: TextCache
  static let labelStyle = TextStyle(size: 11, bold: true)
  /// Points beside its pin that a name can reach (the widest place name in `labelStyle`, or
  /// the selected one's in `selectedStyle`, and the gap before it): pins that far left or right
  /// of a view are placed with it, so that a name entering from either side is not cut where
  /// its pin is.
  static let nameReach = 220.0
  /// Points above or below a view within which a pin's boxes (its own, 27 above it and 2 below;
  /// its name's) can meet a box partly on screen (a pin's reaches 29 past the view's edge): a
  /// pin 56 points below the view's bottom, or above its top, may take a shown name's place.
  static let verticalReach = 56.0
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
  /// `names`: the map's own names, which the pins' names keep clear of (pins may cover them), for
  /// a view whose top-left is world pixel `origin`. `visible`: the screen rectangle drawn (left,
  /// top, right, bottom); a pin or name wholly outside it is placed (it keeps others from its
  /// place) but not added to the overlay.
  func draw(
    _ pins: MapPins, sx: (Double) -> Double, sy: (Double) -> Double, bounds: Bounds, first: Bounds? = nil,
    places: PinPlaces, names: NameBoxes? = nil, origin: (x: Double, y: Double) = (0, 0),
    visible: (Double, Double, Double, Double)? = nil
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
    let placed = places.placed
    // Pins' and names' boxes reach 52 points above a pin and 2 below it.
    placed.reset(top: sy(bounds.minY) - 60, bottom: sy(bounds.maxY) + 10)
    func overlaps(_ a: Box, _ b: Box) -> Bool { a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3 }
    func free(_ b: Box) -> Bool { placed.isFree(b) }
    func clear(_ b: Box) -> Bool { free(b) && names?.overlaps(b, x: origin.x, y: origin.y) != true }
    // A mark's sprite reaches a little past its box (the pin's shadow and outline).
    func shows(_ b: Box) -> Bool {
      visible.map { overlaps($0, (b.0 - 4, b.1 - 4, b.2 + 4, b.3 + 4)) } ?? true
    }
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
        if shows(pin) { overlay.mark(.pin, x: x, y: y, color: p.category.color, glyph: p.category.glyph) }
        let width = places.labelWidth(k, text: text)
        let right: Box = (x + 13, y - 23, x + 15 + width, y - 7)
        let left: Box = (x - 15 - width, y - 23, x - 13, y - 7)
        guard let (label, textX) = clear(right) ? (right, x + 14) : clear(left) ? (left, x - 14 - width) : nil
        else { continue }
        placed.append(label)
        if shows(label) {
          overlay.text(p.name, Self.labelStyle, x: textX, y: y - 22, Self.labelColor, cache: text)
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
