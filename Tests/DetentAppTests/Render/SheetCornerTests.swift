import Detent
import Testing

@testable import DetentApp

/// A full-width sheet's rounded top corners show the map (or the sheet beneath) beside their
/// arcs at any corner radius: every pixel of a frame is written by the frame itself. At radius
/// 40 the map stopped 12 px below the sheet's top, and rows 12–40 of the corners showed what
/// an earlier frame left there (black in a first frame; a golden then depended on whether
/// `--video` had drawn frames before it).
@Suite struct SheetCornerTests {
  static let magenta = Color(hex: 0xFF00FF)

  @Test(
    "a frame drawn over magenta leaves none of it and equals the frame drawn before it",
    arguments: [
      (12.0, "1"), (12, "2"), (24, "1"), (24, "2"), (40, "1"), (40, "2"), (40, "3"), (60, "1"),
    ])
  func everyPixelWritten(radius: Double, notch: String) throws {
    var tuning = Tuning()
    tuning.layout.mode = .bottom
    tuning.sheet.cornerRadius = radius
    let (display, scene, model) = try RenderTests.setUp(tuning: tuning)
    model.apply(.key(notch))
    for _ in 0..<120 { model.step(dt: 1.0 / 60) }
    scene.render(model)
    let first = RenderTests.frame(display)
    display.canvas.clear(Self.magenta)
    display.canvas.flush()
    scene.render(model)
    let second = RenderTests.frame(display)
    let left = second.indices.filter { second[$0] & 0x00FF_FFFF == 0xFF00FF }
    #expect(
      left.isEmpty,
      "\(left.count) pixels not written, the first at \(left.first.map { ($0 % 640, $0 / 640) }.debugDescription)"
    )
    // (Counted, not compared whole: a failure prints two window-sized arrays otherwise.)
    #expect(zip(first, second).filter { $0 != $1 }.count == 0)
  }
}
