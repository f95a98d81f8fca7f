import Detent
import Foundation

/// Which scripts a `replay` runs (`--only`), each read or refused on its own (the files they
/// would share are `ReplayFiles`'s).
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
}
