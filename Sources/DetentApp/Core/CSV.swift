/// Comma-separated values as RFC 4180 writes them: a field that holds a comma, a double quote
/// or a line break is quoted, its quotes doubled (`a,b` → `"a,b"`, `say "hi"` →
/// `"say ""hi"""`). `--trace` writes its rows so (a notch may be named `a,b`), and every reader
/// of traces (`detent fit`, the panel's reference curve) reads them with `records`.
enum CSV {
  /// A record that could not be read: the line it starts on and why.
  struct Problem: Error, Equatable {
    var line: Int
    var reason: String
  }

  /// `text` as one field: quoted when it must be.
  static func field(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// One line of `fields`, each quoted when it must be.
  static func line(_ fields: [String]) -> String {
    fields.map(field).joined(separator: ",")
  }

  /// The records of `text`, each with the number of the line it starts on (from 1). Lines end
  /// at LF, CRLF or CR; a quoted field may hold line breaks. Unquoted fields lose the spaces
  /// and tabs around them, and so does a quoted field outside its quotes. Lines that are empty
  /// or blank, and lines whose first character other than a space or tab is `#`, are left out.
  static func records(_ text: String) throws(Problem) -> [(line: Int, fields: [String])] {
    let bytes = Array(text.utf8)
    let (quote, comma, cr, lf, hash): (UInt8, UInt8, UInt8, UInt8, UInt8) = (34, 44, 13, 10, 35)
    func isBlank(_ b: UInt8) -> Bool { b == 32 || b == 9 }
    var result: [(line: Int, fields: [String])] = []
    var line = 1
    var i = 0
    /// Steps over the line break at `i` (CRLF is one) and counts it.
    func lineBreak() {
      i += bytes[i] == cr && i + 1 < bytes.count && bytes[i + 1] == lf ? 2 : 1
      line += 1
    }
    while i < bytes.count {
      var j = i
      while j < bytes.count, isBlank(bytes[j]) { j += 1 }
      if j == bytes.count || bytes[j] == cr || bytes[j] == lf || bytes[j] == hash {
        // An empty line or a comment.
        i = j
        while i < bytes.count, bytes[i] != cr, bytes[i] != lf { i += 1 }
        if i < bytes.count { lineBreak() }
        continue
      }
      let start = line
      var fields: [String] = []
      var field: [UInt8] = []
      var quoted = false
      func finish() {
        if !quoted {
          while let last = field.last, isBlank(last) { field.removeLast() }
          field = Array(field.drop(while: isBlank))
        }
        fields.append(String(decoding: field, as: UTF8.self))
        field = []
        quoted = false
      }
      while true {
        guard i < bytes.count else {
          finish()
          break
        }
        let c = bytes[i]
        if c == quote && !quoted && field.allSatisfy(isBlank) {
          // A quoted field: up to the quote that is not doubled.
          quoted = true
          field = []
          i += 1
          var closed = false
          while i < bytes.count {
            if bytes[i] == quote {
              i += 1
              guard i < bytes.count, bytes[i] == quote else {
                closed = true
                break
              }
            } else if bytes[i] == lf || (bytes[i] == cr && (i + 1 == bytes.count || bytes[i + 1] != lf)) {
              line += 1
            }
            field.append(bytes[i])
            i += 1
          }
          guard closed else { throw Problem(line: start, reason: "a quoted field is not closed") }
          continue
        }
        if c == cr || c == lf {
          finish()
          lineBreak()
          break
        }
        i += 1
        if c == comma {
          finish()
        } else if !(quoted && isBlank(c)) {
          field.append(c)
        }
      }
      result.append((start, fields))
    }
    return result
  }
}
