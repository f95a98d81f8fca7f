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

/// Parses "WxH" with both sides whole numbers from 1 to 16384.
func parseSize(_ text: String, option: String = "--size") throws -> (width: Int, height: Int) {
  let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
  guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
    throw CLIError.input("\(option) \(text): expected WIDTHxHEIGHT, for example 1280x800")
  }
  guard (1...16384).contains(w), (1...16384).contains(h) else {
    throw CLIError.input("\(option) \(text): width and height must be between 1 and 16384")
  }
  return (w, h)
}

/// Checks a frame rate from the command line.
func checkFPS(_ fps: Double?, option: String = "--fps") throws {
  if let fps, !(fps.isFinite && fps >= 1 && fps <= 1000) {
    throw CLIError.input("\(option) \(EventLog.number(fps)): must be a number from 1 to 1000")
  }
}

/// A frame rate as typed: a plain decimal number (no hexadecimal, exponent, inf or nan) from
/// 1 to 1000; nil stays nil.
func parseFPS(_ text: String?, option: String = "--fps") throws -> Double? {
  guard let text else { return nil }
  let body = text.hasPrefix("-") || text.hasPrefix("+") ? String(text.dropFirst()) : text
  let parts = body.split(separator: ".", omittingEmptySubsequences: false)
  let decimal =
    !body.isEmpty && parts.count <= 2
    && parts.allSatisfy { $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    && !(parts.first?.isEmpty ?? true)
  guard decimal, let value = Double(text) else {
    throw CLIError.input("\(option) \(text): must be a number from 1 to 1000, such as 60 or 59.94")
  }
  try checkFPS(value, option: option)
  return value
}
