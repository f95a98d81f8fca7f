import Detent
import DetentJSON
import Foundation
import Testing

@testable import DetentApp

@Suite(.serialized) struct ReplayTests {
  static let flick = """
    {"name": "flick", "config": {"spring": {"response": 0.5, "dampingRatio": 0.5}},
     "steps": [{"drag": {"from": [200, 690], "to": [200, 600], "duration": 0.1, "velocity": [0, -2500]}},
               {"wait": 1.5}, {"expect": {"notch": "maximum", "height": [740, 740]}}]}
    """

  @Test("the same script gives the same trace, byte for byte; the header is the contract's")
  func deterministicTrace() throws {
    let dir = try temporaryFolder()
    let script = try write(Self.flick, "flick.json", in: dir)
    let a = dir.appendingPathComponent("a.csv").path
    let b = dir.appendingPathComponent("b.csv").path
    #expect(try runDetent(["replay", script, "--trace", a]).code == 0)
    #expect(try runDetent(["replay", script, "--trace", b]).code == 0)
    let first = try Data(contentsOf: URL(fileURLWithPath: a))
    #expect(first == (try Data(contentsOf: URL(fileURLWithPath: b))))
    let lines = String(decoding: first, as: UTF8.self).split(separator: "\n")
    #expect(
      lines.first
        == "frame,t,pointer_x,pointer_y,pointer_down,phase,height,velocity,notch,target_notch,list_offset,header_offset,dim_alpha"
    )
    #expect(lines.count == 1 + 1 + 6 + 90, "press, 6 moves (the last with the release), 90 waiting frames")
    let heights = lines.dropFirst().map {
      Double($0.split(separator: ",", omittingEmptySubsequences: false)[6])!
    }
    #expect(heights.max()! > 760, "the bouncy flick overshoots maximum")
  }

  @Test("a failed expectation exits 1 naming script, step, expected and actual")
  func failedExpectation() throws {
    let dir = try temporaryFolder()
    let script = try write(
      #"{"steps": [{"wait": 0.1}, {"expect": {"notch": "maximum", "height": [700, 800]}}]}"#, "fail.json",
      in: dir)
    let run = try runDetent(["replay", script])
    #expect(run.code == 1)
    #expect(run.stdout.contains("fail.json: step 2"))
    #expect(run.stdout.contains("notch expected \"maximum\", actual \"minimum\""))
    #expect(run.stdout.contains("height expected [700, 800], actual 120"))
  }

  @Test("--json reports name, passed, failures, final state and events")
  func jsonReport() throws {
    let dir = try temporaryFolder()
    let script = try write(Self.flick, "flick.json", in: dir)
    let run = try runDetent(["replay", script, "--json"])
    #expect(run.code == 0)
    let value = try JSONParser.parse(run.stdout)
    #expect(value["name"] == .string("flick", line: 0))
    #expect(value["passed"] == .bool(true, line: 0))
    #expect(value["final"]?["notch"] == .string("maximum", line: 0))
    #expect(value["final"]?["height"] == .number(740, line: 0))
    guard case .array(let events, _)? = value["events"] else {
      Issue.record("no events")
      return
    }
    let names = events.compactMap { e -> String? in if case .string(let s, _)? = e["event"] { s } else { nil }
    }
    #expect(names == ["willStartDragging", "willEndDragging", "willMoveToNotch", "didMoveToNotch"])
  }

  @Test("--config is the base; the script's config applies on top; --fps replaces the script's")
  func baseConfigAndFPS() throws {
    let dir = try temporaryFolder()
    let base = try write(
      #"{"policy": {"kind": "nearest"}, "spring": {"response": 0.3}}"#, "base.json", in: dir)
    let script = try write(
      #"{"fps": 30, "config": {"spring": {"dampingRatio": 1}}, "steps": [{"drag": {"from": [200, 690], "to": [200, 640], "duration": 0.1, "velocity": [0, -3000]}}, {"wait": 1}, {"expect": {"notch": "minimum"}}]}"#,
      "s.json", in: dir)
    let trace = dir.appendingPathComponent("t.csv").path
    let run = try runDetent(["replay", script, "--config", base, "--fps", "120", "--trace", trace])
    #expect(run.code == 0, "\(run.stdout)")
    let rows = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
    #expect(rows.count == 1 + 1 + 12 + 120, "120 fps: 12 drag frames and 120 waiting frames")
  }

  @Test(
    "an error from a key the base file set, broken by the script's config over it, says where the key was set"
  )
  func baseKeyNamed() throws {
    let dir = try temporaryFolder()
    let base = try write(
      #"{"notches": [{"name": "x", "height": 50}, {"name": "y", "height": 500}], "initialNotch": "y"}"#,
      "base.json", in: dir)
    let script = try write(
      #"{"config": {"notches": [{"name": "a", "height": 100}, {"name": "b", "height": 300}]}, "steps": []}"#,
      "s.json", in: dir)
    let run = try runDetent(["replay", script, "--config", base])
    #expect(run.code == 2)
    #expect(
      run.stderr.contains(#"s.json:1: config.initialNotch (set in \#(base)): no notch is named "y""#),
      "\(run.stderr)")
    // A key of the script's own: no base named.
    let own = try write(#"{"config": {"initialNotch": "nope"}, "steps": []}"#, "own.json", in: dir)
    let second = try runDetent(["replay", own, "--config", base])
    #expect(
      second.stderr.contains(#"own.json:1: config.initialNotch: no notch is named "nope""#),
      "\(second.stderr)")
  }

  @Test("shots and the plot are opaque PNG files (RGB, no alpha channel)")
  func shotsAndPlot() throws {
    let dir = try temporaryFolder()
    let script = try write(#"{"steps": [{"key": "3"}, {"wait": 1}, {"shot": "top.png"}]}"#, "s.json", in: dir)
    let plot = dir.appendingPathComponent("plot.png").path
    let run = try runDetent(["replay", script, "--shots", dir.path, "--plot", plot])
    #expect(run.code == 0, "\(run.stderr)")
    for file in [dir.appendingPathComponent("top.png").path, plot] {
      let data = try Data(contentsOf: URL(fileURLWithPath: file))
      #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
      // IHDR's colour type (byte 25): 2 is truecolour without alpha, 6 would be with alpha.
      #expect(data.count > 25 && data[25] == 2, "\(file): colour type \(data.count > 25 ? data[25] : 0)")
    }
  }

  @Test("every script of the scenario library passes")
  func library() throws {
    let folder = repoRoot.appendingPathComponent("Assets/Scenarios")
    let scripts = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".json")
    }.sorted()
    #expect(scripts.count >= 30)
    let run = try runDetent(["replay"] + scripts.map { folder.appendingPathComponent($0).path })
    #expect(run.code == 0, "\(run.stdout)")
    #expect(run.stdout.split(separator: "\n").filter { $0.hasPrefix("PASS") }.count == scripts.count)
  }
}

@Suite struct RecordingTests {
  @Test("a recorded session replays to the same final state")
  func roundTrip() throws {
    let tuning = Tuning()
    let session = try RecordedSession(tuning: tuning)
    let live = session.live
    func frameWith(_ inputs: [AppInput]) { session.frame(inputs) }
    frameWith([.press(x: 200, y: 690)])
    for k in 1...10 { frameWith([.move(x: 200, y: 690 - Double(k) * 40)]) }
    frameWith([.release(x: 200, y: 290, velocity: nil)])
    for _ in 0..<60 { frameWith([]) }
    frameWith([.wheel(x: 200, y: 400, dy: 3)])
    for _ in 0..<20 { frameWith([]) }
    frameWith([.key("Down")])
    for _ in 0..<70 { frameWith([]) }
    let report = try session.replay().report
    #expect(report.passed, "\(report.failures)")
    #expect(report.final.notch == live.stack.top.snapshot.notch)
    #expect(report.final.height == live.stack.top.snapshot.height)
    #expect(report.final.listOffset == live.stack.top.snapshot.listOffset)
    #expect(report.frames == session.frames)
  }

  @Test(
    "a session using the panel (preset, slider drag, choices, a notch toggle, ←/→) and a hot reload replays to the same events and state"
  )
  func panelAndReload() throws {
    let tuning = Tuning()
    let presets = Presets(assets: AssetLocator(root: repoRoot.appendingPathComponent("Assets"))).entries
    #expect(presets.count == 7)
    let session = try RecordedSession(tuning: tuning, presets: presets)
    let live = session.live
    func frameWith(_ inputs: [AppInput]) { session.frame(inputs) }
    func click(_ x: Double, _ y: Double) {
      frameWith([.press(x: x, y: y)])
      frameWith([.release(x: x, y: y, velocity: nil)])
    }
    func rect(_ match: (PanelItem.Kind) -> Bool) -> PanelRect {
      live.panelItems.first { match($0.kind) }!.rect
    }
    frameWith([.key("T")])
    #expect(live.panel.shown)
    let bouncy = rect { if case .preset(_, "Bouncy") = $0 { true } else { false } }
    click(bouncy.x + 5, bouncy.y + 5)
    let damping = rect { if case .slider(let s, _) = $0 { s.id == "spring.dampingRatio" } else { false } }
    frameWith([.press(x: damping.x + damping.w * 0.3, y: damping.y + 20)])
    for k in 1...8 {
      frameWith([.move(x: damping.x + damping.w * (0.3 + 0.05 * Double(k)), y: damping.y + 20)])
    }
    frameWith([.release(x: damping.x + damping.w * 0.7, y: damping.y + 20, velocity: nil)])
    frameWith([.key("Right")])
    frameWith([.key("Right")])
    let nearest = rect { if case .segment("nearest", _, _) = $0 { true } else { false } }
    click(nearest.x + 5, nearest.y + 5)
    let medium = rect { if case .notch(1, _, _, _) = $0 { true } else { false } }
    click(medium.x + 4, medium.y + 4)
    #expect(live.rootTuning.policy == .nearest)
    #expect(live.rootTuning.notches[1].enabled == false)
    // A hot reload, as the program feeds it: a tune plus a status line.
    frameWith([
      .tune(try JSONParser.parse(#"{"spring": {"response": 0.3}}"#)), .status("reloaded x", isError: false),
    ])
    #expect(live.rootTuning.spring.response == 0.3)
    let dragged = live.rootTuning.spring.dampingRatio
    // Flick the sheet up, let it settle, scroll, go down a notch.
    frameWith([.press(x: 200, y: 690)])
    for k in 1...6 { frameWith([.move(x: 200, y: 690 - Double(k) * 83)]) }
    frameWith([.release(x: 200, y: 192, velocity: nil)])
    for _ in 0..<90 { frameWith([]) }
    frameWith([.key("R")])
    for _ in 0..<90 { frameWith([]) }
    let text = session.script()
    #expect(text.contains("\"tune\""))
    let (runner, report) = try session.replay()
    #expect(report.passed, "\(report.failures)")
    #expect(runner.model.rootTuning == live.rootTuning)
    #expect(runner.model.rootTuning.spring.dampingRatio == dragged)
    #expect(report.events.map(EventLog.line) == session.events.map(EventLog.line))
    #expect(report.final == live.stack.top.snapshot)
    #expect(session.events.contains { $0.kind == .didMoveToNotch(2) })
  }

  @Test("inputs that arrive within one frame are recorded as one frame step and replay to the same events")
  func severalInputsInOneFrame() throws {
    let tuning = Tuning()
    let session = try RecordedSession(tuning: tuning)
    let live = session.live
    func frameWith(_ inputs: [AppInput]) { session.frame(inputs) }
    // Press and first move together, two moves per frame, the last move and the release together
    // (as a fast mouse delivers them), then a wheel of three notches in one event.
    frameWith([.press(x: 200, y: 690), .move(x: 200, y: 670)])
    for k in 1...5 {
      frameWith([.move(x: 200, y: 670 - Double(k) * 30), .move(x: 200, y: 655 - Double(k) * 60)])
    }
    frameWith([.move(x: 200, y: 300), .release(x: 200, y: 300, velocity: nil)])
    for _ in 0..<60 { frameWith([]) }
    frameWith([.wheel(x: 200, y: 400, dy: 3)])
    for _ in 0..<30 { frameWith([]) }
    let text = session.script()
    // The press landed on the grabber: the recording names it, and its moves are offsets from it.
    #expect(text.contains(#"{"frame": [{"press": "grabber"}, {"move": {"by": [0, -20]}}]}"#))
    #expect(text.contains(#"{"frame": [{"wheel": {"at": [200, 400], "dy": 3}}]}"#))
    let report = try session.replay().report
    #expect(report.passed, "\(report.failures)")
    #expect(report.frames == session.frames)
    // Times, notches, heights and the release velocity, to the digit.
    #expect(report.events.map(EventLog.line) == session.events.map(EventLog.line))
    #expect(report.final == live.stack.top.snapshot)
  }
}
