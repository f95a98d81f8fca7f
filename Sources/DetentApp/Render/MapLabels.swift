/// The map's own labels, placed from world positions onto a `MapOverlay`: street names halfway
/// along blocks (main roads every other block, streets every fifth, from zoom 0.8), highway
/// shields, the river's name, and the current-location dot. A label belongs to a world point,
/// so panning moves it with the map and never makes it appear or vanish inside the view.
struct MapLabels {
  let map: CityMap
  static let color = Color(hex: 0x5F6368)
  /// How far (screen px) a label reaches from its world point at most: a tile draws every label
  /// whose point lies within this much of it (half the longest name, with room to spare).
  static let reach = 160.0

  /// One of the map's names: its string, style and colour, its centre on screen, whether it is
  /// turned a quarter (a vertical street's) and whether it sits on a highway shield.
  struct Name {
    var string: String
    var style: TextStyle
    var color: Color
    var cx: Double
    var cy: Double
    var turned = false
    var shield = false
  }

  /// Adds the street names, shields and river name for the view mapping world x/y to screen
  /// with `sx`/`sy`, whose world bounds are `bounds` (minX, maxX, minY, maxY), at `zoom`.
  func addNames(
    to overlay: MapOverlay, text: TextCache, sx: (Double) -> Double, sy: (Double) -> Double,
    bounds: (Double, Double, Double, Double), zoom z: Double
  ) {
    forEachName(sx: sx, sy: sy, bounds: bounds, streets: Self.showsStreetNames(zoom: z)) { name in
      if name.shield {
        overlay.roundedRect(
          name.cx - Double(Self.shield.w) / 2, name.cy - Double(Self.shield.h) / 2, Double(Self.shield.w),
          Double(Self.shield.h), radius: Self.shield.radius, Self.shield.color)
      }
      overlay.centeredText(
        name.string, name.style, cx: name.cx, cy: name.cy, name.color, turned: name.turned, cache: text)
    }
  }

  /// A name as `NameBoxes` holds it: its centre in world points, and half its box's width and
  /// height in screen pixels (a text's box is its measured width by its style's line, turned
  /// with it; a shield's, the shield's).
  typealias Anchor = (x: Double, y: Double, halfWidth: Double, halfHeight: Double)

  /// The anchors of the names `addNames` draws within `bounds` (world points), with or without
  /// the streets' (`showsStreetNames`).
  func anchors(text: TextCache, bounds: (Double, Double, Double, Double), streets: Bool) -> [Anchor] {
    var anchors: [Anchor] = []
    forEachName(sx: { $0 }, sy: { $0 }, bounds: bounds, streets: streets) { name in
      let line = Double(name.style.size) * Self.lineHeight
      var (w, h) = (text.measure(name.string, name.style), line)
      if name.shield { (w, h) = (max(w, Double(Self.shield.w)), max(h, Double(Self.shield.h))) }
      if name.turned { (w, h) = (h, w) }
      anchors.append((name.cx, name.cy, w / 2, h / 2))
    }
    return anchors
  }

  /// Whether streets' names show at zoom `z` (main roads', shields and the river's always do).
  static func showsStreetNames(zoom z: Double) -> Bool { z >= 0.8 }

  /// The index of the road at world coordinate `v` on the roads' grid (`CityMap.gridOrigin`).
  static func index(_ v: Double) -> Int { Int(((v - CityMap.gridOrigin) / CityMap.spacing).rounded()) }

  /// A name's line, in multiples of its size (the box a pin's name keeps clear of).
  static let lineHeight = 1.2

  /// Calls `body` with each name of the view, in the order `addNames` draws them: street names
  /// halfway along blocks, the highway's shields, the river's name.
  func forEachName(
    sx: (Double) -> Double, sy: (Double) -> Double, bounds: (Double, Double, Double, Double), streets: Bool,
    _ body: (Name) -> Void
  ) {
    let (minX, maxX, minY, maxY) = bounds
    let spacing = CityMap.spacing
    // A block's middle is half a spacing past a road, on the roads' grid (names placed at
    // multiples of the spacing from 0 sat 30 points off it, and a long vertical one ran into the
    // street below).
    let origin = CityMap.gridOrigin
    for road in map.roads where road.kind != .highway {
      let every = road.kind == .main ? 2 : 5
      if road.kind == .street && !streets { continue }
      let style = Self.style(of: road.kind)
      if road.vertical {
        let x = road.points[0].0
        guard x >= minX, x <= maxX else { continue }
        var k = Int(((minY - origin) / spacing).rounded(.down))
        while origin + Double(k) * spacing < maxY {
          if (k + Self.index(x)).isMultiple(of: every) {
            let y = origin + (Double(k) + 0.5) * spacing
            body(Name(string: road.name, style: style, color: Self.color, cx: sx(x), cy: sy(y), turned: true))
          }
          k += 1
        }
      } else {
        let y = road.points[0].1
        guard y >= minY, y <= maxY else { continue }
        var k = Int(((minX - origin) / spacing).rounded(.down))
        while origin + Double(k) * spacing < maxX {
          if (k + Self.index(y) + 1).isMultiple(of: every) {
            let x = origin + (Double(k) + 0.5) * spacing
            body(Name(string: road.name, style: style, color: Self.color, cx: sx(x), cy: sy(y)))
          }
          k += 1
        }
      }
    }
    if let highway = map.roads.first(where: { $0.kind == .highway }) {
      for (i, p) in highway.points.enumerated()
      where i % 9 == 4 && p.0 >= minX && p.0 <= maxX && p.1 >= minY && p.1 <= maxY {
        body(
          Name(
            string: highway.name, style: Self.style(of: .highway), color: .white, cx: sx(p.0), cy: sy(p.1),
            shield: true))
      }
    }
    let riverLabel = map.river[map.river.count / 2]
    if riverLabel.0 >= minX, riverLabel.0 <= maxX {
      body(
        Name(
          string: Self.river.name, style: Self.river.style, color: Self.river.color, cx: sx(riverLabel.0),
          cy: sy(riverLabel.1)))
    }
  }

  /// Every style the map's texts are drawn in: the labels', the pins' names, the opened place's
  /// and the marks' glyphs (their fonts opened and glyphs rendered before the first frame).
  static var styles: [TextStyle] {
    [
      style(of: .street), style(of: .main), river.style, PinRenderer.labelStyle, PinRenderer.selectedStyle,
    ] + [MapMark.Kind.pin, .balloon].compactMap(MapMark.glyphStyle)
  }

  /// A road's name's style: main roads' and the highway's bold.
  static func style(of kind: CityMap.RoadClass) -> TextStyle {
    kind == .street ? TextStyle(size: 10) : TextStyle(size: 11, bold: true)
  }

  /// The highway's shield, centred on its point (whole points).
  static let shield = (w: 32, h: 20, radius: 5.0, color: Color(hex: 0x2E7D32))
  /// The river's name.
  static let river = (
    name: "Willow River", style: TextStyle(size: 13, bold: true), color: Color(hex: 0x4A90C8)
  )

  /// A text `addNames` may draw: its string, style, colour and whether it is turned.
  struct Text: Hashable {
    var string: String
    var style: TextStyle
    var color: Color
    var turned: Bool
  }

  /// Every text `addNames` draws at some zoom and place, each once, in the roads' order (listed
  /// with the map: 0.1 ms).
  let texts: [Text]

  init(map: CityMap) {
    self.map = map
    texts = Self.texts(of: map)
  }

  private static func texts(of map: CityMap) -> [Text] {
    var seen = Set<Text>()
    var all: [Text] = []
    func add(_ t: Text) { if seen.insert(t).inserted { all.append(t) } }
    for road in map.roads {
      let highway = road.kind == .highway
      add(
        Text(
          string: road.name, style: style(of: road.kind), color: highway ? .white : color,
          turned: road.vertical && !highway))
    }
    add(Text(string: river.name, style: river.style, color: river.color, turned: false))
    return all
  }

  /// Adds the current location (world 0, 0): halo, white ring, blue dot.
  func addLocation(to overlay: MapOverlay, sx: (Double) -> Double, sy: (Double) -> Double) {
    overlay.mark(.halo, x: sx(0), y: sy(0))
    overlay.mark(.location, x: sx(0), y: sy(0))
  }
}
