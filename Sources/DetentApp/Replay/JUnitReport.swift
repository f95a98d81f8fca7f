import Detent

/// The `--junit` report: JUnit XML as CI systems read it. One `<testsuite>` per run, one
/// `<testcase>` per script with its wall time, and for a failed script one `<failure>` whose
/// message is the first failure and whose text lists every failure with its step, line,
/// expected and actual values.
struct JUnitReport {
  /// One script's outcome.
  struct Case {
    var report: ScenarioReport
    /// Seconds the script took to run (wall clock, measured by the command).
    var seconds: Double
  }

  /// The suite's name.
  var name = "detent replay"
  /// When the run started, ISO 8601 (UTC).
  var timestamp: String
  var cases: [Case] = []

  /// The XML document.
  var xml: String {
    let failed = cases.filter { !$0.report.passed }.count
    let total = cases.reduce(0) { $0 + $1.seconds }
    let counts =
      "tests=\"\(cases.count)\" failures=\"\(failed)\" errors=\"0\" skipped=\"0\" time=\"\(Self.seconds(total))\""
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<testsuites name=\"\(Self.escape(name))\" \(counts)>\n"
    out += "  <testsuite name=\"\(Self.escape(name))\" \(counts) timestamp=\"\(Self.escape(timestamp))\">\n"
    for c in cases {
      let r = c.report
      out += "    <testcase name=\"\(Self.escape(r.name))\" classname=\"\(Self.escape(r.path))\""
      out += " file=\"\(Self.escape(r.path))\" time=\"\(Self.seconds(c.seconds))\""
      guard let first = r.failures.first else {
        out += "/>\n"
        continue
      }
      out += ">\n"
      let summary = r.failures.count == 1 ? first.description : "\(first) (and \(r.failures.count - 1) more)"
      let type = r.invalid ? "invalid script" : "expectation"
      out += "      <failure type=\"\(type)\" message=\"\(Self.escape(summary))\">"
      out += Self.escape(r.failures.map(Self.detail).joined(separator: "\n"), attribute: false)
      out += "</failure>\n"
      out += "    </testcase>\n"
    }
    out += "  </testsuite>\n</testsuites>\n"
    return out
  }

  /// A failure as labelled lines: where, expected, actual, message.
  static func detail(_ f: ScenarioFailure) -> String {
    if f.step == 0 { return "invalid script: \(f.message)" }
    var lines = ["\(f.path): step \(f.step) (\(f.kind)), line \(f.line)"]
    if let frame = f.frame { lines.append("  frame: \(frame)") }
    if let t = f.time { lines.append("  time: \(EventLog.number(t)) s") }
    lines.append("  expected: \(f.expected)")
    lines.append("  actual: \(f.actual)")
    lines.append("  \(f.message)")
    if let cause = f.cause { lines.append("  cause: \(cause)") }
    return lines.joined(separator: "\n")
  }

  /// Seconds with millisecond precision, as JUnit readers expect (`0.123`).
  static func seconds(_ s: Double) -> String {
    let ms = Int((max(0, s) * 1000).rounded())
    let frac = String(ms % 1000)
    return "\(ms / 1000).\(String(repeating: "0", count: 3 - frac.count))\(frac)"
  }

  /// Text safe in XML 1.0 content and attribute values: the five markup characters escaped,
  /// line breaks and tabs kept (as character references inside an `attribute`, where a parser
  /// would otherwise normalise them to spaces), and the characters XML 1.0 cannot carry at all
  /// (other C0 controls, U+FFFE, U+FFFF) replaced by U+FFFD.
  static func escape(_ text: String, attribute: Bool = true) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\n": out += attribute ? "&#10;" : "\n"
      case "\r": out += "&#13;"
      case "\t": out += attribute ? "&#9;" : "\t"
      default:
        let v = scalar.value
        if v < 0x20 || v == 0xFFFE || v == 0xFFFF {
          out += "\u{FFFD}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}
