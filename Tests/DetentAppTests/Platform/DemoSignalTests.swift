import Foundation
import Testing

/// The demo ends on SIGINT (Ctrl+C) and SIGTERM as on Q: SDL turns them into a quit request,
/// the loop ends, the recording is written and SDL ends with the window (no crash at exit).
@Suite(.serialized) struct DemoSignalTests {
  @Test(
    "SIGINT and SIGTERM quit the demo like Q: exit 0 with the recording written",
    arguments: [SIGINT, SIGTERM])
  func quits(signal: Int32) throws {
    let dir = try temporaryFolder()
    let record = dir.appendingPathComponent("session.json").path
    let err = dir.appendingPathComponent("stderr").path
    let pid = try spawnDetent(
      ["demo", "--size", "400x300", "--exit-after", "120", "--record", record],
      environment: ["SDL_VIDEODRIVER": "dummy"], stderr: err)
    func said() -> String { (try? String(contentsOfFile: err, encoding: .utf8)) ?? "" }
    var polls = 0
    while !said().contains("detent: ready"), polls < 3000 {
      usleep(10_000)
      polls += 1
    }
    #expect(said().contains("detent: ready 400x300"), "\(said())")
    kill(pid, signal)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    #expect(status == 0, "wait status \(status): \(said())")
    #expect(said().contains("detent: recorded"), "\(said())")
    let script = try String(contentsOfFile: record, encoding: .utf8)
    #expect(script.contains(#""window": [400, 300]"#), "\(script)")
  }
}
