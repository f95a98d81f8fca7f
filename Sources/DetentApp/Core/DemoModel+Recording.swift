/// What `--record` keeps of the inputs applied: the inputs themselves, except those the panel
/// consumes (kept as the `tune` they made) and the panel's own keys and status lines.
extension DemoModel {
  /// Returns and clears what `--record` keeps of the inputs applied since the last call.
  func takeRecordable() -> [(input: AppInput, target: ScenarioTarget?)] {
    defer { recordable.removeAll(keepingCapacity: true) }
    return recordable
  }

  /// The named element a press lands on (grabber, header, search, a row or a chip), which
  /// `--record` writes instead of the pixel so that the recording survives another window size
  /// or layout; nil for any other input and for the backdrop (where the pixel is the point).
  func recordedTarget(of input: AppInput) -> ScenarioTarget? {
    // The footer holds controls of its own (a detail sheet's buttons): a press there keeps its point.
    guard case .press(let x, let y) = input, let t = target(atX: x, y: y), t != .backdrop, t != .footer else {
      return nil
    }
    return t
  }

  /// Whether `input` is consumed by the panel: a pointer input that lands on (or is held by)
  /// it, or Return/Space acting on a focused panel control (what the control does is recorded
  /// instead; keeping the key too would make a replay act twice).
  func isOnPanel(_ input: AppInput) -> Bool {
    switch input {
    case .press(let x, let y): isOverPanel(x: x, y: y)
    case .move, .release: pointer.capture == .panel
    case .key(let name):
      ["Return", "Space"].contains(KeyNames.normalized(name)) && !search.focused
        && { if case .panel = focus { true } else { false } }()
    default: false
    }
  }

  /// Whether `--record` keeps the input itself: only what a script step can write (not a
  /// status line), and not when the panel consumes it (its tuning change is kept instead), nor
  /// the panel's own keys, nor keys the program does not handle (typing "roast" sends the keys
  /// O, A as well as the text; a replay refuses unknown key names, and they do nothing), nor text
  /// while no field takes it (the T that opens the panel also arrives as the text "t").
  static func recordsItself(_ input: AppInput, onPanel: Bool, typing: Bool) -> Bool {
    guard InputKind(of: input) != nil else { return false }
    switch input {
    case .text: return typing
    case .press, .move, .release: return !onPanel
    case .key(let name):
      // While the search field takes text, a letter's or digit's key (R, T, 1 in "roast 1")
      // does nothing (the text does): only the field's own keys act.
      if typing { return Self.typingKeys.contains(KeyNames.normalized(name)) }
      return !onPanel && KeyNames.isHandled(name)
        && !["Left", "Right", "S"].contains(KeyNames.normalized(name))
    default: return true
    }
  }
}
