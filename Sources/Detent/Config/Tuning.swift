/// The sheet's whole configuration as one value. An app builds it in code (or decodes a file with
/// DetentJSON's `TuningCoding`) and hands it to `OverlaySheet.init` or `setTuning(_:)`: a value,
/// so a tune replaces the old configuration at once and only after it was validated for the
/// window. Every part defaults as documented in the README's key table.
public struct Tuning: Sendable, Equatable {
  /// The notches, ascending.
  public var notches: [NotchSpec]
  /// Name of the notch the sheet starts at (the first enabled one when nil).
  public var initialNotch: String?
  /// Content height rule.
  public var style: OverlayStyle
  /// The settle spring.
  public var spring: Spring
  /// The release policy.
  public var policy: TargetPolicy
  /// Resistance past the reachable range.
  public var rubberBand: RubberBand
  /// Backdrop dimming.
  public var dimming: Dimming
  /// What a press on the dimmed backdrop does.
  public var backdropTap: BackdropTap
  /// The header.
  public var header: HeaderConfig
  /// The list.
  public var list: ListConfig
  /// Where drags may start.
  public var dragRegion: DragRegion
  /// Horizontal placement (full width or a floating card).
  public var layout: LayoutConfig
  /// Dismissal by a fast downward release.
  public var dismiss: DismissConfig
  /// Moves end at their target within 0.25 s, with no overshoot and no rubber band.
  public var reduceMotion: Bool
  /// The sheet's grabber, corners and whether it drags.
  public var sheet: SheetConfig
  /// The sticky footer.
  public var footer: FooterConfig
  /// The on-screen keyboard's height and behaviour.
  public var keyboard: KeyboardConfig

  /// The documented defaults.
  public init(
    notches: [NotchSpec] = Tuning.defaultNotches, initialNotch: String? = nil,
    style: OverlayStyle = .expandableHeight, spring: Spring = .standard,
    policy: TargetPolicy = .standard,
    rubberBand: RubberBand = RubberBand(), dimming: Dimming = Dimming(), backdropTap: BackdropTap = .collapse,
    header: HeaderConfig = HeaderConfig(), list: ListConfig = ListConfig(), dragRegion: DragRegion = .sheet,
    layout: LayoutConfig = LayoutConfig(), dismiss: DismissConfig = DismissConfig(),
    reduceMotion: Bool = false, sheet: SheetConfig = SheetConfig(), footer: FooterConfig = FooterConfig(),
    keyboard: KeyboardConfig = KeyboardConfig()
  ) {
    self.notches = notches
    self.initialNotch = initialNotch
    self.style = style
    self.spring = spring
    self.policy = policy
    self.rubberBand = rubberBand
    self.dimming = dimming
    self.backdropTap = backdropTap
    self.header = header
    self.list = list
    self.dragRegion = dragRegion
    self.layout = layout
    self.dismiss = dismiss
    self.reduceMotion = reduceMotion
    self.sheet = sheet
    self.footer = footer
    self.keyboard = keyboard
  }

  /// minimum 120 px, medium half the window, maximum the window less 60 px.
  public static let defaultNotches = [
    NotchSpec(name: "minimum", height: 120),
    NotchSpec(name: "medium", fraction: 0.5),
    NotchSpec(name: "maximum", fraction: 1.0, inset: 60),
  ]

  /// The index of the notch a new sheet rests at: the one `initialNotch` names, else the first
  /// enabled notch (the first notch when none is). The one rule for where a sheet starts: a tune
  /// that takes away (or disables) the notch a sheet rests at sends it here too, and the exports
  /// start there.
  public var startingNotch: Int {
    initialNotch.flatMap { name in notches.firstIndex { $0.name == name } }
      ?? notches.firstIndex { $0.enabled } ?? 0
  }

  /// The dimming's start and end notch indices: the notches `dimming` names, else the
  /// second-highest and the highest notch. The backdrop tap's `collapse` goes to the start.
  public var dimmingNotches: (start: Int, end: Int) {
    let last = max(notches.count - 1, 0)
    let start = dimming.startNotch.flatMap { name in notches.firstIndex { $0.name == name } }
    let end = dimming.endNotch.flatMap { name in notches.firstIndex { $0.name == name } }
    return (start ?? max(last - 1, 0), end ?? last)
  }

  /// `validate(availableHeight:)` for a window of that size: notches resolve along the axis of
  /// `layout.edge` (the height for bottom and top, the width for left and right).
  @discardableResult
  public func validate(windowWidth: Double, windowHeight: Double) throws(ConfigError) -> [Notch] {
    try validate(availableHeight: layout.edge.isVertical ? windowHeight : windowWidth)
  }

  /// Checks everything that depends on the window: notches resolve for `availableHeight`, and
  /// `initialNotch` and the dimming notches name existing notches. Returns the resolved notches.
  @discardableResult
  public func validate(availableHeight: Double) throws(ConfigError) -> [Notch] {
    let notches = try NotchResolver.resolve(
      self.notches, available: availableHeight, content: ContentHeights(self))
    let names = notches.map(\.name)
    if let initialNotch, !names.contains(initialNotch) {
      throw ConfigError(key: "initialNotch", line: nil, reason: "no notch is named \"\(initialNotch)\"")
    }
    for (key, name) in [("dimming.startNotch", dimming.startNotch), ("dimming.endNotch", dimming.endNotch)]
    where name.map({ !names.contains($0) }) ?? false {
      throw ConfigError(key: key, line: nil, reason: "no notch is named \"\(name ?? "")\"")
    }
    return notches
  }
}
