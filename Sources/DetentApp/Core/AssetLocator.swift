import Foundation

/// Finds the `Assets` folder (fonts, presets, scenarios, default tuning).
///
/// Lookup order: `$DETENT_ASSETS`; `./Assets` in the working directory; an `Assets` folder next
/// to the executable or in any folder above it (so `.build/debug/detent` finds the repository's);
/// `/usr/local/share/detent/Assets`; `/usr/share/detent/Assets`.
struct AssetLocator {
  /// The folder found.
  let root: URL

  /// The two font files the program draws with.
  struct Fonts {
    var regular: String
    var bold: String
  }

  /// Every place looked at, in order.
  static func candidates(environment: [String: String] = ProcessInfo.processInfo.environment) -> [URL] {
    var out: [URL] = []
    if let env = environment["DETENT_ASSETS"], !env.isEmpty { out.append(URL(fileURLWithPath: env)) }
    out.append(
      URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Assets"))
    var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    if let exe = Bundle.main.executableURL?.resolvingSymlinksInPath() {
      dir = exe.deletingLastPathComponent()
    }
    for _ in 0..<8 {
      out.append(dir.appendingPathComponent("Assets"))
      let parent = dir.deletingLastPathComponent()
      if parent.path == dir.path { break }
      dir = parent
    }
    out.append(URL(fileURLWithPath: "/usr/local/share/detent/Assets"))
    out.append(URL(fileURLWithPath: "/usr/share/detent/Assets"))
    // Each place once (the working directory is often also the executable's ancestor).
    var seen = Set<String>()
    return out.filter { seen.insert($0.standardizedFileURL.path).inserted }
  }

  /// The first candidate that has `Fonts/DejaVuSans.ttf`. A `DETENT_ASSETS` that is set is
  /// taken at its word: when it lacks the font, that is the error (not a silent fallback).
  static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws
    -> AssetLocator
  {
    if let env = environment["DETENT_ASSETS"], !env.isEmpty {
      let url = URL(fileURLWithPath: env)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: env, isDirectory: &isDirectory), isDirectory.boolValue
      else {
        throw EnvironmentError(
          description:
            "DETENT_ASSETS=\(env): no such folder (it must hold Fonts/DejaVuSans.ttf). Point it at the repository's Assets folder, or unset it to search the usual places"
        )
      }
      guard FileManager.default.fileExists(atPath: url.appendingPathComponent("Fonts/DejaVuSans.ttf").path)
      else {
        throw EnvironmentError(
          description:
            "DETENT_ASSETS=\(env): has no Fonts/DejaVuSans.ttf. Point it at the repository's Assets folder, or unset it to search the usual places"
        )
      }
      return AssetLocator(root: url)
    }
    let all = candidates(environment: environment)
    for url in all
    where FileManager.default.fileExists(atPath: url.appendingPathComponent("Fonts/DejaVuSans.ttf").path) {
      return AssetLocator(root: url)
    }
    let tried = all.map(\.path).joined(separator: ", ")
    throw EnvironmentError(
      description:
        "cannot find the Assets folder with Fonts/DejaVuSans.ttf (looked in: \(tried)). Run detent from the repository, or set DETENT_ASSETS=/path/to/Assets"
    )
  }

  /// Font paths; throws an environment error naming the missing file.
  func fonts() throws -> Fonts {
    let regular = root.appendingPathComponent("Fonts/DejaVuSans.ttf").path
    let bold = root.appendingPathComponent("Fonts/DejaVuSans-Bold.ttf").path
    for path in [regular, bold] where !FileManager.default.fileExists(atPath: path) {
      throw EnvironmentError(description: "missing font \(path): restore Assets/Fonts or set DETENT_ASSETS")
    }
    return Fonts(regular: regular, bold: bold)
  }

  /// A file inside the assets folder.
  func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }
}
