import Foundation

/// Every file a `replay` reads or writes, checked before any script runs: no output names an
/// input, no two outputs share a path, and no two scripts share a golden, its diff or a shot
/// (DESIGN §8). Paths are compared as files (`FileIdentity`: `./x`, `d/../x`, a linked folder
/// and a hard link name one file).
///
/// - Inputs: the scripts, `--config`, `--reference`, and the goldens when they are compared.
/// - Outputs: `--trace`, `--plot` and `--video` (one per script when several), `--junit`,
///   `--report`'s `index.html` and each script's folder there (the folder and everything in it),
///   each shot in `--shots`, each golden's `-diff.png` (a failure writes it, a pass removes it),
///   and the goldens with `--update-goldens`.
/// - A golden, its diff and a shot belong to their script: two scripts naming one are refused
///   even when both only read it; one script may name its own more than once.
struct ReplayFiles {
  /// What a file is to the run.
  enum Role: Equatable {
    /// A script given on the command line.
    case script
    /// The file an option names (`--trace`, `--config`, `--report`…).
    case option(String)
    /// A script's own files.
    case golden, diff, shot

    /// A script's own file.
    var isOwned: Bool { self == .golden || self == .diff || self == .shot }

    /// "the golden", "the golden diff", "the shot".
    var owned: String {
      switch self {
      case .golden: "the golden"
      case .diff: "the golden diff"
      default: "the shot"
      }
    }
  }

  /// One file the run reads or writes.
  struct File {
    /// As given, or as the run will write it.
    var path: String
    var role: Role
    /// The script it is for (per-script outputs and a script's own files).
    var script: String?
    var writes: Bool
    /// A folder the run writes into (a script's report folder): it holds every path inside it.
    var isFolder = false
    var identity: FileIdentity

    init(_ path: String, _ role: Role, script: String? = nil, writes: Bool, isFolder: Bool = false) {
      (self.path, self.role, self.script, self.writes, self.isFolder) = (path, role, script, writes, isFolder)
      identity = FileIdentity(path)
    }

    /// The file as an input, in a message: a script's path, `--config PATH`, `PATH, the golden
    /// of SCRIPT`.
    var asInput: String {
      switch role {
      case .script: path
      case .option(let name): "\(name) \(path)"
      default: "\(path), \(role.owned) of \(script ?? "")"
      }
    }

    /// The file as an output, in a message: `--trace PATH`, `PATH (the shot of SCRIPT)`.
    var asOutput: String {
      switch role {
      case .option(let name):
        "\(name) \(path)" + (isFolder ? " (the report's folder for \(script ?? ""))" : "")
      default: "\(path) (\(role.owned) of \(script ?? ""))"
      }
    }

    /// Who writes it: `--trace for SCRIPT`, `the shot of SCRIPT`.
    var writer: String {
      switch role {
      case .option(let name): name + (script.map { " for \($0)" } ?? "")
      default: "\(role.owned) of \(script ?? "")"
      }
    }
  }

  /// In the order they are checked: inputs, the options' outputs, then each script's own.
  var files: [File] = []

  /// The files of `command` running `scenarios` (its report folders named `slugs`).
  init(_ command: ReplayCommand, scenarios: [Scenario], slugs: [String]) {
    for script in command.scripts { files.append(File(script, .script, writes: false)) }
    if let config = command.config { files.append(File(config, .option("--config"), writes: false)) }
    if let reference = command.reference {
      files.append(File(reference, .option("--reference"), writes: false))
    }
    for scenario in scenarios {
      for (option, value) in [
        ("--trace", command.trace), ("--plot", command.plot), ("--video", command.video),
      ] {
        guard let value else { continue }
        let path = ReplayCommand.output(value, for: scenario, count: scenarios.count)
        files.append(File(path, .option(option), script: scenario.path, writes: true))
      }
    }
    if let junit = command.junit { files.append(File(junit, .option("--junit"), writes: true)) }
    if let report = command.report {
      let index = (report as NSString).appendingPathComponent("index.html")
      files.append(File(index, .option("--report"), writes: true))
      for (scenario, slug) in zip(scenarios, slugs) {
        let folder = (report as NSString).appendingPathComponent(slug)
        files.append(File(folder, .option("--report"), script: scenario.path, writes: true, isFolder: true))
      }
    }
    for scenario in scenarios {
      for step in scenario.steps {
        switch step.action {
        case .shot(let file):
          if let shots = command.shots {
            let path = (shots as NSString).appendingPathComponent(file)
            files.append(File(path, .shot, script: scenario.path, writes: true))
          }
        case .expect(let e):
          if let image = e.image {
            files.append(File(image.path, .golden, script: scenario.path, writes: command.updateGoldens))
            let diff = ScenarioRunner.diffPath(for: image.path)
            files.append(File(diff, .diff, script: scenario.path, writes: true))
          }
        default:
          break
        }
      }
    }
  }

  /// Refuses (exit 2, naming both files and whose they are) the first two files that clash.
  func check() throws {
    var seen: [FileIdentity: [Int]] = [:]
    for (i, file) in files.enumerated() {
      for j in seen[file.identity] ?? [] { try Self.refuse(files[j], file) }
      seen[file.identity, default: []].append(i)
    }
    for folder in files where folder.isFolder {
      for file in files where file.identity.isInside(folder.identity) {
        throw CLIError.input(
          file.writes
            ? "\(folder.asOutput): would hold \(file.path), written by \(file.writer); choose another output"
            : "\(folder.asOutput): would hold an input file (\(file.asInput)); choose another --report folder"
        )
      }
    }
  }

  /// Throws when `a` and `b`, one file, cannot both be what the run makes of them.
  private static func refuse(_ a: File, _ b: File) throws {
    if a.role.isOwned, b.role.isOwned {
      guard a.script != b.script else {
        if a.role == b.role { return }
        if a.writes, b.writes { throw twice(a, b) }
        throw input(a.writes ? a : b, named: a.writes ? b : a)
      }
      let what =
        a.role == b.role
        ? "\(a.role.owned) \(a.path)"
        : "\(a.path) (\(a.role.owned) of \(a.script ?? ""), "
          + "\(b.role.owned) of \(b.script ?? ""))"
      throw CLIError.input(
        "replay: \(a.script ?? "") and \(b.script ?? "") both write \(what); nothing was run (give them different files)"
      )
    }
    switch (a.writes, b.writes) {
    case (false, false): return
    case (true, true): throw twice(a, b)
    case (true, false): throw input(a, named: b)
    case (false, true): throw input(b, named: a)
    }
  }

  private static func input(_ output: File, named input: File) -> CLIError {
    CLIError.input("\(output.asOutput): names an input file (\(input.asInput)); choose another output")
  }

  private static func twice(_ a: File, _ b: File) -> CLIError {
    let shared =
      a.role == b.role && !a.role.isOwned ? " (scripts with the same file name share per-script names)" : ""
    return CLIError.input(
      "\(b.path): written twice, by \(a.writer) and by \(b.writer); give each output its own name\(shared)")
  }
}
