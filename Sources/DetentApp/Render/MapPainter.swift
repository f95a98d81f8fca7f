/// Paints the map's ground (land, blocks, buildings, parks, ponds, streets, the river, main
/// roads and the highway) for one zoom into a rectangle of world pixels: world point (x, y)
/// lands at (x·zoom − originX, y·zoom − originY). A tile is such a rectangle; labels, pins and
/// the location dot are not painted here (`TileRenderer` draws the labels above the ground,
/// `MapOverlay` the pins and the dot above the tiles).
struct MapPainter {
  static let land = Color(hex: 0xF2EFE9)
  static let block = Color(hex: 0xE8E4DB)
  static let building = Color(hex: 0xDCD7CC)
  static let park = Color(hex: 0xC6E5B0)
  static let water = Color(hex: 0xA7D0F0)
  static let street = Color(hex: 0xFFFFFF)
  static let streetCasing = Color(hex: 0xD6D0C4)
  static let main = Color(hex: 0xFCE9A6)
  static let mainCasing = Color(hex: 0xE0C06A)
  static let highway = Color(hex: 0xF7B46A)
  static let highwayCasing = Color(hex: 0xD98A36)

  let map: CityMap

  /// Paints a `width`×`height` rectangle of world pixels at `zoom` whose top-left is
  /// (`originX`, `originY`) onto `canvas` at (0, 0) (the canvas clips what falls outside).
  func paint(zoom z: Double, originX: Double, originY: Double, width: Double, height: Double, canvas: Canvas)
  {
    func sx(_ x: Double) -> Double { x * z - originX }
    func sy(_ y: Double) -> Double { y * z - originY }
    // World bounds with a margin for line widths and rounded park corners.
    let minX = originX / z - 40
    let maxX = (originX + width) / z + 40
    let minY = originY / z - 40
    let maxY = (originY + height) / z + 40
    func visible(_ r: CityMap.Rect) -> Bool {
      r.x + r.w >= minX && r.x <= maxX && r.y + r.h >= minY && r.y <= maxY
    }

    canvas.clear(Self.land)
    // Whole-pixel rectangles take the renderer's fast fill.
    func fill(_ r: CityMap.Rect, _ color: Color) {
      let x0 = sx(r.x).rounded()
      let y0 = sy(r.y).rounded()
      canvas.fillRect(x0, y0, sx(r.x + r.w).rounded() - x0, sy(r.y + r.h).rounded() - y0, color)
    }
    for b in map.blocks where visible(b) { fill(b, Self.block) }
    if z >= 0.6 {
      for b in map.buildings where visible(b) { fill(b, Self.building) }
    }
    for p in map.parks where visible(p) {
      canvas.fillRoundedRect(
        sx(p.x) - 3 * z, sy(p.y) - 3 * z, (p.w + 6) * z, (p.h + 6) * z, radius: 6 * z, Self.park)
    }
    for pond in map.ponds
    where pond.x + pond.r >= minX && pond.x - pond.r <= maxX && pond.y + pond.r >= minY
      && pond.y - pond.r <= maxY
    {
      canvas.fillCircle(sx(pond.x), sy(pond.y), pond.r * z, Self.water)
    }
    func onScreen(_ road: CityMap.Road) -> Bool {
      guard road.kind != .highway else { return true }
      return road.vertical
        ? road.points[0].0 >= minX && road.points[0].0 <= maxX
        : road.points[0].1 >= minY && road.points[0].1 <= maxY
    }
    func clipped(_ road: CityMap.Road) -> [(Double, Double)] {
      guard road.kind != .highway else { return road.points.map { (sx($0.0), sy($0.1)) } }
      return road.vertical
        ? [(sx(road.points[0].0), sy(minY)), (sx(road.points[0].0), sy(maxY))]
        : [(sx(minX), sy(road.points[0].1)), (sx(maxX), sy(road.points[0].1))]
    }
    let streets = map.roads.filter { $0.kind == .street && onScreen($0) }
    for pass in 0..<2 {
      for road in streets {
        let pts = clipped(road)
        canvas.polyline(pts, width: (pass == 0 ? 11 : 9) * z, pass == 0 ? Self.streetCasing : Self.street)
      }
    }
    let riverPts = map.river.filter { $0.0 >= minX - 200 && $0.0 <= maxX + 200 }.map { (sx($0.0), sy($0.1)) }
    canvas.polyline(riverPts, width: map.riverWidth * z, Self.water)
    let mains = map.roads.filter { $0.kind == .main && onScreen($0) }
    for pass in 0..<2 {
      for road in mains {
        let pts = clipped(road)
        canvas.polyline(pts, width: (pass == 0 ? 18 : 14) * z, pass == 0 ? Self.mainCasing : Self.main)
      }
    }
    for road in map.roads where road.kind == .highway {
      let pts = road.points.filter { $0.0 >= minX - 200 && $0.0 <= maxX + 200 }.map { (sx($0.0), sy($0.1)) }
      canvas.polyline(pts, width: 26 * z, Self.highwayCasing)
      canvas.polyline(pts, width: 20 * z, Self.highway)
    }
    canvas.flush()
  }
}
