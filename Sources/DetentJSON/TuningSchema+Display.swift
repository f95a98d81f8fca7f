import Detent

/// How a tuning panel shows a number key as a slider: the label, the part of the key's range the
/// track spans, and the step a key press or the snapping takes. The unit is the key's own
/// (`TuningKey.unit`). A slider's span is the useful part of the key's domain: `spring.response`
/// takes 0.01–10 s in a file, but a panel that spans that would make 0.3 s and 0.5 s a few pixels
/// apart.
public struct SliderDisplay: Sendable, Equatable {
  /// What the panel calls the slider.
  public let label: String
  /// The values the track spans, inside the key's declared range.
  public let range: ClosedRange<Double>
  /// The grid the slider snaps to and a key press moves by.
  public let step: Double

  /// A slider labelled `label` over `range`, snapping to `step`.
  public init(_ label: String, _ range: ClosedRange<Double>, step: Double) {
    self.label = label
    self.range = range
    self.step = step
  }
}

extension TuningSchema {
  /// The number keys a tuning panel shows as sliders, by path, each declared here once: the
  /// panel reads its sliders from this table and a test checks each one against its key.
  public static let sliders: [String: SliderDisplay] = [
    "spring.response": SliderDisplay("spring response", 0.1...1.5, step: 0.01),
    "spring.dampingRatio": SliderDisplay("damping ratio", 0.1...2, step: 0.01),
    "rubberBand.factor": SliderDisplay("rubber band factor", 0...2, step: 0.01),
    "policy.minimumVelocity": SliderDisplay("minimum velocity", 0...3000, step: 10),
    "policy.minimumDuration": SliderDisplay("minimum duration", 0...0.5, step: 0.01),
    "policy.decelerationRate": SliderDisplay("deceleration", 0.99...0.9995, step: 0.0005),
    "dimming.maxAlpha": SliderDisplay("dimming max alpha", 0...1, step: 0.01),
    "list.decelerationRate": SliderDisplay("list deceleration", 0.99...0.9995, step: 0.0005),
    "keyboard.height": SliderDisplay("keyboard height", 0...600, step: 10),
    "dismiss.threshold": SliderDisplay("dismiss threshold", 0...0.9, step: 0.05),
  ]
}

extension TuningKey {
  /// How a panel shows the key as a slider; nil for a key it does not show as one.
  public var slider: SliderDisplay? { TuningSchema.sliders[path] }

  /// Sets this number key to `value` in `tuning`, as a tuning file naming it would. False (and
  /// `tuning` unchanged) for a key that is no plain number: a policy's parameters belong to
  /// the policy's kind, and the caller builds that policy.
  @discardableResult
  public func set(_ value: Double, in tuning: inout Tuning) -> Bool {
    guard case .number = kind, let setter, value.isFinite else { return false }
    setter(&tuning, .number(value, line: 0))
    return true
  }
}
