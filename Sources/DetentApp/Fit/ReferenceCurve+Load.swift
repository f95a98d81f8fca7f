import Detent
import Foundation

extension ReferenceCurve {
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
}
