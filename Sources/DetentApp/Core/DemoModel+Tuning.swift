import Detent
import DetentJSON

/// The root tuning: live changes, `tune` inputs, replaying a release, moving to a named notch.
extension DemoModel {
  /// Replaces the root tuning live. Throws and keeps the old one when the new one does not fit.
  /// The list's rows are the demo's places: a new `list.rows` makes a directory of that many
  /// places (same seed, so the first ones stay) and filters it again; the engine gets the rows
  /// the search leaves.
  func setTuning(_ tuning: Tuning) throws(ConfigError) {
    let directory =
      tuning.list.rows == places.count ? places : PlaceDirectory(seed: places.seed, count: tuning.list.rows)
    var filter = search
    if directory != places { filter.refilter(directory) }
    var t = tuning
    t.list.rows = filter.rowCount(of: directory.count)
    let spring = stack.root.tuning.spring
    let keyboardHeight = stack.root.tuning.keyboard.height
    try stack.withRootThrowing { sheet throws(ConfigError) in try sheet.setTuning(t) }
    places = directory
    search = filter
    // A new keyboard height shows at once on a keyboard that is up.
    if keyboard.isShown, keyboardHeight != t.keyboard.height { stack.setKeyboardInset(t.keyboard.height) }
    if spring != tuning.spring { panel.ghost = spring }
  }

  /// Applies a partial tuning on top of the root tuning (a `tune` input, the panel, a reload);
  /// `record` adds it to what `--record` keeps. A tuning that does not fit is refused, the status
  /// line says why, and the tuning in force stays.
  func applyTune(_ overlay: JSONValue, record: Bool) {
    tuneError = nil
    do {
      try setTuning(try TuningCoding.decode(overlay, base: rootTuning, resets: true).tuning)
      if record { recordable.append((.tune(overlay), nil)) }
      if panel.statusIsError { setStatus("", error: false) }
    } catch {
      tuneError = error
      setStatus(error.description, error: true)
    }
  }

  /// Plays a release of the root sheet from `height` with dh/dt `velocity` (and the same on B).
  func replayRelease(height: Double, velocity: Double) {
    playback.replay(height: height, velocity: velocity, stack: &stack)
  }

  /// Moves the top sheet to the notch named `name`; false when it has none.
  func moveTop(toNotchNamed name: String, animated: Bool) -> Bool {
    let found = stack.withTop { $0.move(toNotchNamed: name, animated: animated) }
    stack.drainEvents(into: &events)
    return found
  }
}
