import Detent

/// Checks the order of engine events, per sheet of the stack: drags pair up, no settle starts or
/// ends during a drag, each arrival is the latest departure's, `dismissed` follows an arrival at
/// height 0, list scrolls begin and end in turn, and time never runs backwards.
struct EventOrder {
  /// What one sheet's events said so far.
  struct SheetState {
    var dragging = false
    var pendingTarget: String?
    var lastArrival: SheetEvent?
    var scrolling = false
    var time = -Double.infinity
  }

  private(set) var sheets: [Int: SheetState] = [:]

  /// Checks `events` (in the order the stack gave them) against what came before.
  mutating func check(_ events: [SheetEvent]) {
    for e in events {
      var s = sheets[e.sheet] ?? SheetState()
      func fail(_ what: String) -> Never {
        fatalError(
          "event order: \(what) at t=\(e.time) on sheet \(e.sheet) (\(e.kind.name) \(e.notch ?? ""))")
      }
      if e.time < s.time { fail("time went back from \(s.time)") }
      s.time = e.time
      let arrival = s.lastArrival
      s.lastArrival = nil
      switch e.kind {
      case .willStartDragging:
        if s.dragging { fail("willStartDragging twice") }
        s.dragging = true
      case .willEndDragging(let v):
        if !s.dragging { fail("willEndDragging without willStartDragging") }
        if !v.isFinite { fail("release velocity \(v)") }
        s.dragging = false
      case .willMoveToNotch:
        if s.dragging { fail("willMoveToNotch during a drag") }
        s.pendingTarget = e.notch
      case .didMoveToNotch:
        if s.dragging { fail("didMoveToNotch during a drag") }
        if s.pendingTarget != e.notch {
          fail("arrival, but the latest willMoveToNotch was \(s.pendingTarget ?? "none")")
        }
        s.pendingTarget = nil
        s.lastArrival = e
      case .dismissed:
        guard let arrival, arrival.height == 0, arrival.notch == e.notch else {
          fail("dismissed without an arrival at height 0 just before")
        }
      case .didSettle:
        if s.dragging { fail("didSettle during a drag") }
        s.pendingTarget = nil
      case .listScrollBegan:
        if s.scrolling { fail("listScrollBegan twice") }
        s.scrolling = true
      case .listScrollEnded:
        if !s.scrolling { fail("listScrollEnded without listScrollBegan") }
        s.scrolling = false
      case .didAttemptDismiss:
        break
      case .didPop:
        // The sheet left the stack: a sheet pushed later at this depth starts afresh.
        sheets[e.sheet] = nil
        continue
      }
      sheets[e.sheet] = s
    }
  }
}
