import Detent

/// A rectangle of the panel, screen coordinates.
struct PanelRect {
  var x: Double
  var y: Double
  var w: Double
  var h: Double

  /// Whether (px, py) lies inside, grown by `margin` on every side.
  func contains(_ px: Double, _ py: Double, margin: Double = 0) -> Bool {
    px >= x - margin && px < x + w + margin && py >= y - margin && py < y + h + margin
  }
}

/// One thing on the tuning panel: what it is and where. The same list drives the model's
/// hit-testing (a press becomes a tuning change) and the renderer (which only reads it).
struct PanelItem {
  /// What a control does or shows.
  enum Kind {
    case title
    case status
    case preset(index: Int, name: String)
    case slider(PanelSlider, value: Double)
    /// One button of a segmented choice; `apply` changes the tuning to this option.
    case segment(label: String, selected: Bool, apply: (inout Tuning) -> Void)
    case caption(String)
    case skipsNotches(on: Bool)
    /// The `reduceMotion` toggle.
    case reduceMotion(on: Bool)
    case dimmingNotch(isStart: Bool, name: String, next: String)
    case notch(index: Int, name: String, height: Double, enabled: Bool)
    case stepResponse
    /// Applies the reference's fitted spring as a `tune`.
    case useReference(ReferenceCurve)
    case dimmingCurve
    case replayButton
    case saveButton
    /// One choice of the terms the spring sliders show.
    case springTerms(SpringTerms, selected: Bool)
    /// A named platform spring: a press tunes the spring to it.
    case springPreset(SpringPreset, selected: Bool)
    /// One speed of the time row (slow motion).
    case timeScale(Double, selected: Bool)
    /// Pause or resume engine time.
    case pauseButton(paused: Bool)
    /// One frame forward while paused.
    case stepButton
    /// Puts the tuning in a platform's terms on the clipboard.
    case copyAs(ExportFormat)
    /// A/B: compare against this preset (nil: off).
    case compare(String?, selected: Bool)
  }

  var kind: Kind
  var rect: PanelRect
}

/// Lays the panel out for the model's current tuning and state.
///
/// Where it shows depends on the window's width. From `columnBreakpoint` up it takes a column of
/// `columnWidth` at the right and the scene (map and sheets) narrows to the rest. Below it (a
/// phone-sized window) a column would leave a sliver of sheet, so the panel is docked over the
/// top `dockedFraction` of the window at the window's full width, and the scene keeps the whole
/// window: the sheet keeps the width and the notches of the phone being tuned, and the part of it
/// under the panel shows again when T hides the panel. In both places the items scroll when
/// they are taller than the panel (the wheel over it, a drag on its background, Tab to a control
/// out of view).
enum PanelLayout {
  /// The narrowest window whose panel takes a column.
  static let columnBreakpoint = 600.0
  /// The width of the column.
  static let columnWidth = 340.0
  /// The part of the window's height the docked panel covers.
  static let dockedFraction = 0.5
  /// The blank below the last row.
  static let bottomPadding = 10.0

  /// Whether a window this wide docks the panel over its top instead of giving it a column.
  static func isDocked(windowWidth: Double) -> Bool { windowWidth < columnBreakpoint }

  /// Where the panel shows in a window of this size.
  static func frame(windowWidth: Double, windowHeight: Double) -> PanelRect {
    if isDocked(windowWidth: windowWidth) {
      return PanelRect(x: 0, y: 0, w: windowWidth, h: (windowHeight * dockedFraction).rounded(.down))
    }
    let x = max(windowWidth - columnWidth, 1)
    return PanelRect(x: x, y: 0, w: windowWidth - x, h: windowHeight)
  }

  /// How far the items can scroll in `frame`: their height below the frame's bottom.
  static func maxScroll(_ model: DemoModel, frame: PanelRect) -> Double {
    scrollLimit(items(model, x: frame.x, top: frame.y, width: frame.w), in: frame)
  }

  /// The items in `frame` scrolled up by `scroll` (clamped to what can scroll): items above or
  /// below the frame lie outside it, where no press reaches them and nothing draws them.
  static func items(_ model: DemoModel, frame: PanelRect, scroll: Double) -> [PanelItem] {
    let laidOut = items(model, x: frame.x, top: frame.y, width: frame.w)
    let shift = min(max(scroll, 0), scrollLimit(laidOut, in: frame))
    guard shift > 0 else { return laidOut }
    return laidOut.map { item in
      var moved = item
      moved.rect.y -= shift
      return moved
    }
  }

  private static func scrollLimit(_ items: [PanelItem], in frame: PanelRect) -> Double {
    let bottom = items.map { $0.rect.y + $0.rect.h }.max() ?? frame.y
    return max(0, (bottom + bottomPadding - frame.y - frame.h).rounded(.up))
  }

  /// The panel's items unscrolled, its left edge at `x` and its top at `top`, `width` wide.
  private static func items(_ model: DemoModel, x: Double, top: Double, width: Double) -> [PanelItem] {
    var b = PanelBuilder(left: x + 14, width: width - 28, y: top + 10)
    let (left, w) = (b.left, b.width)
    b.add(.title, left, b.y, w, 20)
    b.y += 24
    b.add(.status, left, b.y, w, 16)
    b.y += 18
    // Presets wrap into rows of buttons at least `PanelBuilder.presetWidth` wide, so each name
    // has room (seven in one row of a 340-px column ran into each other).
    b.wrapped(
      model.presets.enumerated().map { (i, preset) in .preset(index: i, name: preset.name) },
      x: left, width: w, minimumWidth: PanelBuilder.presetWidth, height: 24, gap: 2)
    if !model.presets.isEmpty { b.y += 4 }
    let t = model.rootTuning
    b.add(.caption("spring"), left, b.y + 4, 50, 16)
    let tw = (w - 50) / Double(SpringTerms.allCases.count)
    for (i, terms) in SpringTerms.allCases.enumerated() {
      b.add(
        .springTerms(terms, selected: model.panel.springTerms == terms), left + 50 + Double(i) * tw, b.y, tw,
        22)
    }
    b.y += 26
    if model.panel.springTerms == .named {
      // Three rows of three in the height of the two sliders.
      let pw = w / 3
      for (i, preset) in SpringPreset.allCases.enumerated() {
        let (row, column) = (Double(i / 3), Double(i % 3))
        b.add(
          .springPreset(preset, selected: preset.matches(t.spring)), left + column * pw + 1, b.y + row * 21,
          pw - 2, 19)
      }
      b.y += 64
      b.add(.caption("= " + SpringTerms.summary(t.spring)), left, b.y - 2, w, 16)
      b.y += 16
    }
    for (i, slider) in PanelSlider.motion(for: t, terms: model.panel.springTerms).enumerated() {
      b.slider(slider, t)
      if i == 1, model.panel.springTerms != .named {
        b.add(.caption("= " + SpringTerms.summary(t.spring)), left, b.y - 2, w, 16)
        b.y += 16
      }
    }
    b.segmented(
      "rubber band",
      RubberBandKind.allCases.map { kind in
        (kind.rawValue, t.rubberBand.kind == kind, { $0.rubberBand.kind = kind })
      })
    let policies: [(String, String)] = [
      ("nearest", "nearest"), ("rushing", "rushingForward"), ("projection", "projection"), ("free", "free"),
    ]
    b.segmented(
      "policy",
      policies.map { p in
        (
          p.0, t.policy.kindName == p.1,
          { tuning in
            if tuning.policy.kindName != p.1, let policy = TargetPolicy.defaults(kind: p.1) {
              tuning.policy = policy
            }
          }
        )
      })
    let modes: [(String, HeaderMode)] = [
      ("scroll", .scrollDirection), ("collapse", .collapseFirst), ("pinned", .pinned),
    ]
    b.segmented("header", modes.map { m in (m.0, t.header.mode == m.1, { $0.header.mode = m.1 }) })
    b.segmented(
      "edge", SheetEdge.allCases.map { e in (e.rawValue, t.layout.edge == e, { $0.layout.edge = e }) })
    b.add(.reduceMotion(on: t.reduceMotion), left, b.y + 2, w * 0.45, 18)
    if case .projection(_, let skips) = t.policy {
      b.add(.skipsNotches(on: skips), left + w * 0.45, b.y + 2, w * 0.55, 18)
    }
    b.y += 24
    let sheet = model.stack.root
    let names = sheet.notches.map(\.name)
    let dimming = t.dimmingNotches
    let range = (names[min(dimming.start, names.count - 1)], names[min(dimming.end, names.count - 1)])
    b.add(.caption("dims from"), left, b.y + 5, 90, 16)
    b.add(
      .dimmingNotch(isStart: true, name: range.0, next: PanelBuilder.after(range.0, in: names)), left + 90,
      b.y,
      (w - 120) / 2, 24)
    b.add(
      .dimmingNotch(isStart: false, name: range.1, next: PanelBuilder.after(range.1, in: names)),
      left + 90 + (w - 120) / 2 + 30, b.y, (w - 120) / 2, 24)
    b.y += 28
    for (i, notch) in sheet.notches.enumerated() {
      b.add(
        .notch(index: i, name: notch.name, height: notch.height, enabled: notch.enabled), left, b.y, w, 18)
      b.y += 20
    }
    b.y += 6
    b.add(.stepResponse, left, b.y, w, 60)
    b.y += 66
    b.add(.dimmingCurve, left, b.y, w, 30)
    b.y += 36
    if let reference = model.panel.reference {
      // Replay, "use fitted spring" and save share the row.
      b.add(.replayButton, left, b.y, w * 0.27 - 4, 24)
      b.add(.useReference(reference), left + w * 0.27, b.y, w * 0.5 - 4, 24)
      b.add(.saveButton, left + w * 0.77, b.y, w * 0.23, 24)
    } else {
      b.add(.replayButton, left, b.y, w * 0.6 - 4, 24)
      b.add(.saveButton, left + w * 0.6, b.y, w * 0.4, 24)
    }
    b.y += 30
    b.add(.caption("A/B vs"), left, b.y + 4, 50, 16)
    // A/B compares release motion: the presets that set the spring; they wrap like the presets.
    let choices: [String?] = [nil] + model.presets.filter { $0.value["spring"] != nil }.map(\.name)
    let compared = model.playback.comparison?.name
    b.wrapped(
      choices.map { .compare($0, selected: compared == $0) }, x: left + 50, width: w - 50,
      minimumWidth: PanelBuilder.presetWidth, height: 22, gap: 0)
    b.y += 2
    b.add(.caption("time"), left, b.y + 4, 50, 16)
    let sw = (w - 50 - 110) / Double(Playback.scales.count)
    for (i, scale) in Playback.scales.enumerated() {
      b.add(
        .timeScale(scale, selected: model.playback.scale == scale), left + 50 + Double(i) * sw, b.y, sw, 22)
    }
    b.add(.pauseButton(paused: model.playback.paused), left + w - 108, b.y, 54, 22)
    b.add(.stepButton, left + w - 52, b.y, 52, 22)
    b.y += 28
    b.add(.caption("copy as"), left, b.y + 4, 50, 16)
    let formats: [ExportFormat] = [.swiftui, .uikit, .compose, .css, .json]
    let fw = (w - 50) / Double(formats.count)
    for (i, format) in formats.enumerated() {
      b.add(.copyAs(format), left + 50 + Double(i) * fw, b.y, fw, 22)
    }
    b.y += 32
    b.sheetContent(t, notches: names)
    return b.out
  }
}
