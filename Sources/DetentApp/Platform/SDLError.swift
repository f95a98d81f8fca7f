@preconcurrency import CSDL2

/// A failure of the environment (display, font, SDL); exits with code 3.
struct EnvironmentError: Error, CustomStringConvertible {
  /// What went wrong and what to do about it.
  var description: String

  /// An error carrying SDL's last error text after `what`.
  static func sdl(_ what: String, hint: String = "") -> EnvironmentError {
    let detail = String(cString: SDL_GetError())
    return EnvironmentError(description: "\(what): \(detail)\(hint.isEmpty ? "" : ". \(hint)")")
  }
}
