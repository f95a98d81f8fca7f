import Detent
import Foundation

/// A recorded motion's fitted spring, drawn under the panel's step response so a tuning can be
/// matched to it by eye, and applied with "Use fitted spring".
struct ReferenceCurve: Equatable {
  /// The motion's file name, for the label.
  var name: String
  /// The best settle's spring.
  var spring: Spring
  /// That fit's RMS error, px.
  var rms: Double

  /// Fits the motion at `path` (a trace, a `t,height` CSV or a video, as `detent fit` reads
  /// it); bad input when it holds no settle.
  static func load(_ path: String) throws -> ReferenceCurve {
    let motion =
      VideoMotion.isVideo(path)
      ? try VideoMotion.read(path, finder: EdgeFinder(edge: .bottom, region: nil))
      : try MotionCSV.parse(try TuningFile.readText(path), path: path)
    let report = FitReport(path: path, motion: motion)
    guard let best = report.best else {
      throw CLIError.input("--reference \(path): no settle found to use as a reference (see detent fit)")
    }
    let fit = report.fits[best]
    let (response, zeta) = FitReport.tuningSpring(fit)
    return ReferenceCurve(
      name: (path as NSString).lastPathComponent, spring: Spring(response: response, dampingRatio: zeta),
      rms: fit.rms)
  }

  /// The button's label: "Use fitted 0.5 s · ζ 0.6".
  var buttonLabel: String {
    "Use fitted \(EventLog.number(spring.response, decimals: 3)) s · ζ \(EventLog.number(spring.dampingRatio, decimals: 3))"
  }
}
