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
    var out: [PanelItem] = []
    let left = x + 14
    let w = width - 28
    var y = top + 10.0
    func add(_ kind: PanelItem.Kind, _ x: Double, _ y: Double, _ w: Double, _ h: Double) {
      out.append(PanelItem(kind: kind, rect: PanelRect(x: x, y: y, w: w, h: h)))
    }
    add(.title, left, y, w, 20)
    y += 24
    add(.status, left, y, w, 16)
    y += 18
    if !model.presets.isEmpty {
      let bw = w / Double(model.presets.count)
      for (i, preset) in model.presets.enumerated() {
        add(.preset(index: i, name: preset.name), left + Double(i) * bw + 1, y, bw - 2, 24)
      }
      y += 32
    }
    let t = model.rootTuning
    add(.caption("spring"), left, y + 4, 50, 16)
    let tw = (w - 50) / Double(SpringTerms.allCases.count)
    for (i, terms) in SpringTerms.allCases.enumerated() {
      add(
        .springTerms(terms, selected: model.panel.springTerms == terms), left + 50 + Double(i) * tw, y, tw, 22
      )
    }
    y += 26
    if model.panel.springTerms == .named {
      // Three rows of three in the height of the two sliders.
      let pw = w / 3
      for (i, preset) in SpringPreset.allCases.enumerated() {
        let (row, column) = (Double(i / 3), Double(i % 3))
        add(
          .springPreset(preset, selected: preset.matches(t.spring)), left + column * pw + 1, y + row * 21,
          pw - 2,
          19)
      }
      y += 64
      add(.caption("= " + SpringTerms.summary(t.spring)), left, y - 2, w, 16)
      y += 16
    }
    let sliders = PanelSlider.all(for: t, terms: model.panel.springTerms)
    for (i, slider) in sliders.enumerated() {
      add(.slider(slider, value: slider.get(t)), left, y, w, 28)
      y += 30
      if i == 1, model.panel.springTerms != .named {
        add(.caption("= " + SpringTerms.summary(t.spring)), left, y - 2, w, 16)
        y += 16
      }
    }
    func segmented(_ caption: String, _ options: [(String, Bool, (inout Tuning) -> Void)]) {
      add(.caption(caption), left, y + 4, 90, 16)
      let bw = (w - 90) / Double(options.count)
      for (i, option) in options.enumerated() {
        add(
          .segment(label: option.0, selected: option.1, apply: option.2), left + 90 + Double(i) * bw, y, bw,
          22)
      }
      y += 28
    }
    segmented(
      "rubber band",
      RubberBandKind.allCases.map { kind in
        (kind.rawValue, t.rubberBand.kind == kind, { $0.rubberBand.kind = kind })
      })
    let policies: [(String, String)] = [
      ("nearest", "nearest"), ("rushing", "rushingForward"), ("projection", "projection"), ("free", "free"),
    ]
    segmented(
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
    segmented("header", modes.map { m in (m.0, t.header.mode == m.1, { $0.header.mode = m.1 }) })
    segmented(
      "edge", SheetEdge.allCases.map { e in (e.rawValue, t.layout.edge == e, { $0.layout.edge = e }) })
    add(.reduceMotion(on: t.reduceMotion), left, y + 2, w * 0.45, 18)
    if case .projection(_, let skips) = t.policy {
      add(.skipsNotches(on: skips), left + w * 0.45, y + 2, w * 0.55, 18)
    }
    y += 24
    let sheet = model.stack.root
    let names = sheet.notches.map(\.name)
    let dimming = t.dimmingNotches
    let range = (names[min(dimming.start, names.count - 1)], names[min(dimming.end, names.count - 1)])
    func next(_ name: String) -> String { names[((names.firstIndex(of: name) ?? 0) + 1) % names.count] }
    add(.caption("dims from"), left, y + 5, 90, 16)
    add(.dimmingNotch(isStart: true, name: range.0, next: next(range.0)), left + 90, y, (w - 120) / 2, 24)
    add(
      .dimmingNotch(isStart: false, name: range.1, next: next(range.1)), left + 90 + (w - 120) / 2 + 30, y,
      (w - 120) / 2, 24)
    // (The edge row above took 28 px: the rows below are that much tighter, so the panel still
    // ends with "copy as" in an 800-px window.)
    y += 28
    for (i, notch) in sheet.notches.enumerated() {
      add(.notch(index: i, name: notch.name, height: notch.height, enabled: notch.enabled), left, y, w, 18)
      y += 20
    }
    y += 6
    add(.stepResponse, left, y, w, 60)
    y += 66
    add(.dimmingCurve, left, y, w, 30)
    y += 36
    if let reference = model.panel.reference {
      // Replay, "use fitted spring" and save share the row.
      add(.replayButton, left, y, w * 0.27 - 4, 24)
      add(.useReference(reference), left + w * 0.27, y, w * 0.5 - 4, 24)
      add(.saveButton, left + w * 0.77, y, w * 0.23, 24)
    } else {
      add(.replayButton, left, y, w * 0.6 - 4, 24)
      add(.saveButton, left + w * 0.6, y, w * 0.4, 24)
    }
    y += 30
    add(.caption("A/B vs"), left, y + 4, 50, 16)
    // A/B compares release motion: the presets that set the spring.
    let choices: [String?] = [nil] + model.presets.filter { $0.value["spring"] != nil }.map(\.name)
    let cw = (w - 50) / Double(choices.count)
    let compared = model.playback.comparison?.name
    for (i, name) in choices.enumerated() {
      add(.compare(name, selected: compared == name), left + 50 + Double(i) * cw, y, cw, 22)
    }
    y += 28
    add(.caption("time"), left, y + 4, 50, 16)
    let sw = (w - 50 - 110) / Double(Playback.scales.count)
    for (i, scale) in Playback.scales.enumerated() {
      add(
        .timeScale(scale, selected: model.playback.scale == scale), left + 50 + Double(i) * sw, y, sw, 22)
    }
    add(.pauseButton(paused: model.playback.paused), left + w - 108, y, 54, 22)
    add(.stepButton, left + w - 52, y, 52, 22)
    y += 28
    add(.caption("copy as"), left, y + 4, 50, 16)
    let formats: [ExportFormat] = [.swiftui, .uikit, .compose, .css, .json]
    let fw = (w - 50) / Double(formats.count)
    for (i, format) in formats.enumerated() {
      add(.copyAs(format), left + 50 + Double(i) * fw, y, fw, 22)
    }
    y += 32
    // The sheet's declared content and modes, below the fold of an 800-px window (the panel
    // scrolls to them): each button is a `tune` like every other control.
    add(.caption("sheet content"), left, y, w, 16)
    y += 22
    segmented(
      "list",
      ListInteraction.allCases.map { m in (m.rawValue, t.list.interaction == m, { $0.list.interaction = m }) }
    )
    segmented(
      "keyboard",
      KeyboardBehavior.allCases.map { b in
        (b.rawValue, t.keyboard.behavior == b, { $0.keyboard.behavior = b })
      })
    segmented(
      "dragging",
      [true, false].map { on in
        (on ? "draggable" : "fixed", t.sheet.draggable == on, { $0.sheet.draggable = on })
      })
    segmented(
      "dismissal",
      [false, true].map { on in
        (on ? "confirm" : "direct", t.dismiss.confirm == on, { $0.dismiss.confirm = on })
      })
    segmented(
      "footer",
      [0.0, 44, 64].map { h in
        (h == 0 ? "none" : "\(Int(h)) px", t.footer.height == h, { $0.footer.height = h })
      })
    segmented(
      "corners",
      [0.0, 12, 24].map { r in ("\(Int(r)) px", t.sheet.cornerRadius == r, { $0.sheet.cornerRadius = r }) })
    segmented(
      "float inset",
      [0.0, 12, 24].map { d in ("\(Int(d)) px", t.layout.bottomInset == d, { $0.layout.bottomInset = d }) })
    return out
  }
}
