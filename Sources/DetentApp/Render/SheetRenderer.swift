import Foundation
import Detent

/// Draws sheets from their snapshots: shadow, rounded top, grabber, the list's visible rows and
/// its scroll indicator. The root's header and rows are in `SheetRenderer+Root.swift`, a detail
/// sheet's in `SheetRenderer+Detail.swift`.
struct SheetRenderer {
  static let background = Color(hex: 0xFFFFFF)
  static let separator = Color(hex: 0xE5E5EA)
  static let primary = Color(hex: 0x1C1C1E)
  static let secondary = Color(hex: 0x6E6E73)
  static let accent = Color(hex: 0x1A73E8)
  static let field = Color(hex: 0xEEEEF0)
  /// A row or button held down.
  static let pressed = Color(hex: 0xDCDCE1)

  let canvas: Canvas
  let text: TextCache
  let sprites: SpriteCache
  let labels: PlaceLabels

  /// The sheet's rounded top, grabber and body. The root sheet's shadow is part of the map
  /// strip (`BackdropStrip`); a stacked sheet draws its own (`shadow`), over what lies below.
  /// The body is filled down to `bottom` (the window's bottom by default).
  /// The rows in `skipping` are left out of the fill (something opaque covers them).
  func drawBody(
    _ s: SheetSnapshot, width: Double, shadow: Bool = false, bottom: Double? = nil,
    skipping: Range<Double>? = nil
  ) {
    let top = s.top.rounded()
    let w = Int(width)
    let radius = Int(s.cornerRadius)
    if shadow, let sprite = SheetShadow.sprite(width: w, in: sprites) {
      sprites.draw(sprite, x: 0, y: top - Double(SheetShadow.height))
    }
    drawCap(top: top, width: width, radius: radius)
    // The body: one whole-pixel rectangle (the renderer's fast fill).
    let bodyTop = top + Double(radius)
    // A floating card ends above the window's bottom, with rounded bottom corners.
    let floating = s.floatingInset > 0.5 && s.bottom - s.top > 2 * Double(radius)
    let end = floating ? s.bottom.rounded() : s.windowHeight
    let bodyBottom = min(end - (floating ? Double(radius) : 0), bottom ?? s.windowHeight).rounded(.up)
    func fill(_ from: Double, _ to: Double) {
      canvas.fillRect(0, from, width.rounded(), max(to - from, 0), Self.background)
    }
    if let skipping, skipping.lowerBound >= bodyTop, skipping.upperBound <= bodyBottom {
      fill(bodyTop, skipping.lowerBound)
      fill(skipping.upperBound, bodyBottom)
    } else {
      fill(bodyTop, bodyBottom)
    }
    if floating, bottom.map({ $0 >= end }) ?? true {
      canvas.fillRoundedRect(
        0, end - 2 * Double(radius), width.rounded(), 2 * Double(radius), radius: Double(radius),
        Self.background)
    }
  }

  /// A bottom sheet's top `radius` rows at whole-pixel `top`: two small blended corners and an
  /// opaque band with the grabber between them (sprites).
  func drawCap(top: Double, width: Double, radius: Int) {
    let w = Int(width)
    func corner(right: Bool) {
      if let corner = sprites.sprite(
        .sheetCorner(right: right, radius: radius), width: radius, height: radius, opaque: false,
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
        .sheetBand(width: w, radius: radius), width: w - 2 * radius, height: radius, opaque: true,
        background: Self.background,
        draw: { canvas in
          canvas.fillRoundedRect(
            width / 2 - 20 - Double(radius), 7, 40, 5, radius: 2.5, Color(hex: 0xC7C7CC))
        })
    {
      sprites.draw(band, x: Double(radius), y: top)
    }
  }

  /// The list's visible rows (each drawn by `draw` with its row index and top y), clipped to the
  /// list and above `bottom`, and the scroll indicator at opacity `indicator` (0 hides it), its
  /// track starting `covered` px below the list's top (what a pinned header covers there).
  func drawList(
    _ s: SheetSnapshot, width: Double, rows: Int, bottom: Double? = nil,
    indicator: Double = 0, covered: Double = 0, row draw: (Int, Double, Double) -> Void
  ) {
    let visibleBottom = min(s.bottom, s.windowHeight, s.footerTop, bottom ?? .infinity)
    guard visibleBottom > s.listTop, rows > 0 else { return }
    canvas.clip((0, s.listTop, width, visibleBottom - s.listTop))
    // The rows in view, found from the pattern's prefix sums whatever the row count.
    let pattern = s.rowHeights
    let first = pattern.row(at: max(s.listOffset, 0))
    let last = min(rows - 1, pattern.row(at: s.listOffset + visibleBottom - s.listTop))
    if first <= last {
      for row in first...last { draw(row, s.rowTop(row), pattern.height(ofRow: row)) }
    }
    drawIndicator(
      s, width: width, rows: rows, visibleBottom: visibleBottom, opacity: indicator, covered: covered)
    canvas.clip(nil)
  }

  /// The list's scroll indicator alone, as `drawList` draws it over the rows (the list's clip
  /// set here): a set-back root drawn from its cached rows (`RootCache`) adds it to them.
  func drawIndicator(
    _ s: SheetSnapshot, width: Double, rows: Int, bottom: Double?, opacity: Double, covered: Double
  ) {
    let visibleBottom = min(s.bottom, s.windowHeight, s.footerTop, bottom ?? .infinity)
    guard visibleBottom > s.listTop, rows > 0, opacity > 0 else { return }
    canvas.clip((0, s.listTop, width, visibleBottom - s.listTop))
    drawIndicator(
      s, width: width, rows: rows, visibleBottom: visibleBottom, opacity: opacity, covered: covered)
    canvas.clip(nil)
  }

  /// The scroll indicator of a list visible down to `visibleBottom`, in the current clip.
  private func drawIndicator(
    _ s: SheetSnapshot, width: Double, rows: Int, visibleBottom: Double, opacity indicator: Double,
    covered: Double
  ) {
    let content = s.rowHeights.contentHeight(rows: rows)
    if content > s.listViewport, s.listViewport > 0, indicator > 0, visibleBottom - s.listTop - covered > 48 {
      let visible = visibleBottom - s.listTop - covered
      let barHeight = max(36, visible * visible / content)
      let fraction = s.maxListOffset > 0 ? min(max(s.listOffset / s.maxListOffset, 0), 1) : 0
      let alpha = UInt8((130 * min(indicator, 1)).rounded())
      // A 4 px bar whose end rows are inset by 1 px (its rounded ends at this size), in three
      // whole-pixel rectangles: blended fills, no geometry.
      let color = Color(hex: 0x000000, alpha: alpha)
      let x = width.rounded() - 7
      let y = (s.listTop + covered + 3 + fraction * (visible - barHeight - 6)).rounded()
      let h = barHeight.rounded()
      canvas.fillRect(x + 1, y, 2, 1, color)
      canvas.fillRect(x, y + 1, 4, h - 2, color)
      canvas.fillRect(x + 1, y + h - 1, 2, 1, color)
    }
  }
}
