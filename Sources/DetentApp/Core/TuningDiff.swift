import Detent
import DetentJSON

/// The partial tuning that turns one tuning into another: what a `tune` step records.
enum TuningDiff {
  /// The members of `new`'s document that differ from `old`'s (objects compared member by
  /// member; arrays such as `notches` whole). Decoding it over `old` gives `new`.
  static func overlay(from old: Tuning, to new: Tuning) -> JSONValue {
    difference(TuningCoding.encode(old), TuningCoding.encode(new)) ?? .object([], line: 0)
  }

  private static func difference(_ a: JSONValue, _ b: JSONValue) -> JSONValue? {
    guard case .object(let old, _) = a, case .object(let new, _) = b else { return a == b ? nil : b }
    var members: [(key: String, value: JSONValue)] = []
    for (key, value) in new {
      if let previous = old.first(where: { $0.key == key })?.value {
        if let changed = difference(previous, value) { members.append((key, changed)) }
      } else {
        members.append((key, value))
      }
    }
    return members.isEmpty ? nil : .object(members, line: 0)
  }
}
