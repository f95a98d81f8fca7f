/// Layout changes: window size, keyboard, tuning and list rows re-resolve the notches, and the
/// phase in force is fitted to them.
extension OverlaySheet {
  /// The window changed size: notches are recomputed; a sheet at rest stays at its notch, a
  /// settle retargets from where it is, a drag keeps following the pointer.
  public mutating func resize(width: Double, height newHeight: Double) {
    windowWidth = max(width, 0)
    windowHeight = max(newHeight, 0)
    relayout()
  }

  /// Seconds the simulated keyboard takes to slide in or out.
  static let keyboardDuration = 0.25

  /// Shows (inset > 0) or hides the simulated on-screen keyboard; the sheet's bottom rises by
  /// it. Animated, the keyboard slides over `keyboardDuration` (eased, from where it is) and the
  /// sheet follows frame by frame; otherwise it jumps.
  public mutating func setKeyboardInset(_ inset: Double, animated: Bool = true) {
    let target = min(max(inset, 0), windowHeight)
    let wasShown = keyboardTarget > 0
    if animated, target != keyboardInset {
      keyboardSlide = (keyboardInset, target, now)
    } else {
      keyboardSlide = nil
      keyboardInset = target
      relayout()
    }
    if (target > 0) != wasShown { handle(.keyboard(shown: target > 0)) }
  }

  /// Where the keyboard is heading (its inset once any slide ends).
  var keyboardTarget: Double { keyboardSlide?.to ?? keyboardInset }

  /// Applies a new tuning live. Throws (keeping the old one) when it does not fit the window.
  public mutating func setTuning(_ newTuning: Tuning) throws(ConfigError) {
    // Along the new tuning's axis: a tune may change the edge.
    _ = try newTuning.validate(availableHeight: axisLength(for: newTuning.layout.edge))
    let previous = notches
    tuning = newTuning
    list.config = newTuning.list
    list.header = newTuning.header
    handle(.retune(previous: previous))
  }

  /// The phase after a tuning change, from phase `p` under the old tuning's notches `previous`.
  /// Notches are followed by name (or, when the count is unchanged, by place: a rename). A sheet
  /// whose resting notch the tune removed or disabled settles, with `willMoveToNotch` and
  /// `didMoveToNotch`, to where a new sheet would rest (`Tuning.startingNotch`); a settle whose
  /// target went away heads there, and one whose target was renamed heads for it, each saying so;
  /// a press on a notch that went away re-targets on release. The phase then fits the new
  /// notches, and resting or coasting between notches needs the `free` policy.
  mutating func retune(_ p: SheetPhase, previous: [Notch]) -> SheetPhase {
    resolveNotches()
    let start = tuning.startingNotch
    // Where a dismissal to confirm springs back to follows its notch too.
    departedNotch = survivor(of: departedNotch, in: previous) ?? start
    notchBeforeKeyboard = notchBeforeKeyboard.flatMap { survivor(of: $0, in: previous) }
    var next = p
    var retarget = false
    switch p {
    case .idle(let n):
      guard let m = survivor(of: n, in: previous) else {
        fitList()
        height = min(height, availableHeight)
        return beginSettle(to: start, velocity: 0)
      }
      next = .idle(notch: m)
    case .settling(var s):
      let m = survivor(of: s.target, in: previous)
      retarget = m == nil || notches[m ?? start].name != previous[s.target].name
      s.target = m ?? start
      next = .settling(s)
    case .pressed(var g), .dragging(var g):
      if let n = g.restingNotch {
        g.sheetAtPress = survivor(of: n, in: previous).map { .notch($0) } ?? .moved
      }
      next = p.replacing(g)
    case .coasting, .floating, .leaving, .gone: break
    }
    next = fit(next)
    fitList()
    switch next {
    case .floating where !floats: return snap(velocity: 0)
    case .coasting where !floats: return snap(velocity: velocity)
    case .settling(let s) where retarget: return beginSettle(to: s.target, velocity: velocity)
    default: return next
    }
  }

  /// Where notch `i` of `previous` is among the current notches: the notch of the same name, or,
  /// when the count is unchanged and no notch has that name, the new name at the same place (a
  /// rename). Nil when it went away, or when it was enabled and the tune disabled it.
  func survivor(of i: Int, in previous: [Notch]) -> Int? {
    guard previous.indices.contains(i) else { return nil }
    let old = previous[i]
    let renamed =
      previous.count == notches.count && !previous.contains { $0.name == notches[i].name } ? i : nil
    guard let m = notchIndex(named: old.name) ?? renamed, notches[m].enabled || !old.enabled else {
      return nil
    }
    return m
  }

  /// Re-resolves notches for the available height without failing: heights are clamped into
  /// 0...available so indices (and the notch the sheet rests at) survive any size.
  mutating func relayout() {
    resolveNotches()
    handle(.relayout)
    fitList()
  }

  /// Resolves the tuning's notches for the available height and the current content. Each is
  /// clamped into the room, and none falls below the one before it: when a keyboard or a small
  /// window leaves less room than a fixed notch wants, a notch written as an inset from the top
  /// ("the window less 120") would otherwise resolve lower than the fixed one it is above.
  mutating func resolveNotches() {
    let available = max(availableHeight, 0)
    let content = ContentHeights(tuning)
    var floor = 0.0
    notches = tuning.notches.map { spec in
      let h = spec.resolvedHeight(available: available, content: content)
      floor = max(floor, h.isFinite ? min(max(h, 0), available) : 0)
      return Notch(name: spec.name, height: floor, enabled: spec.enabled)
    }
  }

  /// Gives the list its viewport from the layout and keeps its offset inside its content.
  mutating func fitList() {
    syncViewport()
    list.clampToContent()
  }

  /// Phase `p` fitted to re-resolved notches: at rest it stays at its notch, a settle
  /// retargets from where it is, a coast goes on from here, a drag keeps following the pointer.
  mutating func fit(_ p: SheetPhase) -> SheetPhase {
    switch p {
    case .idle(let n):
      height = restingHeight(n)
      velocity = 0
      return p
    case .settling(let s):
      // A smaller window takes the sheet with it: it never shows above the window's top, nor
      // farther past the new limits than the rubber band lets it.
      height = clampToBand(height, target: notches[s.target].height)
      return .settling(
        Settle(
          target: s.target, fromHeight: height, fromVelocity: velocity, start: now,
          duration: s.duration.map { max($0 - (now - s.start), 0) }))
    case .coasting(let c):
      // Like a sheet resting between notches, a coasting one stays between the end notches.
      height = betweenEndNotches(height)
      let eased = c.easedTo.map(betweenEndNotches)
      return .coasting(
        Coast(fromHeight: height, fromVelocity: velocity, start: now, rate: c.rate, easedTo: eased))
    case .floating:
      height = betweenEndNotches(height)
      return p
    case .leaving(let l): return refit(l)
    case .gone:
      height = 0
      return p
    case .pressed(var g), .dragging(var g):
      switch g.sheetAtPress {
      // The sheet has not moved in this gesture: it stays at its notch, or between the end
      // notches as when it rested there.
      case .notch(let n): height = restingHeight(n)
      case .floating: height = betweenEndNotches(height)
      case .stopped, .moved:
        height = banded(g.rawHeight)
        return p
      }
      g.rawHeight = height
      return p.replacing(g)
    }
  }

  /// `h` kept between the lowest and the highest reachable notch.
  func betweenEndNotches(_ h: Double) -> Double { min(max(h, lowerLimit), upperLimit) }
}

extension OverlaySheet {
  /// Changes the number of list rows (a search filter) without animating the sheet; the list
  /// returns to its top when the content changes.
  /// A sheet resting at a content notch follows the new content height with its spring.
  public mutating func setListRows(_ rows: Int) {
    guard rows != tuning.list.rows else { return }
    tuning.list.rows = max(rows, 0)
    list.config.rows = tuning.list.rows
    resolveNotches()
    handle(.rowsChanged)
    fitList()
    list.reset(offset: 0)
    noteListMotion()
  }
}
