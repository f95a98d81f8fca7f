import Detent
import DetentJSON

/// The fits of every settle in a motion, the best one, and how they are printed.
struct FitReport {
  var path: String
  var motion: Motion
  /// One fit per settle found (settles that no spring fits are left out).
  var fits: [SpringFit]
  /// Index in `fits` of the settle whose fit is tightest for its size.
  var best: Int?

  init(path: String, motion: Motion) {
    self.path = path
    self.motion = motion
    fits = motion.settles.compactMap { $0.fit(times: motion.times, heights: motion.heights) }
    best = Self.best(fits)
  }

  /// The fit with the smallest RMS error relative to the distance it travels (at least 6
  /// samples, and at least 1 px of travel counted).
  static func best(_ fits: [SpringFit]) -> Int? {
    let usable = fits.indices.filter { fits[$0].samples >= 6 }
    return usable.min { score(fits[$0]) < score(fits[$1]) }
  }

  static func score(_ f: SpringFit) -> Double {
    let travel = max(
      abs(f.startHeight - f.target), abs(f.startVelocity) * f.spring.response / (2 * Double.pi), 1)
    return f.rms / travel
  }

  /// The tuning fragment's spring, rounded (response to 0.1 ms, damping ratio to 0.001) and kept
  /// inside the tuning's ranges (response 0.01–10 s, damping ratio 0.05–10).
  static func tuningSpring(_ f: SpringFit) -> (response: Double, dampingRatio: Double) {
    let r = min(max((f.spring.response * 10_000).rounded() / 10_000, 0.01), 10)
    let z = min(max((f.spring.dampingRatio * 1000).rounded() / 1000, 0.05), 10)
    return (r, z)
  }

  /// `{"spring": {"response": R, "dampingRatio": Z}}`.
  static func fragment(_ f: SpringFit) -> String {
    let (r, z) = tuningSpring(f)
    return
      "{\"spring\": {\"response\": \(EventLog.number(r, decimals: 4)), \"dampingRatio\": \(EventLog.number(z))}}"
  }

  /// " ± e" for a standard error (nothing when there is none).
  static func plusMinus(_ error: Double?, decimals: Int = 3) -> String {
    error.map { " ± \(EventLog.number($0, decimals: decimals))" } ?? ""
  }

  /// Whether a fit's response or damping ratio is loose: a standard error over 1 % of the
  /// response or 0.01 in damping ratio (two of them pass the 2 % and 0.02 a fit is held to),
  /// or none at all.
  static func loose(_ f: SpringFit) -> Bool {
    guard let r = f.responseError, let z = f.dampingRatioError else { return true }
    return r > 0.01 * f.spring.response || z > 0.01
  }

  /// One line per settle, the best one named, then the tuning fragment.
  var text: String {
    var out = "\(path): \(motion.kind), \(motion.times.count) samples"
    if motion.missing > 0 {
      out +=
        motion.kind == "video"
        ? " (\(motion.missing) frames without a clear edge left out)"
        : " (\(motion.missing) rows held at the window's edge left out)"
    }
    out += ", \(fits.count) settle\(fits.count == 1 ? "" : "s")\n"
    for (i, f) in fits.enumerated() {
      out +=
        "settle \(i + 1): t \(EventLog.number(f.startTime)) s, \(EventLog.number(f.startHeight, decimals: 1)) → "
        + "\(EventLog.number(f.target, decimals: 1)) px: response \(EventLog.number(f.spring.response, decimals: 4)) s"
        + Self.plusMinus(f.responseError, decimals: 4) + ", "
        + "dampingRatio \(EventLog.number(f.spring.dampingRatio))"
        + Self.plusMinus(f.dampingRatioError, decimals: 4) + ", "
        + "start velocity \(EventLog.number(f.startVelocity, decimals: 1)) px/s, "
        + "RMS \(EventLog.number(f.rms, decimals: 2)) px (\(f.samples) samples)\n"
      if Self.loose(f) {
        out +=
          "  (the samples leave this settle's response or damping ratio loose: a settle from rest, "
          + "a key's or a moveTo's, pins a spring down better)\n"
      }
    }
    if let best {
      out += "best: settle \(best + 1)\n" + Self.fragment(fits[best]) + "\n"
    }
    return out
  }

  /// `{"file", "kind", "samples", "missing", "settles": [...], "best", "tuning"}`.
  var json: String {
    let settles = fits.enumerated().map { i, f in
      "{\"settle\": \(i + 1), \"start\": \(EventLog.number(f.startTime, decimals: 4)), "
        + "\"from\": \(EventLog.number(f.startHeight)), \"to\": \(EventLog.number(f.target)), "
        + "\"response\": \(EventLog.number(f.spring.response, decimals: 5)), "
        + "\"dampingRatio\": \(EventLog.number(f.spring.dampingRatio, decimals: 4)), "
        + "\"startVelocity\": \(EventLog.number(f.startVelocity, decimals: 2)), "
        + "\"responseError\": \(f.responseError.map { EventLog.number($0, decimals: 5) } ?? "null"), "
        + "\"dampingRatioError\": \(f.dampingRatioError.map { EventLog.number($0, decimals: 4) } ?? "null"), "
        + "\"rms\": \(EventLog.number(f.rms, decimals: 3)), \"samples\": \(f.samples)}"
    }
    let tuning = best.map { Self.fragment(fits[$0]) } ?? "null"
    return
      "{\"file\": \(JSONWriter.quote(path)), \"kind\": \"\(motion.kind)\", \"samples\": \(motion.times.count), "
      + "\"missing\": \(motion.missing), \"settles\": [\(settles.joined(separator: ", "))], "
      + "\"best\": \(best.map { String($0 + 1) } ?? "null"), \"tuning\": \(tuning)}\n"
  }
}
