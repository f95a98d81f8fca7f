import Foundation
import Testing

@testable import DetentApp

/// `replay --report DIR` (HTMLReport, HTMLReportPage): each script's files in a folder of its
/// own, each event at the frame it fired in, and each picture with its window's width.
@Suite struct ReportPageTests {
  /// The JSON array the page's script assigns to `name` (`name=[...]`, to its closing bracket).
  static func array(_ name: String, in page: String) throws -> [Any] {
    let start = try #require(page.range(of: "\(name)=[")).upperBound
    var depth = 1
    var inString = false
    var escaped = false
    var end = start
    for i in page[start...].indices {
      let c = page[i]
      if inString {
        if escaped {
          escaped = false
        } else if c == "\\" {
          escaped = true
        } else if c == "\"" {
          inString = false
        }
      } else if c == "\"" {
        inString = true
      } else if c == "[" {
        depth += 1
      } else if c == "]" {
        depth -= 1
        if depth == 0 {
          end = page.index(after: i)
          break
        }
      }
    }
    let text = String(page[page.index(before: start)..<end])
    return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any])
  }

  /// Runs `script` (saved as `name`.json) with `--report` and returns its page.
  static func page(_ script: String, _ name: String) throws -> String {
    let dir = try temporaryFolder()
    let path = try write(script, "\(name).json", in: dir)
    let report = dir.appendingPathComponent("report").path
    let run = try runDetent(["replay", path, "--report", report])
    #expect(run.code == 0, "\(run.stderr)")
    return try String(contentsOfFile: "\(report)/\(name)/page.html", encoding: .utf8)
  }

  @Test("a script named index.json gets its own page; the index stays the index")
  func scriptNamedIndex() throws {
    let dir = try temporaryFolder()
    let script = try write(
      #"{"name": "idx", "window": [200, 200], "steps": [{"wait": 0.05}]}"#, "index.json", in: dir)
    let report = dir.appendingPathComponent("r").path
    let run = try runDetent(["replay", script, "--report", report])
    #expect(run.code == 0, "\(run.stderr)")
    let index = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
    #expect(index.contains("<h1>detent replay: 1 of 1 passed</h1>"))
    #expect(index.contains(#"<a href="index/page.html">idx</a>"#))
    let page = try String(contentsOfFile: report + "/index/page.html", encoding: .utf8)
    #expect(page.contains(#"<a href="../index.html">← all scripts</a>"#))
    #expect(page.contains(#"<img src="plot.png""#))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: report + "/index").sorted()
        == ["frame-00000.png", "frame-00003.png", "page.html", "plot.png"])
  }

  @Test("events link to the frame they fired in, with engine time at half speed")
  func eventFramesAtHalfSpeed() throws {
    let page = try Self.page(
      """
      {"name": "slow", "window": [400, 600], "config": {"layout": {"mode": "bottom"},
       "notches": [{"name": "a", "height": 100}, {"name": "b", "height": 300}]},
       "steps": [{"timeScale": 0.5},
                 {"drag": {"from": "grabber", "to": {"by": [0, -60]}, "duration": 0.1, "velocity": [0, -800]}},
                 {"waitUntil": {"phase": "idle", "timeout": 3}}]}
      """, "slow")
    let events = try Self.array("events", in: page).map { try #require($0 as? [Any]) }
    let frames = events.map { $0[0] as? Int }
    let names = try events.map { event -> String in
      let line = try #require(event[1] as? String)
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      return try #require(object?["event"] as? String)
    }
    // timeScale takes frame 0, the press frame 1; the first move (frame 2) starts the drag, the
    // release (frame 7) ends it, and the sheet rests in frame 62. An event fired in frame k is
    // shown at scrubber position k + 1 (the picture after that frame); engine time × 60 would
    // say 1, 3, 3 and 32.
    #expect(names == ["willStartDragging", "willEndDragging", "willMoveToNotch", "didMoveToNotch"])
    #expect(frames == [3, 8, 8, 63])
    let trace = try Self.array("trace", in: page).compactMap { $0 as? String }
    #expect(trace[2].hasPrefix("2,0.025,199.5,499,1,dragging,"))
    #expect(trace[62].hasPrefix("62,0.525,199.5,449,0,idle,300,0,b,"))
  }

  @Test("each picture carries its window's width: the pointer is placed by it after a resize")
  func pictureWidthsAfterResize() throws {
    let page = try Self.page(
      """
      {"name": "resized", "window": [400, 300],
       "steps": [{"wait": 0.05}, {"resize": [200, 150]}, {"wait": 0.05}]}
      """, "resized")
    let pics = try Self.array("pics", in: page).map { try #require($0 as? [Any]) }
    #expect(pics.map { $0[0] as? Int } == [0, 3, 6])
    #expect(pics.map { $0[1] as? String } == ["frame-00000.png", "frame-00003.png", "frame-00006.png"])
    #expect(pics.map { $0[2] as? Int } == [400, 400, 200])
    #expect(page.contains("const s=img.clientWidth/p[2]||1;"))
  }
}
