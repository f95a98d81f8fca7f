/// A parsed JSON value that remembers the line it started on, so errors can name it.
public indirect enum JSONValue: Sendable, Equatable {
  /// `null`.
  case null(line: Int)
  /// `true` / `false`.
  case bool(Bool, line: Int)
  /// Any number (JSON has one number type).
  case number(Double, line: Int)
  /// A string.
  case string(String, line: Int)
  /// An array of values.
  case array([JSONValue], line: Int)
  /// An object; keys keep their order of appearance.
  case object([(key: String, value: JSONValue)], line: Int)

  /// The line (1-based) where the value starts.
  public var line: Int {
    switch self {
    case .null(let l), .bool(_, let l), .number(_, let l), .string(_, let l), .array(_, let l),
      .object(_, let l):
      return l
    }
  }

  /// A short name of the value's type, for error messages.
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// The string, when this is one.
  public var stringValue: String? {
    if case .string(let s, _) = self { return s }
    return nil
  }

  /// The number, when this is one.
  public var numberValue: Double? {
    if case .number(let x, _) = self { return x }
    return nil
  }

  /// The value for `key` when this is an object.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members, _) = self else { return nil }
    return members.last { $0.key == key }?.value
  }

  /// Deep merge: keys of `overlay` replace or (for objects) merge into this object's keys.
  public func merged(with overlay: JSONValue) -> JSONValue {
    guard case .object(var members, let line) = self, case .object(let extra, _) = overlay else {
      return overlay
    }
    for (key, value) in extra {
      if let i = members.firstIndex(where: { $0.key == key }) {
        members[i].value = members[i].value.merged(with: value)
      } else {
        members.append((key, value))
      }
    }
    return .object(members, line: line)
  }

  /// Equality that ignores line numbers.
  public static func == (a: JSONValue, b: JSONValue) -> Bool {
    switch (a, b) {
    case (.null, .null): return true
    case (.bool(let x, _), .bool(let y, _)): return x == y
    case (.number(let x, _), .number(let y, _)): return x == y
    case (.string(let x, _), .string(let y, _)): return x == y
    case (.array(let x, _), .array(let y, _)): return x == y
    case (.object(let x, _), .object(let y, _)):
      return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: return false
    }
  }
}
