import Detent
import Foundation

/// Draws a trace as a picture: sheet height (with the notch lines), list offset and dim alpha
/// over time, each with axes and labels, so overshoot and hand-off show at a glance.
struct PlotRenderer {
  static let width = 1100
  static let height = 860

  /// Renders `trace` (with the notches of `notches`) to a PNG at `path`.
  static func write(trace: [TraceRow], notches: [Notch], title: String, to path: String, assets: AssetLocator)
    throws
  {
    let display = try Display(offscreenWidth: width, height: height)
    let text = try TextCache(canvas: display.canvas, fonts: try assets.fonts())
    let canvas = display.canvas
    canvas.clear(.white)
    text.draw(canvas, title, x: 20, y: 12, TextStyle(size: 16, bold: true), SheetRenderer.primary)
    let times = trace.map(\.time)
    let t0 = times.first ?? 0
    let t1 = max(times.last ?? 1, t0 + 0.001)
    let panels: [(String, String, [Double], [(Double, String)], Color)] = [
      (
        "sheet height", "px", trace.map(\.snapshot.height), notches.map { ($0.height, $0.name) },
        Color(hex: 0x1A73E8)
      ),
      ("list offset", "px", trace.map(\.snapshot.listOffset), [(0, "top")], Color(hex: 0x34A853)),
      ("dim alpha", "", trace.map(\.snapshot.dimAlpha), [], Color(hex: 0x444444)),
    ]
    let left = 90.0
    let right = Double(width) - 130
    // Phase strip: which part moved when (hand-offs show as colour changes).
    let phaseColors: [PhaseName: Color] = [
      .idle: Color(hex: 0xDADCE0), .pressed: Color(hex: 0xA8C7FA), .dragging: Color(hex: 0x1A73E8),
      .scrolling: Color(hex: 0x34A853), .settling: Color(hex: 0xF29900),
    ]
    for (j, row) in trace.enumerated() {
      let x0 = left + (times[j] - t0) / (t1 - t0) * (right - left)
      let x1 = j + 1 < trace.count ? left + (times[j + 1] - t0) / (t1 - t0) * (right - left) : right
      canvas.fillRect(x0, 44, max(x1 - x0, 1), 10, phaseColors[row.snapshot.phase] ?? .black)
    }
    var legendX = left
    for phase in PhaseName.allCases {
      canvas.fillRect(legendX, 60, 10, 10, phaseColors[phase] ?? .black)
      legendX +=
        14 + text.draw(canvas, phase.rawValue, x: legendX + 14, y: 57, .small, SheetRenderer.secondary) + 12
    }
    var top = 84.0
    let heights = [330.0, 170.0, 130.0]
    for (i, panel) in panels.enumerated() {
      let h = heights[i]
      let values = panel.2 + panel.3.map(\.0)
      var lo = values.min() ?? 0
      var hi = values.max() ?? 1
      if hi - lo < 1e-6 {
        lo -= 1
        hi += 1
      }
      let pad = (hi - lo) * 0.08
      lo -= pad
      hi += pad
      func x(_ t: Double) -> Double { left + (t - t0) / (t1 - t0) * (right - left) }
      func y(_ v: Double) -> Double { top + h - (v - lo) / (hi - lo) * h }
      canvas.fillRect(left, top, right - left, h, Color(hex: 0xF7F8FA))
      canvas.fillRect(left, top + h, right - left, 1, Color(hex: 0x888888))
      canvas.fillRect(left, top, 1, h, Color(hex: 0x888888))
      text.draw(
        canvas, "\(panel.0)\(panel.1.isEmpty ? "" : " (\(panel.1))")", x: left + 8, y: top + 4, .label,
        SheetRenderer.secondary)
      for k in 0...4 {
        let v = lo + (hi - lo) * Double(k) / 4
        canvas.fillRect(left - 4, y(v), 4, 1, Color(hex: 0x888888))
        text.drawRight(
          canvas, EventLog.number(v, decimals: hi - lo < 10 ? 2 : 0), right: left - 8, y: y(v) - 7, .small,
          SheetRenderer.secondary)
      }
      for (value, name) in panel.3 {
        var dx = left
        while dx < right {
          canvas.fillRect(dx, y(value), min(6, right - dx), 1, Color(hex: 0xE8710A))
          dx += 10
        }
        text.draw(
          canvas, "\(name) \(EventLog.number(value))", x: right + 6, y: y(value) - 7, .small,
          Color(hex: 0xE8710A))
      }
      var points: [(Double, Double)] = []
      points.reserveCapacity(trace.count)
      for (j, v) in panel.2.enumerated() { points.append((x(times[j]), y(v))) }
      canvas.polyline(points, width: 2, panel.4)
      if i == 0, let peak = panel.2.indices.max(by: { panel.2[$0] < panel.2[$1] }) {
        let v = panel.2[peak]
        canvas.fillCircle(x(times[peak]), y(v), 4, Color(hex: 0xD93025))
        // Above the point unless that reaches the panel's title line (top + 4 … top + 22);
        // then below it. Left of the point when it would pass the plot's right edge.
        let label = "max \(EventLog.number(v, decimals: 1))"
        let width = text.measure(label, .small)
        let labelY = y(v) - 18 < top + 24 ? y(v) + 6 : y(v) - 18
        let labelX = x(times[peak]) + 6 + width > right ? x(times[peak]) - 6 - width : x(times[peak]) + 6
        text.draw(canvas, label, x: labelX, y: labelY, .small, Color(hex: 0xD93025))
      }
      top += h + 34
    }
    let axisY = top - 30
    for k in 0...10 {
      let t = t0 + (t1 - t0) * Double(k) / 10
      let px = left + (right - left) * Double(k) / 10
      canvas.fillRect(px, axisY, 1, 5, Color(hex: 0x888888))
      text.drawCentered(
        canvas, EventLog.number(t, decimals: 2) + " s", cx: px, cy: axisY + 14, .small,
        SheetRenderer.secondary)
    }
    text.drawCentered(canvas, "time", cx: (left + right) / 2, cy: axisY + 32, .label, SheetRenderer.secondary)
    try display.savePNG(to: path, what: "--plot ")
  }
}
