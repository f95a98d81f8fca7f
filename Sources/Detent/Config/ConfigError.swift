/// A problem in a configuration document, naming the key path and the line.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Dotted key path, such as `spring.response` or `notches[2].height`.
  public var key: String
  /// 1-based line of the offending value, when known.
  public var line: Int?
  /// What is wrong.
  public var reason: String

  /// Creates an error for `key` at `line`.
  public init(key: String, line: Int?, reason: String) {
    self.key = key
    self.line = line
    self.reason = reason
  }

  /// `line L: key: reason` (the line part only when known).
  public var description: String {
    let place = key.isEmpty ? "" : "\(key): "
    if let line { return "line \(line): \(place)\(reason)" }
    return "\(place)\(reason)"
  }

  /// A number as a message (and a tuning file) writes it: a whole number without a fraction
  /// (`300`, not `300.0`), any other in the shortest form that reads back the same. Public so
  /// that DetentJSON writes files the way errors quote them.
  public static func numberText(_ x: Double) -> String {
    if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
    return "\(x)"
  }
}
