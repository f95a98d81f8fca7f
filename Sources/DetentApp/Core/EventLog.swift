import Detent
import DetentJSON

/// Formats engine events as the one-line JSON objects of `--log-events` and reports.
enum EventLog {
  /// `x` rounded to `decimals` places, without trailing zeros.
  static func number(_ x: Double, decimals: Int = 3) -> String {
    guard x.isFinite else { return "null" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (x * scale).rounded() / scale
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
    var s = String(rounded)
    if s.contains("e") { return JSONWriter.number(rounded) }
    while s.hasSuffix("0") { s.removeLast() }
    return s
  }

  /// The members of an event, in a stable order.
  static func members(_ e: SheetEvent) -> [(String, String)] {
    var m: [(String, String)] = [("t", number(e.time)), ("event", JSONWriter.quote(e.kind.name))]
    if let notch = e.notch { m.append(("notch", JSONWriter.quote(notch))) }
    m.append(("height", number(e.height, decimals: 2)))
    if case .willEndDragging(let v) = e.kind { m.append(("velocity", number(v, decimals: 1))) }
    if e.sheet > 0 { m.append(("sheet", String(e.sheet))) }
    return m
  }

  /// `{"t": 1.234, "event": "didMoveToNotch", "notch": "maximum", "height": 740}`.
  static func line(_ e: SheetEvent) -> String {
    "{" + members(e).map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
  }
}
