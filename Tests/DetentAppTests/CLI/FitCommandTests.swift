import Detent
import DetentJSON
import Foundation
import Testing

@testable import DetentApp

/// A number in a parsed JSON value, by path ("tuning.spring.response", "settles.0.rms").
func jsonNumber(_ value: JSONValue, _ path: String) -> Double? {
  var v: JSONValue? = value
  for part in path.split(separator: ".") {
    if let index = Int(part), case .array(let items, _)? = v {
      v = index < items.count ? items[index] : nil
    } else {
      v = v?[String(part)]
    }
  }
  if case .number(let x, _)? = v { return x }
  return nil
}

/// `detent fit`: black-box, as a user runs it on a trace, a CSV and a video.
@Suite(.serialized) struct FitCommandTests {
  /// A flick up then the Down key, with a spring the fit must find.
  static func script(response: Double, dampingRatio: Double) -> String {
    """
    {"name": "known spring", "window": [360, 480], "fps": 60,
     "config": {"layout": {"mode": "bottom"}, "spring": {"response": \(response), "dampingRatio": \(dampingRatio)}},
     "steps": [{"wait": 0.2}, {"drag": {"from": [180, 400], "to": [180, 330], "duration": 0.15, "velocity": [0, -1500]}},
       {"wait": 1.6}, {"key": "Down"}, {"wait": 1.8}]}
    """
  }

  /// Replays the script `text` to an animated WebP in a temporary folder and returns
  /// `detent fit --json`'s output for it (both commands expected to succeed).
  func fitWebP(_ text: String) throws -> JSONValue {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let script = try write(text, "s.json", in: dir)
    let video = dir.appendingPathComponent("s.webp").path
    let replay = try runDetent(["replay", script, "--video", video])
    #expect(replay.code == 0, "\(replay.stderr)")
    let (code, json, stderr) = try fit([video])
    #expect(code == 0, "\(stderr)")
    return try #require(json)
  }

  /// Runs `detent fit --json` on `path` and returns the exit code and parsed output.
  func fit(_ arguments: [String]) throws -> (code: Int32, json: JSONValue?, stderr: String) {
    let run = try runDetent(["fit", "--json"] + arguments)
    return (run.code, try? JSONParser.parse(run.stdout), run.stderr)
  }

  @Test(
    "the default tuning's window and dimming, keys 3 then 2, as WebP: each settle within 2 % and 0.02",
    arguments: [(0.4, 0.85), (0.3, 0.9), (0.35, 0.8)])
  func webpKeys(response: Double, dampingRatio: Double) throws {
    // The sheet crosses 620 px in 0.3 s (up to 4,000 px/s): a frame time off by the half
    // millisecond WebP rounds it to is 2 px there.
    let text = """
      {"window": [640, 800], "config": {"spring": {"response": \(response), "dampingRatio": \(dampingRatio)}},
       "steps": [{"wait": 0.3}, {"key": "3"}, {"wait": 2}, {"key": "2"}, {"wait": 2}]}
      """
    let out = try fitWebP(text)
    #expect(jsonNumber(out, "settles.1.settle") == 2)
    for index in 0..<2 {
      let r = try #require(jsonNumber(out, "settles.\(index).response"))
      let z = try #require(jsonNumber(out, "settles.\(index).dampingRatio"))
      #expect(abs(r - response) <= 0.02 * response, "settle \(index + 1): response \(r)")
      #expect(abs(z - dampingRatio) <= 0.02, "settle \(index + 1): damping ratio \(z)")
    }
  }

  @Test("WebP frame times rounded to milliseconds go back on their rate; others are kept")
  func gridRate() {
    // Detent's 60 fps: round(k·1000/60) ms, a merged wait of 1 s among them.
    let starts = (0...10).map { Int((Double($0) * 1000 / 60).rounded()) }
    var spans = zip(starts, starts.dropFirst()).map { (start: $0, end: $1) }
    spans.append((start: starts.last!, end: starts.last! + 1000))
    #expect(VideoMotion.gridRate(spans, step: 17) == 60)
    // 30 fps.
    let thirty = (0...6).map { Int((Double($0) * 1000 / 30).rounded()) }
    #expect(
      VideoMotion.gridRate(Array(zip(thirty, thirty.dropFirst()).map { (start: $0, end: $1) }), step: 33)
        == 30)
    // Off any grid by more than a millisecond: kept as they are.
    #expect(VideoMotion.gridRate([(0, 16), (16, 36), (36, 50), (50, 67)], step: 16) == nil)
    #expect(VideoMotion.gridRate([(0, 16)], step: 16) == nil)
  }

  @Test(
    "Detent's own --video (animated WebP) of a known spring: response within 2 %, damping ratio within 0.02",
    arguments: [(0.42, 0.72), (0.35, 1.0), (0.55, 0.6)])
  func webpVideo(response: Double, dampingRatio: Double) throws {
    let out = try fitWebP(Self.script(response: response, dampingRatio: dampingRatio))
    #expect(out["kind"]?.stringValue == "video")
    // The flick up and the key's move down.
    #expect(jsonNumber(out, "settles.1.settle") == 2)
    #expect(jsonNumber(out, "settles.2.settle") == nil)
    for index in 0..<2 {
      let r = try #require(jsonNumber(out, "settles.\(index).response"))
      let z = try #require(jsonNumber(out, "settles.\(index).dampingRatio"))
      #expect(abs(r - response) <= 0.02 * response, "settle \(index + 1): response \(r)")
      #expect(abs(z - dampingRatio) <= 0.02, "settle \(index + 1): damping ratio \(z)")
      #expect(try #require(jsonNumber(out, "settles.\(index).rms")) < 0.5)
    }
    // The second settle rests at the middle notch (half of 480).
    #expect(abs(try #require(jsonNumber(out, "settles.1.to")) - 240) <= 1)
    let tuned = try #require(jsonNumber(out, "tuning.spring.response"))
    #expect(abs(tuned - response) <= 0.02 * response)
  }

  @Test(
    "a drag in the default card layout let go near the notch (the map dims beside the card): the spring within 2 % and 0.02",
    // (A damping ratio of 0.85 let go 60 px from the notch is at the edge of what whole-pixel
    // edges tell: its undershoot is under 2 px, and releases 100-300 px either way fitted
    // 0.393-0.411 s for 0.4, within 2 % in four of six with the frame times exact and in five
    // of six with them rounded to milliseconds, the one outside different each time. Integer
    // heights from the trace itself gave 0.341-0.426 s as their rounding's phase moved.)
    arguments: [(0.5, 0.45, -150), (0.4, 0.85, -150), (0.6, 0.6, 100)])
  func cardDragVideo(response: Double, dampingRatio: Double, by: Int) throws {
    let text = """
      {"name": "card drag", "window": [1280, 800],
       "config": {"spring": {"response": \(response), "dampingRatio": \(dampingRatio)}},
       "steps": [{"moveTo": {"notch": "medium", "animated": false}}, {"wait": 0.3},
         {"drag": {"from": "grabber", "to": {"by": [0, \(by)]}, "duration": 0.2, "velocity": [0, \(6 * by)]}},
         {"waitUntil": {"phase": "idle"}}, {"wait": 0.3}]}
      """
    let out = try fitWebP(text)
    // The jump to medium at the start is no settle: only the release's.
    #expect(jsonNumber(out, "settles.0.settle") == 1)
    #expect(jsonNumber(out, "settles.1.settle") == nil)
    let r = try #require(jsonNumber(out, "tuning.spring.response"))
    let z = try #require(jsonNumber(out, "tuning.spring.dampingRatio"))
    #expect(abs(r - response) <= 0.02 * response && abs(z - dampingRatio) <= 0.02, "\(r) \(z)")
  }

  @Test(
    "the same replay through ffmpeg (mp4) fits likewise",
    .enabled(if: (try? VideoMotion.tool("ffmpeg", for: "x.mp4")) != nil, "needs ffmpeg (scripts/deps)"))
  func mp4Video() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let script = try write(Self.script(response: 0.5, dampingRatio: 0.6), "s.json", in: dir)
    let video = dir.appendingPathComponent("s.mp4").path
    #expect(try runDetent(["replay", script, "--video", video]).code == 0)
    let (code, json, stderr) = try fit([video])
    #expect(code == 0, "\(stderr)")
    let out = try #require(json)
    let r = try #require(jsonNumber(out, "tuning.spring.response"))
    let z = try #require(jsonNumber(out, "tuning.spring.dampingRatio"))
    #expect(abs(r - 0.5) <= 0.01 && abs(z - 0.6) <= 0.02, "\(r) \(z)")
  }

  @Test("a trace whose settle overshoots past the window: the rows held at its edge are left out")
  func traceHeldAtEdge() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let script = repoRoot.appendingPathComponent("Assets/Scenarios/flick-overshoot.json").path
    let trace = dir.appendingPathComponent("fo.csv").path
    #expect(try runDetent(["replay", script, "--trace", trace]).code == 0)
    let (code, json, _) = try fit([trace])
    #expect(code == 0)
    let out = try #require(json)
    // The flick carries the sheet to the window's top (800 px) for 10 frames while the spring
    // goes past it: the scenario's spring, 0.5 s and 0.45, comes back exactly from the rest.
    #expect(jsonNumber(out, "missing") == 10)
    expectNear(jsonNumber(out, "settles.0.response"), 0.5, 0.001)
    expectNear(jsonNumber(out, "settles.0.dampingRatio"), 0.45, 0.001)
    #expect(try #require(jsonNumber(out, "settles.0.rms")) < 0.1)
    let text = try runDetent(["fit", trace])
    #expect(text.stdout.contains("(10 rows held at the window's edge left out)"), "\(text.stdout)")
  }

  @Test("a replay's trace: each settle from its release, the release velocity, RMS under 0.1 px")
  func trace() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let script = try write(Self.script(response: 0.45, dampingRatio: 0.8), "s.json", in: dir)
    let trace = dir.appendingPathComponent("s.csv").path
    #expect(try runDetent(["replay", script, "--trace", trace]).code == 0)
    let (code, json, _) = try fit([trace])
    #expect(code == 0)
    let out = try #require(json)
    #expect(out["kind"]?.stringValue == "trace")
    expectNear(jsonNumber(out, "settles.0.response"), 0.45, 0.001)
    expectNear(jsonNumber(out, "settles.0.dampingRatio"), 0.8, 0.001)
    // The script's release velocity: 1500 px/s upward on screen, so the height grows.
    expectNear(jsonNumber(out, "settles.0.startVelocity"), 1500, 5)
    expectNear(jsonNumber(out, "settles.0.to"), 420, 0)
    // The key's move starts from rest.
    expectNear(jsonNumber(out, "settles.1.startVelocity"), 0, 10)
    expectNear(jsonNumber(out, "settles.1.to"), 240, 0)
    #expect(try #require(jsonNumber(out, "settles.0.rms")) < 0.1)
  }

  @Test(
    "a noisy t,height CSV (seeded noise, σ = 1 px) as text: the spring and the fragment, with LF, CRLF or CR line ends",
    arguments: ["\n", "\r\n", "\r"])
  func noisyCSV(newline: String) throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let spring = Spring(response: 0.38, dampingRatio: 0.66)
    var state: UInt64 = 42
    func uniform() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53)
    }
    var csv = "t,height" + newline
    for k in 0...150 {
      let t = Double(k) / 60
      let h = 500 + spring.state(displacement: -320, velocity: 1800, at: t).displacement
      // Box–Muller.
      let noise = (-2 * log(max(uniform(), 1e-300))).squareRoot() * cos(2 * .pi * uniform())
      csv += "\(EventLog.number(t, decimals: 4)),\(EventLog.number(h + noise, decimals: 2))" + newline
    }
    let path = try write(csv, "motion.csv", in: dir)
    let run = try runDetent(["fit", path])
    #expect(run.code == 0, "\(run.stderr)")
    #expect(run.stdout.contains("csv, 151 samples, 1 settle"), "\(run.stdout)")
    let fragment = try #require(run.stdout.split(separator: "\n").last.map(String.init))
    let value = try JSONParser.parse(fragment)
    expectNear(jsonNumber(value, "spring.response"), 0.38, 0.02 * 0.38)
    expectNear(jsonNumber(value, "spring.dampingRatio"), 0.66, 0.02)
    // The fragment is a tuning detent reads.
    let tuning = try write(fragment, "fitted.json", in: dir)
    #expect(try runDetent(["export", "--config", tuning, "--format", "json"]).code == 0)
  }

  @Test(
    "bad input names the file and line (exit 2); a motion without a settle is exit 1",
    arguments: [
      ("t,height\n0,100\n0.1,abc\n", 2, "motion.csv:3: column height: \"abc\" is not a decimal number"),
      ("t,height\n0,100\n0,110\n", 2, "motion.csv:3: t 0 is not after the previous row's 0"),
      // Decimal numbers only: Swift reads "0x10" as 16 and "nan" as a number.
      ("t,height\n0,100\n0.1,0x10\n", 2, "motion.csv:3: column height: \"0x10\" is not a decimal number"),
      ("t,height\n0,100\nnan,110\n", 2, "motion.csv:3: column t: \"nan\" is not a decimal number"),
      ("time,h\n0,100\n", 2, "motion.csv:1: the header needs columns t and height"),
      ("t,height\r\n0,100\r\n0.1,abc\r\n", 2, "motion.csv:3: column height: \"abc\" is not a decimal number"),
      // A header that is no header: the message shows its first 80 characters, not the file.
      ("time;h" + String(repeating: ";1", count: 200) + "\n", 2, "(found: time;h;1;1"),
      ("t,height\n0,100\n0.1\n", 2, "motion.csv:3: 1 fields, the header has 2"),
      ("t,height\n", 2, "motion.csv: 0 sample(s)"),
      ("", 2, "motion.csv: empty"),
      ("t,height\n0,100\n0.5,100\n1,100\n1.5,100\n", 1, "motion.csv: no settle found"),
    ])
  func badInput(text: String, code: Int32, message: String) throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = try write(text, "motion.csv", in: dir)
    let run = try runDetent(["fit", path])
    #expect(run.code == code, "\(run.stdout)\(run.stderr)")
    #expect(run.stderr.contains(message), "\(run.stderr)")
  }

  @Test("options: --edge and --roi are checked; a missing file is bad input; mp4 without ffmpeg is exit 3")
  func options() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let edge = try runDetent(["fit", "x.csv", "--edge", "middle"])
    #expect(edge.code == 2 && edge.stderr.contains("--edge middle: expected bottom, top, left or right"))
    let roi = try runDetent(["fit", "x.csv", "--roi", "0,0,10"])
    #expect(roi.code == 2 && roi.stderr.contains("--roi 0,0,10: expected X,Y,W,H"))
    let missing = try runDetent(["fit", dir.appendingPathComponent("none.csv").path])
    #expect(missing.code == 2 && missing.stderr.contains("none.csv: no such file"))
    let video = try write("not a video", "clip.mp4", in: dir)
    let noFFmpeg = try runDetent(["fit", video], environment: ["PATH": dir.path])
    #expect(noFFmpeg.code == 3 && noFFmpeg.stderr.contains("needs ffprobe"), "\(noFFmpeg.stderr)")
    let webp = try write("not a webp", "clip.webp", in: dir)
    let badWebP = try runDetent(["fit", webp])
    #expect(badWebP.code == 2 && badWebP.stderr.contains("clip.webp: not a WebP"), "\(badWebP.stderr)")
  }
}

/// Expects `value` within `tolerance` of `expected`, reporting the caller's location.
func expectNear(
  _ value: Double?, _ expected: Double, _ tolerance: Double, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(
    value.map { abs($0 - expected) <= tolerance } == true,
    "\(value.map { "\($0)" } ?? "nil") is not within \(tolerance) of \(expected)",
    sourceLocation: sourceLocation)
}

/// The edge finder on drawn frames: a light sheet on a dark backdrop from each window edge.
@Suite struct EdgeFinderTests {
  /// A `w`×`h` gray frame: 40 everywhere, 220 inside the sheet `extent` px from `edge`.
  static func frame(_ edge: EdgeFinder.Edge, extent: Int, w: Int = 80, h: Int = 60) -> [UInt8] {
    var g = [UInt8](repeating: 40, count: w * h)
    for y in 0..<h {
      for x in 0..<w {
        let inside =
          switch edge {
          case .bottom: y >= h - extent
          case .top: y < extent
          case .left: x < extent
          case .right: x >= w - extent
          }
        if inside { g[y * w + x] = 220 }
      }
    }
    return g
  }

  @Test(
    "the extent from each edge, to the pixel",
    arguments: [(EdgeFinder.Edge.bottom, 25), (.top, 17), (.left, 30), (.right, 52), (.bottom, 4)])
  func edges(edge: EdgeFinder.Edge, extent: Int) throws {
    let found = try #require(
      EdgeFinder(edge: edge, region: nil).find(gray: Self.frame(edge, extent: extent), width: 80, height: 60))
    #expect(found.extent == Double(extent))
    #expect(found.score == 180)
  }

  @Test("a region of interest keeps a stronger step outside it out")
  func region() throws {
    var g = Self.frame(.bottom, extent: 20)
    // A black bar across rows 5–9 in the left half: a stronger step than the sheet's there.
    for y in 5..<10 { for x in 0..<40 { g[y * 80 + x] = 0 } }
    let whole = EdgeFinder(edge: .bottom, region: nil).find(gray: g, width: 80, height: 60)
    #expect(whole?.extent == 20)
    var bar = g
    for y in 5..<10 { for x in 0..<80 { bar[y * 80 + x] = 255 } }
    for y in 0..<5 { for x in 0..<80 { bar[y * 80 + x] = 0 } }
    #expect(EdgeFinder(edge: .bottom, region: nil).find(gray: bar, width: 80, height: 60)?.extent == 55)
    let clipped = EdgeFinder(edge: .bottom, region: .init(x: 0, y: 20, width: 80, height: 40))
    #expect(clipped.find(gray: bar, width: 80, height: 60)?.extent == 20)
  }

  @Test("--roi parsing", arguments: ["1,2,3,4", " 0, 0, 640, 480"])
  func parse(text: String) throws {
    #expect(try EdgeFinder.parseRegion(text).width >= 3)
  }
}

/// The panel's reference curve: a fitted motion under the step response, and its spring as a
/// recorded `tune`.
@Suite struct ReferenceCurveTests {
  @Test("\"Use fitted\" applies the reference's spring as a tune that the recording keeps and replays")
  func useFitted() throws {
    let session = try RecordedSession()
    let live = session.live
    live.panel.reference = ReferenceCurve(
      name: "flick.csv", spring: Spring(response: 0.52, dampingRatio: 0.61), rms: 0.2)
    session.frame([.key("T")])
    let button = try #require(
      live.panelItems.first { if case .useReference = $0.kind { true } else { false } })
    let (x, y) = (button.rect.x + button.rect.w / 2, button.rect.y + button.rect.h / 2)
    session.frame([.press(x: x, y: y)])
    session.frame([.release(x: x, y: y, velocity: nil)])
    #expect(live.rootTuning.spring == Spring(response: 0.52, dampingRatio: 0.61))
    #expect(live.panel.status == "spring fitted to flick.csv")
    let script = session.script()
    #expect(script.contains(#""tune""#) && script.contains("0.52") && script.contains("0.61"), "\(script)")
    let (runner, report) = try session.replay()
    #expect(report.passed)
    #expect(runner.model.rootTuning.spring == Spring(response: 0.52, dampingRatio: 0.61))
  }

  @Test("no reference: no button; a reference from a trace carries its best settle's spring")
  func load() throws {
    let session = try RecordedSession()
    session.frame([.key("T")])
    #expect(!session.live.panelItems.contains { if case .useReference = $0.kind { true } else { false } })
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let script = try write(FitCommandTests.script(response: 0.45, dampingRatio: 0.8), "s.json", in: dir)
    let trace = dir.appendingPathComponent("s.csv").path
    #expect(try runDetent(["replay", script, "--trace", trace]).code == 0)
    let reference = try ReferenceCurve.load(trace)
    #expect(reference.name == "s.csv")
    #expect(
      abs(reference.spring.response - 0.45) <= 0.0005 && abs(reference.spring.dampingRatio - 0.8) <= 0.001)
    #expect(throws: CLIError.self) {
      try ReferenceCurve.load(try write("t,height\n0,1\n1,1\n", "flat.csv", in: dir))
    }
  }
}
