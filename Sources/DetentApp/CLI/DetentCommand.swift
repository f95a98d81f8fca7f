import ArgumentParser
@preconcurrency import CSDL2
import Foundation

/// `detent`: the demo (default), scenario replays and the benchmark.
struct DetentCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "detent",
    abstract: "A draggable bottom-sheet engine and its desktop demo.",
    discussion: """
      Exit codes: 0 ok, 1 a scenario expectation failed, 2 bad input, 3 environment (no display, no font, SDL).
      """,
    subcommands: [
      DemoCommand.self, ReplayCommand.self, BenchCommand.self, ExportCommand.self, FitCommand.self,
    ],
    defaultSubcommand: DemoCommand.self)

  /// Runs the command line and exits with the contract's exit codes.
  static func runAndExit() -> Never {
    // SIGPIPE never kills the program mid-write: a file output whose reader goes away (a FIFO, a
    // dead ffmpeg) is a write error it reports (exit 2). Standard output is the exception: a
    // reader that has read enough (`detent export … | head -1`) ends it quietly, see
    // `standardOutputFailure()`.
    signal(SIGPIPE, SIG_IGN)
    do {
      var command = try parseAsRoot()
      try command.run()
      try checkStandardOutput()
      Foundation.exit(0)
    } catch let error as CLIError {
      printError(Message.oneLine(error.message))
      Foundation.exit(error.code)
    } catch let error as EnvironmentError {
      printError(Message.oneLine(error.description))
      Foundation.exit(3)
    } catch let error as ExitCode {
      if let failure = standardOutputFailure() {
        printError(failure.message)
        Foundation.exit(failure.code)
      }
      Foundation.exit(error.rawValue)
    } catch {
      if exitCode(for: error) == .success {
        print(fullMessage(for: error))
        Foundation.exit(0)
      }
      // The parser's message spans lines (the error, then the usage); a line break inside an
      // argument it quotes is escaped first, so that each line is one of the message's own.
      var text = fullMessage(for: error)
      for argument in CommandLine.arguments.dropFirst() where argument.contains(where: \.isNewline) {
        text = text.replacingOccurrences(of: argument, with: Message.oneLine(argument))
      }
      printError(Message.escapedLines(text))
      Foundation.exit(2)
    }
  }

  /// Whatever was printed reached standard output (`detent replay … --json > /dev/full` is
  /// exit 2, not a silent 0).
  static func checkStandardOutput() throws {
    if let failure = standardOutputFailure() { throw failure }
  }

  /// The error for a failed write to standard output, if one failed. A reader that closed the
  /// pipe (`| head -1`, `| true`) is not one: it took what it wanted, so the command ends with
  /// the exit code of its own work and no message, as `cat`, `grep` and `jq` do under a shell.
  static func standardOutputFailure() -> CLIError? {
    let code = detent_stdout_error()
    guard code != 0 else { return nil }
    if code == EPIPE || detent_stdout_reader_gone() != 0 { return nil }
    return CLIError.input("cannot write to standard output (\(String(cString: strerror(code))))")
  }

  static func printError(_ message: String) {
    let text = message.hasPrefix("Error:") || message.hasPrefix("detent:") ? message : "detent: \(message)"
    FileHandle.standardError.write((text + "\n").data(using: .utf8)!)
  }
}
