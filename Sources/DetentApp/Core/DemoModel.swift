import Detent
import Foundation

/// The program's state and behaviour without SDL: the sheet stack, place data, search, map
/// camera, keyboard and toggles. The window (demo) and scenario scripts (replay) both drive it
/// with `apply(_:)` and `step(dt:)`; renderers only read it.
final class DemoModel {
  /// Width of the tuning panel when shown.
  static let panelWidth = 340.0
  /// Height of the simulated on-screen keyboard.
  static let keyboardHeight = 260.0

  private(set) var stack: SheetStack
  let places: PlaceDirectory
  /// Named partial tunings the panel offers.
  let presets: [(name: String, value: JSONValue)]
  /// The tuning panel's state.
  var panel = PanelState()
  /// Indices of the rows shown (nil = all, in order).
  private(set) var filtered: [Int]?
  private(set) var searchText = ""
  private(set) var searchFocused = false
  private(set) var chip = 0
  private(set) var keyboardShown = false
  private var keyboardFromFocus = false
  var hudShown = false
  /// Slow motion and frame stepping (M, P, N; the panel's time row).
  private(set) var playback = Playback()
  private(set) var panelShown = false
  private(set) var camera = MapCamera()
  private(set) var windowWidth: Double
  private(set) var windowHeight: Double
  /// Place index shown by each pushed detail sheet.
  private(set) var detailPlaces: [Int] = []
  private(set) var quitRequested = false
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
  private var events: [SheetEvent] = []
  /// The last release of the root sheet: height and dh/dt (for "replay last release").
  private(set) var lastRelease: (height: Double, velocity: Double)?
  /// Why the last `tune` input was refused (the tuning in force stays), nil when it applied.
  private(set) var tuneError: ConfigError?
  /// What `--record` keeps of the inputs applied so far: the inputs themselves, except those the
  /// panel consumed, which appear as the `tune` they made.
  private var recordable: [AppInput] = []
  private var applyDepth = 0

  /// A model for a window of `width`×`height` with `tuning` (validated against that size).
  init(
    tuning: Tuning, width: Int, height: Int, seed: UInt64 = 7,
    presets: [(name: String, value: JSONValue)] = []
  ) throws(ConfigError) {
    self.presets = presets
    windowWidth = Double(width)
    windowHeight = Double(height)
    places = PlaceDirectory(seed: seed, count: tuning.list.rows)
    stack = SheetStack(
      root: try OverlaySheet(tuning: tuning, windowWidth: Double(width), windowHeight: Double(height)))
    events.reserveCapacity(32)
  }

  /// Engine time.
  var time: Double { stack.now }
  /// The root tuning: the engine's, with the list's full row count (a filter shows fewer).
  var rootTuning: Tuning {
    var t = stack.root.tuning
    t.list.rows = places.count
    return t
  }

  /// Returns and clears what `--record` keeps of the inputs applied since the last call.
  func takeRecordable() -> [AppInput] {
    defer { recordable.removeAll(keepingCapacity: true) }
    return recordable
  }
  /// Width of the area the map and sheets use (the window less the panel).
  var sceneWidth: Double { panelShown ? max(windowWidth - Self.panelWidth, 1) : windowWidth }
  /// Number of list rows shown.
  var rowCount: Int { filtered?.count ?? places.count }
  /// Place for list row `row`.
  func placeIndex(row: Int) -> Int { filtered?[row] ?? row }

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
    let engineTime = playback.engineTime(for: dt)
    if engineTime > 0 { stack.step(dt: engineTime) }
    stack.drainEvents(into: &events)
  }

  /// Applies one input at the current time.
  func apply(_ input: AppInput) {
    applyDepth += 1
    defer { applyDepth -= 1 }
    if applyDepth == 1, Self.recordsItself(input, panelCapture: capture == .panel, onPanel: isOnPanel(input))
    {
      recordable.append(input)
    }
    switch input {
    case .press(let x, let y):
      pointerX = x
      pointerY = y
      if panelShown, x >= sceneWidth {
        capture = .panel
        panelPress(x: x, y: y)
        return
      }
      switch stack.pointerDown(x: x, y: y) {
      case .map: capture = .map
      case .keyboard:
        // A key of the simulated keyboard types into the search field.
        capture = .none
        if searchFocused,
          let key = KeyboardLayout.key(atX: x, y: y, width: sceneWidth, windowHeight: windowHeight)
        {
          if key.value == "Backspace" { handleKey("Backspace") } else { apply(.text(key.value)) }
        }
        return
      default: capture = .sheet
      }
    case .move(let x, let y):
      let (dx, dy) = (x - pointerX, y - pointerY)
      pointerX = x
      pointerY = y
      switch capture {
      case .panel: panelMove(x: x)
      case .map: camera.pan(dx: dx, dy: dy)
      case .sheet: stack.pointerMove(x: x, y: y)
      case .none: break
      }
    case .release(let x, let y, let velocity):
      pointerX = x
      pointerY = y
      let held = capture
      capture = .none
      switch held {
      case .panel:
        panelRelease()
        return
      case .map, .none:
        return
      case .sheet:
        break
      }
      let wasDragging: Bool = if case .dragging = stack.top.phase { true } else { false }
      let tap = stack.pointerUp(x: x, y: y, velocityOverride: velocity?.y)
      if wasDragging, stack.count == 1 { lastRelease = (stack.root.height, stack.root.velocity) }
      if let tap { handleTap(tap) }
    case .wheel(let x, let y, let dy):
      guard !(panelShown && x >= sceneWidth) else { return }
      if !stack.wheel(x: x, y: y, notches: dy) {
        camera.zoom(by: pow(1.1, Double(-dy)), atX: x, y: y, width: sceneWidth, height: windowHeight)
      }
    case .key(let name):
      handleKey(name)
    case .text(let text):
      guard searchFocused else { return }
      searchText += text
      refilter()
    case .resize(let w, let h):
      windowWidth = Double(max(w, 1))
      windowHeight = Double(max(h, 1))
      stack.resize(width: sceneWidth, height: windowHeight)
    case .tune(let overlay):
      applyTune(overlay, record: false)
    case .timeScale(let scale):
      playback.setScale(scale)
    case .status(let message, let isError):
      setStatus(message, error: isError)
    }
    stack.drainEvents(into: &events)
  }

  private func handleTap(_ hit: SheetHit) {
    let layout = HeaderLayout(width: stack.top.snapshot.sheetWidth, height: stack.top.tuning.header.height)
    if stack.count > 1 {
      if case .header(let x, let y) = hit {
        let c = layout.closeButton
        if (x - c.cx) * (x - c.cx) + (y - c.cy) * (y - c.cy) <= (c.r + 8) * (c.r + 8) { popDetail() }
      }
      return
    }
    switch hit {
    case .header(let x, let y):
      if let field = layout.searchField, HeaderLayout.contains(field, x, y) {
        focusSearch()
        return
      }
      for (i, frame) in layout.chips.enumerated() where HeaderLayout.contains(frame, x, y) {
        chip = i
        refilter()
        return
      }
    case .row(let index, _, _):
      guard index < rowCount else { return }
      pushDetail(place: placeIndex(row: index))
    case .grabber, .emptyList:
      return
    }
  }

  /// Focuses the search field: the sheet goes to its top notch and the keyboard shows.
  func focusSearch() {
    searchFocused = true
    if !keyboardShown {
      keyboardFromFocus = true
      setKeyboard(true)
    }
    stack.withRoot { $0.move(to: $0.topNotch, animated: true) }
  }

  private func unfocusSearch() {
    searchFocused = false
    if keyboardFromFocus {
      keyboardFromFocus = false
      setKeyboard(false)
    }
  }

  private func setKeyboard(_ shown: Bool) {
    keyboardShown = shown
    stack.setKeyboardInset(shown ? Self.keyboardHeight : 0)
  }

  /// Recomputes the rows shown from the search text and the selected chip.
  private func refilter() {
    let category = chip == 0 ? nil : PlaceCategory(rawValue: chip - 1)
    filtered =
      searchText.isEmpty && category == nil ? nil : places.filter(text: searchText, category: category)
    let rows = rowCount
    stack.withRoot { $0.setListRows(rows) }
  }

  /// The tuning of a place's detail sheet: its own notches, header and list; the root's layout,
  /// dismissal and reduced motion.
  static func detailTuning(root: Tuning) -> Tuning {
    var t = Tuning(
      notches: [NotchSpec(name: "peek", height: 300), NotchSpec(name: "full", fraction: 1, inset: 100)],
      initialNotch: "peek")
    t.header = HeaderConfig(height: 76, mode: .pinned)
    t.list = ListConfig(rows: 8, rowHeight: 60)
    t.dimming = Dimming(maxAlpha: 0)
    t.backdropTap = .none
    t.layout = root.layout
    t.dismiss = root.dismiss
    t.reduceMotion = root.reduceMotion
    return t
  }

  func pushDetail(place: Int) {
    do {
      try stack.push(tuning: Self.detailTuning(root: rootTuning))
      detailPlaces.append(place)
    } catch {
      // A window too small for the detail sheet: nothing to push.
    }
  }

  /// The place of the last popped detail sheet (drawn while it slides out).
  private(set) var poppedPlace = 0

  func popDetail() {
    if stack.pop() { poppedPlace = detailPlaces.removeLast() }
  }

  /// Whether the screen changes by itself: something moves, so the program draws every frame.
  var needsFrames: Bool { stack.isMoving && !playback.paused || playback.stepPending }

  /// Whether (x, y) is on something the pointer can drag (for the hand cursor).
  func isDraggable(x: Double, y: Double) -> Bool {
    guard x < sceneWidth, let hit = stack.top.hitTest(x: x, y: y) else { return false }
    if case .row = hit { return stack.top.tuning.dragRegion == .sheet }
    return true
  }

  private func handleKey(_ raw: String) {
    let name = raw.count == 1 ? raw.uppercased() : raw
    if searchFocused {
      switch name {
      case "Escape": unfocusSearch()
      case "Backspace":
        if !searchText.isEmpty {
          searchText.removeLast()
          refilter()
        }
      case "Return": unfocusSearch()
      case "Up": stack.withTop { $0.moveOneNotch(up: true) }
      case "Down": stack.withTop { $0.moveOneNotch(up: false) }
      default: break
      }
      return
    }
    switch name {
    case "Up": stack.withTop { $0.moveOneNotch(up: true) }
    case "Down": stack.withTop { $0.moveOneNotch(up: false) }
    case "1", "2", "3", "4", "5", "6", "7", "8", "9":
      let index = Int(name)! - 1
      stack.withTop { sheet in if index < sheet.notches.count { sheet.move(to: index, animated: true) } }
    case "H": toggleHidden()
    case "F": hudShown.toggle()
    case "T": setPanel(!panelShown)
    case "K":
      keyboardFromFocus = false
      setKeyboard(!keyboardShown)
    case "Q": quitRequested = true
    case "Escape":
      if stack.count > 1 { popDetail() }
    case "R": replayLastRelease()
    case "S": panel.saveRequested = true
    case "M": playback.cycleScale()
    case "P": playback.togglePause()
    case "N": playback.requestStep()
    case "Left", "Right": _ = panelAdjust(right: name == "Right")
    default:
      break
    }
  }

  /// Hides the sheet at its 0-height notch, or shows it again at the notch it had.
  private var notchBeforeHiding: Int?
  private func toggleHidden() {
    let sheet = stack.top
    guard let hidden = sheet.notches.firstIndex(where: { $0.height == 0 }) else { return }
    if sheet.restingNotch == hidden || sheet.snapshot.targetIndex == hidden {
      let back = notchBeforeHiding ?? sheet.notches.firstIndex { $0.height > 0 && $0.enabled } ?? 0
      stack.withTop { $0.move(to: back, animated: true) }
    } else {
      notchBeforeHiding = sheet.restingNotch ?? sheet.snapshot.targetIndex
      stack.withTop { $0.move(to: hidden, animated: true) }
    }
  }

  /// Shows or hides the tuning panel; the scene narrows so the panel never covers the sheet.
  func setPanel(_ shown: Bool) {
    panelShown = shown
    stack.resize(width: sceneWidth, height: windowHeight)
  }

  /// Replaces the root tuning live. Throws and keeps the old one when the new one does not fit.
  func setTuning(_ tuning: Tuning) throws(ConfigError) {
    var t = tuning
    t.list.rows = rowCount
    let spring = stack.root.tuning.spring
    try stack.withRootThrowing { sheet throws(ConfigError) in try sheet.setTuning(t) }
    if spring != tuning.spring { panel.ghost = spring }
  }

  /// Applies a partial tuning on top of the root tuning (a `tune` input, the panel, a reload);
  /// `record` adds it to what `--record` keeps. A tuning that does not fit is refused, the status
  /// line says why, and the tuning in force stays.
  func applyTune(_ overlay: JSONValue, record: Bool) {
    tuneError = nil
    do {
      try setTuning(try TuningCoding.decode(overlay, base: rootTuning).tuning)
      if record { recordable.append(.tune(overlay)) }
      if panel.statusIsError { setStatus("", error: false) }
    } catch {
      tuneError = error
      setStatus(error.description, error: true)
    }
  }

  /// Plays the last release of the root sheet again (R, or the panel's button).
  func replayLastRelease() {
    if let last = lastRelease { replayRelease(height: last.height, velocity: last.velocity) }
  }

  /// Whether `input` is a pointer input that lands on (or is held by) the panel.
  private func isOnPanel(_ input: AppInput) -> Bool {
    switch input {
    case .press(let x, _): panelShown && x >= sceneWidth
    case .move, .release: capture == .panel
    default: false
    }
  }

  /// Whether `--record` keeps the input itself: not when the panel consumes it (its tuning
  /// change is kept instead), nor the panel's own keys and status lines.
  private static func recordsItself(_ input: AppInput, panelCapture: Bool, onPanel: Bool) -> Bool {
    switch input {
    case .press, .move, .release: !onPanel
    case .key(let name): !["Left", "Right", "S"].contains(KeyNames.normalized(name))
    case .status: false
    default: true
    }
  }

  /// Applies an input that stands for a panel action, recording it as that input (the panel's
  /// press itself is not recorded).
  func applyRecorded(_ input: AppInput) {
    recordable.append(input)
    apply(input)
  }

  /// Moves the top sheet to the notch named `name`; false when it has none.
  func moveTop(toNotchNamed name: String, animated: Bool) -> Bool {
    let found = stack.withTop { $0.move(toNotchNamed: name, animated: animated) }
    stack.drainEvents(into: &events)
    return found
  }

  /// Plays a release of the root sheet from `height` with dh/dt `velocity`.
  func replayRelease(height: Double, velocity: Double) {
    stack.withRoot { $0.replayRelease(height: height, velocity: velocity) }
  }
}
