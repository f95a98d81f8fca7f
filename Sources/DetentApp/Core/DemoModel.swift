import Detent
import Foundation

/// The program's state and behaviour without SDL: the sheet stack (detail sheets carry their
/// place), place data, search, map camera, keyboard and toggles. The window (demo) and scenario
/// scripts (replay) both drive it with `apply(_:)` and `step(dt:)`; renderers only read it.
///
/// Each concept has one home: `SearchState` (query, focus, chips), `SimulatedKeyboard`,
/// `MapCamera`, `DetailSheet` (a detail sheet's tuning and place), `PanelState`. Input handling
/// is split by what it touches: pointer (here), taps and search (`DemoModel+Taps`), keys
/// (`DemoModel+Keys`), tuning (`DemoModel+Tuning`), the panel (`DemoModel+Panel`) and what
/// `--record` keeps (`DemoModel+Recording`). State is set only by that input handling.
final class DemoModel {
  /// The sheets: the root, then pushed detail sheets (each tagged with its place).
  var stack: SheetStack
  /// The places the root list shows, one per row (`list.rows` of them; a tune may change it).
  var places: PlaceDirectory
  /// Named partial tunings the panel offers.
  let presets: [(name: String, value: JSONValue)]
  /// The tuning panel's state.
  var panel = PanelState()
  /// The search field and chips.
  var search = SearchState()
  /// The simulated on-screen keyboard.
  var keyboard = SimulatedKeyboard.hidden
  /// Whether the frame HUD shows.
  var hudShown = false
  /// Slow motion and frame stepping (M, P, N; the panel's time row).
  var playback = Playback()
  /// A/B: the preset the last release is replayed against, with its ghost sheet.
  var comparison: Comparison?
  /// Whether the tuning panel shows.
  var panelShown = false
  /// The map's view.
  var camera = MapCamera()
  private(set) var windowWidth: Double
  private(set) var windowHeight: Double
  /// Set by Q: the program ends.
  var quitRequested = false
  private(set) var pointerX = 0.0
  private(set) var pointerY = 0.0
  /// Who holds the pointer between a press and its release.
  enum PointerCapture {
    /// The button is up.
    case none
    /// The top sheet (drag, scroll, tap).
    case sheet
    /// The map (panning).
    case map
    /// The tuning panel.
    case panel
  }
  private(set) var capture = PointerCapture.none
  /// Whether the button is down.
  var pointerDown: Bool { capture != .none }
  /// Whether the pointer pans the map.
  var panning: Bool { capture == .map }
  /// Events since the last `takeEvents()`.
  var events: [SheetEvent] = []
  /// The last release of the root sheet: height and the pointer's dh/dt (for "replay last release").
  private(set) var lastRelease: (height: Double, velocity: Double)?
  /// Why the last `tune` input was refused (the tuning in force stays), nil when it applied.
  var tuneError: ConfigError?
  /// What `--record` keeps of the inputs applied so far: the inputs themselves, except those the
  /// panel consumed, which appear as the `tune` they made.
  /// A press that lands on a named element carries it (`--record` writes the target).
  var recordable: [(input: AppInput, target: ScenarioTarget?)] = []
  /// A fitted motion drawn under the panel's step response (`--reference`), nil when none.
  var reference: ReferenceCurve?
  private var applyDepth = 0
  /// Whether the top sheet (or its list) moved when the current press came.
  private var movingBeforePress = false
  /// The top sheet's height when the current press came.
  private var heightAtPress = 0.0
  /// The notch the sheet had before H hid it.
  var notchBeforeHiding: Int?
  /// A press on the top sheet that may end as a tap: what it would act on, and whether it is
  /// drawn pressed (not when the press only stopped a moving sheet or list).
  var press: (target: PressTarget, highlighted: Bool)?
  /// The keyboard focus (Tab); nil until Tab is pressed, and after a pointer press.
  var focus: FocusTarget?
  /// A press on the root's chip row: where it started and the row's scroll then; `moved` once
  /// it has scrolled the row (then it is no tap).
  var chipDrag: (startX: Double, startY: Double, startScroll: Double, moved: Bool)?
  /// The message over the map, while it shows.
  var toast: Toast?
  /// The Keep / Discard dialog a `didAttemptDismiss` opened (`dismiss.confirm`), while it shows.
  var dismissDialog: DismissDialog?
  /// The scroll indicator of each live sheet's list, root first.
  var indicators = [ScrollIndicator()]

  /// A model for a window of `width`×`height` with `tuning` (validated against that size).
  init(
    tuning: Tuning, width: Int, height: Int, seed: UInt64 = 7,
    presets: [(name: String, value: JSONValue)] = []
  ) throws(ConfigError) {
    self.presets = presets
    windowWidth = Double(width)
    windowHeight = Double(height)
    places = PlaceDirectory(seed: seed, count: tuning.list.rows)
    stack = SheetStack(root: try Self.rootSheet(tuning, width: Double(width), height: Double(height)))
    events.reserveCapacity(32)
  }

  /// The height the default notches are laid out for (they fit any window from it up).
  static let defaultsHeight = 800.0

  /// Whether `tuning` is the default one (whatever its row count): its notches adapt to any
  /// window instead of being refused (a recording of a small demo window replays).
  static func isDefault(_ tuning: Tuning) -> Bool {
    var defaults = Tuning()
    defaults.list.rows = tuning.list.rows
    return tuning == defaults
  }

  /// The root sheet for a window of `width`×`height`. A tuning must fit the window, except the
  /// defaults: those adapt to any window (from 200×200 up) as they do when a running window is
  /// resized, each notch clamped into the window, instead of refusing to start.
  private static func rootSheet(_ tuning: Tuning, width: Double, height: Double) throws(ConfigError)
    -> OverlaySheet
  {
    do {
      return try OverlaySheet(tuning: tuning, windowWidth: width, windowHeight: height)
    } catch {
      guard isDefault(tuning), height < defaultsHeight else { throw error }
      var sheet = try OverlaySheet(tuning: tuning, windowWidth: width, windowHeight: defaultsHeight)
      sheet.resize(width: width, height: height)
      return sheet
    }
  }

  /// Engine time.
  var time: Double { stack.now }
  /// Wall time: the seconds of every frame stepped, whatever the playback speed (engine time
  /// runs slower in slow motion and stands still while paused). Pointer samples are stamped
  /// with it, so slow motion slows the playback, not the hand: a 100-px drag over 0.2 s of
  /// wall time releases at 500 px/s at any speed.
  private(set) var wallTime = 0.0
  /// The root tuning: the engine's, with the list's full row count (a filter shows fewer).
  var rootTuning: Tuning {
    var t = stack.root.tuning
    t.list.rows = places.count
    return t
  }

  /// Width of the area the map and sheets use: the window less the panel's column (a docked
  /// panel lies over the scene and leaves it the whole window).
  var sceneWidth: Double {
    panelShown && !PanelLayout.isDocked(windowWidth: windowWidth) ? panelFrame.x : windowWidth
  }
  /// Number of list rows shown.
  var rowCount: Int { search.rowCount(of: places.count) }
  /// Place for list row `row`.
  func placeIndex(row: Int) -> Int { search.placeIndex(row: row) }

  /// Returns and clears the events since the last call.
  func takeEvents() -> [SheetEvent] {
    stack.drainEvents(into: &events)
    let out = events
    events.removeAll(keepingCapacity: true)
    return out
  }

  /// Moves the events since the last call into `sink`.
  func drainEvents(into sink: inout [SheetEvent]) {
    stack.drainEvents(into: &events)
    sink.append(contentsOf: events)
    events.removeAll(keepingCapacity: true)
  }

  /// Advances time by `dt` seconds.
  func step(dt: Double) {
    wallTime += dt
    let engineTime = playback.engineTime(for: dt)
    if engineTime > 0 {
      stack.step(dt: engineTime)
      comparison?.step(dt: engineTime, keep: stack.root.isMoving)
    }
    stack.drainEvents(into: &events)
    camera.advance(to: time)
    if let toast, !toast.isVisible(at: time) { self.toast = nil }
    observeLists()
  }

  /// Whether the screen changes by itself, so the program draws every frame: a sheet or list
  /// moves (and engine time runs, or a paused frame step waits), the camera flies, a toast
  /// shows, or a scroll indicator shows or fades.
  var needsFrames: Bool {
    (stack.isMoving || comparison?.ghost != nil) && !playback.paused || playback.stepPending
      || camera.isFlying
      || toast != nil
      || indicators.contains { $0.isVisible(at: time) }
  }

  /// The target drawn pressed, if any.
  var highlighted: PressTarget? { press?.highlighted == true ? press?.target : nil }

  /// The pins the map shows: the places the search leaves, the open place highlighted.
  var pins: MapPins {
    MapPins(
      places: places, needle: search.needle, category: search.category,
      selected: stack.count > 1 ? DetailSheet.place(of: stack.top) : nil)
  }

  /// Notes every live list's offset for its scroll indicator.
  private func observeLists() {
    if indicators.count > stack.count { indicators.removeLast(indicators.count - stack.count) }
    while indicators.count < stack.count { indicators.append(ScrollIndicator()) }
    for (i, sheet) in stack.sheets.enumerated() {
      indicators[i].observe(offset: sheet.list.offset, active: sheet.phaseName == .scrolling, at: time)
    }
  }

  /// Applies one input at the current time.
  func apply(_ input: AppInput) {
    applyDepth += 1
    defer { applyDepth -= 1 }
    if applyDepth == 1, Self.recordsItself(input, onPanel: isOnPanel(input), typing: search.focused) {
      recordable.append((input, recordedTarget(of: input)))
    }
    let eventsBefore = events.count
    defer { openDismissDialog(after: eventsBefore) }
    if dialogTakes(input) { return }
    switch input {
    case .press(let x, let y):
      if !press(x: x, y: y) { return }
    case .move(let x, let y):
      let (dx, dy) = (x - pointerX, y - pointerY)
      pointerX = x
      pointerY = y
      switch capture {
      case .panel: panelMove(x: x, y: y)
      case .map: camera.pan(dx: dx, dy: dy)
      case .sheet:
        // A sideways drag on the chip row scrolls the row; the sheet does not see it.
        if dragChips(x: x, y: y) { break }
        stack.pointerMove(x: x, y: y, time: wallTime)
        sheetMoved()
      case .none: break
      }
    case .release(let x, let y, let velocity):
      if !release(x: x, y: y, velocity: velocity) { return }
    case .wheel(let x, let y, let dy):
      wheel(x: x, y: y, notches: Double(dy))
    case .fineWheel(let x, let y, let dy):
      wheel(x: x, y: y, notches: dy)
    case .hwheel(let x, let y, let dx):
      guard !isOverPanel(x: x, y: y), isOnChipRow(x: x, y: y) else { return }
      search.scrollChips(
        to: search.chipScroll + Double(dx) * stack.root.wheelStep, width: stack.root.snapshot.contentWidth)
    case .key(let name):
      handleKey(name)
    case .text(let text):
      type(text)
    case .resize(let w, let h):
      windowWidth = Double(max(w, 1))
      windowHeight = Double(max(h, 1))
      stack.resize(width: sceneWidth, height: windowHeight)
      refitDetailSheet()
    case .tune(let overlay):
      applyTune(overlay, record: false)
    case .timeScale(let scale):
      playback.setScale(scale)
    case .compare(let name):
      compare(with: name)
    case .status(let message, let isError):
      setStatus(message, error: isError)
    }
    stack.drainEvents(into: &events)
    observeLists()
  }

  /// A press: the panel, the map, a key of the simulated keyboard or the top sheet takes it.
  /// False when it is done with it (nothing more to collect this input).
  private func press(x: Double, y: Double) -> Bool {
    pointerX = x
    pointerY = y
    if isOverPanel(x: x, y: y) {
      capture = .panel
      panelPress(x: x, y: y)
      return false
    }
    focus = nil
    if pressKeyboard(x: x, y: y) {
      capture = .none
      return false
    }
    // A press on a sheet whose motion is past seeing is a tap like one at rest.
    movingBeforePress = stack.top.isMoving && !stack.top.motionIsImperceptible
    heightAtPress = stack.top.height
    switch stack.pointerDown(x: x, y: y, time: wallTime) {
    case .behind: capture = .map
    case .sheet(let hit):
      capture = .sheet
      // A press that stops a moving sheet or list is not a tap: nothing shows pressed.
      let wasMoving = movingBeforePress
      press = pressTarget(x: x, y: y, hit: hit).map { ($0, !wasMoving) }
      chipDrag = isOnChipRow(x: x, y: y) ? (x, y, search.chipScroll, false) : nil
    default: capture = .sheet
    }
    return true
  }

  /// The pointer moved while it holds the top sheet: once it drags, no tap is coming (nothing
  /// shows pressed).
  private func sheetMoved() {
    if stack.top.isDragging { press = nil }
  }

  /// A release: ends the capture; a tap on the top sheet acts on what it hit. False when it is
  /// done with it.
  private func release(x: Double, y: Double, velocity: (x: Double, y: Double)?) -> Bool {
    pointerX = x
    pointerY = y
    let held = capture
    capture = .none
    switch held {
    case .panel:
      panelRelease()
      return false
    case .map, .none:
      return false
    case .sheet:
      break
    }
    let wasDragging = stack.top.isDragging
    let pressed = chipDrag?.moved == true ? nil : press
    press = nil
    chipDrag = nil
    let tap = stack.pointerUp(
      x: x, y: y, time: wallTime, velocity: velocity.map { PointerVelocity(x: $0.x, y: $0.y) })
    if wasDragging, stack.count == 1 { lastRelease = (stack.root.height, stack.root.releaseVelocity) }
    if tap != nil, let target = pressed?.target { perform(target) }
    // Dragging the root down ends the search's focus, and its keyboard goes (after the drag, so
    // the sheet never leaves the pointer while the keyboard slides away).
    if wasDragging, stack.count == 1, search.focused, stack.root.tuning.keyboard.blurOnDrag,
      stack.root.height < heightAtPress - 1
    {
      unfocusSearch()
    }
    return true
  }
}
