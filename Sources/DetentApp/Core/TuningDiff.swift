import Detent
import DetentJSON

/// The partial tuning that turns one tuning into another: what a `tune` step records.
enum TuningDiff {
  /// The members of `new`'s document that differ from `old`'s (objects compared member by
  /// member; arrays such as `notches`, and the policy, whole), and `null` for each key `old`
  /// names and `new` leaves at its default. Decoding it over `old` with `resets` gives `new`.
  static func overlay(from old: Tuning, to new: Tuning) -> JSONValue {
    difference(TuningCoding.encode(old), TuningCoding.encode(new), whole: ["policy"]) ?? .object([], line: 0)
  }

  private static func difference(_ a: JSONValue, _ b: JSONValue, whole: Set<String> = []) -> JSONValue? {
    guard case .object(let old, _) = a, case .object(let new, _) = b else { return a == b ? nil : b }
    var members: [(key: String, value: JSONValue)] = []
    for (key, value) in new {
      if let previous = old.first(where: { $0.key == key })?.value {
        let changed = whole.contains(key) ? (previous == value ? nil : value) : difference(previous, value)
        if let changed { members.append((key, changed)) }
      } else {
        members.append((key, value))
      }
    }
    // Keys back at their default (the encoding leaves those out): null, member by member.
    for (key, value) in old where !new.contains(where: { $0.key == key }) {
      if case .object = value {
        members.append((key, difference(value, .object([], line: 0)) ?? .null(line: 0)))
      } else {
        members.append((key, .null(line: 0)))
      }
    }
    return members.isEmpty ? nil : .object(members, line: 0)
  }
}
