import Detent

/// The notches as every export states them: along the sheet's axis (the window's height for a
/// bottom or top sheet, its width for a left or right drawer), at the heights the engine rests
/// at for `--size`, and where a fresh sheet starts.
extension ExportValues {
  /// The window's size along the sheet's axis: a notch's `fraction` is of it.
  var axisLength: Double { tuning.layout.edge.isVertical ? windowHeight : windowWidth }
  /// "high" or "wide": how `axisLength` is said ("a window 800 px high").
  var axisAdjective: String { tuning.layout.edge.isVertical ? "high" : "wide" }
  /// "height" or "width": the window's size `fraction` takes.
  var axisNoun: String { tuning.layout.edge.isVertical ? "height" : "width" }

  /// The notches a release may choose, for a platform's list of detents, anchors or snap points:
  /// the enabled ones, each listed once where two rest at the same height (adapted default
  /// notches in a small window).
  var enabled: [NotchSpec] {
    var out: [NotchSpec] = []
    for spec in notches where spec.enabled {
      if let last = out.last, height(last) == height(spec) { continue }
      out.append(spec)
    }
    return out
  }

  /// The index in `list` of the notch named `name`, or of the listed notch resting at the same
  /// height when that enabled notch was listed once with it (`enabled`). Nil when not listed.
  func index(of name: String, in list: [NotchSpec]) -> Int? {
    if let i = list.firstIndex(where: { $0.name == name }) { return i }
    guard let spec = notches.first(where: { $0.name == name }), spec.enabled else { return nil }
    return list.firstIndex { height($0) == height(spec) }
  }

  /// One line per notch, in the tuning file's own terms, for comments.
  func describe(_ spec: NotchSpec) -> String {
    let name = Self.safe(spec.name) + (spec.enabled ? "" : " (disabled)")
    if let content = spec.content {
      return "\(name): fits its \(content.rawValue) (\(Self.n(height(spec))) px in Detent's demo)"
    }
    if let h = spec.height { return "\(name): \(Self.n(h)) px" }
    let inset = spec.inset == 0 ? "" : " − \(Self.n(spec.inset)) px"
    return "\(name): \(Self.n(spec.fraction ?? 0)) × \(axisNoun)\(inset)"
  }

  /// All notches, for a comment.
  var notchSummary: String { notches.map(describe).joined(separator: "; ") }

  /// The notch's height where the engine rests it in the export's window (content notches
  /// measure Detent's demo content).
  func height(_ spec: NotchSpec) -> Double {
    resolved.first { $0.name == spec.name }?.height
      ?? spec.resolvedHeight(available: axisLength, content: ContentHeights(tuning))
  }

  /// One note per shown notch that is not a fixed pixel height (a fraction with an inset, or
  /// content): the pixels it was worked out as for this window, in a `container` that many px
  /// along the axis, which a platform taking pixels cannot follow at other sizes.
  func pixelNotes(container: String) -> [String] {
    shown.filter { $0.content != nil || ($0.height == nil && $0.inset != 0) }.map { spec in
      "\(describe(spec)): worked out as \(Self.n(height(spec))) px for a \(container) \(Self.n(axisLength)) px \(axisAdjective) (not exact at other \(axisNoun)s)."
    }
  }

  /// The enabled notches above 0 px: what a sheet library lists as snap points, where a
  /// 0-height notch is its close gesture instead.
  var shown: [NotchSpec] {
    let shown = enabled.filter { height($0) > 0 }
    return shown.isEmpty ? enabled : shown
  }

  /// Whether an enabled notch is 0 px high: a release there (or a dismissal) closes the sheet.
  var closes: Bool { shown.count < enabled.count }

  /// One comment line per notch the engine rests elsewhere than its own formula gives in this
  /// window (the default notches in a window too small for them), saying what the export uses.
  var adaptNotes: [String] {
    let axis = axisLength
    let content = ContentHeights(tuning)
    return zip(tuning.notches, notches).compactMap { spec, used in
      let own = spec.resolvedHeight(available: axis, content: content)
      guard own != height(used) else { return nil }
      let same = notches.first {
        $0.name != used.name && $0.enabled && used.enabled && height($0) == height(used)
      }
      let listed =
        same.map { ", the height of \(Self.safe($0.name)), so the lists below hold one of the two" } ?? ""
      return "\(describe(spec)) gives \(Self.n(own)) px in a window \(Self.n(axis)) px \(axisAdjective);"
        + " the default notches adapt to a small window (each clamped into it, none below the one before),"
        + " so Detent rests it at \(Self.n(height(used))) px and this export uses \(Self.n(height(used))) px\(listed)"
        + " (not exact at other sizes)."
    }
  }
}

/// Where a fresh sheet starts (`Tuning.startingNotch`, the engine's one rule), and how a
/// platform's list of detents can start there.
extension ExportValues {
  /// The notch the engine starts at, as the exports state it.
  var startNotch: NotchSpec { notches[min(tuning.startingNotch, notches.count - 1)] }

  /// Where a platform whose list is `list` starts: the index of the start notch in it, or of the
  /// listed notch resting at its height (the same place); otherwise the listed notch nearest
  /// its height (ties: the lower) and `exact` false. Nil for an empty list.
  func start(in list: [NotchSpec]) -> (index: Int, exact: Bool)? {
    guard !list.isEmpty else { return nil }
    let h = height(startNotch)
    if let i = list.firstIndex(where: { $0.name == startNotch.name || height($0) == h }) { return (i, true) }
    let nearest = list.indices.min { abs(height(list[$0]) - h) < abs(height(list[$1]) - h) } ?? 0
    return (nearest, false)
  }

  /// Why a platform cannot start where Detent does, when `start(in: list)` is not exact: one
  /// comment sentence naming both notches, or nil when it is exact.
  func startNote(in list: [NotchSpec], what: String) -> String? {
    guard let s = start(in: list), !s.exact else { return nil }
    let reason =
      !startNotch.enabled ? "a disabled notch" : height(startNotch) == 0 ? "the 0-height notch" : "not listed"
    return
      "Not exact: Detent starts at \(Self.safe(startNotch.name)) (\(Self.n(height(startNotch))) px), \(reason),"
      + " which is not among the \(what); this starts at \(Self.safe(list[s.index].name))"
      + " (\(Self.n(height(list[s.index]))) px) instead."
  }
}
