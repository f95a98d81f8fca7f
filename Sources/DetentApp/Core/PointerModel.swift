import Detent

/// The pointer: where it is, who holds it between a press and its release (the top sheet, the
/// map or the tuning panel), and a press on the top sheet that may end as a tap (drawn pressed,
/// or a sideways drag that scrolls the root's chip row instead).
struct PointerModel {
  /// Who holds the pointer between a press and its release.
  enum Capture {
    /// The button is up.
    case none
    /// The top sheet (drag, scroll, tap).
    case sheet
    /// The map (panning).
    case map
    /// The tuning panel.
    case panel
  }

  /// What a release of the top sheet did.
  struct SheetRelease {
    /// What the tap acted on, nil when it was no tap.
    var tapped: PressTarget?
    /// Whether the sheet was being dragged.
    var wasDragging: Bool
    /// The top sheet's height when the press came.
    var heightAtPress: Double
  }

  /// Where the pointer is.
  private(set) var x = 0.0
  private(set) var y = 0.0
  /// Who holds it.
  private(set) var capture = Capture.none
  /// A press on the top sheet that may end as a tap: what it would act on, and whether it is
  /// drawn pressed (not when the press only stopped a moving sheet or list).
  private(set) var press: (target: PressTarget, highlighted: Bool)?
  /// A press on the root's chip row: where it started and the row's scroll then; `moved` once
  /// it has scrolled the row (then it is no tap).
  private var chipDrag: (startX: Double, startY: Double, startScroll: Double, moved: Bool)?
  /// The top sheet's height when the current press came.
  private var heightAtPress = 0.0

  /// Whether the button is down.
  var isDown: Bool { capture != .none }
  /// Whether the pointer pans the map.
  var panning: Bool { capture == .map }
  /// The target drawn pressed, if any.
  var highlighted: PressTarget? { press?.highlighted == true ? press?.target : nil }

  /// The button went down at (x, y) on `holder` (the panel), or on nothing that holds it (the
  /// simulated keyboard: `.none`).
  mutating func press(x: Double, y: Double, heldBy holder: Capture) {
    (self.x, self.y) = (x, y)
    capture = holder
  }

  /// The button went down at (x, y) on the scene: the top sheet takes it, else the map behind.
  /// `target` names what a tap on the sheet's `hit` would act on; `chipScroll` is the chip row's
  /// scroll when the press is on that row (nil elsewhere). Both read the stack after the press.
  mutating func pressScene(
    x: Double, y: Double, stack: inout SheetStack, time: Double,
    target: (SheetHit, SheetStack) -> PressTarget?, chipScroll: (SheetStack) -> Double?
  ) {
    (self.x, self.y) = (x, y)
    // A press on a sheet whose motion is past seeing is a tap like one at rest; one that stops a
    // moving sheet or list is not a tap: nothing shows pressed.
    let wasMoving = stack.top.isMoving && !stack.top.motionIsImperceptible
    heightAtPress = stack.top.height
    switch stack.pointerDown(x: x, y: y, time: time) {
    case .behind: capture = .map
    case .sheet(let hit):
      capture = .sheet
      press = target(hit, stack).map { ($0, !wasMoving) }
      chipDrag = chipScroll(stack).map { (x, y, $0, false) }
    default: capture = .sheet
    }
  }

  /// The pointer moved to (x, y); returns who holds it and by how much it moved.
  mutating func move(x: Double, y: Double) -> (holder: Capture, dx: Double, dy: Double) {
    let (dx, dy) = (x - self.x, y - self.y)
    (self.x, self.y) = (x, y)
    return (capture, dx, dy)
  }

  /// A wheel turned with the pointer at (x, y): the pointer is there, unless a press holds it
  /// (then it stays where the held pointer is).
  mutating func hover(x: Double, y: Double) {
    if capture == .none { (self.x, self.y) = (x, y) }
  }

  /// The pointer moved while the top sheet holds it: a sideways drag on the chip row scrolls the
  /// row (the sheet does not see it); else the sheet follows, and once it drags no tap is coming.
  mutating func dragSheet(stack: inout SheetStack, search: inout SearchState, time: Double) {
    if dragChips(search: &search, width: stack.root.snapshot.contentWidth) { return }
    stack.pointerMove(x: x, y: y, time: time)
    if stack.top.isDragging { press = nil }
  }

  /// The button went up at (x, y); returns who held it.
  mutating func release(x: Double, y: Double) -> Capture {
    (self.x, self.y) = (x, y)
    defer { capture = .none }
    return capture
  }

  /// The button went up over the top sheet, which held it: the sheet releases (with `velocity`
  /// in place of the measured one when given) and a tap reports what it hit.
  mutating func releaseSheet(
    velocity: AppInput.Velocity?, stack: inout SheetStack, time: Double
  ) -> SheetRelease {
    let wasDragging = stack.top.isDragging
    let pressed = chipDrag?.moved == true ? nil : press
    press = nil
    chipDrag = nil
    let tap = stack.pointerUp(
      x: x, y: y, time: time, velocity: velocity.map { PointerVelocity(x: $0.x, y: $0.y) })
    return SheetRelease(
      tapped: tap == nil ? nil : pressed?.target, wasDragging: wasDragging, heightAtPress: heightAtPress)
  }

  /// A press on the chip row that moves more than 4 px, mostly sideways, scrolls the row and is
  /// no tap; mostly up or down, it is the sheet's drag as usual. Returns whether the move was
  /// the row's.
  private mutating func dragChips(search: inout SearchState, width: Double) -> Bool {
    guard var drag = chipDrag else { return false }
    let (dx, dy) = (x - drag.startX, y - drag.startY)
    if !drag.moved {
      guard dx * dx + dy * dy > 16 else { return false }
      guard abs(dx) > abs(dy) else {
        chipDrag = nil
        return false
      }
      drag.moved = true
      press = nil
    }
    search.scrollChips(to: drag.startScroll - dx, width: width)
    chipDrag = drag
    return true
  }
}
