@preconcurrency import CSDL2

/// Draws the city map for a camera into a texture, re-rendered only when the camera or the
/// size changes; every frame just copies the texture.
final class MapRenderer {
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
  private var texture: OpaquePointer?
  /// The map's pixels, read back once after each map render, to dim them on the CPU.
  private var pixels: [UInt32] = []
  /// The visible strip, dimmed and shadowed.
  private let strip = BackdropStrip()
  private var size = (w: 0, h: 0)
  private var renderedVersion = -1
  /// The pins drawn into the texture (a change of search or selection re-renders it).
  private var renderedPins: MapPins?
  /// Counts renders into the texture (the strip's cached pixels belong to one of them).
  private var texturePass = 0
  /// How many times the map was drawn (for the bench and tests).
  private(set) var renders = 0

  init(seed: UInt64) { map = CityMap(seed: seed) }

  deinit { if let texture { SDL_DestroyTexture(texture) } }

  /// Copies the map for `camera` with `pins` onto the canvas, first re-rendering it if needed. `dim` is the
  /// backdrop alpha: the pixels are multiplied by 1 − dim, which is exactly black at that
  /// alpha over the map, without a second full-window blend. Only the top `visibleRows` rows
  /// are copied (the sheet covers the rest); `sheetTop` is the row of the root sheet's top
  /// edge, whose shadow falls on the rows above it (nil: no sheet shows).
  func draw(
    camera: MapCamera, pins: MapPins, width: Int, height: Int, canvas: Canvas, text: TextCache,
    dim: Double = 0,
    visibleRows: Int? = nil, sheetTop: Int? = nil
  ) {
    guard width > 0, height > 0 else { return }
    if texture == nil || size.w != width || size.h != height {
      if let texture { SDL_DestroyTexture(texture) }
      texture = SDL_CreateTexture(
        canvas.renderer, detent_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
        Int32(width), Int32(height))
      size = (width, height)
      renderedVersion = -1
      // The map is opaque: copying it without blending takes the renderer's fast path.
      if let texture { SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE) }
    }
    guard let texture else {
      render(camera: camera, pins: pins, width: width, height: height, canvas: canvas, text: text)
      return
    }
    if renderedVersion != camera.version || renderedPins != pins {
      canvas.flush()
      SDL_SetRenderTarget(canvas.renderer, texture)
      render(camera: camera, pins: pins, width: width, height: height, canvas: canvas, text: text)
      canvas.flush()
      if pixels.count != width * height { pixels = [UInt32](repeating: 0, count: width * height) }
      pixels.withUnsafeMutableBytes {
        _ = SDL_RenderReadPixels(
          canvas.renderer, nil, detent_pixelformat_argb8888(), $0.baseAddress, Int32(width * 4))
      }
      SDL_SetRenderTarget(canvas.renderer, nil)
      renderedVersion = camera.version
      renderedPins = pins
      texturePass += 1
    }
    let shade = UInt8(max(0, min(255, ((1 - dim) * 255).rounded())))
    pixels.withUnsafeBufferPointer { pixels in
      strip.draw(
        map: texture, pixels: pixels, version: texturePass, width: width, height: height, shade: shade,
        rows: min(visibleRows ?? height, height), sheetTop: sheetTop, canvas: canvas)
    }
  }

  /// Draws the map and its pins directly (no cache).
  func render(camera: MapCamera, pins: MapPins, width: Int, height: Int, canvas: Canvas, text: TextCache) {
    renders += 1
    let w = Double(width)
    let h = Double(height)
    let z = camera.zoom
    func sx(_ x: Double) -> Double { (x - camera.centerX) * z + w / 2 }
    func sy(_ y: Double) -> Double { (y - camera.centerY) * z + h / 2 }
    let minX = camera.centerX - w / 2 / z - 40
    let maxX = camera.centerX + w / 2 / z + 40
    let minY = camera.centerY - h / 2 / z - 40
    let maxY = camera.centerY + h / 2 / z + 40
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
    for pond in map.ponds where pond.x >= minX && pond.x <= maxX && pond.y >= minY && pond.y <= maxY {
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
    drawLabels(canvas: canvas, text: text, sx: sx, sy: sy, bounds: (minX, maxX, minY, maxY), zoom: z)
    PinRenderer(canvas: canvas, text: text).draw(pins, sx: sx, sy: sy, bounds: (minX, maxX, minY, maxY))
    // Current location: halo, white ring, blue dot.
    canvas.fillCircle(sx(0), sy(0), 34, Color(hex: 0x2F80ED, alpha: 40))
    canvas.fillCircle(sx(0), sy(0), 11, .white)
    canvas.fillCircle(sx(0), sy(0), 8, Color(hex: 0x1A73E8))
    canvas.flush()
  }

  private func drawLabels(
    canvas: Canvas, text: TextCache, sx: (Double) -> Double, sy: (Double) -> Double,
    bounds: (Double, Double, Double, Double), zoom z: Double
  ) {
    let (minX, maxX, minY, maxY) = bounds
    let label = Color(hex: 0x5F6368)
    let spacing = CityMap.spacing
    // Street names halfway along blocks, main roads every block, streets every third.
    for road in map.roads where road.kind != .highway {
      let every = road.kind == .main ? 2 : 5
      if road.kind == .street && z < 0.8 { continue }
      let style = road.kind == .main ? TextStyle(size: 11, bold: true) : TextStyle(size: 10)
      if road.vertical {
        let x = road.points[0].0
        guard x >= minX, x <= maxX else { continue }
        var k = Int(((minY / spacing).rounded(.down)))
        while Double(k) * spacing < maxY {
          if (k + Int(x / spacing)).isMultiple(of: every) {
            let y = (Double(k) + 0.5) * spacing
            text.drawCentered(canvas, road.name, cx: sx(x), cy: sy(y), style, label, angle: 90)
          }
          k += 1
        }
      } else {
        let y = road.points[0].1
        guard y >= minY, y <= maxY else { continue }
        var k = Int(((minX / spacing).rounded(.down)))
        while Double(k) * spacing < maxX {
          if (k + Int(y / spacing) + 1).isMultiple(of: every) {
            let x = (Double(k) + 0.5) * spacing
            text.drawCentered(canvas, road.name, cx: sx(x), cy: sy(y), style, label)
          }
          k += 1
        }
      }
    }
    // Highway shields.
    if let highway = map.roads.first(where: { $0.kind == .highway }) {
      for (i, p) in highway.points.enumerated()
      where i % 9 == 4 && p.0 >= minX && p.0 <= maxX && p.1 >= minY && p.1 <= maxY {
        canvas.fillRoundedRect(sx(p.0) - 16, sy(p.1) - 10, 32, 20, radius: 5, Color(hex: 0x2E7D32))
        text.drawCentered(
          canvas, highway.name, cx: sx(p.0), cy: sy(p.1), TextStyle(size: 11, bold: true), .white)
      }
    }
    let riverLabel = map.river[map.river.count / 2]
    if riverLabel.0 >= minX, riverLabel.0 <= maxX {
      text.drawCentered(
        canvas, "Willow River", cx: sx(riverLabel.0), cy: sy(riverLabel.1), TextStyle(size: 13, bold: true),
        Color(hex: 0x4A90C8))
    }
  }
}
