import Detent
import DetentJSON

/// Fuzz target `json`: any bytes as a file's contents. Invalid UTF-8 must be located inside the
/// text (as `TuningFile.readText` reports it); valid text either parses, and then writes back to
/// text that parses to the same value, or is refused at a line and column inside the text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let text = String(validating: bytes, as: UTF8.self) else {
    let (line, column) = TuningFile.firstInvalidUTF8(bytes)
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    guard line >= 1, line <= lines.count, column >= 1, column <= lines[line - 1].count + 1 else {
      fatalError("invalid UTF-8 placed at line \(line), column \(column), outside the text")
    }
    // Everything before the reported byte is valid.
    let offset = lines[..<(line - 1)].reduce(0) { $0 + $1.count + 1 } + column - 1
    guard String(validating: bytes[..<offset], as: UTF8.self) != nil else {
      fatalError("invalid UTF-8 reported at byte \(offset), but an earlier byte is invalid")
    }
    return 0
  }
  do {
    let value = try JSONParser.parse(text)
    let written = JSONWriter.write(value)
    guard let again = try? JSONParser.parse(written), again == value else {
      fatalError("the written form does not read back to the same value:\n\(written)")
    }
  } catch {
    let lines = parserLines(bytes)
    guard error.line >= 1, error.line <= lines.count, error.column >= 1,
      error.column <= lines[error.line - 1].count + 1
    else {
      fatalError(
        "syntax error placed at line \(error.line), column \(error.column), outside the text: \(error)")
    }
    guard !error.reason.isEmpty else { fatalError("a syntax error without a reason") }
  }
  return 0
}

/// The lines of `bytes` as the JSON parser counts them: a line ends at LF or at a CR that no LF
/// follows (a CRLF's CR stays in its line).
func parserLines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
  var lines: [ArraySlice<UInt8>] = []
  var start = 0
  for i in bytes.indices
  where bytes[i] == 0x0A || (bytes[i] == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A)) {
    lines.append(bytes[start..<i])
    start = i + 1
  }
  lines.append(bytes[start...])
  return lines
}
