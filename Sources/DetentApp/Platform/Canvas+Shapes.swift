import Foundation

/// Shapes built from the canvas's triangles: circles, rounded rectangles, lines and polylines.
extension Canvas {
  /// A filled circle (triangle fan; segments grow with the radius).
  func fillCircle(_ cx: Double, _ cy: Double, _ r: Double, _ c: Color) {
    guard r > 0 else { return }
    let segments = max(10, min(48, Int(r * 1.5)))
    var px = cx + r
    var py = cy
    for i in 1...segments {
      let a = Double(i) / Double(segments) * 2 * Double.pi
      let nx = cx + r * cos(a)
      let ny = cy + r * sin(a)
      triangle(cx, cy, px, py, nx, ny, c)
      px = nx
      py = ny
    }
  }

  /// A quarter-disc corner, for rounded rectangles. `start` is the start angle in radians.
  fileprivate func arc(_ cx: Double, _ cy: Double, _ r: Double, start: Double, _ c: Color) {
    let segments = max(4, min(16, Int(r)))
    var px = cx + r * cos(start)
    var py = cy + r * sin(start)
    for i in 1...segments {
      let a = start + Double(i) / Double(segments) * Double.pi / 2
      let nx = cx + r * cos(a)
      let ny = cy + r * sin(a)
      triangle(cx, cy, px, py, nx, ny, c)
      px = nx
      py = ny
    }
  }

  /// A filled rectangle with rounded corners (only the top ones when `topOnly`).
  func fillRoundedRect(
    _ x: Double, _ y: Double, _ w: Double, _ h: Double, radius: Double, _ c: Color, topOnly: Bool = false
  ) {
    guard w > 0, h > 0 else { return }
    // Whole-pixel geometry: shared edges between the strips and the corner arcs then fall on
    // pixel boundaries, where the rasterizer leaves no seam.
    let x0 = x.rounded()
    let y0 = y.rounded()
    let (x, y, w, h) = (x0, y0, (x + w).rounded() - x0, (y + h).rounded() - y0)
    guard w > 0, h > 0 else { return }
    let r = min(radius.rounded(), (w / 2).rounded(.down), topOnly ? h : (h / 2).rounded(.down))
    guard r > 0.5 else { return fillRect(x, y, w, h, c) }
    fillRect(x + r, y, w - 2 * r, r, c)
    fillRect(x, y + r, w, h - r - (topOnly ? 0 : r), c)
    arc(x + r, y + r, r, start: Double.pi, c)
    arc(x + w - r, y + r, r, start: 1.5 * Double.pi, c)
    if !topOnly {
      fillRect(x + r, y + h - r, w - 2 * r, r, c)
      arc(x + w - r, y + h - r, r, start: 0, c)
      arc(x + r, y + h - r, r, start: 0.5 * Double.pi, c)
    }
  }

  /// A line of `width` px with square ends.
  func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, width: Double, _ c: Color) {
    let dx = x2 - x1
    let dy = y2 - y1
    let length = (dx * dx + dy * dy).squareRoot()
    guard length > 0 else { return }
    let nx = -dy / length * width / 2
    let ny = dx / length * width / 2
    quad([(x1 + nx, y1 + ny), (x2 + nx, y2 + ny), (x2 - nx, y2 - ny), (x1 - nx, y1 - ny)], [c, c, c, c])
  }

  /// A polyline of `width` px as one strip with mitred joins (no overdraw at the joints).
  func polyline(_ points: [(Double, Double)], width: Double, _ c: Color) {
    guard points.count >= 2 else { return }
    let half = width / 2
    func normal(_ a: (Double, Double), _ b: (Double, Double)) -> (Double, Double) {
      let dx = b.0 - a.0
      let dy = b.1 - a.1
      let length = max((dx * dx + dy * dy).squareRoot(), 1e-9)
      return (-dy / length, dx / length)
    }
    var previous: (left: (Double, Double), right: (Double, Double))?
    for i in points.indices {
      let n0 = i > 0 ? normal(points[i - 1], points[i]) : normal(points[i], points[i + 1])
      let n1 = i < points.count - 1 ? normal(points[i], points[i + 1]) : n0
      var mx = n0.0 + n1.0
      var my = n0.1 + n1.1
      let length = max((mx * mx + my * my).squareRoot(), 1e-9)
      mx /= length
      my /= length
      // Miter length 1/cos(θ/2), capped so sharp turns do not spike.
      let scale = half / max(mx * n1.0 + my * n1.1, 0.5)
      let p = points[i]
      let left = (p.0 + mx * scale, p.1 + my * scale)
      let right = (p.0 - mx * scale, p.1 - my * scale)
      if let previous { quad([previous.left, left, right, previous.right], [c, c, c, c]) }
      previous = (left, right)
    }
  }
}
