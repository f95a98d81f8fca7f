import Detent
import DetentJSON

/// The tuning panel in the app: where it shows, what the scene leaves it, and its input routed to
/// `PanelState` with the layout and tuning it reads; the actions it returns are done here (a
/// tuning applied and recorded as a `tune` step, an input queued, an effect returned).
extension DemoModel {
  /// Where the panel shows (a column at the right, or docked over the top of a narrow window).
  var panelFrame: PanelRect { PanelLayout.frame(windowWidth: windowWidth, windowHeight: windowHeight) }

  /// The panel's layout now, scrolled.
  var panelItems: [PanelItem] { PanelLayout.items(self, frame: panelFrame, scroll: panel.scroll) }

  /// The scene's first row the panel leaves uncovered: the bottom of a docked panel, else 0.
  /// The dismiss dialog centres below it; the slow-motion badge and toasts sit there.
  var sceneTop: Double {
    panel.shown && PanelLayout.isDocked(windowWidth: windowWidth) ? panelFrame.y + panelFrame.h : 0
  }

  /// Whether (x, y) lies on the panel while it shows.
  func isOverPanel(x: Double, y: Double) -> Bool { panel.shown && panelFrame.contains(x, y) }

  /// The scroll the panel shows (the state's, clamped to what can scroll now).
  var currentPanelScroll: Double { min(max(panel.scroll, 0), panelMaxScroll) }

  /// How far the panel's items can scroll.
  private var panelMaxScroll: Double { PanelLayout.maxScroll(self, frame: panelFrame) }

  /// What the panel's input reads now.
  private var panelContext: PanelState.Context {
    PanelState.Context(
      items: panelItems, maxScroll: panelMaxScroll, tuning: rootTuning, presets: presets,
      sceneWidth: sceneWidth, windowHeight: windowHeight)
  }

  /// Shows or hides the tuning panel; the scene narrows so the panel never covers the sheet.
  func setPanel(_ shown: Bool) {
    panel.shown = shown
    stack.resize(width: sceneWidth, height: windowHeight)
    refitDetailSheet()
  }

  /// Wheel notches over the panel scroll it.
  func panelScroll(notches: Double) { panel.scroll(notches: notches, maxScroll: panelMaxScroll) }

  /// Scrolls the panel so that item `index` of `panelItems` shows whole.
  func revealPanelItem(_ index: Int) {
    let items = panelItems
    guard panel.shown, items.indices.contains(index) else { return }
    panel.reveal(items[index], in: panelFrame, current: currentPanelScroll, maxScroll: panelMaxScroll)
  }

  /// A press on the panel.
  func panelPress(x: Double, y: Double) {
    panel.scroll = currentPanelScroll
    let context = panelContext
    perform(panel.press(x: x, y: y, context))
  }

  /// The pointer moved while pressed on the panel.
  func panelMove(x: Double, y: Double) {
    let context = panelContext
    perform(panel.move(x: x, y: y, context))
  }

  /// The pointer let go of the panel.
  func panelRelease() { panel.release() }

  /// ←/→ fine-adjust the focused slider by one step while the panel shows.
  func panelAdjust(right: Bool) {
    guard panel.shown else { return }
    // With the focus ring on a stop that is not a slider (a button, a notch's box, the grabber,
    // a row), ←/→ adjust nothing: the slider they would move is not the one that shows focus.
    if let focus {
      guard case .panel(let i) = focus, i < panelItems.count, case .slider = panelItems[i].kind else {
        return
      }
    }
    perform(panel.adjust(right: right, tuning: rootTuning))
  }

  /// Sets the status line.
  func setStatus(_ message: String, error: Bool) { panel.setStatus(message, error: error) }

  /// Does what the panel asked.
  private func perform(_ action: PanelState.Action?) {
    switch action {
    case .tune(let t, let status)?: panelTune(t, status: status)
    case .input(let input)?: derive(input)
    case .save?: request(saveEffect)
    case .copy(let text)?: request(.copyToClipboard(text))
    case nil: break
    }
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
