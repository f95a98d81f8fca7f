import Detent
import Foundation

/// Which scripts a `replay` runs (`--only`), each read or refused on its own, and the outputs
/// two of them would both write (refused before any runs).
enum ScriptSelection {
  /// A script read, or why it could not be.
  enum Loaded {
    case loaded(Scenario)
    case invalid(String)
  }

  /// The scripts `only` selects, each read by `load`: a glob (`*`, `?`, `[…]`) matched against
  /// the file name without folder and `.json`, or against the script's `name`; a pattern
  /// without wildcards matches when either contains it. An unreadable script is kept when its
  /// file name matches (it is reported). None matching is bad input.
  static func select(_ paths: [String], only: String?, load: (String) throws -> Loaded) throws -> [(
    path: String, result: Loaded
  )] {
    var out: [(path: String, result: Loaded)] = []
    for path in paths {
      let loaded = try load(path)
      guard let only else {
        out.append((path, loaded))
        continue
      }
      let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
      var names = [stem]
      if case .loaded(let scenario) = loaded { names.append(scenario.name) }
      if names.contains(where: { matches(only, $0) }) { out.append((path, loaded)) }
    }
    if let only, out.isEmpty {
      throw CLIError.input("replay: --only \(only) matches none of the \(paths.count) scripts given")
    }
    return out
  }

  /// Whether `text` matches `pattern` (a glob, or contained when it has no wildcard).
  static func matches(_ pattern: String, _ text: String) -> Bool {
    guard pattern.contains(where: { "*?[".contains($0) }) else { return text.contains(pattern) }
    return fnmatch(pattern, text, 0) == 0
  }

  /// Refuses a run where two scripts would write one file: the same golden (or its diff), the
  /// same shot in `--shots`, or the same `--trace`/`--plot`/`--video` file (scripts of one
  /// file name in two folders).
  static func refuseCollisions(_ scenarios: [Scenario], shots: String?, outputs: [String], count: Int) throws
  {
    var writer: [String: String] = [:]
    func claim(_ path: String, by scenario: Scenario, what: String) throws {
      let key = URL(fileURLWithPath: path).standardizedFileURL.path
      if let other = writer[key], other != scenario.path {
        throw CLIError.input(
          "replay: \(other) and \(scenario.path) both write \(what) \(path); nothing was run (give them different files)"
        )
      }
      writer[key] = scenario.path
    }
    for scenario in scenarios {
      for step in scenario.steps {
        switch step.action {
        case .shot(let file):
          if let shots {
            try claim((shots as NSString).appendingPathComponent(file), by: scenario, what: "the shot")
          }
        case .expect(let e):
          if let image = e.image { try claim(image.path, by: scenario, what: "the golden") }
        default:
          break
        }
      }
      for output in outputs where count > 1 {
        try claim(ReplayCommand.output(output, for: scenario, count: count), by: scenario, what: "the output")
      }
    }
  }
}
