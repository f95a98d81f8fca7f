import Detent

/// A tuning built from fuzz bytes, with every value inside the ranges a tuning file admits (so
/// anything it builds could have come from a file). Notches mostly ascend, so most tunings fit.
enum FuzzTuning {
  /// The next tuning from `input`.
  static func make(_ input: inout FuzzBytes) -> Tuning {
    var t = Tuning()
    let count = input.int(1...5)
    var notches: [NotchSpec] = []
    var height = input.bool() ? 0 : input.double(0...400)
    var fraction = input.double(0...0.5)
    for i in 0..<count {
      let enabled = input.int(0...3) > 0
      switch input.int(0...5) {
      case 0:
        fraction = min(1, fraction + input.double(0...0.5))
        notches.append(
          NotchSpec(name: "n\(i)", fraction: fraction, inset: input.double(-200...200), enabled: enabled))
      case 1:
        notches.append(NotchSpec(name: "n\(i)", content: input.bool() ? .header : .list, enabled: enabled))
      default:
        notches.append(NotchSpec(name: "n\(i)", height: height, enabled: enabled))
        height += input.double(0...600)
      }
    }
    t.notches = notches
    if input.bool() { t.initialNotch = notches[input.int(0...count - 1)].name }
    t.style = input.pick(OverlayStyle.allCases)
    t.spring = Spring(response: input.double(0.01...10), dampingRatio: input.double(0.05...10))
    switch input.int(0...3) {
    case 0: t.policy = .nearest
    case 1:
      t.policy = .rushingForward(
        minimumVelocity: input.double(0...100_000), minimumDuration: input.double(0...10))
    case 2: t.policy = .projection(decelerationRate: input.double(0.5...0.9999), skipsNotches: input.bool())
    default: t.policy = .free(decelerationRate: input.double(0.5...0.9999))
    }
    t.rubberBand = RubberBand(
      kind: input.pick(RubberBandKind.allCases), factor: input.double(0...10), top: input.bool(),
      bottom: input.bool())
    t.dimming.maxAlpha = input.double(0...1)
    if input.bool() { t.dimming.startNotch = notches[input.int(0...count - 1)].name }
    if input.bool() { t.dimming.endNotch = notches[input.int(0...count - 1)].name }
    t.backdropTap = input.pick(BackdropTap.allCases)
    t.header = HeaderConfig(height: input.double(0...1000), mode: input.pick(HeaderMode.allCases))
    t.list = ListConfig(
      rows: input.int(0...400), rowHeight: input.double(1...1000),
      decelerationRate: input.double(0.5...0.9999),
      bounces: input.bool())
    t.list.resetOnCollapse = input.bool()
    t.dragRegion = input.pick(DragRegion.allCases)
    t.layout = LayoutConfig(
      mode: input.pick(LayoutMode.allCases), maxWidth: input.double(1...2000), margin: input.double(0...500),
      side: input.pick(LayoutSide.allCases), breakpoint: input.double(0...3000))
    t.dismiss.velocity = input.double(0...20_000)
    t.reduceMotion = input.int(0...3) == 0
    return t
  }
}
