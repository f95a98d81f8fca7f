import Detent
import DetentJSON

/// The tuning panel's input: presses, drags, the wheel and ←/→ on it. The panel changes its own
/// state (focus, the dragged slider, scroll, the spring's terms, the status line) and returns
/// what the rest of the app must do: a tuning to apply (recorded as a `tune` step), an input a
/// button stands for (R, P, N, a speed, a comparison), a save or a copy.
extension PanelState {
  /// What a panel press, drag or key asks of the app.
  enum Action {
    /// Apply this tuning (recorded as the `tune` it differs by); `status` replaces the status
    /// line (nil clears it).
    case tune(Tuning, status: String?)
    /// Handle this input after the press, recorded as itself.
    case input(AppInput)
    /// Save the tuning in force.
    case save
    /// Put this text on the clipboard.
    case copy(String)
  }

  /// What the panel's input reads of the app now: its items laid out at the current scroll, how
  /// far they can scroll, the root tuning they edit, the presets and the scene's size (the root
  /// sheet's window, for exports).
  struct Context {
    var items: [PanelItem]
    var maxScroll: Double
    var tuning: Tuning
    var presets: [(name: String, value: JSONValue)]
    var sceneWidth: Double
    var windowHeight: Double
  }

  /// Pixels the panel scrolls for one wheel notch.
  static let wheelStep = 40.0

  /// Sets the status line.
  mutating func setStatus(_ message: String, error: Bool) {
    status = message
    statusIsError = error
  }

  /// Wheel notches over the panel scroll it (down: positive), within what can scroll.
  mutating func scroll(notches: Double, maxScroll: Double) {
    guard notches.isFinite else { return }
    setScroll(scroll + notches * Self.wheelStep, maxScroll: maxScroll)
  }

  /// Scrolls so that `item` shows whole in `frame` (Tab to a control out of view); `current` is
  /// the scroll the panel shows.
  mutating func reveal(_ item: PanelItem, in frame: PanelRect, current: Double, maxScroll: Double) {
    let r = item.rect
    if r.y < frame.y {
      setScroll(current - (frame.y - r.y) - 6, maxScroll: maxScroll)
    } else if r.y + r.h > frame.y + frame.h {
      setScroll(current + (r.y + r.h - frame.y - frame.h) + 6, maxScroll: maxScroll)
    }
  }

  private mutating func setScroll(_ value: Double, maxScroll: Double) {
    scroll = min(max(value, 0), maxScroll).rounded()
  }

  /// A press at (x, y) on the panel (its scroll already clamped to what can scroll): a control
  /// acts; elsewhere a drag scrolls the panel.
  mutating func press(x: Double, y: Double, _ context: Context) -> Action? {
    guard let item = context.items.first(where: { $0.rect.contains(x, y, margin: Self.hitMargin($0.kind)) })
    else {
      scrollDrag = (y, scroll)
      return nil
    }
    let tuning = context.tuning
    func edit(_ change: (inout Tuning) -> Void) -> Action {
      var t = tuning
      change(&t)
      return .tune(t, status: nil)
    }
    switch item.kind {
    case .preset(let index, let name):
      do {
        return .tune(
          try TuningCoding.decode(context.presets[index].value, base: tuning).tuning, status: "preset \(name)"
        )
      } catch {
        setStatus("\(error)", error: true)
        return nil
      }
    case .slider(let slider, _):
      focused = slider.id
      active = slider.id
      return drag(slider, x: x, rect: item.rect, tuning: tuning)
    case .segment(_, _, let apply):
      return edit(apply)
    case .reduceMotion(let on):
      return edit { $0.reduceMotion = !on }
    case .skipsNotches(let on):
      return edit { t in
        if case .projection(let rate, _) = t.policy {
          t.policy = .projection(decelerationRate: rate, skipsNotches: !on)
        }
      }
    case .dimmingNotch(let isStart, _, let next):
      return edit { t in if isStart { t.dimming.startNotch = next } else { t.dimming.endNotch = next } }
    case .notch(let index, _, _, _):
      return edit { t in
        t.notches[index].enabled.toggle()
        if !t.notches.contains(where: \.enabled) { t.notches[index].enabled = true }
      }
    case .replayButton:
      return .input(.key("R"))
    case .saveButton:
      return .save
    case .springTerms(let terms, _):
      springTerms = terms
      if let first = terms.sliders.first,
        !PanelSlider.all(for: tuning, terms: terms).contains(where: { $0.id == focused })
      {
        focused = first.id
      }
      return nil
    case .springPreset(let preset, _):
      var t = tuning
      t.spring = preset.spring
      return .tune(
        t,
        status: "spring: \(preset.label) (\(EventLog.number(preset.spring.response)) s, ratio "
          + "\(EventLog.number(preset.spring.dampingRatio)))")
    case .timeScale(let scale, _):
      return .input(.timeScale(scale))
    case .pauseButton:
      return .input(.key("P"))
    case .stepButton:
      return .input(.key("N"))
    case .compare(let name, _):
      return .input(.compare(name))
    case .copyAs(let format):
      setStatus("copied the tuning as \(format.label) to the clipboard", error: false)
      return .copy(format.render(tuning, windowWidth: context.sceneWidth, windowHeight: context.windowHeight))
    case .useReference(let reference):
      var t = tuning
      t.spring = reference.spring
      return .tune(t, status: "spring fitted to \(reference.name)")
    case .title, .status, .caption, .stepResponse, .dimmingCurve:
      scrollDrag = (y, scroll)
      return nil
    }
  }

  /// The pointer moved to (x, y) while pressed on the panel: a dragged slider follows it; a drag
  /// from the background scrolls the panel with the pointer.
  mutating func move(x: Double, y: Double, _ context: Context) -> Action? {
    if let drag = scrollDrag {
      setScroll(drag.scroll - (y - drag.y), maxScroll: context.maxScroll)
      return nil
    }
    guard let id = active else { return nil }
    for item in context.items {
      if case .slider(let slider, _) = item.kind, slider.id == id {
        return drag(slider, x: x, rect: item.rect, tuning: context.tuning)
      }
    }
    return nil
  }

  /// The pointer let go of the panel.
  mutating func release() {
    active = nil
    scrollDrag = nil
  }

  /// ←/→ fine-adjust the focused slider of `tuning` by one step; nil when no slider has focus.
  func adjust(right: Bool, tuning: Tuning) -> Action? {
    guard let slider = PanelSlider.all(for: tuning, terms: springTerms).first(where: { $0.id == focused })
    else { return nil }
    var t = tuning
    slider.set(&t, slider.snapped(slider.get(tuning) + (right ? slider.step : -slider.step)))
    return .tune(t, status: nil)
  }

  private static func hitMargin(_ kind: PanelItem.Kind) -> Double {
    switch kind {
    case .slider: 6
    case .notch, .skipsNotches, .reduceMotion: 2
    default: 0
    }
  }

  private func drag(_ slider: PanelSlider, x: Double, rect: PanelRect, tuning: Tuning) -> Action {
    var t = tuning
    slider.set(&t, slider.value(atFraction: (x - rect.x) / rect.w))
    return .tune(t, status: nil)
  }
}
