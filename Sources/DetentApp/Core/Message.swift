/// Text for messages on a terminal: what a user or a file supplied (a path, a name, a value) is
/// shown with its control characters escaped, so a message stays one line and cannot move the
/// cursor or change colours.
enum Message {
  /// `text` with every control character (C0, DEL, C1, the line and paragraph separators)
  /// written as an escape: `\n`, `\r`, `\t`, or `\u{1B}`.
  static func oneLine(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x0A: out += "\\n"
      case 0x0D: out += "\\r"
      case 0x09: out += "\\t"
      case 0x00..<0x20, 0x7F...0x9F, 0x2028, 0x2029:
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// `text` line by line, each line's control characters escaped (for multi-line usage text
  /// that quotes what the user typed).
  static func escapedLines(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { oneLine(String($0)) }
      .joined(separator: "\n")
  }
}
