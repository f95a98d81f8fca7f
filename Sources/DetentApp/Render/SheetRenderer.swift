import Foundation
import Detent

/// Draws sheets from their snapshots: shadow, rounded top, grabber, header (search field and
/// chips, or a detail title bar), list rows (only the visible ones) and a scroll indicator.
struct SheetRenderer {
  static let background = Color(hex: 0xFFFFFF)
  static let separator = Color(hex: 0xE5E5EA)
  static let primary = Color(hex: 0x1C1C1E)
  static let secondary = Color(hex: 0x6E6E73)
  static let accent = Color(hex: 0x1A73E8)
  static let field = Color(hex: 0xEEEEF0)

  let canvas: Canvas
  let text: TextCache
  let sprites: SpriteCache
  let labels: PlaceLabels

  /// The search field and filter chips in header-local coordinates (drawn into a sprite).
  private func drawHeader(canvas: Canvas, model: DemoModel, width: Double, height: Double) {
    let layout = HeaderLayout(width: width, height: height)
    if let f = layout.searchField {
      let y = f.y
      canvas.fillRoundedRect(f.x, y, f.w, f.h, radius: 10, Self.field)
      canvas.fillCircle(f.x + 20, y + f.h / 2 - 2, 7, Self.secondary)
      canvas.fillCircle(f.x + 20, y + f.h / 2 - 2, 5, Self.field)
      canvas.line(f.x + 24, y + f.h / 2 + 2, f.x + 29, y + f.h / 2 + 7, width: 2.5, Self.secondary)
      let label = model.search.query.isEmpty ? "Search Maps" : model.search.query
      let color = model.search.query.isEmpty ? Self.secondary : Self.primary
      let w = text.draw(canvas, label, x: f.x + 38, y: y + f.h / 2 - 9, .body, color)
      if model.search.focused {
        let caretX = f.x + 38 + (model.search.query.isEmpty ? 0 : w) + 1
        canvas.fillRect(caretX, y + 9, 2, f.h - 18, Self.accent)
      }
    }
    for (i, c) in layout.chips.enumerated() {
      let selected = i == model.search.chip
      canvas.fillRoundedRect(
        c.x, c.y, c.w, c.h, radius: c.h / 2, selected ? Self.accent : Color(hex: 0xF1F3F4))
      text.drawCentered(
        canvas, HeaderLayout.chipLabels[i], cx: c.x + c.w / 2, cy: c.y + c.h / 2, .caption,
        selected ? .white : Self.primary)
    }
  }

  /// The root sheet with the search header and the place list.
  /// Nothing is drawn below `coveredFrom` (the top of an opaque sheet stacked above).
  func drawRoot(
    _ s: SheetSnapshot, model: DemoModel, width: Double, coveredFrom: Double? = nil, shadow: Bool = false
  ) {
    guard s.height > 0.5 else { return }
    let header = model.rootTuning.header
    let headerTop = (s.top + SheetLayout.grabberHeight + s.headerOffset).rounded()
    let clip = (
      x: 0.0, y: s.top + SheetLayout.grabberHeight, w: width,
      h: max(s.listTop - s.top - SheetLayout.grabberHeight, 0)
    )
    let key = SpriteCache.Key.header(
      width: Int(width), height: Int(header.height), chip: model.search.chip, focused: model.search.focused,
      text: model.search.query)
    let sprite = sprites.sprite(
      key, width: Int(width), height: Int(header.height), opaque: true,
      draw: { canvas in
        drawHeader(canvas: canvas, model: model, width: width, height: header.height)
      })
    // The opaque header covers the rows where the clip and the sprite meet (the clip's rows as
    // the canvas rounds them): the body's fill leaves them out rather than fill them twice.
    var covered: Range<Double>?
    if let sprite {
      let clipTop = clip.y.rounded(.down)
      let from = max(clipTop, headerTop)
      let to = min(clipTop + clip.h.rounded(.up), headerTop + Double(sprite.height))
      if from < to { covered = from..<to }
    }
    drawBody(s, width: width, shadow: shadow, bottom: coveredFrom, skipping: covered)
    if let sprite {
      canvas.clip(clip)
      sprites.draw(sprite, x: 0, y: headerTop)
      canvas.clip(nil)
    }
    drawList(
      s, width: width, rows: model.rowCount, rowHeight: model.rootTuning.list.rowHeight, bottom: coveredFrom
    ) {
      row, y in
      let place = labels.row(model.placeIndex(row: row), in: model.places)
      drawPlaceRow(place, y: y, width: width, rowHeight: model.rootTuning.list.rowHeight)
    }
    if model.rowCount == 0 {
      text.drawCentered(canvas, "No results", cx: width / 2, cy: s.listTop + 40, .body, Self.secondary)
    }
  }

  /// A pushed detail sheet for `place` (its strings, kept by `PlaceLabels`).
  /// `info` is the place's detail rows (label, value), computed once per place by the caller.
  func drawDetail(
    _ s: SheetSnapshot, place row: PlaceLabels.Row, info: [(label: String, value: String)], width: Double,
    rowHeight: Double
  ) {
    guard s.height > 0.5 else { return }
    drawBody(s, width: width, shadow: true)
    let top = s.top + SheetLayout.grabberHeight
    // Title bar: the name and category (text on white, copied without blending) and the close
    // button (one small opaque sprite for every place).
    text.draw(canvas, row.place.name, x: 16, y: top + 4, .title, Self.primary, background: Self.background)
    text.draw(canvas, row.caption, x: 16, y: top + 34, .caption, Self.secondary, background: Self.background)
    let close = HeaderLayout(width: width, height: 76).closeButton
    let side = Int(close.r * 2) + 2
    if let sprite = sprites.sprite(
      .closeButton(radius: Int(close.r)), width: side, height: side, opaque: true,
      draw: { canvas in
        let c = Double(side) / 2
        canvas.fillCircle(c, c, close.r, Color(hex: 0xE9E9EB))
        canvas.line(c - 5, c - 5, c + 5, c + 5, width: 2.2, Self.secondary)
        canvas.line(c - 5, c + 5, c + 5, c - 5, width: 2.2, Self.secondary)
      })
    {
      sprites.draw(sprite, x: close.cx - Double(side) / 2, y: top + close.cy - Double(side) / 2)
    }
    let white = Self.background
    drawList(s, width: width, rows: info.count, rowHeight: rowHeight) { row, y in
      if row == 0 {
        // The action buttons: one opaque sprite per width.
        if let sprite = sprites.sprite(
          .actions(width: Int(width), height: Int(rowHeight)), width: Int(width), height: Int(rowHeight),
          opaque: true,
          draw: { canvas in
            let buttons = ["Directions", "Call", "Website"]
            let bw = (width - 32 - 16) / 3
            for (i, b) in buttons.enumerated() {
              let x = 16 + Double(i) * (bw + 8)
              canvas.fillRoundedRect(
                x, 8, bw, rowHeight - 16, radius: 10, i == 0 ? Self.accent : Color(hex: 0xEEF3FD))
              text.drawCentered(
                canvas, b, cx: x + bw / 2, cy: rowHeight / 2, .bodyBold, i == 0 ? .white : Self.accent)
            }
          })
        {
          sprites.draw(sprite, x: 0, y: y)
        }
        return
      }
      text.draw(canvas, info[row].label, x: 16, y: y + 9, .caption, Self.secondary, background: white)
      text.draw(
        canvas, info[row].value, x: 16, y: y + 28, .body, row == 5 ? Self.accent : Self.primary,
        background: white
      )
      canvas.fillRect(16, y + rowHeight - 1, width - 16, 1, Self.separator)
    }
  }

  /// The sheet's rounded top, grabber and body. The root sheet's shadow is part of the map
  /// strip (`BackdropStrip`); a stacked sheet draws its own (`shadow`), over what lies below.
  /// The body is filled down to `bottom` (the window's bottom by default).
  /// The rows in `skipping` are left out of the fill (something opaque covers them).
  private func drawBody(
    _ s: SheetSnapshot, width: Double, shadow: Bool = false, bottom: Double? = nil,
    skipping: Range<Double>? = nil
  ) {
    let top = s.top.rounded()
    let w = Int(width)
    let radius = 12
    if shadow,
      let sprite = sprites.sprite(
        .sheetShadow(width: w), width: w, height: SheetShadow.height, opaque: false,
        draw: { canvas in
          for row in 0..<SheetShadow.height {
            canvas.fillRect(
              0, Double(row), width, 1, Color(hex: 0x000000, alpha: SheetShadow.alpha(row: row)))
          }
        })
    {
      sprites.draw(sprite, x: 0, y: top - Double(SheetShadow.height))
    }
    // The top `radius` rows: two small blended corners and an opaque band with the grabber.
    func corner(right: Bool) {
      if let corner = sprites.sprite(
        .sheetCorner(right: right), width: radius, height: radius, opaque: false,
        draw: { canvas in
          canvas.fillRoundedRect(
            right ? -Double(radius) : 0, 0, Double(radius * 2), Double(radius), radius: Double(radius),
            Self.background, topOnly: true)
        })
      {
        sprites.draw(corner, x: right ? width - Double(radius) : 0, y: top)
      }
    }
    corner(right: false)
    corner(right: true)
    if w > 2 * radius,
      let band = sprites.sprite(
        .sheetBand(width: w), width: w - 2 * radius, height: radius, opaque: true,
        background: Self.background,
        draw: { canvas in
          canvas.fillRoundedRect(
            width / 2 - 20 - Double(radius), 7, 40, 5, radius: 2.5, Color(hex: 0xC7C7CC))
        })
    {
      sprites.draw(band, x: Double(radius), y: top)
    }
    // The body: one whole-pixel rectangle (the renderer's fast fill).
    let bodyTop = top + Double(radius)
    let bodyBottom = min(s.windowHeight, bottom ?? s.windowHeight).rounded(.up)
    func fill(_ from: Double, _ to: Double) {
      canvas.fillRect(0, from, width.rounded(), max(to - from, 0), Self.background)
    }
    if let skipping, skipping.lowerBound >= bodyTop, skipping.upperBound <= bodyBottom {
      fill(bodyTop, skipping.lowerBound)
      fill(skipping.upperBound, bodyBottom)
    } else {
      fill(bodyTop, bodyBottom)
    }
  }

  private func drawList(
    _ s: SheetSnapshot, width: Double, rows: Int, rowHeight: Double, bottom: Double? = nil,
    row draw: (Int, Double) -> Void
  ) {
    let visibleBottom = min(s.bottom, s.windowHeight, bottom ?? .infinity)
    guard visibleBottom > s.listTop, rows > 0 else { return }
    canvas.clip((0, s.listTop, width, visibleBottom - s.listTop))
    let first = max(0, Int((s.listOffset / rowHeight).rounded(.down)))
    let last = min(rows - 1, Int(((s.listOffset + visibleBottom - s.listTop) / rowHeight).rounded(.up)))
    if first <= last {
      for row in first...last { draw(row, s.listTop + Double(row) * rowHeight - s.listOffset) }
    }
    let content = Double(rows) * rowHeight
    if content > s.listViewport, s.listViewport > 0 {
      let visible = visibleBottom - s.listTop
      let barHeight = max(36, visible * visible / content)
      let fraction = s.maxListOffset > 0 ? min(max(s.listOffset / s.maxListOffset, 0), 1) : 0
      let alpha: UInt8 = s.phase == .scrolling ? 150 : 70
      // A 4 px bar whose end rows are inset by 1 px (its rounded ends at this size), in three
      // whole-pixel rectangles: blended fills, no geometry.
      let color = Color(hex: 0x000000, alpha: alpha)
      let x = width.rounded() - 7
      let y = (s.listTop + 3 + fraction * (visible - barHeight - 6)).rounded()
      let h = barHeight.rounded()
      canvas.fillRect(x + 1, y, 2, 1, color)
      canvas.fillRect(x, y + 1, 4, h - 2, color)
      canvas.fillRect(x + 1, y + h - 1, 2, 1, color)
    }
    canvas.clip(nil)
  }

  private func drawPlaceRow(_ row: PlaceLabels.Row, y: Double, width: Double, rowHeight: Double) {
    let cy = y + rowHeight / 2
    let place = row.place
    let category = place.category
    if let icon = sprites.sprite(
      .icon(category: category.rawValue), width: 40, height: 40, opaque: true,
      draw: { canvas in
        canvas.fillCircle(20, 20, 18, Color(hex: category.color))
        text.drawCentered(canvas, category.glyph, cx: 20, cy: 20, .bodyBold, .white)
      })
    {
      sprites.draw(icon, x: 16, y: cy - 20)
    }
    // Rows sit on white: their text is rendered onto white and copied without blending.
    let white = Self.background
    text.draw(
      canvas, place.name, x: 66, y: y + rowHeight / 2 - 20, .bodyBold, Self.primary, background: white)
    text.draw(
      canvas, row.subtitle, x: 66, y: y + rowHeight / 2 + 2, .caption, Self.secondary, background: white)
    text.drawRight(
      canvas, row.distance, right: width - 18, y: y + rowHeight / 2 - 18, .caption, Self.secondary,
      background: white)
    canvas.fillRect(66, y + rowHeight - 1, width - 66, 1, Self.separator)
  }
}
