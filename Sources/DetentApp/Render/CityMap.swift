import Foundation

/// A generated city in world units (metres, `MapGeometry`): land, a river, parks, blocks with
/// buildings and a road hierarchy with names. Pure data, made once from a seed. The places
/// (pins) come from `PlaceDirectory`, so that the map and the list agree.
struct CityMap {
  /// Road class, drawn widest last.
  enum RoadClass { case street, main, highway }

  struct Road {
    var points: [(Double, Double)]
    var kind: RoadClass
    var name: String
    var vertical: Bool
  }

  struct Rect {
    var x, y, w, h: Double
  }

  static let extent = 3000.0
  /// Where the roads' grid starts: roads lie every `spacing` from the map's edge (at −3000 +
  /// 110·i world points, so at −30 and 80, not at 0), blocks between them.
  static let gridOrigin = -extent
  static let spacing = 110.0

  let seed: UInt64
  private(set) var blocks: [Rect] = []
  private(set) var buildings: [Rect] = []
  private(set) var parks: [Rect] = []
  private(set) var ponds: [(x: Double, y: Double, r: Double)] = []
  private(set) var roads: [Road] = []
  private(set) var river: [(Double, Double)] = []
  let riverWidth = MapGeometry.riverWidth

  init(seed: UInt64) {
    self.seed = seed
    var rng = seed
    func next() -> Double {
      rng = PlaceDirectory.mix(rng)
      return Double(rng >> 11) / Double(1 << 53)
    }
    let e = Self.extent
    let s = Self.spacing
    func riverY(_ x: Double) -> Double { MapGeometry.riverY(x: x, seed: seed) }
    river = stride(from: -e, through: e, by: 60).map { x in (x, riverY(x)) }
    let names = PlaceDirectory.streets
    let cells = Int(2 * e / s)
    for i in 0..<cells {
      for j in 0..<cells {
        let x = Self.gridOrigin + Double(i) * s
        let y = Self.gridOrigin + Double(j) * s
        let block = Rect(x: x + 7, y: y + 7, w: s - 14, h: s - 14)
        let cy = block.y + block.h / 2
        if abs(cy - riverY(block.x + block.w / 2)) < riverWidth / 2 + s / 2 { continue }
        let r = next()
        if r < 0.07 {
          parks.append(block)
          if next() < 0.3 { ponds.append((block.x + block.w / 2, block.y + block.h / 2, block.w * 0.22)) }
          continue
        }
        blocks.append(block)
        let rows = 2
        let cols = 2 + Int(next() * 2)
        let bw = (block.w - 6) / Double(cols)
        let bh = (block.h - 6) / Double(rows)
        for c in 0..<cols {
          for rr in 0..<rows where next() < 0.85 {
            let inset = 3 + next() * 4
            buildings.append(
              Rect(
                x: block.x + 3 + Double(c) * bw + inset / 2, y: block.y + 3 + Double(rr) * bh + inset / 2,
                w: bw - inset, h: bh - inset))
          }
        }
      }
    }
    for i in 0...cells {
      let v = Self.gridOrigin + Double(i) * s
      let main = i % 4 == 0
      let vName =
        main ? ["Mission Blvd", "Market St", "Park Ave", "Valencia St"][(i / 4) % 4] : names[i % names.count]
      let hName =
        main ? ["King St", "Harbor Rd", "Lake Dr", "Union Ave"][(i / 4) % 4] : names[(i + 7) % names.count]
      roads.append(
        Road(points: [(v, -e), (v, e)], kind: main ? .main : .street, name: vName, vertical: true))
      roads.append(
        Road(points: [(-e, v), (e, v)], kind: main ? .main : .street, name: hName, vertical: false))
    }
    roads.append(
      Road(
        points: stride(from: -e, through: e, by: 80).map { x in (x, 420 + 380 * sin(x / 950)) },
        kind: .highway, name: "101", vertical: false))
  }
}
