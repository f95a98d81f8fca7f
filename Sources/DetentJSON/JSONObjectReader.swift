import Detent

/// Typed, strict access to a JSON object: every key must be read or it is reported as unknown.
public struct JSONObjectReader {
  /// Key path of this object (empty at the root).
  public let path: String
  /// Line where the object starts.
  public let line: Int
  private let members: [(key: String, value: JSONValue)]

  /// Wraps `value`, which must be an object.
  public init(_ value: JSONValue, path: String) throws(ConfigError) {
    guard case .object(let members, let line) = value else {
      throw ConfigError(key: path, line: value.line, reason: "expected an object, found \(value.typeName)")
    }
    var seen = Set<String>()
    for member in members where !seen.insert(member.key).inserted {
      throw ConfigError(key: Self.join(path, member.key), line: member.value.line, reason: "duplicate key")
    }
    self.path = path
    self.line = line
    self.members = members
  }

  /// `a.b` joined, without a leading dot.
  public static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

  /// The key path of `key` in this object.
  public func keyPath(_ key: String) -> String { Self.join(path, key) }

  /// Throws for the first key not in `known`.
  public func rejectUnknown(_ known: Set<String>) throws(ConfigError) {
    for member in members where !known.contains(member.key) {
      let list = known.sorted().joined(separator: ", ")
      throw ConfigError(
        key: keyPath(member.key), line: member.value.line, reason: "unknown key (known: \(list))")
    }
  }

  /// The raw value of `key`, if present.
  public func value(_ key: String) -> JSONValue? { members.last { $0.key == key }?.value }

  /// A finite number, or nil when absent; `range` bounds it when given.
  public func number(_ key: String, in range: ClosedRange<Double>? = nil) throws(ConfigError) -> Double? {
    guard let value = value(key) else { return nil }
    guard case .number(let x, let line) = value else {
      throw ConfigError(
        key: keyPath(key), line: value.line, reason: "expected a number, found \(value.typeName)")
    }
    if let range, !range.contains(x) {
      throw ConfigError(
        key: keyPath(key), line: line,
        reason:
          "\(JSONWriter.number(x)) is outside \(JSONWriter.number(range.lowerBound))...\(JSONWriter.number(range.upperBound))"
      )
    }
    return x
  }

  /// A whole number, or nil when absent.
  public func integer(_ key: String, in range: ClosedRange<Int>) throws(ConfigError) -> Int? {
    guard let x = try number(key) else { return nil }
    guard x == x.rounded(), x >= Double(range.lowerBound), x <= Double(range.upperBound) else {
      throw ConfigError(
        key: keyPath(key), line: value(key)?.line,
        reason:
          "expected a whole number in \(range.lowerBound)...\(range.upperBound), found \(JSONWriter.number(x))"
      )
    }
    return Int(x)
  }

  /// A non-empty array of finite numbers in `range`, or nil when absent; a bad item is named
  /// by its index (`list.rowHeights[2]`).
  public func numbers(_ key: String, in range: ClosedRange<Double>) throws(ConfigError) -> [Double]? {
    guard let items = try array(key) else { return nil }
    guard !items.isEmpty else {
      throw ConfigError(key: keyPath(key), line: value(key)?.line, reason: "expected at least one number")
    }
    var out: [Double] = []
    for (i, item) in items.enumerated() {
      guard case .number(let x, let line) = item else {
        throw ConfigError(
          key: "\(keyPath(key))[\(i)]", line: item.line, reason: "expected a number, found \(item.typeName)")
      }
      guard range.contains(x) else {
        throw ConfigError(
          key: "\(keyPath(key))[\(i)]", line: line,
          reason:
            "\(JSONWriter.number(x)) is outside \(JSONWriter.number(range.lowerBound))...\(JSONWriter.number(range.upperBound))"
        )
      }
      out.append(x)
    }
    return out
  }

  /// A boolean, or nil when absent.
  public func bool(_ key: String) throws(ConfigError) -> Bool? {
    guard let value = value(key) else { return nil }
    guard case .bool(let b, _) = value else {
      throw ConfigError(
        key: keyPath(key), line: value.line, reason: "expected true or false, found \(value.typeName)")
    }
    return b
  }

  /// A string, or nil when absent.
  public func string(_ key: String) throws(ConfigError) -> String? {
    guard let value = value(key) else { return nil }
    guard case .string(let s, _) = value else {
      throw ConfigError(
        key: keyPath(key), line: value.line, reason: "expected a string, found \(value.typeName)")
    }
    return s
  }

  /// One of the raw values of `T`, or nil when absent.
  public func choice<T: RawRepresentable & CaseIterable>(_ key: String, _: T.Type) throws(ConfigError) -> T?
  where T.RawValue == String {
    guard let s = try string(key) else { return nil }
    guard let v = T(rawValue: s) else {
      let options = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      throw ConfigError(
        key: keyPath(key), line: value(key)?.line,
        reason: "unknown value \"\(s)\" (expected one of \(options))")
    }
    return v
  }

  /// A nested object reader, or nil when absent.
  public func object(_ key: String) throws(ConfigError) -> JSONObjectReader? {
    guard let value = value(key) else { return nil }
    return try JSONObjectReader(value, path: keyPath(key))
  }

  /// The items of an array, or nil when absent.
  public func array(_ key: String) throws(ConfigError) -> [JSONValue]? {
    guard let value = value(key) else { return nil }
    guard case .array(let items, _) = value else {
      throw ConfigError(
        key: keyPath(key), line: value.line, reason: "expected an array, found \(value.typeName)")
    }
    return items
  }
}
