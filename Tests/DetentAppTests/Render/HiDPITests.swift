@preconcurrency import CSDL2
import Detent
import Foundation
import Testing

@testable import DetentApp

/// HiDPI: the scale read from the window, frames drawn at device pixels with layout in points,
/// and `--scale` / a script's `scale` on the command line.
@Suite(.serialized) struct HiDPITests {
  @Test(
    "the scale is the renderer's output width over the window's, a whole number of at least 1",
    arguments: [
      // (output px, window points, scale)
      (0, 0, 1),
      (1280, 0, 1),
      (1279, 1280, 1),
      (1280, 1280, 1),
      (2560, 1280, 2),
      (2561, 1280, 2),
      (3840, 1280, 3),
      (1600, 1280, 1),
      (2000, 1280, 2),
    ])
  func scaleFromSizes(output: Int, window: Int, scale: Int) {
    #expect(Display.scale(output: output, window: window) == scale)
  }

  /// The model at rest at its medium notch, drawn at `scale`.
  static func frame(scale: Int) throws -> RGBImage {
    let writer = ShotWriter(assets: AssetLocator(root: repoRoot.appendingPathComponent("Assets")))
    writer.scale = scale
    let model = try DemoModel(tuning: Tuning(), width: 480, height: 640)
    model.apply(.key("2"))
    for _ in 0..<90 { model.step(dt: 1.0 / 60) }
    return try writer.image(model)
  }

  /// The share of `big`'s 2×2 blocks whose four pixels are not all alike (within 8 per
  /// channel): 0 for an image blown up from one of half its size.
  static func detailedBlocks(_ big: RGBImage) -> Double {
    var detailed = 0
    var blocks = 0
    for y in stride(from: 0, to: big.height - 1, by: 2) {
      for x in stride(from: 0, to: big.width - 1, by: 2) {
        blocks += 1
        let i = (y * big.width + x) * 3
        let others = [i + 3, i + big.width * 3, i + big.width * 3 + 3]
        if others.contains(where: { j in
          (0..<3).contains { abs(Int(big.pixels[i + $0]) - Int(big.pixels[j + $0])) > 8 }
        }) {
          detailed += 1
        }
      }
    }
    return Double(detailed) / Double(blocks)
  }

  @Test("at 2 the frame has 2×2 device pixels per point, laid out in points, with detail finer than a point")
  func twiceTheDetail() throws {
    let one = try Self.frame(scale: 1)
    let two = try Self.frame(scale: 2)
    #expect(one.width == 480 && one.height == 640)
    #expect(two.width == 960 && two.height == 1280)
    // Layout in points: the point (x, y) at 1 is the device pixel (2x, 2y) at 2, but for the
    // edges of shapes and letters.
    var same = 0
    for y in 0..<one.height {
      for x in 0..<one.width {
        let i = (y * one.width + x) * 3
        let j = (2 * y * two.width + 2 * x) * 3
        if (0..<3).allSatisfy({ abs(Int(one.pixels[i + $0]) - Int(two.pixels[j + $0])) <= 8 }) { same += 1 }
      }
    }
    #expect(Double(same) / Double(one.width * one.height) > 0.9, "\(same) of \(one.width * one.height)")
    // Not a blown-up 1× frame: text, circles and the map's diagonals have device-pixel edges.
    let detail = Self.detailedBlocks(two)
    #expect(detail > 0.01, "\(detail)")
    // The 1× frame blown up has none: the measure does see the difference.
    var blown = RGBImage(width: 960, height: 1280, fill: (0, 0, 0))
    for y in 0..<1280 {
      for x in 0..<960 {
        let i = ((y / 2) * 480 + x / 2) * 3
        blown.pixels.replaceSubrange(
          ((y * 960 + x) * 3)..<((y * 960 + x) * 3 + 3), with: one.pixels[i..<(i + 3)])
      }
    }
    #expect(Self.detailedBlocks(blown) == 0)
  }

  @Test("text is rasterised at the scale and measured in points")
  func textInPoints() throws {
    let assets = AssetLocator(root: repoRoot.appendingPathComponent("Assets"))
    let one = try Display(offscreenWidth: 200, height: 100, scale: 1)
    let two = try Display(offscreenWidth: 200, height: 100, scale: 2)
    let text1 = try TextCache(canvas: one.canvas, fonts: try assets.fonts())
    let text2 = try TextCache(canvas: two.canvas, fonts: try assets.fonts())
    let w1 = text1.measure("Copper Science Center", .body)
    let w2 = text2.measure("Copper Science Center", .body)
    // The 30-px font is not exactly twice the 15-px one (hinting), but within a point or two.
    #expect(abs(w1 - w2) <= 3, "\(w1) vs \(w2)")
    let t2 = try #require(text2.texture("Copper Science Center", .body, .black))
    var w: Int32 = 0
    var h: Int32 = 0
    SDL_QueryTexture(t2.texture, nil, nil, &w, &h)
    #expect(Double(w) == t2.width * 2 && Double(h) == t2.height * 2)
    #expect(two.pixelWidth == 400 && two.pixelHeight == 200 && two.width == 200 && two.scale == 2)
  }

  @Test("--scale 2 writes shots of twice the window in device pixels; a script's scale does the same")
  func shotsAtScale() throws {
    let dir = try temporaryFolder()
    let plain = try write(
      #"{"window": [320, 400], "steps": [{"wait": 0.1}, {"shot": "a.png"}]}"#, "plain.json", in: dir)
    let scaled = try write(
      #"{"window": [320, 400], "scale": 2, "steps": [{"wait": 0.1}, {"shot": "a.png"}]}"#, "scaled.json",
      in: dir)
    for (script, flags, size) in [
      (plain, [String](), (320, 400)), (plain, ["--scale", "2"], (640, 800)), (scaled, [], (640, 800)),
      (scaled, ["--scale", "1"], (320, 400)), (plain, ["--scale", "3"], (960, 1200)),
    ] {
      let shots = dir.appendingPathComponent("shots-\(UUID().uuidString)").path
      let run = try runDetent(["replay", script, "--shots", shots] + flags)
      #expect(run.code == 0, "\(run.stdout)\(run.stderr)")
      let image = try RGBImage.load((shots as NSString).appendingPathComponent("a.png"))
      #expect(image.width == size.0 && image.height == size.1, "\(flags)")
    }
  }

  @Test(
    "a scale other than 1, 2 or 3 exits 2 naming the value and the allowed ones",
    arguments: [
      (["--scale", "4"], "--scale 4: expected one of 1, 2, 3"),
      (["--scale", "0"], "--scale 0: expected one of 1, 2, 3"),
      (["--scale", "1.5"], "--scale 1.5: expected one of 1, 2, 3"),
      (["--scale", "two"], "--scale two: expected one of 1, 2, 3"),
    ])
  func badFlag(flags: [String], message: String) throws {
    let dir = try temporaryFolder()
    let script = try write(#"{"steps": [{"wait": 0.1}]}"#, "s.json", in: dir)
    let run = try runDetent(["replay", script] + flags)
    #expect(run.code == 2)
    #expect(run.stderr.contains(message), "\(run.stderr)")
  }

  @Test(
    "a script's bad scale exits 2 naming the file, line and key",
    arguments: [
      (#"{"scale": 4, "steps": []}"#, "scale"),
      (#"{"scale": 1.5, "steps": []}"#, "scale"),
      (#"{"window": [4096, 4096], "scale": 2, "steps": []}"#, "8192x8192 device pixels"),
      // A resize past the limit at the script's scale: found before the first frame.
      (
        #"{"scale": 3, "window": [400, 400], "steps": [{"resize": [3000, 3000]}]}"#,
        "steps[0].resize: at scale 3 the frame would be 9000x9000 device pixels"
      ),
    ])
  func badScript(text: String, message: String) throws {
    let dir = try temporaryFolder()
    let script = try write(text, "s.json", in: dir)
    let run = try runDetent(["replay", script])
    #expect(run.code == 2)
    #expect(run.stderr.contains("s.json:1"), "\(run.stderr)")
    #expect(run.stderr.contains(message), "\(run.stderr)")
  }

  @Test(
    "--scale over a window (or a resize) past the pixel limit at that scale: that script is invalid, the others run",
    arguments: [
      #"{"window": [3000, 3000], "steps": [{"wait": 0.1}]}"#,
      #"{"window": [400, 400], "steps": [{"resize": [3000, 3000]}, {"wait": 0.1}]}"#,
    ])
  func flagOverLimit(text: String) throws {
    let dir = try temporaryFolder()
    let script = try write(text, "big.json", in: dir)
    let fine = try write(#"{"window": [300, 200], "steps": [{"wait": 0.1}]}"#, "fine.json", in: dir)
    let junit = dir.appendingPathComponent("j.xml").path
    let run = try runDetent(["replay", script, fine, "--scale", "2", "--junit", junit])
    #expect(run.code == 2)
    #expect(run.stderr.contains("6000x6000 device pixels"), "\(run.stderr)")
    #expect(run.stdout.contains("INVALID \(script)"), "\(run.stdout)")
    #expect(run.stdout.contains("PASS fine"), "\(run.stdout)")
    let report = try String(contentsOfFile: junit, encoding: .utf8)
    #expect(report.contains("tests=\"2\"") && report.contains("6000x6000 device pixels"), "\(report)")
  }

  @Test("the library's 2× goldens are in device pixels")
  func libraryGoldens() throws {
    for name in ["hidpi-2x-medium.png", "hidpi-2x-detail.png"] {
      let image = try RGBImage.load(repoRoot.appendingPathComponent("Assets/Scenarios/goldens/\(name)").path)
      #expect(image.width == 960 && image.height == 1200, "\(name)")
    }
    let run = try runDetent([
      "replay", repoRoot.appendingPathComponent("Assets/Scenarios/hidpi-2x.json").path,
    ])
    #expect(run.code == 0, "\(run.stdout)")
  }

  @Test("bench --scale runs the session at that scale and says so; not with --window")
  func bench() throws {
    let run = try runDetent([
      "bench", "--frames", "5", "--rows", "50", "--size", "320x400", "--scale", "2", "--json",
    ])
    #expect(run.code == 0, "\(run.stderr)")
    #expect(run.stdout.contains("\"size\": \"320x400\", \"scale\": 2,"), "\(run.stdout)")
    let window = try runDetent(["bench", "--window", "--scale", "2"])
    #expect(window.code == 2)
    #expect(window.stderr.contains("--scale 2: not with --window"), "\(window.stderr)")
    let big = try runDetent(["bench", "--size", "4096x4096", "--scale", "2"])
    #expect(big.code == 2)
    #expect(big.stderr.contains("8192x8192 pixels"), "\(big.stderr)")
  }
}
