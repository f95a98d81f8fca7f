/// What the program accepts, stated once and checked before anything is allocated or run: a
/// value past a limit is bad input (exit 2) with a message naming the value and the limit.
/// README "Limits and failure behaviour" lists them.
enum Limits {
  /// Longest window side, px.
  static let windowSide = 8192
  /// Most pixels in a window (4096×4096): a frame is then at most 64 MiB as ARGB, and an
  /// `expect image` (frame, golden and diff as RGB) about 200 MiB more.
  static let windowPixels = 4096 * 4096
  /// Device pixels per point a headless render may be forced to (`--scale`, a script's
  /// `scale`); the frame in device pixels is held to the window limits above.
  static let scales = 1...3
  /// Frame rates, per second.
  static let fps = 1.0...1000.0
  /// Most frames one script may run (about 2.8 hours at 1,000 fps, 46 hours at 60).
  static let scriptFrames = 10_000_000
  /// Most steps in one script.
  static let scriptSteps = 100_000
  /// Most characters one `type` step may type (one input each, in one frame).
  static let typedCharacters = 10_000

  /// Why a `width`×`height` window is refused, or nil when it is within the limits.
  static func windowProblem(width: Int, height: Int) -> String? {
    guard width >= 1, height >= 1, width <= windowSide, height <= windowSide else {
      return "width and height must be 1 to \(windowSide)"
    }
    guard width * height <= windowPixels else {
      return "\(width * height) pixels; at most \(windowPixels) (4096x4096)"
    }
    return nil
  }

  /// `text` as a finite decimal number (digits, an optional sign, fraction and exponent), or
  /// nil: no hex (Swift's `Double("0x10")` is 16), no `inf` or `nan`.
  static func decimal(_ text: some StringProtocol) -> Double? {
    guard String(text).wholeMatch(of: /[-+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?/) != nil,
      let value = Double(String(text)), value.isFinite
    else { return nil }
    return value
  }

  /// `text` as a decimal number (digits, an optional sign, fraction and exponent: no hex, no
  /// `inf` or `nan`) inside `range`; the error names `option`, the text and the range.
  static func number(_ text: String, option: String, in range: ClosedRange<Double>) throws -> Double {
    guard let value = decimal(text) else {
      throw CLIError.input("\(option) \(text): expected a decimal number from \(show(range))")
    }
    guard range.contains(value) else {
      throw CLIError.input("\(option) \(text): out of range; must be from \(show(range))")
    }
    return value
  }

  /// `text` as a whole decimal number inside `range`.
  static func integer(_ text: String, option: String, in range: ClosedRange<Int>) throws -> Int {
    guard text.wholeMatch(of: /[-+]?[0-9]+/) != nil else {
      throw CLIError.input(
        "\(option) \(text): expected a whole number from \(range.lowerBound) to \(range.upperBound)")
    }
    guard let value = Int(text), range.contains(value) else {
      throw CLIError.input(
        "\(option) \(text): out of range; must be from \(range.lowerBound) to \(range.upperBound)")
    }
    return value
  }

  private static func show(_ range: ClosedRange<Double>) -> String {
    "\(EventLog.number(range.lowerBound)) to \(EventLog.number(range.upperBound))"
  }
}
