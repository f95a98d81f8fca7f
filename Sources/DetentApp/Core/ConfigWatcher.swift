import Detent
import Foundation

/// Hot reload of the tuning file: checked on a timer by the program, each change becomes inputs
/// for the next frame (a `tune` with what changed, and a status line). Never stale: a fixed file
/// says "reloaded" and clears the error; a deleted or unreadable one says so and the last good
/// tuning stays.
struct ConfigWatcher {
  /// The watched file.
  let path: String
  private var stamp: Stamp?
  private var missing = false

  private struct Stamp: Equatable {
    var date: Date
    var size: Int
  }

  /// Watches `path` from its current state (the program started with it).
  init(path: String) {
    self.path = path
    stamp = Self.stamp(path)
    missing = stamp == nil
  }

  private static func stamp(_ path: String) -> Stamp? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let date = attributes[.modificationDate] as? Date, let size = attributes[.size] as? Int
    else { return nil }
    return Stamp(date: date, size: size)
  }

  /// The inputs a change of the file since the last check calls for, given the tuning in force
  /// and the height the notches must fit: none when nothing changed.
  mutating func check(current: Tuning, windowWidth: Double, windowHeight: Double) -> [AppInput] {
    guard let now = Self.stamp(path) else {
      guard !missing else { return [] }
      missing = true
      stamp = nil
      return [.status("\(path) is gone or unreadable; keeping the last good tuning", isError: true)]
    }
    guard now != stamp || missing else { return [] }
    stamp = now
    missing = false
    do {
      let decoded = try TuningFile.load(
        path, windowWidth: windowWidth, windowHeight: windowHeight, base: Tuning())
      var t = decoded.tuning
      t.list.rows = current.list.rows
      let overlay = TuningDiff.overlay(from: current, to: t)
      let tune: [AppInput] = t == current ? [] : [.tune(overlay)]
      return tune + [.status("reloaded \(path)", isError: false)]
    } catch {
      return [.status("\(error)", isError: true)]
    }
  }

  /// The program wrote the file itself (Save): not a change to reload.
  mutating func noteSaved() {
    stamp = Self.stamp(path)
    missing = stamp == nil
  }
}
