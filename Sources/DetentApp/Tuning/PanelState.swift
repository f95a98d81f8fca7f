import Detent

/// The tuning panel's own state, kept by the model so that the window and a replay show the
/// same panel: whether it shows, the focused and the dragged slider, the status line, the
/// previous spring and a fitted reference. Its input is `PanelInput.swift`.
struct PanelState {
  /// Whether the panel shows (T).
  var shown = false
  /// A fitted motion drawn under the step response (`--reference`), nil when none.
  var reference: ReferenceCurve?
  /// The slider ←/→ adjust.
  var focused = "spring.response"
  /// The slider being dragged, if any.
  var active: String?
  /// The status line (saved, reloaded, an error that holds now).
  var status = ""
  /// Whether the status line is an error.
  var statusIsError = false
  /// The spring before the last spring change, drawn faintly behind the step response.
  var ghost: Spring?
  /// The terms the spring sliders speak.
  var springTerms = SpringTerms.response
  /// How far the panel's items are scrolled up (the layout clamps it to what can scroll).
  var scroll = 0.0
  /// A drag on the panel's background scrolls it: the pointer's y and the scroll at the press.
  var scrollDrag: (y: Double, scroll: Double)?
}
