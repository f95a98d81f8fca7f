/// Sheets stacked on top of each other: the root sheet plus pushed detail sheets. Only the top
/// sheet takes input; the ones below keep their state. It exists so that a host with detail
/// sheets routes every input to one place and cannot forget a sliding-out sheet or drop it early. A pushed sheet is presented (it rises
/// from below the window); a popped one is dismissed and slides out in its own `.leaving`
/// phase, and the stack lets it go once it is gone (settled at 0), never on a timer.
public struct SheetStack: Sendable {
  /// The live sheets, root first.
  public private(set) var sheets: [OverlaySheet]
  /// Popped sheets still sliding out (each in its `.leaving` phase), oldest first.
  public private(set) var leaving: [OverlaySheet] = []
  /// Engine time (the root sheet's clock).
  public var now: Double { sheets[0].now }
  private var pending: [SheetEvent] = []

  /// A stack holding the root sheet only.
  public init(root: OverlaySheet) {
    sheets = [root]
    pending.reserveCapacity(16)
  }

  /// Number of live sheets.
  public var count: Int { sheets.count }
  /// The sheet that takes input.
  public var top: OverlaySheet { sheets[sheets.count - 1] }
  /// The root sheet.
  public var root: OverlaySheet { sheets[0] }
  /// Whether any sheet moves by itself or a popped one is still sliding out.
  public var isMoving: Bool { !leaving.isEmpty || sheets.contains { $0.isMoving } }

  /// Mutable access to the top sheet, for the inputs the stack does not route itself (a move to
  /// a notch, a tune, rows, presenting). A top sheet that `body` dismissed is taken out as `pop()`
  /// would, so the stack never holds a leaving sheet among the live ones.
  public mutating func withTop<R>(_ body: (inout OverlaySheet) -> R) -> R {
    let result = body(&sheets[sheets.count - 1])
    takeOutLeavingTop()
    return result
  }

  /// Mutable access to the root sheet, which takes input again once the sheets over it are
  /// popped (a root never leaves: its dismissal is its 0-height notch).
  public mutating func withRoot<R>(_ body: (inout OverlaySheet) -> R) -> R { body(&sheets[0]) }

  /// Mutable access to the root sheet for a body that can fail.
  public mutating func withRootThrowing<R, E: Error>(_ body: (inout OverlaySheet) throws(E) -> R) throws(E)
    -> R
  {
    try body(&sheets[0])
  }

  /// Pushes a detail sheet with `tuning`: it starts hidden below the window and slides up to its
  /// initial notch. `tag` says what it shows (kept on the sheet, see `OverlaySheet.tag`).
  public mutating func push(tuning: Tuning, tag: Int = 0) throws(ConfigError) {
    var sheet = try OverlaySheet(
      tuning: tuning, windowWidth: root.windowWidth, windowHeight: root.windowHeight)
    sheet.depth = sheets.count
    sheet.tag = tag
    sheet.alignClock(to: now)
    sheet.setKeyboardInset(root.keyboardInset, animated: false)
    sheet.setKeyboardInset(root.keyboardTarget)
    sheet.present()
    // The sheet below stops taking input: a gesture on it ends where the pointer is.
    withTop { $0.endGesture() }
    sheets.append(sheet)
  }

  /// Pops the top sheet (never the root): it is dismissed and slides out. Returns false when
  /// only the root is left.
  @discardableResult
  public mutating func pop() -> Bool {
    guard sheets.count > 1 else { return false }
    withTop { $0.dismiss() }
    return true
  }

  /// Moves a top sheet that is leaving (popped, or dismissed by its own release) out of the
  /// live sheets, with `didPop`.
  private mutating func takeOutLeavingTop() {
    guard sheets.count > 1, top.isLeaving else { return }
    var sheet = sheets.removeLast()
    sheet.drainEvents(into: &pending)
    pending.append(SheetEvent(time: now, kind: .didPop, notch: nil, height: sheet.height, sheet: sheet.depth))
    leaving.append(sheet)
  }

  /// Advances every sheet, the sliding-out ones too, by `dt`; those gone are let go.
  public mutating func step(dt: Double) {
    for i in sheets.indices { sheets[i].step(dt: dt) }
    guard !leaving.isEmpty else { return }
    for i in leaving.indices { leaving[i].step(dt: dt) }
    leaving.removeAll { $0.isGone }
  }

  /// Asks the top sheet to dismiss (Escape, its close button): a detail sheet is popped, the
  /// root settles to its 0-height notch, unless `dismiss.confirm` made it an attempt
  /// (`didAttemptDismiss`). Returns whether it was dismissed.
  @discardableResult
  public mutating func requestDismissTop() -> Bool {
    withTop { $0.requestDismiss() }
  }

  /// Dismisses the top sheet without asking (the user confirmed it).
  public mutating func dismissTop() {
    withTop { $0.dismiss() }
  }

  /// Routes a press to the top sheet; `time` is the pointer's clock (see
  /// `OverlaySheet.pointerDown(x:y:time:)`).
  public mutating func pointerDown(x: Double, y: Double, time: Double? = nil) -> PointerRoute {
    withTop { $0.pointerDown(x: x, y: y, time: time) }
  }

  /// Routes a move to the top sheet.
  public mutating func pointerMove(x: Double, y: Double, time: Double? = nil) {
    withTop { $0.pointerMove(x: x, y: y, time: time) }
  }

  /// Routes a release to the top sheet; returns its tap, if any.
  /// A detail sheet released downward faster than its `dismiss.velocity` is popped.
  public mutating func pointerUp(
    x: Double, y: Double, time: Double? = nil, velocityOverride: Double? = nil
  ) -> SheetHit? {
    withTop { $0.pointerUp(x: x, y: y, time: time, velocityOverride: velocityOverride) }
  }

  /// Routes a release with a screen velocity override (px/s, x right, y down) to the top sheet.
  @discardableResult
  public mutating func pointerUp(x: Double, y: Double, time: Double? = nil, velocity: PointerVelocity?)
    -> SheetHit?
  {
    withTop { $0.pointerUp(x: x, y: y, time: time, velocity: velocity) }
  }

  /// Routes wheel notches to the top sheet.
  public mutating func wheel(x: Double, y: Double, notches: Int) -> Bool {
    withTop { $0.wheel(x: x, y: y, notches: notches) }
  }

  /// Wheel notches that may be fractional (a touchpad), on the top sheet.
  @discardableResult
  public mutating func wheel(x: Double, y: Double, notches: Double) -> Bool {
    withTop { $0.wheel(x: x, y: y, notches: notches) }
  }

  /// Resizes every sheet.
  public mutating func resize(width: Double, height: Double) {
    for i in sheets.indices { sheets[i].resize(width: width, height: height) }
    for i in leaving.indices { leaving[i].resize(width: width, height: height) }
  }

  /// Sets the keyboard inset on every sheet.
  public mutating func setKeyboardInset(_ inset: Double) {
    for i in sheets.indices { sheets[i].setKeyboardInset(inset) }
  }

  /// Events of every sheet since the last call, in order of time then depth.
  public mutating func takeEvents() -> [SheetEvent] {
    var out = pending
    pending.removeAll(keepingCapacity: true)
    for i in sheets.indices { sheets[i].drainEvents(into: &out) }
    if sheets.count > 1 || out.count > 1 { out.sort { ($0.time, $0.sheet) < ($1.time, $1.sheet) } }
    return out
  }

  /// Moves events of every sheet into `sink` (no allocation once `sink` has capacity).
  public mutating func drainEvents(into sink: inout [SheetEvent]) {
    sink.append(contentsOf: pending)
    pending.removeAll(keepingCapacity: true)
    for i in sheets.indices { sheets[i].drainEvents(into: &sink) }
  }
}

extension OverlaySheet {
  /// Ends a press or drag as a release where the pointer is, without momentum (the sheet no
  /// longer takes input: another one was pushed over it).
  mutating func endGesture() {
    if let g = phase.gesture { pointerUp(x: g.lastX, y: g.lastY, velocity: PointerVelocity(x: 0, y: 0)) }
  }

  /// Sets the clock (a pushed sheet joins the stack's time).
  mutating func alignClock(to time: Double) { now = time }
}
