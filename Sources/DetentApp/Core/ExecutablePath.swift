import Foundation

/// Finds a program the way a shell does: the first executable of that name in `PATH`'s folders.
enum ExecutablePath {
  /// The full path of `name` on `PATH`, nil when no folder holds an executable of that name.
  static func find(_ name: String) -> String? {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    where !folder.isEmpty {
      let candidate = "\(folder)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}
