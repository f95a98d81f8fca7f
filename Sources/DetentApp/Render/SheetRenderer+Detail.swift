import Detent

/// A place's detail sheet: a pinned header (title bar with the close button), the place's info
/// rows, and the action buttons as its sticky footer; a pressed button or row is drawn pressed.
extension SheetRenderer {
  /// A pushed detail sheet for `place` (its strings, kept by `PlaceLabels`). `info` is the
  /// place's detail rows (label, value), computed once per place by the caller; `pressed` is
  /// what the pointer holds down on this sheet.
  func drawDetail(
    _ s: SheetSnapshot, place row: PlaceLabels.Row, info: [(label: String, value: String)], width: Double,
    pressed: PressTarget? = nil, indicator: Double = 0, body: Bool = true
  ) {
    guard s.height > 0.5 else { return }
    if body { drawBody(s, width: width) }
    let top = s.top + s.grabber
    // Title bar: the name and category (text on white, copied without blending) and the close
    // button (one small opaque sprite for every place).
    // A name too long for the room left of the close button is cut with an ellipsis.
    let close = HeaderLayout(width: width, height: DetailSheet.titleHeight).closeButton
    let room = close.cx - close.r - 8 - 16
    text.drawCut(
      canvas, row.place.name, x: 16, y: top + 4, room: room, .title, Self.primary,
      background: Self.background,
      rowTop: top, rowHeight: DetailSheet.titleHeight)
    text.drawCut(
      canvas, row.caption, x: 16, y: top + 34, room: room, .caption, Self.secondary,
      background: Self.background,
      rowTop: top, rowHeight: DetailSheet.titleHeight)
    if let sprite = closeSprite(close, pressed: pressed == .close) {
      let side = Double(sprite.width)
      sprites.draw(sprite, x: close.cx - side / 2, y: top + close.cy - side / 2)
    }
    // The action buttons: the sticky footer, one opaque sprite per width and pressed button.
    let pressedAction: Int = if case .action(let a) = pressed { a.rawValue } else { -1 }
    let actions = actionsSprite(width: width, pressed: pressedAction)
    drawList(s, width: width, rows: info.count, indicator: indicator) { row, y, rowHeight in
      let held: Bool = if case .detailRow(row, _) = pressed { true } else { false }
      let background = held ? Self.pressed : Self.background
      if held { canvas.fillRect(0, y, width, rowHeight, background) }
      text.draw(canvas, info[row].label, x: 16, y: y + 9, .caption, Self.secondary, background: background)
      text.draw(
        canvas, info[row].value, x: 16, y: y + 28, .body,
        DetailSheet.actingRows[row] == nil ? Self.primary : Self.accent, background: background)
      canvas.fillRect(16, y + rowHeight - 1, width - 16, 1, Self.separator)
    }
    drawFooter(s, width: width) { footerTop in
      if let actions { sprites.draw(actions, x: 0, y: footerTop) }
      canvas.fillRect(0, footerTop, width.rounded(), 1, Self.separator)
    }
  }

  /// Makes ahead what `drawDetail` shows of `row` at rest (its name and caption, its info rows,
  /// the close button and the action buttons at `width`), at most `budget` new textures; returns
  /// how many it made (0: everything was made already). For a frame that has drawn, so that a
  /// place opened later finds its sheet made (`SceneRenderer` warms the rows on screen).
  func warmDetail(
    place row: PlaceLabels.Row, info: [(label: String, value: String)], width: Double, budget: Int
  ) -> Int {
    let before = text.renders + sprites.renders
    var made: Int { text.renders + sprites.renders - before }
    let background = Self.background
    // A name or caption too long for its room ends with an ellipsis of its style.
    let head = [
      (row.place.name, TextStyle.title, Self.primary), (row.caption, .caption, Self.secondary),
      ("…", .title, Self.primary), ("…", .caption, Self.secondary),
    ]
    for (string, style, color) in head {
      guard made < budget else { return made }
      _ = text.texture(string, style, color, background: background)
    }
    for (i, line) in info.enumerated() {
      guard made < budget else { return made }
      _ = text.texture(line.label, .caption, Self.secondary, background: background)
      guard made < budget else { return made }
      let color = DetailSheet.actingRows[i] == nil ? Self.primary : Self.accent
      _ = text.texture(line.value, .body, color, background: background)
    }
    guard made < budget else { return made }
    _ = closeSprite(HeaderLayout(width: width, height: DetailSheet.titleHeight).closeButton, pressed: false)
    // The buttons' titles first, one at a time: the buttons' sprite then draws them made.
    for (i, frame) in DetailSheet.actionButtons(width: width).enumerated() {
      let (title, style, fits) = actionTitle(i, room: frame.w - 8)
      let color = i == PlaceAction.directions.rawValue ? Color.white : Self.accent
      guard made < budget else { return made }
      _ = text.texture(title, style, color)
      guard !fits, made < budget else { continue }
      _ = text.texture("…", style, color)
    }
    guard made < budget else { return made }
    _ = actionsSprite(width: width, pressed: -1)
    return made
  }

  /// The close button (one small opaque sprite for every place), `pressed` or not.
  private func closeSprite(_ close: (cx: Double, cy: Double, r: Double), pressed: Bool) -> SpriteCache.Sprite?
  {
    let side = Int(close.r * 2) + 2
    return sprites.sprite(
      .closeButton(radius: Int(close.r), pressed: pressed), width: side, height: side, opaque: true,
      draw: { canvas in
        let c = Double(side) / 2
        canvas.fillCircle(c, c, close.r, pressed ? Color(hex: 0xC7C7CC) : Color(hex: 0xE9E9EB))
        canvas.line(c - 5, c - 5, c + 5, c + 5, width: 2.2, Self.secondary)
        canvas.line(c - 5, c + 5, c + 5, c - 5, width: 2.2, Self.secondary)
      })
  }

  /// The action buttons' band at `width` with button `pressed` (−1: none) darker: one opaque
  /// sprite per width and pressed button.
  private func actionsSprite(width: Double, pressed: Int) -> SpriteCache.Sprite? {
    let band = DetailSheet.actionsHeight
    return sprites.sprite(
      .actions(width: Int(width), height: Int(band), pressed: pressed), width: Int(width), height: Int(band),
      opaque: true, draw: { canvas in drawActions(canvas: canvas, width: width, pressed: pressed) })
  }

  /// The action buttons in their band's coordinates; button `pressed` (−1: none) darker.
  private func drawActions(canvas: Canvas, width: Double, pressed: Int) {
    canvas.fillRect(0, 0, width, DetailSheet.actionsHeight, Self.background)
    for (i, frame) in DetailSheet.actionButtons(width: width).enumerated() {
      let prominent = i == PlaceAction.directions.rawValue
      let fill: Color =
        switch (prominent, i == pressed) {
        case (true, false): Self.accent
        case (true, true): Color(hex: 0x1558B0)
        case (false, false): Color(hex: 0xEEF3FD)
        case (false, true): Color(hex: 0xC9DAF8)
        }
      canvas.fillRoundedRect(frame.x, frame.y, frame.w, frame.h, radius: 10, fill)
      let (title, style, fits) = actionTitle(i, room: frame.w - 8)
      let color = prominent ? Color.white : Self.accent
      if fits {
        text.drawCentered(canvas, title, cx: frame.x + frame.w / 2, cy: frame.y + frame.h / 2, style, color)
      } else {
        text.drawCut(
          canvas, title, x: frame.x + 4, y: frame.y + frame.h / 2 - 7, room: frame.w - 8, style, color,
          rowTop: frame.y, rowHeight: frame.h)
      }
    }
  }

  /// Action button `i`'s title and its type in `room` px: a narrow window's buttons take a
  /// smaller type (down to 11 pt); below that (`fits` false) the title is cut with an ellipsis.
  private func actionTitle(_ i: Int, room: Double) -> (title: String, style: TextStyle, fits: Bool) {
    let title = PlaceAction.allCases[i].title
    let style = Self.titleStyles.first(where: { text.measure(title, $0) <= room })
    return (title, style ?? Self.titleStyles.last!, style != nil)
  }

  /// The action buttons' title styles, largest first.
  static let titleStyles = [15, 13, 11].map { TextStyle(size: $0, bold: true) }
}
