import Detent
import Foundation
import Testing

@testable import DetentApp

/// `detent export`: each format's numbers against the exact spring (response 0.5 s, ζ 0.7:
/// stiffness 157.914, damping 17.593, SwiftUI duration 0.5 / bounce 0.3).
@Suite struct ExportTests {
  static let tuning: Tuning = {
    var t = Tuning()
    t.spring = Spring(response: 0.5, dampingRatio: 0.7)
    t.notches = [
      NotchSpec(name: "peek", height: 150), NotchSpec(name: "half", fraction: 0.5),
      NotchSpec(name: "top", fraction: 1, inset: 40),
    ]
    t.policy = .rushingForward(minimumVelocity: 600, minimumDuration: 0.1)
    t.dimming.maxAlpha = 0.3
    return t
  }()

  @Test(
    "each format states the spring in its own terms",
    arguments: [
      (
        ExportFormat.swiftui,
        [
          "Animation.spring(duration: 0.5, bounce: 0.3)", ".height(150)", ".fraction(0.5)",
          "context.maxDetentValue * 1 - 40", ".enabled(upThrough: .fraction(0.5))",
        ]
      ),
      (
        .uikit,
        [
          "UISpringTimingParameters(mass: 1, stiffness: 157.914, damping: 17.593", "{ context in 150 }",
          "largestUndimmedDetentIdentifier = .init(\"half\")",
        ]
      ),
      (
        .floatingpanel,
        [
          "springResponseTime: CGFloat = 0.5", "absoluteInset: 150, edge: .bottom",
          "fractionalInset: 0.5", "absoluteInset: 40, edge: .top", "faster than 600 px/s",
        ]
      ),
      (
        .compose,
        [
          "spring<Float>(dampingRatio = 0.7f, stiffness = 157.914f)", "velocityThreshold = { 600.dp.toPx() }",
          "Notch.PEEK at (h - 150f)", "Notch.TOP at (h - h * 1f + 40f)",
        ]
      ),
      (
        .android,
        [
          ".setStiffness(157.914f)", ".setDampingRatio(0.7f)", "behavior.peekHeight = dp(150)",
          "behavior.halfExpandedRatio = 0.5f", "behavior.expandedOffset = dp(40)",
        ]
      ),
      (
        .framer,
        [
          "stiffness: 157.914, damping: 17.593, mass: 1",
          "[150, window.innerHeight * 0.5, window.innerHeight * 1 - 40]",
        ]
      ),
      (
        .css,
        ["--detent-notch-peek: 150px;", "--detent-notch-top: calc(100vh - 40px);", "--detent-dim-max: 0.3;"]
      ),
    ])
  func formats(format: ExportFormat, expected: [String]) {
    let text = format.render(Self.tuning)
    for piece in expected { #expect(text.contains(piece), "\(format.rawValue) lacks \(piece)") }
  }

  @Test("css: linear() over the settling time stays within 0.5 % of the exact curve")
  func cssCurve() throws {
    let text = ExportFormat.css.render(Self.tuning)
    let duration = try #require(text.firstMatch(of: /--detent-settle-duration: (\d+)ms/)).1
    let body = try #require(text.firstMatch(of: /--detent-settle-easing: linear\(([^)]*)\)/)).1
    let points = body.split(separator: ",").compactMap {
      Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    let seconds = Double(duration)! / 1000
    let spring = Self.tuning.spring
    #expect(abs(seconds - spring.settlingTime()) <= 0.0005)
    #expect(points.first == 0 && points.last == 1)
    #expect(points.count >= 17)
    var worst = 0.0
    for i in 0...2000 {
      let t = seconds * Double(i) / 2000
      let u = Double(i) / 2000 * Double(points.count - 1)
      let k = min(Int(u), points.count - 2)
      let value = points[k] + (points[k + 1] - points[k]) * (u - Double(k))
      worst = max(worst, abs(value - spring.progress(at: t)))
    }
    #expect(worst <= 0.005, "largest gap \(worst)")
  }

  @Test("json round-trips the tuning")
  func json() throws {
    let text = ExportFormat.json.render(Self.tuning)
    #expect(try TuningCoding.decode(text: text).tuning == Self.tuning)
  }

  @Test("an unknown format or a bad config exits 2 naming it")
  func badInput() throws {
    let run = try runDetent(["export", "--format", "qml"])
    #expect(run.code == 2)
    #expect(run.stderr.contains("--format qml: unknown format"))
    let dir = try temporaryFolder()
    let config = try write("{\n\"spring\": {\"response\": 0}}", "bad.json", in: dir)
    let bad = try runDetent(["export", "--config", config, "--format", "css"])
    #expect(bad.code == 2)
    #expect(bad.stderr.contains("bad.json:2: spring.response"))
  }

  @Test("docs/export.md is the current output for the default tuning")
  func docsCurrent() throws {
    let doc = try String(contentsOf: repoRoot.appendingPathComponent("docs/export.md"), encoding: .utf8)
    for format in ExportFormat.allCases {
      #expect(
        doc.contains(format.render(Tuning())), "docs/export.md: \(format.rawValue) is stale (regenerate it)")
    }
  }
}
