import Detent
import DetentJSON

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

  /// The slider of schema key `path`: its label, span and step are the schema's
  /// (`TuningSchema.sliders`), its unit the key's, and it reads and writes the key as a tuning
  /// file would. `label` replaces the schema's where the panel says more (which policy a
  /// deceleration belongs to); `set` stands in for a key the schema does not set alone (a
  /// policy's parameters, which rebuild the policy).
  static func schema(
    _ path: String, label: String? = nil, set: ((inout Tuning, Double) -> Void)? = nil
  ) -> PanelSlider {
    guard let key = TuningSchema.key(path), let display = key.slider else {
      preconditionFailure("\(path) is no slider key of the schema")
    }
    return PanelSlider(
      id: path, label: label ?? display.label, range: display.range, step: display.step, unit: key.unit,
      get: { key.value(in: $0)?.numberValue ?? display.range.lowerBound },
      set: set ?? { key.set($1, in: &$0) })
  }

  /// Every slider of the panel for `tuning`, the spring in `terms`: the motion's, then the
  /// sheet content's (keyboard height, dismiss threshold). Every slider of a key is
  /// `schema(_:)`'s; the spring's other terms are views of `spring.response` and
  /// `spring.dampingRatio` (`SpringTerms`).
  static func all(for tuning: Tuning, terms: SpringTerms = .response) -> [PanelSlider] {
    motion(for: tuning, terms: terms) + content
  }

  /// The sliders of the "sheet content" rows.
  static var content: [PanelSlider] { [schema("keyboard.height"), schema("dismiss.threshold")] }

  /// The sliders of the motion: the spring in `terms`, the rubber band, the policy's own
  /// parameters (they follow its kind), the dimming and the list's momentum.
  static func motion(for tuning: Tuning, terms: SpringTerms = .response) -> [PanelSlider] {
    var out = terms.sliders + [schema("rubberBand.factor")]
    // A policy's parameters are read through the schema; setting one rebuilds the policy in
    // force with the others kept.
    switch tuning.policy {
    case .nearest: break
    case .rushingForward:
      out.append(
        schema("policy.minimumVelocity") { t, v in
          if case .rushingForward(_, let d) = t.policy {
            t.policy = .rushingForward(minimumVelocity: v, minimumDuration: d)
          }
        })
      out.append(
        schema("policy.minimumDuration") { t, d in
          if case .rushingForward(let v, _) = t.policy {
            t.policy = .rushingForward(minimumVelocity: v, minimumDuration: d)
          }
        })
    case .projection:
      out.append(
        schema("policy.decelerationRate", label: "projection deceleration") { t, r in
          if case .projection(_, let skips) = t.policy {
            t.policy = .projection(decelerationRate: r, skipsNotches: skips)
          }
        })
    case .free:
      out.append(
        schema("policy.decelerationRate", label: "coast deceleration") { t, r in
          if case .free = t.policy { t.policy = .free(decelerationRate: r) }
        })
    }
    return out + [schema("dimming.maxAlpha"), schema("list.decelerationRate")]
  }
}
