import Detent

/// A slider of the tuning panel: which tuning value it shows and sets, and how.
struct PanelSlider {
  var id: String
  var label: String
  var range: ClosedRange<Double>
  var step: Double
  var unit: String
  var get: (Tuning) -> Double
  var set: (inout Tuning, Double) -> Void

  /// The value for a pointer at fraction `f` (0…1) of the track, snapped to `step`.
  func value(atFraction f: Double) -> Double {
    snapped(range.lowerBound + min(max(f, 0), 1) * (range.upperBound - range.lowerBound))
  }

  /// `v` on the slider's grid of `step`, inside its range, as the decimal the slider shows
  /// (0.41, not 0.41000000000000003), so a saved tuning holds what the panel showed.
  func snapped(_ v: Double) -> Double {
    let clamped = min(max((v / step).rounded() * step, range.lowerBound), range.upperBound)
    return Self.decimal(clamped, places: Self.places(of: step))
  }

  /// Decimal places of a step (0.0005 → 4, 0.01 → 2, 10 → 0).
  static func places(of step: Double) -> Int {
    var places = 0
    var scaled = step
    while places < 8 && abs(scaled - scaled.rounded()) > 1e-9 {
      scaled *= 10
      places += 1
    }
    return places
  }

  /// `v` rounded to `places` decimals, the nearest double to that decimal.
  static func decimal(_ v: Double, places: Int) -> Double {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    return Double(EventLog.number((v * scale).rounded() / scale, decimals: places)) ?? v
  }

  /// The panel's sliders for `tuning`, the spring in `terms` (the policy's own parameters follow
  /// its kind).
  static func all(for tuning: Tuning, terms: SpringTerms = .response) -> [PanelSlider] {
    var out =
      terms.sliders + [
        PanelSlider(
          id: "rubberBand.factor", label: "rubber band factor", range: 0...2, step: 0.01, unit: "",
          get: { $0.rubberBand.factor }, set: { $0.rubberBand.factor = $1 })
      ]
    switch tuning.policy {
    case .nearest: break
    case .rushingForward(let v, let d):
      out.append(
        PanelSlider(
          id: "policy.minimumVelocity", label: "minimum velocity", range: 0...3000, step: 10, unit: "px/s",
          get: { _ in v }, set: { $0.policy = .rushingForward(minimumVelocity: $1, minimumDuration: d) }))
      out.append(
        PanelSlider(
          id: "policy.minimumDuration", label: "minimum duration", range: 0...0.5, step: 0.01, unit: "s",
          get: { _ in d }, set: { $0.policy = .rushingForward(minimumVelocity: v, minimumDuration: $1) }))
    case .projection(let r, let skips):
      out.append(
        PanelSlider(
          id: "policy.decelerationRate", label: "projection deceleration", range: 0.99...0.9995, step: 0.0005,
          unit: "/ms", get: { _ in r },
          set: { $0.policy = .projection(decelerationRate: $1, skipsNotches: skips) }))
    case .free(let r):
      out.append(
        PanelSlider(
          id: "policy.decelerationRate", label: "coast deceleration", range: 0.99...0.9995, step: 0.0005,
          unit: "/ms", get: { _ in r }, set: { $0.policy = .free(decelerationRate: $1) }))
    }
    out += [
      PanelSlider(
        id: "dimming.maxAlpha", label: "dimming max alpha", range: 0...1, step: 0.01, unit: "",
        get: { $0.dimming.maxAlpha }, set: { $0.dimming.maxAlpha = $1 }),
      PanelSlider(
        id: "list.decelerationRate", label: "list deceleration", range: 0.99...0.9995, step: 0.0005,
        unit: "/ms", get: { $0.list.decelerationRate }, set: { $0.list.decelerationRate = $1 }),
    ]
    return out
  }
}
