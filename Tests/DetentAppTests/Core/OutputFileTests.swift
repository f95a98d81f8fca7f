@testable import DetentApp
import Foundation
import Testing

/// `OutputFile`: every output is replaced whole or not at all, devices and FIFOs are written in
/// place, links and modes are kept, folders are refused, and no temporary file is left behind.
@Suite struct OutputFileTests {
  /// The names in `folder`, sorted.
  func names(_ folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  /// The message of the `CLIError` that `body` throws ("" when it throws none).
  func message(_ body: () throws -> Void) -> String {
    do {
      try body()
      return ""
    } catch let error as CLIError {
      return error.message
    } catch {
      return "\(error)"
    }
  }

  @Test("a regular file is replaced and keeps its mode")
  func keepsMode() throws {
    let dir = try temporaryFolder()
    let path = try write("old", "t.json", in: dir)
    chmod(path, 0o600)
    try OutputFile.write("new", to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    #expect(try names(dir) == ["t.json"])
  }

  @Test("a symbolic link stays a link; its target gets the new text")
  func followsLinks() throws {
    let dir = try temporaryFolder()
    let target = try write("old", "real.json", in: dir)
    let link = dir.appendingPathComponent("link.json").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.json")
    try TuningFile.save(.init(), to: link)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.json")
    #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("{\n"))
    #expect(try names(dir) == ["link.json", "real.json"])
  }

  @Test("a failure before the rename keeps the old file and leaves no temporary file")
  func failureKeepsOld() throws {
    let dir = try temporaryFolder()
    let path = try write("good golden", "g.png", in: dir)
    struct Injected: Error {}
    #expect(throws: Injected.self) {
      try OutputFile.write("partial", to: path, beforeRename: { throw Injected() })
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "good golden")
    #expect(try names(dir) == ["g.png"])
  }

  @Test(
    "devices are written in place, their errors are errors",
    arguments: [
      ("/dev/null", ""),
      ("/dev/full", "--trace /dev/full: write failed (No space left on device)"),
    ])
  func devices(path: String, expected: String) throws {
    #expect(message { try OutputFile.write("a,b\n", to: path, what: "--trace ") } == expected)
    var s = stat()
    #expect(stat(path, &s) == 0 && s.st_mode & S_IFMT == S_IFCHR)
  }

  @Test("a FIFO is written in place, never replaced")
  func fifo() throws {
    let dir = try temporaryFolder()
    let path = dir.appendingPathComponent("f.fifo").path
    #expect(mkfifo(path, 0o644) == 0)
    // The reader end opened first (a non-blocking open of a FIFO for reading returns at once),
    // so the writer's open does not wait; four bytes fit the pipe's buffer.
    let reader = open(path, O_RDONLY | O_NONBLOCK)
    #expect(reader >= 0)
    defer { close(reader) }
    try OutputFile.write("row\n", to: path)
    var buffer = [UInt8](repeating: 0, count: 16)
    let count = read(reader, &buffer, buffer.count)
    #expect(count == 4 && String(decoding: buffer.prefix(4), as: UTF8.self) == "row\n")
    var s = stat()
    #expect(stat(path, &s) == 0 && s.st_mode & S_IFMT == S_IFIFO)
    #expect(try names(dir) == ["f.fifo"])
  }

  @Test("a folder is refused")
  func folder() throws {
    let dir = try temporaryFolder()
    #expect(
      message { try OutputFile.write("x", to: dir.path, what: "--junit ") }
        == "--junit \(dir.path): is a folder, not a file")
  }

  @Test("checked at start: a missing folder, a folder, an input")
  func checks() throws {
    let dir = try temporaryFolder()
    let input = try write("{}", "in.json", in: dir)
    #expect(
      message { try OutputFile.check("/nonexistent/x.json", option: "--record") }
        == "--record /nonexistent/x.json: its folder /nonexistent does not exist")
    #expect(
      message { try OutputFile.check(dir.path, option: "--plot") }
        == "--plot \(dir.path): is a folder, not a file")
    #expect(
      message { try OutputFile.check(input, option: "--trace", inputs: [input]) }
        == "--trace \(input): names an input file (\(input)); choose another output")
    #expect(
      message { try OutputFile.check(dir.appendingPathComponent("new.csv").path, option: "--trace") } == "")
  }

  @Test("a temporary file left by a killed process is removed by the next write")
  func staleTemporary() throws {
    let dir = try temporaryFolder()
    // Process 4194304 cannot exist (above the kernel's pid limit).
    try write("half", ".t.detent-4194304-1.tmp.json", in: dir)
    try OutputFile.write("new", to: dir.appendingPathComponent("t.json").path)
    #expect(try names(dir) == ["t.json"])
  }

  @Test(
    "messages escape control characters and stay on one line",
    arguments: [
      ("plain.json", "plain.json"),
      ("a\nb.json", "a\\nb.json"),
      ("\u{1B}[31mred", "\\u{1B}[31mred"),
      ("tab\there\r", "tab\\there\\r"),
      ("del\u{7F}c1\u{85}ls\u{2028}", "del\\u{7F}c1\\u{85}ls\\u{2028}"),
      ("café ✓", "café ✓"),
    ])
  func oneLine(raw: String, shown: String) {
    #expect(Message.oneLine(raw) == shown)
  }
}
