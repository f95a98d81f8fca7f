import Detent

/// The release policy as the exports state it: the rule in words, then the speeds at which a
/// release at rest on each notch changes target, found by asking the engine's own
/// `TargetPolicy.target` (so the stated numbers are the engine's, not a second formula).
extension ExportValues {
  /// The fastest release the thresholds are searched up to, px/s.
  static let flickScanLimit = 20_000.0

  /// The policy's rule, one sentence per line, for comments.
  var policyRule: [String] {
    var lines: [String]
    switch tuning.policy {
    case .nearest:
      lines = [
        "Release policy nearest: the reachable notch nearest to the release height (ties: the lower); velocity is ignored."
      ]
    case .rushingForward(let v, let d):
      lines = [
        "Release policy rushingForward: p = h + \(Self.n(d)) × v (h the release height, v its velocity in px/s, up > 0).",
        "When |v| > \(Self.n(v)) px/s and two or more notches are reachable: the higher (v > 0) or lower (v < 0)",
        "of the two reachable notches nearest p (ties: the lower); otherwise the reachable notch nearest p.",
      ]
    case .projection(let r, let skips):
      let rate = Self.n(r, 4)
      lines = [
        "Release policy projection: p = h + (v / 1000) × \(rate) / (1 − \(rate)) (v in px/s, up > 0), then the reachable notch nearest p"
          + (skips ? "." : ",")
      ]
      if !skips {
        lines.append(
          "among the two ends of the segment between adjacent reachable notches that holds h only.")
      }
    case .free(let r):
      lines = [
        "Release policy free: no snapping; the sheet coasts (its velocity decays by \(Self.n(r, 4)) per ms) and rests",
        "where it stops, held inside the reachable range by the settle spring.",
      ]
    }
    if closes {
      let d = tuning.dismiss
      let threshold =
        d.threshold > 0
        ? ", and so does a release below \(Self.n(1 - d.threshold)) × the lowest shown notch"
          + " (\(Self.n((1 - d.threshold) * height(shown[0]))) px)." : "."
      lines.append(
        "A downward release faster than \(Self.n(d.velocity)) px/s goes to the 0-height notch (dismiss)"
          + threshold)
      if d.confirm {
        lines.append("dismiss.confirm: instead of closing, the sheet springs back and the app asks.")
      }
    }
    return lines + flickThresholds
  }

  /// For each enabled notch, the release speeds (at rest on it, up and down) where the target
  /// changes, in the export's window: "minimum (120 px) up: medium above 400 px/s, maximum above 3100 px/s".
  var flickThresholds: [String] {
    if case .free = tuning.policy { return [] }
    if case .nearest = tuning.policy { return [] }
    let heights = notches.map(height)
    let reachable = notches.map(\.enabled)
    let dismiss = dismissal
    guard heights.count > 1 else { return [] }
    var out: [String] = []
    for (i, spec) in notches.enumerated() where spec.enabled {
      for direction in [1.0, -1.0] {
        if let dismiss, heights[i] < dismiss.below { continue }  // any release here closes
        let changes = Self.targetChanges(
          policy: tuning.policy, height: heights[i], direction: direction, heights: heights,
          reachable: reachable, dismiss: dismiss)
        guard !changes.isEmpty else { continue }
        let steps = changes.map { change in
          "\(Self.safe(notches[change.target].name)) \(change.inclusive ? "from" : "above") \(Self.n(change.speed, 1)) px/s"
        }
        out.append(
          "  \(Self.safe(spec.name)) (\(Self.n(heights[i])) px) \(direction > 0 ? "up" : "down"): \(steps.joined(separator: ", "))"
        )
      }
    }
    guard !out.isEmpty else { return [] }
    return [
      "Released at rest on a notch, in a window \(Self.n(axisLength)) px \(axisAdjective) (found with Detent's own release code):"
    ] + out
  }

  /// Where the target of a release at `height` changes as the speed grows in `direction` (+1 up,
  /// −1 down), up to `flickScanLimit`: the boundary speed to 0.1 px/s, whether the boundary
  /// speed itself already gives the new target, and that target.
  ///
  /// `dismiss`, when the sheet has a 0-height notch: a downward release faster than `velocity`
  /// goes to notch `zero` (the engine's dismissal comes before the policy).
  static func targetChanges(
    policy: TargetPolicy, height: Double, direction: Double, heights: [Double], reachable: [Bool],
    dismiss: Dismissal? = nil
  ) -> [(speed: Double, inclusive: Bool, target: Int)] {
    func target(_ speed: Double) -> Int? {
      if let dismiss, direction < 0, speed > dismiss.velocity { return dismiss.zero }
      return policy.target(
        height: height, velocity: direction * speed, heights: heights, reachable: reachable)
    }
    var changes: [(speed: Double, inclusive: Bool, target: Int)] = []
    var previous = target(0)
    var low = 0.0
    var speed = 10.0
    while speed <= flickScanLimit {
      let now = target(speed)
      if now != previous, let new = now {
        // Bisect (low, speed] to where the target changes.
        var (a, b) = (low, speed)
        while b - a > 1e-4 {
          let mid = (a + b) / 2
          if target(mid) == previous { a = mid } else { b = mid }
        }
        let rounded = (b * 10).rounded() / 10
        changes.append((rounded, target(rounded) == new, new))
      }
      previous = now
      low = speed
      speed += 10
    }
    return changes
  }

  /// The engine's dismissal before the policy, when an enabled notch is 0 px high.
  var dismissal: Dismissal? {
    guard closes, let zero = notches.firstIndex(where: { $0.enabled && height($0) == 0 }) else { return nil }
    let t = tuning.dismiss.threshold
    return Dismissal(
      velocity: tuning.dismiss.velocity, below: t > 0 ? (1 - t) * height(shown[0]) : 0, zero: zero)
  }

  /// A downward release faster than `velocity`, or any release below `below` px, goes to notch `zero`.
  struct Dismissal {
    var velocity: Double
    var below: Double
    var zero: Int
  }
}
