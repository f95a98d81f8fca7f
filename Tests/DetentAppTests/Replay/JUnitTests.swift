import Foundation
import Testing

@testable import DetentApp

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `--junit`: a JUnit XML file that an XML parser accepts, with the facts of each script.
@Suite(.serialized) struct JUnitTests {
  @Test(
    "escaping: markup characters, line breaks in attributes, characters XML cannot carry",
    arguments: [
      ("plain", true, "plain"),
      ("a<b>&\"c'", true, "a&lt;b&gt;&amp;&quot;c&apos;"),
      ("two\nlines\tand\r", true, "two&#10;lines&#9;and&#13;"),
      ("two\nlines\t", false, "two\nlines\t"),
      ("bell\u{07}nul\u{00}", true, "bell\u{FFFD}nul\u{FFFD}"),
      ("\u{FFFE}é→😀", true, "\u{FFFD}é→😀"),
    ])
  func escape(text: String, attribute: Bool, expected: String) {
    #expect(JUnitReport.escape(text, attribute: attribute) == expected)
  }

  @Test(
    "seconds have three decimals",
    arguments: [(0.0, "0.000"), (0.0004, "0.000"), (0.0125, "0.013"), (61.5, "61.500")])
  func seconds(value: Double, expected: String) {
    #expect(JUnitReport.seconds(value) == expected)
  }

  @Test("one testsuite, one testcase per script with a time; a failure names step, line, expected, actual")
  func parsesBack() throws {
    let dir = try temporaryFolder()
    let passing = try write(
      #"{"name": "flick <up> & \"away\"", "steps": [{"key": "3"}, {"wait": 1}, {"expect": {"notch": "maximum"}}]}"#,
      "pass.json", in: dir)
    let failing = try write(
      """
      {"name": "two failures",
       "steps": [
        {"key": "3"},
        {"wait": 1},
        {"expect": {"notch": "minimum", "height": [100, 120]}}
       ]}
      """, "fail.json", in: dir)
    let xmlPath = dir.appendingPathComponent("report.xml").path
    let run = try runDetent(["replay", passing, failing, "--junit", xmlPath])
    #expect(run.code == 1)
    let document = try XMLDocument(contentsOf: URL(fileURLWithPath: xmlPath), options: [])
    let root = try #require(document.rootElement())
    #expect(root.name == "testsuites")
    let suites = root.elements(forName: "testsuite")
    #expect(suites.count == 1)
    let suite = try #require(suites.first)
    #expect(suite.attribute(forName: "tests")?.stringValue == "2")
    #expect(suite.attribute(forName: "failures")?.stringValue == "1")
    #expect(suite.attribute(forName: "errors")?.stringValue == "0")
    let cases = suite.elements(forName: "testcase")
    #expect(
      cases.map { $0.attribute(forName: "name")?.stringValue } == ["flick <up> & \"away\"", "two failures"])
    #expect(cases.map { $0.attribute(forName: "classname")?.stringValue } == [passing, failing])
    for c in cases {
      let time = try #require(Double(c.attribute(forName: "time")?.stringValue ?? ""))
      #expect(time >= 0 && time < 60)
    }
    #expect(cases[0].elements(forName: "failure").isEmpty)
    let failures = cases[1].elements(forName: "failure")
    #expect(failures.count == 1)
    let failure = try #require(failures.first)
    let message = failure.attribute(forName: "message")?.stringValue ?? ""
    #expect(
      message.hasPrefix(
        "\(failing): step 3 (expect, line 5) at frame 61, t=1.017: notch expected \"minimum\""))
    #expect(message.hasSuffix("(and 1 more)"))
    let body = failure.stringValue ?? ""
    #expect(
      body == """
        \(failing): step 3 (expect), line 5
          frame: 61
          time: 1.017 s
          expected: notch "minimum"
          actual: notch "maximum"
          notch expected "minimum", actual "maximum"
        \(failing): step 3 (expect), line 5
          frame: 61
          time: 1.017 s
          expected: height [100, 120]
          actual: height 740
          height expected [100, 120], actual 740
        """)
  }

  @Test("an unwritable --junit path is bad input (exit 2) naming the file")
  func unwritable() throws {
    let dir = try temporaryFolder()
    let script = try write(#"{"steps": [{"wait": 0.1}]}"#, "s.json", in: dir)
    let run = try runDetent(["replay", script, "--junit", "/nonexistent-folder/report.xml"])
    #expect(run.code == 2)
    #expect(run.stderr.contains("/nonexistent-folder/report.xml"), "\(run.stderr)")
  }

  @Test(
    "a golden that is no image, or a folder where one is written, makes its script invalid mid-run: named with its step, the others still run, exit 2",
    arguments: [false, true])
  func unreadableGolden(update: Bool) throws {
    let dir = try temporaryFolder()
    let golden = dir.appendingPathComponent("bad.png").path
    if update {
      try FileManager.default.createDirectory(atPath: golden, withIntermediateDirectories: true)
    } else {
      try Data("x".utf8).write(to: URL(fileURLWithPath: golden))
    }
    let broken = try write(
      """
      {"name": "broken", "window": [200, 200],
       "steps": [{"wait": 0.1},
                 {"expect": {"image": {"file": "bad.png"}}}]}
      """, "a.json", in: dir)
    let fine = try write(#"{"name": "fine", "steps": [{"wait": 0.1}]}"#, "ok.json", in: dir)
    let xmlPath = dir.appendingPathComponent("report.xml").path
    let run = try runDetent(
      ["replay", broken, fine, "--junit", xmlPath] + (update ? ["--update-goldens"] : []))
    #expect(run.code == 2)
    #expect(
      run.stdout.contains("INVALID \(broken): \(broken): step 2 (expect, line 3): image: "),
      "\(run.stdout)")
    #expect(run.stdout.contains(golden))
    #expect(run.stdout.contains("PASS fine (\(fine), 6 frames)"), "\(run.stdout)")
    let document = try XMLDocument(contentsOf: URL(fileURLWithPath: xmlPath), options: [])
    let cases = try #require(document.rootElement()?.elements(forName: "testsuite").first).elements(
      forName: "testcase")
    #expect(cases.map { $0.attribute(forName: "classname")?.stringValue } == [broken, fine])
    #expect(cases[0].elements(forName: "failure").count == 1)
    #expect(cases[1].elements(forName: "failure").isEmpty)
  }
}
