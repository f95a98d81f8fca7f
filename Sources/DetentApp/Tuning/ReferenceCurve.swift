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

  /// The button's label: "Use fitted 0.5 s · ζ 0.6".
  var buttonLabel: String {
    "Use fitted \(EventLog.number(spring.response, decimals: 3)) s · ζ \(EventLog.number(spring.dampingRatio, decimals: 3))"
  }
}
