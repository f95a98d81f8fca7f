import Detent
import DetentJSON
import Foundation

/// Loads and saves tuning files, with errors that name the file and the line or key.
enum TuningFile {
  /// Reads a whole text file, with a clear error for missing files, folders and unreadable files.
  static func readText(_ path: String) throws -> String {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw CLIError.input("\(path): no such file")
    }
    guard !isDirectory.boolValue else { throw CLIError.input("\(path): is a directory, not a file") }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CLIError.input("\(path): cannot be read (check its permissions)")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      let (line, column) = firstInvalidUTF8(Array(data))
      throw CLIError.input("\(path):\(line): column \(column): invalid UTF-8 (the file must be UTF-8 text)")
    }
    return text
  }

  /// The 1-based line and column (in bytes) of the first byte that is not valid UTF-8.
  static func firstInvalidUTF8(_ bytes: [UInt8]) -> (line: Int, column: Int) {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    var line = 1
    var lineStart = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        if encoded.count == 1, encoded.first == 0x0A {
          line += 1
          lineStart = offset + 1
        }
        offset += encoded.count
      case .error:
        return (line, offset - lineStart + 1)
      case .emptyInput:
        return (line, offset - lineStart + 1)
      }
    }
  }

  /// "file:line: key: reason" for a configuration error in `path`.
  static func message(_ error: ConfigError, path: String) -> String {
    let place = error.line.map { "\(path):\($0)" } ?? path
    let key = error.key.isEmpty ? "" : "\(error.key): "
    return "\(place): \(key)\(error.reason)"
  }

  /// The height the default notches are laid out for (they fit any window from it up).
  static let defaultsHeight = 800.0

  /// Whether `tuning`'s notches are the default ones (not named in its file, or written out
  /// unchanged): they adapt to any window instead of being refused, whatever else the tuning
  /// sets (a recording of a small demo window replays; `{}` or a saved default tuning loads in
  /// a 200×200 window as no file does; `DemoModel.rootSheet` lays them out).
  static func adaptsToWindow(_ tuning: Tuning) -> Bool {
    tuning.notches == Tuning.defaultNotches
  }

  /// Checks `decoded` against a `width`×`height` window: notches that adapt to any window
  /// (`adaptsToWindow`) are checked as laid out for one at least `defaultsHeight` square (their
  /// names, and `initialNotch` and the dimming notches naming them, are checked all the same).
  static func validate(_ decoded: DecodedTuning, width: Double, height: Double) throws(ConfigError) {
    let adapts = adaptsToWindow(decoded.tuning)
    try decoded.validate(
      windowWidth: adapts ? max(width, defaultsHeight) : width,
      windowHeight: adapts ? max(height, defaultsHeight) : height)
  }

  /// Loads `path` over the defaults and checks it against a window `height` px high.
  static func load(
    _ path: String, windowWidth: Double, windowHeight: Double, base: Tuning = Tuning()
  ) throws -> DecodedTuning {
    let text = try readText(path)
    do {
      let decoded = try TuningCoding.decode(text: text, base: base)
      try validate(decoded, width: windowWidth, height: windowHeight)
      return decoded
    } catch {
      throw CLIError.input(message(error, path: path))
    }
  }

  /// The JSON text of a tuning.
  static func text(_ tuning: Tuning) -> String { JSONWriter.write(TuningCoding.encode(tuning)) }

  /// Writes `tuning` to `path` by `OutputFile`'s rules: a temporary file in the same folder,
  /// fsync, rename; a symbolic link's target is replaced and the file's mode kept.
  /// `beforeRename` runs between the write and the rename (tests inject failures there).
  static func save(_ tuning: Tuning, to path: String, beforeRename: () throws -> Void = {}) throws {
    try OutputFile.write(text(tuning), to: path, beforeRename: beforeRename)
  }
}
