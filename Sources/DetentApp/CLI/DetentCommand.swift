import ArgumentParser
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
    do {
      var command = try parseAsRoot()
      try command.run()
      Foundation.exit(0)
    } catch let error as CLIError {
      printError(error.message)
      Foundation.exit(error.code)
    } catch let error as EnvironmentError {
      printError(error.description)
      Foundation.exit(3)
    } catch let error as ExitCode {
      Foundation.exit(error.rawValue)
    } catch {
      if exitCode(for: error) == .success {
        print(fullMessage(for: error))
        Foundation.exit(0)
      }
      printError(fullMessage(for: error))
      Foundation.exit(2)
    }
  }

  static func printError(_ message: String) {
    let text = message.hasPrefix("Error:") || message.hasPrefix("detent:") ? message : "detent: \(message)"
    FileHandle.standardError.write((text + "\n").data(using: .utf8)!)
  }
}
