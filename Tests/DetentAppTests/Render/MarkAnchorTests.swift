import Testing

@testable import DetentApp

/// Where a mark goes (`MapOverlay.anchor`): to the nearest half pixel, halfway up, the same
/// wherever the origin is; so a mark's look has four sprites at most.
@Suite struct MarkAnchorTests {
  @Test(
    "a coordinate to the nearest half pixel, halfway up: its whole pixel and the fraction past it",
    arguments: [
      (0.0, 0.0, 0.0), (0.24, 0.0, 0.0), (0.25, 0.0, 0.5), (0.5, 0.0, 0.5), (0.74, 0.0, 0.5),
      (0.75, 1.0, 0.0), (1.25, 1.0, 0.5), (-0.25, 0.0, 0.0), (-0.26, -1.0, 0.5), (-0.75, -1.0, 0.5),
      (-0.76, -1.0, 0.0), (1_000_000.3, 1_000_000, 0.5),
    ] as [(Double, Double, Double)])
  func anchor(v: Double, whole: Double, phase: Double) {
    let a = MapOverlay.anchor(v)
    #expect(a.whole == whole)
    #expect(a.phase == phase)
  }

  @Test("moved by whole pixels, a mark keeps its fraction: the same sprite wherever the origin is")
  func originIndependent() {
    for i in 0..<400 {
      let v = Double(i) * 0.0625 - 12.5
      for k in [-7.0, -1, 1, 256, -1024] {
        let (a, b) = (MapOverlay.anchor(v), MapOverlay.anchor(v + k))
        #expect(b.whole == a.whole + k && b.phase == a.phase, "v \(v), shift \(k)")
      }
    }
  }

  @Test("the marks an overlay places fall on halves, a quarter pixel at most from their point")
  func placed() {
    let overlay = MapOverlay()
    for (x, y) in [(10.1, 20.3), (10.37, 20.74), (-3.6, 0.25)] {
      overlay.mark(.pin, x: x, y: y, color: 0xFF0000, glyph: "P")
      guard case .mark(let mark, let ix, let iy)? = overlay.items.last?.shape else {
        Issue.record("no mark placed")
        continue
      }
      #expect([0, 0.5].contains(mark.phaseX) && [0, 0.5].contains(mark.phaseY))
      #expect(abs(ix + mark.phaseX - x) <= 0.25 && abs(iy + mark.phaseY - y) <= 0.25)
    }
  }
}
