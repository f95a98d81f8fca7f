import Detent

/// Named targets on screen: what lies under a point (the name `--record` writes for a press
/// there) and where a named target is (what a script's `"grabber"`, `"row:3"`… resolve to).
/// Both are read from the hit-testing a press goes through (`OverlaySheet.hitTest` and
/// `pressTarget`), so a target resolves to a point that a press really lands on.
extension DemoModel {
  /// The named element under screen point (x, y), or nil when it is none (the keyboard, the
  /// panel, a button, the chip row between chips, below the last row, outside the window).
  func target(atX x: Double, y: Double) -> ScenarioTarget? {
    guard x >= 0, y >= 0, x < sceneWidth, y < windowHeight, !isOverPanel(x: x, y: y) else { return nil }
    let inset = stack.root.keyboardInset
    if inset > 0, y >= windowHeight - inset { return nil }
    guard let hit = stack.top.hitTest(x: x, y: y) else { return .backdrop }
    if case .grabber = hit { return .grabber }
    if case .footer = hit { return .footer }
    let pressed = pressTarget(x: x, y: y, hit: hit)
    switch (hit, pressed) {
    case (_, .searchField?): return .search
    case (_, .chip(let i)?): return .chip(HeaderLayout.chipLabels[i])
    case (.header, nil): return search.isOnChipRow(x: x, y: y, of: stack) ? nil : .header
    case (.row(let index, _, _), .row?), (.row(let index, _, _), .detailRow?): return .row(index)
    case (.row(let index, _, _), nil) where stack.count > 1: return .row(index)
    default: return nil
    }
  }

  /// Where a press on `target` lands now: the middle of the longest stretch of it on the first
  /// of 17 columns across the top sheet that shows it (the sheet's centre first), centred
  /// sideways on that line. Nil when it is not on screen.
  func locate(_ target: ScenarioTarget) -> (x: Double, y: Double)? {
    if target == .backdrop { return backdropPoint() }
    if target == .footer, stack.top.tuning.footer.height <= 0 { return nil }
    let frame = stack.top.horizontalFrame
    for x in Self.columns(frame) + [grabberColumn] {
      guard let (y0, y1) = longestRun(of: target, alongX: x) else { continue }
      let y = Double((y0 + y1) / 2)
      var left = x
      var right = x
      while left - 1 >= 0, self.target(atX: left - 1, y: y) == target { left -= 1 }
      while right + 1 < sceneWidth, self.target(atX: right + 1, y: y) == target { right += 1 }
      return ((left + right) / 2, y)
    }
    return nil
  }

  /// What a script can point at now, for messages: "grabber, search, chip:All…chip:Shops,
  /// row:0…row:4, backdrop".
  func visibleTargets() -> String {
    var seen: [ScenarioTarget] = []
    for x in Self.columns(stack.top.horizontalFrame) + [grabberColumn] {
      for y in 0..<Int(windowHeight) {
        if let t = target(atX: x, y: Double(y)), t != .backdrop, !seen.contains(t) { seen.append(t) }
      }
    }
    if backdropPoint() != nil { seen.append(.backdrop) }
    var parts: [String] = []
    func add(_ group: [ScenarioTarget]) {
      guard let first = group.first, let last = group.last else { return }
      parts.append(group.count == 1 ? "\(first)" : "\(first)…\(last)")
    }
    let rows = seen.compactMap { t -> Int? in if case .row(let n) = t { n } else { nil } }.sorted()
    let chips = HeaderLayout.chipLabels.filter { seen.contains(.chip($0)) }.map { ScenarioTarget.chip($0) }
    for t in [ScenarioTarget.grabber, .header, .search] where seen.contains(t) { parts.append("\(t)") }
    add(chips)
    add(rows.map { .row($0) })
    if seen.contains(.footer) { parts.append("footer") }
    if seen.contains(.backdrop) { parts.append("backdrop") }
    return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
  }

  /// A point of the backdrop beside or above the top sheet: the middle of the largest free
  /// area (above the sheet, or left or right of a card), above the keyboard.
  func backdropPoint() -> (x: Double, y: Double)? {
    let s = stack.top
    let frame = s.horizontalFrame
    let bottom = windowHeight - stack.root.keyboardInset
    let top = s.height > 0 ? max(s.topY, 0) : bottom
    // Below a shade (the other edges' sheets reach the window's bottom or the keyboard).
    let below = s.height > 0 ? min(s.bottomY, bottom) : bottom
    let areas: [(area: Double, x: Double, y: Double)] = [
      (frame.width * top, frame.x + frame.width / 2, top / 2),
      (frame.width * (bottom - below), frame.x + frame.width / 2, (below + bottom) / 2),
      (frame.x * bottom, frame.x / 2, bottom / 2),
      ((sceneWidth - frame.x - frame.width) * bottom, (sceneWidth + frame.x + frame.width) / 2, bottom / 2),
    ]
    for a in areas.sorted(by: { $0.area > $1.area }) where a.area > 0 {
      let p = (x: a.x.rounded(.down), y: a.y.rounded(.down))
      if target(atX: p.x, y: p.y) == .backdrop { return p }
    }
    return nil
  }

  /// The middle of the top sheet's grabber strip: a drawer's runs down its free side, which the
  /// 16 columns can step over.
  private var grabberColumn: Double {
    let g = stack.top.snapshot.grabberStrip
    return (g.x + g.w / 2).rounded(.down)
  }

  /// The top sheet's centre, then 16 evenly spaced columns across it.
  private static func columns(_ frame: (x: Double, width: Double)) -> [Double] {
    [(frame.x + frame.width / 2).rounded(.down)]
      + (0..<16).map { (frame.x + (Double($0) + 0.5) * frame.width / 16).rounded(.down) }
  }

  /// The longest stretch of pixel rows (first, last) where `target` is under column `x`.
  private func longestRun(of target: ScenarioTarget, alongX x: Double) -> (Int, Int)? {
    var best: (Int, Int)?
    var start: Int?
    for y in 0...Int(windowHeight) {
      let on = y < Int(windowHeight) && self.target(atX: x, y: Double(y)) == target
      if on, start == nil { start = y }
      if !on, let s = start {
        if best == nil || y - 1 - s > best!.1 - best!.0 { best = (s, y - 1) }
        start = nil
      }
    }
    return best
  }
}
