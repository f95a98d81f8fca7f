import Detent

/// The tuning panel's input: presses, drags and keys on it become tuning changes, applied like
/// every other input at the start of a frame and recorded as `tune` steps.
extension DemoModel {
  /// Pixels the panel scrolls for one wheel notch.
  static let panelWheelStep = 40.0

  /// Where the panel shows (a column at the right, or docked over the top of a narrow window).
  var panelFrame: PanelRect { PanelLayout.frame(windowWidth: windowWidth, windowHeight: windowHeight) }

  /// The panel's layout now, scrolled.
  var panelItems: [PanelItem] { PanelLayout.items(self, frame: panelFrame, scroll: panel.scroll) }

  /// The scene's first row the panel leaves uncovered: the bottom of a docked panel, else 0.
  /// The dismiss dialog centres below it; the slow-motion badge and toasts sit there.
  var sceneTop: Double {
    panelShown && PanelLayout.isDocked(windowWidth: windowWidth) ? panelFrame.y + panelFrame.h : 0
  }

  /// Whether (x, y) lies on the panel while it shows.
  func isOverPanel(x: Double, y: Double) -> Bool { panelShown && panelFrame.contains(x, y) }

  /// Wheel notches over the panel scroll it (down: positive), within what can scroll.
  func panelScroll(notches: Double) {
    guard notches.isFinite else { return }
    setPanelScroll(panel.scroll + notches * Self.panelWheelStep)
  }

  /// Scrolls the panel so that item `index` of `panelItems` shows whole (Tab to a control out of
  /// view).
  func revealPanelItem(_ index: Int) {
    let items = panelItems
    guard panelShown, items.indices.contains(index) else { return }
    let (r, frame) = (items[index].rect, panelFrame)
    if r.y < frame.y {
      setPanelScroll(currentPanelScroll - (frame.y - r.y) - 6)
    } else if r.y + r.h > frame.y + frame.h {
      setPanelScroll(currentPanelScroll + (r.y + r.h - frame.y - frame.h) + 6)
    }
  }

  /// The scroll the panel shows (the state's, clamped to what can scroll now).
  var currentPanelScroll: Double {
    min(max(panel.scroll, 0), PanelLayout.maxScroll(self, frame: panelFrame))
  }

  private func setPanelScroll(_ value: Double) {
    panel.scroll = min(max(value, 0), PanelLayout.maxScroll(self, frame: panelFrame)).rounded()
  }

  /// A press on the panel: a control acts; elsewhere a drag scrolls the panel.
  func panelPress(x: Double, y: Double) {
    panel.scroll = currentPanelScroll
    guard let item = panelItems.first(where: { $0.rect.contains(x, y, margin: Self.hitMargin($0.kind)) })
    else {
      panel.scrollDrag = (y, panel.scroll)
      return
    }
    switch item.kind {
    case .preset(let index, let name):
      do {
        let t = try TuningCoding.decode(presets[index].value, base: rootTuning).tuning
        panelTune(t, status: "preset \(name)")
      } catch {
        setStatus("\(error)", error: true)
      }
    case .slider(let slider, _):
      panel.focused = slider.id
      panel.active = slider.id
      panelDrag(slider, x: x, rect: item.rect)
    case .segment(_, _, let apply):
      panelEdit(apply)
    case .reduceMotion(let on):
      panelEdit { $0.reduceMotion = !on }
    case .skipsNotches(let on):
      panelEdit { t in
        if case .projection(let rate, _) = t.policy {
          t.policy = .projection(decelerationRate: rate, skipsNotches: !on)
        }
      }
    case .dimmingNotch(let isStart, _, let next):
      panelEdit { t in if isStart { t.dimming.startNotch = next } else { t.dimming.endNotch = next } }
    case .notch(let index, _, _, _):
      panelEdit { t in
        t.notches[index].enabled.toggle()
        if !t.notches.contains(where: \.enabled) { t.notches[index].enabled = true }
      }
    case .replayButton:
      derive(.key("R"))
    case .saveButton:
      request(saveEffect)
    case .springTerms(let terms, _):
      panel.springTerms = terms
      if let first = terms.sliders.first,
        !PanelSlider.all(for: rootTuning, terms: terms).contains(where: { $0.id == panel.focused })
      {
        panel.focused = first.id
      }
    case .springPreset(let preset, _):
      var t = rootTuning
      t.spring = preset.spring
      panelTune(
        t,
        status: "spring: \(preset.label) (\(EventLog.number(preset.spring.response)) s, ratio "
          + "\(EventLog.number(preset.spring.dampingRatio)))")
    case .timeScale(let scale, _):
      derive(.timeScale(scale))
    case .pauseButton:
      derive(.key("P"))
    case .stepButton:
      derive(.key("N"))
    case .compare(let name, _):
      derive(.compare(name))
    case .copyAs(let format):
      request(.copyToClipboard(format.render(rootTuning, windowHeight: windowHeight)))
      setStatus("copied the tuning as \(format.label) to the clipboard", error: false)
    case .useReference(let reference):
      var t = rootTuning
      t.spring = reference.spring
      panelTune(t, status: "spring fitted to \(reference.name)")
    case .title, .status, .caption, .stepResponse, .dimmingCurve:
      panel.scrollDrag = (y, panel.scroll)
    }
  }

  /// The pointer moved while pressed on the panel: a dragged slider follows it; a drag from the
  /// background scrolls the panel with the pointer.
  func panelMove(x: Double, y: Double) {
    if let drag = panel.scrollDrag {
      setPanelScroll(drag.scroll - (y - drag.y))
      return
    }
    guard let id = panel.active else { return }
    for item in panelItems {
      if case .slider(let slider, _) = item.kind, slider.id == id {
        panelDrag(slider, x: x, rect: item.rect)
        return
      }
    }
  }

  /// The pointer let go of the panel.
  func panelRelease() {
    panel.active = nil
    panel.scrollDrag = nil
  }

  /// ←/→ fine-adjust the focused slider by one step while the panel shows; false otherwise.
  func panelAdjust(right: Bool) -> Bool {
    guard panelShown,
      let slider = PanelSlider.all(for: rootTuning, terms: panel.springTerms).first(where: {
        $0.id == panel.focused
      })
    else {
      return false
    }
    let v = slider.get(rootTuning) + (right ? slider.step : -slider.step)
    panelEdit { slider.set(&$0, slider.snapped(v)) }
    return true
  }

  /// Sets the status line.
  func setStatus(_ message: String, error: Bool) {
    panel.status = message
    panel.statusIsError = error
  }

  private static func hitMargin(_ kind: PanelItem.Kind) -> Double {
    switch kind {
    case .slider: 6
    case .notch, .skipsNotches, .reduceMotion: 2
    default: 0
    }
  }

  private func panelDrag(_ slider: PanelSlider, x: Double, rect: PanelRect) {
    let v = slider.value(atFraction: (x - rect.x) / rect.w)
    panelEdit { slider.set(&$0, v) }
  }

  private func panelEdit(_ change: (inout Tuning) -> Void) {
    var t = rootTuning
    change(&t)
    panelTune(t, status: nil)
  }

  /// Applies a tuning the panel made, as the `tune` input a recording keeps. An edit without a
  /// status of its own clears the line: "preset Bouncy" or "saved" no longer describes the
  /// tuning once a value changed.
  private func panelTune(_ t: Tuning, status: String?) {
    guard t != rootTuning else { return }
    let overlay = TuningDiff.overlay(from: rootTuning, to: t)
    applyTune(overlay, record: true)
    if panel.statusIsError == false { setStatus(status ?? "", error: false) }
  }
}
