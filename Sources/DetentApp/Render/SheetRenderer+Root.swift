import Detent

/// The root sheet: the search field pinned at its top, the chips that hide with the header, and
/// the place rows; pressed rows, chips and buttons are drawn pressed.
extension SheetRenderer {
  /// The root sheet with the search header and the place list, from snapshot `s` (as drawn: a
  /// detail sheet may set it back). Nothing is drawn below `coveredFrom` (the top of an opaque
  /// sheet stacked above). `body: false` leaves the body to the caller (`drawEdgeBody`).
  func drawRoot(
    _ s: SheetSnapshot, model: DemoModel, width: Double, coveredFrom: Double? = nil, shadow: Bool = false,
    indicator: Double = 0, body: Bool = true
  ) {
    guard s.height > 0.5 else { return }
    let header = model.rootTuning.header
    let pressed = model.highlighted
    let layout = HeaderLayout(
      width: width, height: header.height, focused: model.search.focused, chipScroll: model.search.chipScroll)
    let bottom = min(s.bottom, s.windowHeight, coveredFrom ?? .infinity)
    let band = (s.top + s.grabber).rounded()
    let bandHeight = layout.searchField == nil ? 0 : HeaderLayout.fieldBand
    // The field's band is opaque and always drawn: the body's fill leaves its rows out.
    if body {
      drawBody(s, width: width, shadow: shadow, bottom: coveredFrom, skipping: band..<(band + bandHeight))
    }
    // The chips: the header's part below the field band, moving with the header offset.
    let chipsTop = band + bandHeight
    if header.height > bandHeight, s.listTop > chipsTop, bottom > chipsTop {
      let h = Int(header.height - bandHeight)
      let pressedChip: Int = if case .chip(let i) = pressed { i } else { -1 }
      let key = SpriteCache.Key.chips(
        width: Int(width), height: h, chip: model.search.chip, pressed: pressedChip,
        scroll: Int(model.search.chipScroll.rounded()))
      if let sprite = sprites.sprite(
        key, width: Int(width), height: h, opaque: true,
        draw: { canvas in
          drawChips(canvas: canvas, layout: layout, selected: model.search.chip, pressed: pressedChip)
        })
      {
        canvas.clip((0, chipsTop, width, min(s.listTop, bottom) - chipsTop))
        sprites.draw(
          sprite, x: 0, y: (s.top + s.grabber + s.headerOffset).rounded() + bandHeight)
        canvas.clip(nil)
      }
    }
    drawList(
      s, width: width, rows: model.rowCount, bottom: coveredFrom, indicator: indicator,
      covered: max(band + bandHeight - s.listTop, 0)
    ) {
      row, y, rowHeight in
      let place = labels.row(model.placeIndex(row: row), in: model.places)
      drawPlaceRow(place, y: y, width: width, rowHeight: rowHeight, pressed: pressed == .row(row))
    }
    if model.rowCount == 0, s.listTop + 40 < bottom {
      text.drawCentered(canvas, "No results", cx: width / 2, cy: s.listTop + 40, .body, Self.secondary)
    }
    // A declared footer says how many places the list holds.
    drawFooter(s, width: width, bottom: coveredFrom) { top in
      let label = model.rowCount == 1 ? "1 place" : "\(model.rowCount) places"
      text.drawCentered(
        canvas, label, cx: width / 2, cy: top + min(s.footerHeight, 44) / 2, .caption, Self.secondary)
    }
    // The search field, pinned: rows scrolled under it are covered, with a hairline below.
    guard bandHeight > 0, bottom > band else { return }
    let pressedButton: Int =
      switch pressed {
      case .clearSearch: 1
      case .cancelSearch: 2
      default: 0
      }
    let key = SpriteCache.Key.searchField(
      width: Int(width), focused: model.search.focused, text: model.search.query, pressed: pressedButton)
    if let sprite = sprites.sprite(
      key, width: Int(width), height: Int(bandHeight), opaque: true,
      draw: { canvas in
        drawSearchField(canvas: canvas, layout: layout, model: model, pressed: pressedButton)
      })
    {
      canvas.clip((0, band, width, bottom - band))
      sprites.draw(sprite, x: 0, y: band)
      if s.listTop < band + bandHeight { canvas.fillRect(0, band + bandHeight - 1, width, 1, Self.separator) }
      canvas.clip(nil)
    }
  }

  /// The root list's scroll indicator at opacity `indicator` alone, where `drawRoot` puts it
  /// for snapshot `s` above `coveredFrom`: a set-back root copied from `RootCache` (whose
  /// texture holds the root without it) adds it over the copy.
  func drawRootIndicator(
    _ s: SheetSnapshot, model: DemoModel, width: Double, coveredFrom: Double?, indicator: Double
  ) {
    guard s.height > 0.5, indicator > 0 else { return }
    let layout = HeaderLayout(
      width: width, height: model.rootTuning.header.height, focused: model.search.focused)
    let band = (s.top + s.grabber).rounded()
    let bandHeight = layout.searchField == nil ? 0 : HeaderLayout.fieldBand
    drawIndicator(
      s, width: width, rows: model.rowCount, bottom: coveredFrom, opacity: indicator,
      covered: max(band + bandHeight - s.listTop, 0))
  }

  /// The search field in its band's local coordinates: magnifier, query or placeholder, caret,
  /// the clear button (with a query) and Cancel (with focus). `pressed`: 1 clear, 2 Cancel.
  private func drawSearchField(canvas: Canvas, layout: HeaderLayout, model: DemoModel, pressed: Int) {
    guard let f = layout.searchField else { return }
    let y = f.y
    canvas.fillRoundedRect(f.x, y, f.w, f.h, radius: 10, Self.field)
    canvas.fillCircle(f.x + 20, y + f.h / 2 - 2, 7, Self.secondary)
    canvas.fillCircle(f.x + 20, y + f.h / 2 - 2, 5, Self.field)
    canvas.line(f.x + 24, y + f.h / 2 + 2, f.x + 29, y + f.h / 2 + 7, width: 2.5, Self.secondary)
    let query = model.search.query
    let label = query.isEmpty ? "Search Maps" : query
    let w = text.draw(
      canvas, label, x: f.x + 38, y: y + f.h / 2 - 9, .body, query.isEmpty ? Self.secondary : Self.primary)
    if model.search.focused {
      let caretX = f.x + 38 + (query.isEmpty ? 0 : w) + 1
      canvas.fillRect(caretX, y + 9, 2, f.h - 18, Self.accent)
    }
    if !query.isEmpty, let c = layout.clearButton {
      canvas.fillCircle(c.cx, c.cy, c.r, pressed == 1 ? Color(hex: 0x6E6E73) : Color(hex: 0xA1A1A6))
      canvas.line(c.cx - 3.5, c.cy - 3.5, c.cx + 3.5, c.cy + 3.5, width: 1.8, Self.field)
      canvas.line(c.cx - 3.5, c.cy + 3.5, c.cx + 3.5, c.cy - 3.5, width: 1.8, Self.field)
    }
    if let cancel = layout.cancelButton {
      text.drawCentered(
        canvas, "Cancel", cx: cancel.x + cancel.w / 2, cy: cancel.y + cancel.h / 2, .body,
        pressed == 2 ? Color(hex: 0x9CC0F5) : Self.accent)
    }
  }

  /// The chips in their band's local coordinates (the header's chips moved up by the field band).
  private func drawChips(canvas: Canvas, layout: HeaderLayout, selected: Int, pressed: Int) {
    for (i, c) in layout.chips.enumerated() {
      let fill: Color =
        switch (i == selected, i == pressed) {
        case (true, false): Self.accent
        case (true, true): Color(hex: 0x1558B0)
        case (false, false): Color(hex: 0xF1F3F4)
        case (false, true): Color(hex: 0xD5D8DC)
        }
      let y = c.y - HeaderLayout.fieldBand
      canvas.fillRoundedRect(c.x, y, c.w, c.h, radius: c.h / 2, fill)
      text.drawCentered(
        canvas, HeaderLayout.chipLabels[i], cx: c.x + c.w / 2, cy: y + c.h / 2, .caption,
        i == selected ? .white : Self.primary)
    }
  }

  /// One place row: icon, name, subtitle and distance, on white (or the pressed grey).
  private func drawPlaceRow(
    _ row: PlaceLabels.Row, y: Double, width: Double, rowHeight: Double, pressed: Bool
  ) {
    if rowHeight < Self.compactRowBelow {
      return drawCompactRow(row, y: y, width: width, rowHeight: rowHeight, pressed: pressed)
    }
    let cy = y + rowHeight / 2
    let place = row.place
    let category = place.category
    // Rows sit on white: their text is rendered onto white and copied without blending.
    let background = pressed ? Self.pressed : Self.background
    if pressed { canvas.fillRect(0, y, width, rowHeight, background) }
    if let icon = sprites.sprite(
      .icon(category: category.rawValue, pressed: pressed), width: 40, height: 40, opaque: true,
      background: background,
      draw: { canvas in
        canvas.fillCircle(20, 20, 18, Color(hex: category.color))
        text.drawCentered(canvas, category.glyph, cx: 20, cy: 20, .bodyBold, .white)
      })
    {
      sprites.draw(icon, x: 16, y: cy - 20)
    }
    let distance = text.drawRight(
      canvas, row.distance, right: width - 18, y: y + rowHeight / 2 - 18, .caption, Self.secondary,
      background: background)
    // A name too long for the room left of the distance is cut with an ellipsis.
    let room = width - 18 - distance - 10 - 66
    text.drawCut(
      canvas, place.name, x: 66, y: y + rowHeight / 2 - 20, room: room, .bodyBold, Self.primary,
      background: background, rowTop: y, rowHeight: rowHeight)
    text.draw(
      canvas, row.subtitle, x: 66, y: y + rowHeight / 2 + 2, .caption, Self.secondary, background: background)
    canvas.fillRect(66, y + rowHeight - 1, width - 66, 1, Self.separator)
  }

  /// Rows shorter than this have no room for the icon and two lines: they are drawn compact.
  static let compactRowBelow = 48.0

  /// A short row (a 32-px row of a `[32, 64, 64, 64]` pattern): a grey band with the place's
  /// name and distance on one line, like a section header, so nothing is cut by the row's edges.
  private func drawCompactRow(
    _ row: PlaceLabels.Row, y: Double, width: Double, rowHeight: Double, pressed: Bool
  ) {
    let background = pressed ? Self.pressed : Self.field
    canvas.fillRect(0, y, width, rowHeight, background)
    let top = y + rowHeight / 2 - 8
    let distance = text.drawRight(
      canvas, row.distance, right: width - 18, y: top, .caption, Self.secondary, background: background)
    text.drawCut(
      canvas, row.place.name, x: 16, y: top, room: width - 18 - distance - 10 - 16, .label, Self.primary,
      background: background, rowTop: y, rowHeight: rowHeight)
  }
}
