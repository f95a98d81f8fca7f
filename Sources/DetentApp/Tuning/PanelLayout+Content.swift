import Detent

/// The panel's "sheet content" rows: the sheet's declared content and modes (DESIGN's keys of
/// the sheet, the list, the keyboard, dismissal, the footer and the floating card), below the
/// fold of an 800-px window (the panel scrolls to them). Each press or drag is a `tune`, as
/// everywhere on the panel.
extension PanelBuilder {
  /// Row patterns the `rows` choice offers for `list.rowHeights`.
  static let rowPatterns: [(label: String, heights: [Double])] = [
    ("uniform", [64]), ("64 / 88", [64, 88]), ("headers", [32, 64, 64, 64]),
  ]

  /// The rows for tuning `t`, whose sheet has notches `names`.
  mutating func sheetContent(_ t: Tuning, notches names: [String]) {
    add(.caption("sheet content"), left, y, width, 16)
    y += 22
    segmented(
      "list",
      ListInteraction.allCases.map { m in (m.rawValue, t.list.interaction == m, { $0.list.interaction = m }) }
    )
    // Uniform keeps a uniform list's height; the others are patterns of their own (a 32-px
    // section header before three rows).
    segmented(
      "rows",
      Self.rowPatterns.map { p in
        let selected =
          p.heights.count == 1 ? t.list.rowHeights.isUniform : t.list.rowHeights.heights == p.heights
        return (
          p.label, selected,
          { tuning in
            if !(p.heights.count == 1 && tuning.list.rowHeights.isUniform) {
              tuning.list.rowHeights = RowPattern(p.heights)
            }
          }
        )
      })
    segmented(
      "keyboard",
      KeyboardBehavior.allCases.map { b in
        (b.rawValue, t.keyboard.behavior == b, { $0.keyboard.behavior = b })
      })
    slider(PanelSlider.schema("keyboard.height"), t)
    segmented(
      "on blur",
      [false, true].map { on in
        (on ? "restore notch" : "stay", t.keyboard.restoreOnBlur == on, { $0.keyboard.restoreOnBlur = on })
      })
    segmented(
      "sheet drag",
      [true, false].map { on in
        (on ? "ends focus" : "keeps focus", t.keyboard.blurOnDrag == on, { $0.keyboard.blurOnDrag = on })
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
    slider(PanelSlider.schema("dismiss.threshold"), t)
    lengths("footer", [0, 44, 64], current: t.footer.height, zero: "none") { $0.footer.height = $1 }
    lengths("grabber", [0, 20, 32], current: t.sheet.grabber, zero: "none") { $0.sheet.grabber = $1 }
    lengths("corners", [0, 12, 24], current: t.sheet.cornerRadius) { $0.sheet.cornerRadius = $1 }
    lengths("float inset", [0, 12, 24], current: t.layout.bottomInset) { $0.layout.bottomInset = $1 }
    // Where a floating card attaches: a press steps through the notches.
    cycle("attach at", current: t.layout.attachAt, none: "never", names: names) { $0.layout.attachAt = $1 }
  }
}
