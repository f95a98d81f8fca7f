import Detent
import Foundation
import Testing

@testable import DetentApp

/// `expect image`: the pixel comparison, the determinism it rests on, and the command line.
@Suite(.serialized) struct GoldenImageTests {
  /// A 4×3 grey image with the given pixels changed.
  static func image(_ changes: [(x: Int, y: Int, rgb: (UInt8, UInt8, UInt8))] = []) -> RGBImage {
    var img = RGBImage(width: 4, height: 3, fill: (100, 100, 100))
    for c in changes {
      let i = (c.y * 4 + c.x) * 3
      img.pixels[i] = c.rgb.0
      img.pixels[i + 1] = c.rgb.1
      img.pixels[i + 2] = c.rgb.2
    }
    return img
  }

  @Test(
    "a pixel differs only when some channel differs by more than the threshold",
    arguments: [
      // (changed pixel colour, threshold, differing pixels)
      ((100, 100, 100), 0, 0),
      ((101, 100, 100), 0, 1),
      ((108, 100, 100), 8, 0),
      ((109, 100, 100), 8, 1),
      ((100, 92, 100), 8, 0),
      ((100, 100, 91), 8, 1),
      ((0, 0, 0), 255, 0),
      ((0, 0, 0), 99, 1),
    ] as [((UInt8, UInt8, UInt8), Int, Int)])
  func threshold(colour: (UInt8, UInt8, UInt8), threshold: Int, count: Int) {
    let diff = ImageDiff(actual: Self.image([(1, 1, colour)]), golden: Self.image(), threshold: threshold)
    #expect(diff.count == count)
    #expect(diff.total == 12)
  }

  @Test("the bounding box holds every differing pixel; the picture marks them red, the rest faint grey")
  func boundsAndPicture() {
    let actual = Self.image([(0, 2, (200, 100, 100)), (2, 0, (100, 100, 150)), (3, 1, (0, 0, 0))])
    let diff = ImageDiff(actual: actual, golden: Self.image(), threshold: 8)
    #expect(diff.count == 3)
    #expect(diff.bounds?.x == 0 && diff.bounds?.y == 0 && diff.bounds?.width == 4 && diff.bounds?.height == 3)
    #expect(diff.fraction == 0.25)
    // (0, 2) is brighter in the frame: red; (3, 1) darker in the frame: magenta.
    #expect(Array(diff.picture.pixels[24..<27]) == [255, 0, 0])
    #expect(Array(diff.picture.pixels[21..<24]) == [255, 0, 255])
    // An unchanged grey-100 pixel: 200 + 100·55/255 = 221.
    #expect(Array(diff.picture.pixels[0..<3]) == [221, 221, 221])
    let same = ImageDiff(actual: Self.image(), golden: Self.image(), threshold: 0)
    #expect(same.count == 0 && same.bounds == nil)
  }

  @Test("a PNG written and read back has the same pixels")
  func pngRoundTrip() throws {
    let dir = try temporaryFolder()
    let path = dir.appendingPathComponent("round.png").path
    let img = Self.image([(0, 0, (255, 0, 0)), (3, 2, (0, 0, 255)), (1, 2, (1, 2, 3))])
    try img.writePNG(to: path)
    #expect(try RGBImage.load(path) == img)
    #expect(throws: CLIError.self) { try RGBImage.load(dir.appendingPathComponent("none.png").path) }
  }

  @Test(
    "a PNG declaring a size past the window limits is refused from its header, before it is decoded",
    arguments: [(60000, 60000), (8193, 10), (4097, 4097)])
  func hugePNG(width: Int, height: Int) throws {
    let dir = try temporaryFolder()
    let path = dir.appendingPathComponent("bomb.png").path
    // A real PNG's first 24 bytes (signature, IHDR length and type) with the size patched in.
    let small = dir.appendingPathComponent("small.png").path
    try Self.image().writePNG(to: small)
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: small)))
    for (offset, value) in [(16, width), (20, height)] {
      for i in 0..<4 { bytes[offset + i] = UInt8((value >> (8 * (3 - i))) & 0xFF) }
    }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    #expect(RGBImage.pngSize(path).map { [$0.0, $0.1] } == [width, height])
    #expect(RGBImage.pngSize(small).map { [$0.0, $0.1] } == [4, 3])
    #expect(throws: CLIError.self) { try RGBImage.load(path) }
    do {
      _ = try RGBImage.load(path)
    } catch let error as CLIError {
      #expect(error.message.contains("a \(width)x\(height) image"), "\(error.message)")
    }
  }

  @Test("rendering headless twice, by two renderers from two models, gives identical pixels")
  func deterministicRendering() throws {
    func frame() throws -> RGBImage {
      let writer = ShotWriter(assets: AssetLocator(root: repoRoot.appendingPathComponent("Assets")))
      let model = try DemoModel(tuning: Tuning(), width: 480, height: 640)
      model.apply(.key("2"))
      for _ in 0..<20 { model.step(dt: 1.0 / 60) }  // mid-settle: fractional height, dimming ramp
      return try writer.image(model)
    }
    let a = try frame()
    let b = try frame()
    #expect(a.width == 480 && a.height == 640)
    #expect(a == b)
    #expect(Set(a.pixels).count > 50, "a real frame, not a blank one")
  }

  static let script = #"""
    {"window": [480, 640], "steps": [
      {"key": "2"}, {"wait": 1.0},
      {"expect": {"notch": "medium", "image": {"file": "goldens/medium.png", "tolerance": 0.001, "threshold": 8}}}
    ]}
    """#

  @Test(
    "a missing golden fails naming --update-goldens; the flag writes it beside the script; then it passes")
  func updateThenPass() throws {
    let dir = try temporaryFolder()
    let script = try write(Self.script, "s.json", in: dir)
    let golden = dir.appendingPathComponent("goldens/medium.png").path
    let missing = try runDetent(["replay", script])
    #expect(missing.code == 1)
    #expect(missing.stdout.contains("goldens/medium.png, which does not exist"))
    #expect(missing.stdout.contains("--update-goldens"))
    // Run from another folder: the golden is found relative to the script, not the working folder.
    let update = try runDetent(
      ["replay", script, "--update-goldens"], in: FileManager.default.temporaryDirectory)
    #expect(update.code == 0, "\(update.stdout)\(update.stderr)")
    #expect(update.stderr.contains("wrote golden"))
    #expect(try RGBImage.load(golden).width == 480)
    let again = try runDetent(["replay", script])
    #expect(again.code == 0, "\(again.stdout)")
    #expect(
      !FileManager.default.fileExists(atPath: dir.appendingPathComponent("goldens/medium-diff.png").path))
  }

  @Test("a changed frame fails with the count and bounding box and writes the diff; tolerance can allow it")
  func mismatch() throws {
    let dir = try temporaryFolder()
    let script = try write(Self.script, "s.json", in: dir)
    #expect(try runDetent(["replay", script, "--update-goldens"]).code == 0)
    // Paint a 40×10 block of the golden black: 400 pixels differ, more than the 307 allowed.
    let golden = dir.appendingPathComponent("goldens/medium.png").path
    var img = try RGBImage.load(golden)
    for y in 20..<30 {
      for x in 30..<70 {
        img.pixels.replaceSubrange(((y * 480 + x) * 3)..<((y * 480 + x) * 3 + 3), with: [0, 0, 0])
      }
    }
    try img.writePNG(to: golden)
    let run = try runDetent(["replay", script])
    #expect(run.code == 1)
    #expect(run.stdout.contains("step 3 (expect, line 3)"), "\(run.stdout)")
    #expect(run.stdout.contains("expected at most 307 of 307200 pixels to differ by more than 8"))
    #expect(run.stdout.contains("actual 400 (0.13%) within x 30…69, y 20…29"), "\(run.stdout)")
    let diff = try RGBImage.load(dir.appendingPathComponent("goldens/medium-diff.png").path)
    #expect(Array(diff.pixels[((22 * 480 + 35) * 3)..<((22 * 480 + 35) * 3 + 3)]) == [255, 0, 0])
    // 400 of 307,200 is 0.13%: a tolerance of 0.002 allows it.
    let lenient = Self.script.replacingOccurrences(of: "0.001", with: "0.002")
    let lenientScript = try write(lenient, "lenient.json", in: dir)
    #expect(try runDetent(["replay", lenientScript]).code == 0)
  }

  @Test(
    "bad image expectations exit 2 naming the key",
    arguments: [
      (#"{"file": "a.txt"}"#, "expected a .png file name"),
      (#"{"tolerance": 0.1}"#, "needs file"),
      (#"{"file": "a.png", "threshold": 300}"#, "threshold"),
      (#"{"file": "a.png", "tolerance": 2}"#, "tolerance"),
      (#"{"file": "a.png", "colour": 1}"#, "unknown key"),
    ])
  func badInput(image: String, message: String) throws {
    let dir = try temporaryFolder()
    let script = try write(#"{"steps": [{"expect": {"image": \#(image)}}]}"#, "s.json", in: dir)
    let run = try runDetent(["replay", script])
    #expect(run.code == 2)
    #expect(run.stderr.contains("steps[0].expect.image"), "\(run.stderr)")
    #expect(run.stderr.contains(message), "\(run.stderr)")
  }
}
