/// A failure that ends the program with the contract's exit code.
struct CLIError: Error, CustomStringConvertible {
  /// 1 expectation failed, 2 bad input, 3 environment.
  var code: Int32
  var message: String

  var description: String { message }

  /// Bad input (exit 2).
  static func input(_ message: String) -> CLIError { CLIError(code: 2, message: message) }
  /// Environment problem (exit 3).
  static func environment(_ message: String) -> CLIError { CLIError(code: 3, message: message) }
}

/// Parses "WxH" with both sides whole decimal numbers inside `Limits.windowProblem`, or, for a
/// size nothing is drawn at (`allocates: false`, `export`), each side 1 to 16384.
func parseSize(_ text: String, option: String = "--size", allocates: Bool = true) throws -> (
  width: Int, height: Int
) {
  let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
  guard parts.count == 2,
    parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
    let w = Int(parts[0]), let h = Int(parts[1])
  else {
    throw CLIError.input("\(option) \(text): expected WIDTHxHEIGHT, for example 1280x800")
  }
  if !allocates {
    guard (1...16384).contains(w), (1...16384).contains(h) else {
      throw CLIError.input("\(option) \(text): width and height must be 1 to 16384")
    }
    return (w, h)
  }
  if let problem = Limits.windowProblem(width: w, height: h) {
    throw CLIError.input("\(option) \(text): \(problem)")
  }
  return (w, h)
}

/// A frame rate from the command line (decimal, `Limits.fps`), nil when not given.
func parseFPS(_ text: String?, option: String = "--fps") throws -> Double? {
  try text.map { try Limits.number($0, option: option, in: Limits.fps) }
}

/// The device pixels per point the command line forces (`--scale`), nil when not given:
/// 1, 2 or 3, a whole number.
func parseScale(_ text: String?, option: String = "--scale") throws -> Int? {
  guard let text else { return nil }
  guard let value = Int(text), Limits.scales.contains(value) else {
    throw CLIError.input(
      "\(option) \(Message.oneLine(text)): expected one of "
        + Limits.scales.map(String.init).joined(separator: ", ") + " (device pixels per point)")
  }
  return value
}
