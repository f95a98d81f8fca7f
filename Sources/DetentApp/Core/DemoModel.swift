import Detent
import DetentJSON
import Foundation

/// The program's state and behaviour without SDL. The window (demo) and scenario scripts
/// (replay) both drive it with `apply(_:)` and `step(dt:)`; renderers only read it.
///
/// This root owns the frame (time, the engine's sheet stack, the events collected, the window's
/// size) and routes each input to the part it is for. Each part is a value with the state it
/// owns and the functions that change it: `PointerModel` (where the pointer is, who holds it, a
/// press that may be a tap), `SearchState` (query, focus, chips, the rows left),
/// `SimulatedKeyboard`, `NotchKeys` (↑ ↓ 1–9 H, the grabber's cycle), `MapCamera`, `PanelState`
/// (the tuning panel; its input in `PanelInput`), `Playback` (speed, pause, replaying a
/// release, A/B) and `SceneMessages` (toast, Keep / Discard dialog). The routing is split by
/// input: pointer (`DemoModel+Pointer`), keys (`DemoModel+Keys`), taps and places
/// (`DemoModel+Taps`), the focus ring (`KeyboardFocus`), tuning (`DemoModel+Tuning`), the panel
/// (`DemoModel+Panel`), named targets (`DemoModel+Targets`) and what `--record` keeps
/// (`DemoModel+Recording`). What an input asks of the program (save, copy, quit) is returned by
/// `apply(_:)` as `AppEffect` values for the runner to do; nothing calls `apply` from inside it.
final class DemoModel {
  /// The sheets: the root, then pushed detail sheets (each tagged with its place).
  var stack: SheetStack
  /// The places the root list shows, one per row (`list.rows` of them; a tune may change it).
  var places: PlaceDirectory
  /// Named partial tunings the panel offers.
  let presets: [(name: String, value: JSONValue)]
  /// Where the tuning is saved (S, the panel's Save): the file the demo runs with.
  let tuningPath: String
  /// The tuning panel: whether it shows, its controls' state, its status line.
  var panel = PanelState()
  /// The pointer and who holds it.
  var pointer = PointerModel()
  /// The search field and chips.
  var search = SearchState()
  /// The simulated on-screen keyboard.
  var keyboard = SimulatedKeyboard.hidden
  /// The keyboard focus (Tab).
  var focusRing = FocusRing()
  /// The map's view.
  var camera = MapCamera()
  /// Slow motion, frame stepping, replaying the last release and A/B (M, P, N, R; the panel's
  /// time and compare rows).
  var playback = Playback()
  /// The toast and the Keep / Discard dialog.
  var messages = SceneMessages()
  /// The scroll indicator of each live sheet's list, root first.
  var indicators = [ScrollIndicator()]
  /// ↑, ↓, 1–9 and H: the top sheet's notches from the keyboard.
  var notchKeys = NotchKeys()
  /// Whether the frame HUD shows.
  var hudShown = false
  private(set) var windowWidth: Double
  private(set) var windowHeight: Double
  /// Events since the last `takeEvents()`.
  var events: [SheetEvent] = []
  /// Why the last `tune` input was refused (the tuning in force stays), nil when it applied.
  var tuneError: ConfigError?
  /// What `--record` keeps of the inputs applied so far: the inputs themselves, except those the
  /// panel consumed, which appear as the `tune` they made.
  /// A press that lands on a named element carries it (`--record` writes the target).
  var recordable: [(input: AppInput, target: ScenarioTarget?)] = []
  /// Inputs the panel's buttons stand for (R, P, N, a speed, a comparison), queued while an
  /// input is handled and handled after it, each recorded as itself.
  private var derivedInputs: [AppInput] = []
  /// The effects of the input being applied, returned by `apply(_:)`.
  private var effects: [AppEffect] = []

  /// A model for a window of `width`×`height` with `tuning` (validated against that size).
  /// `tuningPath` is where S saves the tuning (the demo's config file).
  init(
    tuning: Tuning, width: Int, height: Int, seed: UInt64 = 7,
    presets: [(name: String, value: JSONValue)] = [], tuningPath: String = DemoModel.defaultTuningPath
  ) throws(ConfigError) {
    self.presets = presets
    self.tuningPath = tuningPath
    windowWidth = Double(width)
    windowHeight = Double(height)
    places = PlaceDirectory(seed: seed, count: tuning.list.rows)
    stack = SheetStack(root: try Self.rootSheet(tuning, width: Double(width), height: Double(height)))
    events.reserveCapacity(32)
  }

  /// The tuning file the demo reads and saves when none is named (`detent demo --config`).
  static let defaultTuningPath = "detent.json"

  /// The root sheet for a window of `width`×`height`. A tuning must fit the window, except the
  /// default notches: those adapt to any window (from 200×200 up) as they do when a running
  /// window is resized, each notch clamped into the window, instead of refusing to start.
  /// `detent export` reads the notches it resolves, so an export rests where the demo does.
  static func rootSheet(_ tuning: Tuning, width: Double, height: Double) throws(ConfigError)
    -> OverlaySheet
  {
    do {
      return try OverlaySheet(tuning: tuning, windowWidth: width, windowHeight: height)
    } catch {
      let side = TuningFile.defaultsHeight
      guard TuningFile.adaptsToWindow(tuning), min(width, height) < side else { throw error }
      var sheet = try OverlaySheet(
        tuning: tuning, windowWidth: max(width, side), windowHeight: max(height, side))
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
    panel.shown && !PanelLayout.isDocked(windowWidth: windowWidth) ? panelFrame.x : windowWidth
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
    playback.advance(wall: dt, stack: &stack)
    stack.drainEvents(into: &events)
    camera.advance(to: time, wall: wallTime)
    messages.expire(at: time)
    indicators.observe(stack, at: time)
  }

  /// Whether a sheet or list moves (or engine time runs, or a paused frame step waits) or the
  /// camera flies: frames then draw them anew.
  var isMoving: Bool { playback.isMoving(stack) || camera.isFlying }

  /// Whether the screen changes by itself, so the program draws every frame: a sheet or list
  /// moves (and engine time runs, or a paused frame step waits), the camera flies, a toast
  /// shows, or a scroll indicator shows or fades.
  var needsFrames: Bool {
    isMoving
      || messages.toast != nil
      || indicators.contains { $0.isVisible(at: time) }
  }

  /// The target drawn pressed, if any.
  var highlighted: PressTarget? { pointer.highlighted }

  /// The pins the map shows: the places the search leaves, the open place highlighted.
  var pins: MapPins {
    MapPins(
      places: places, needle: search.needle, category: search.category,
      selected: stack.count > 1 ? DetailSheet.place(of: stack.top) : nil)
  }

  /// Applies one input at the current time and returns what it asks of the program (save the
  /// tuning, fill the clipboard, quit), for the runner to do. An input a panel button stands
  /// for (its replay, pause, step, speed and comparison buttons) is handled after the press
  /// that made it and recorded as that input.
  @discardableResult
  func apply(_ input: AppInput) -> [AppEffect] {
    if Self.recordsItself(input, onPanel: isOnPanel(input), typing: search.focused) {
      recordable.append((input, recordedTarget(of: input)))
    }
    handle(input)
    var next = 0
    while next < derivedInputs.count {
      let derived = derivedInputs[next]
      recordable.append((derived, nil))
      handle(derived)
      next += 1
    }
    derivedInputs.removeAll(keepingCapacity: true)
    defer { effects.removeAll(keepingCapacity: true) }
    return effects
  }

  /// Queues `input` to be handled (and recorded) after the input being handled.
  func derive(_ input: AppInput) { derivedInputs.append(input) }

  /// Notes an effect of the input being handled.
  func request(_ effect: AppEffect) { effects.append(effect) }

  /// Handles one input: the dismiss dialog first while it shows, else the part it is for. A
  /// `didAttemptDismiss` the input caused opens the dialog.
  private func handle(_ input: AppInput) {
    let eventsBefore = events.count
    defer { openDismissDialog(after: eventsBefore) }
    if dialogTakes(input) { return }
    switch input {
    case .press(let x, let y):
      if !press(x: x, y: y) { return }
    case .move(let x, let y):
      move(x: x, y: y)
    case .release(let x, let y, let velocity):
      if !release(x: x, y: y, velocity: velocity) { return }
    case .wheel(let x, let y, let dy):
      wheel(x: x, y: y, notches: Double(dy))
    case .fineWheel(let x, let y, let dy):
      wheel(x: x, y: y, notches: dy)
    case .hwheel(let x, let y, let dx):
      guard !isOverPanel(x: x, y: y), search.isOnChipRow(x: x, y: y, of: stack) else { return }
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
    case .moveTo(let notch, let animated):
      _ = moveTop(toNotchNamed: notch, animated: animated)
    case .tune(let overlay):
      applyTune(overlay, record: false)
    case .timeScale(let scale):
      playback.setScale(scale)
    case .compare(let name):
      if let status = playback.compare(with: name, presets: presets, over: rootTuning) {
        setStatus(status.message, error: status.isError)
      }
    case .status(let message, let isError):
      setStatus(message, error: isError)
    }
    stack.drainEvents(into: &events)
    indicators.observe(stack, at: time)
  }

  /// While the Keep / Discard dialog shows it takes presses on the scene, keys, text and the
  /// wheel (true: the input was the dialog's); Discard dismisses the sheet it asked about (if it
  /// is still the top one). The panel beside the scene still works.
  private func dialogTakes(_ input: AppInput) -> Bool {
    let (width, height, top) = (sceneWidth, windowHeight, sceneTop)
    let outcome = messages.dialogTakes(input, onPanel: isOnPanel(input)) { x, y in
      DismissDialog.button(at: x, y, width: width, height: height, top: top)
    }
    guard let outcome else { return false }
    if case .answered(.discard, let sheet) = outcome, sheet == stack.count - 1 {
      stack.dismissTop()
      stack.drainEvents(into: &events)
    }
    return true
  }

  /// Opens the dialog for the newest `didAttemptDismiss` among the events from `start` on; it
  /// takes the keyboard focus.
  private func openDismissDialog(after start: Int) {
    stack.drainEvents(into: &events)
    guard start <= events.count, messages.openDialog(after: events[start...]) else { return }
    focusRing.clear()
  }
}
