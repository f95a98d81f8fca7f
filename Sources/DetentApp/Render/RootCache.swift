@preconcurrency import CSDL2
import Detent

/// The root sheet kept in a texture while a detail sheet sets it back. Each frame of a place
/// opening (a detail sheet rising, the root sinking under a darkening veil, the map's camera
/// flying) would draw the whole root again: body, search field, chips, every visible row. Instead
/// the root is drawn once, as it stands without the set-back, into a texture keyed by everything
/// its pixels depend on (`Key`: its geometry relative to its top, list offset, rows, header,
/// search, pressed item, width, scale), and each set-back frame copies that texture's rows below
/// the rounded top to where the root is drawn, cut at the detail sheet's opaque top; the rounded
/// top (two corner sprites and the grabber band) and the scroll indicator are drawn as without
/// the cache.
///
/// The veil: on a GPU renderer the copy's colour modulation (black at alpha a over a pixel is
/// the pixel times (255 − a)/255); on the software renderer the copy is plain and the veil is
/// the same in-place darkening as without the cache.
///
/// The copy moves the root by whole pixels: where the drop is fractional its parts (rounded one
/// by one when drawn directly) may land 1 px from where the direct drawing puts them. So the
/// software renderer uses it only on progressive frames (`Use.progressive`: the demo and the
/// bench); shots and goldens draw the rows. A whole-pixel drop gives exactly the direct frame's
/// pixels (`RootCacheTests`).
///
/// Not covered (drawn as without the cache): a shade or drawer, a floating card, a corner
/// radius other than 12 or one above the grabber strip, an empty list. A texture is made only
/// for a root whose key held in the previous frame too (a root moving while a detail sheet rises
/// would be drawn twice a frame).
final class RootCache {
  /// Which frames draw a set-back root from the cache.
  enum Use: Sendable {
    /// None: every frame draws the root's rows.
    case never
    /// Every frame of a GPU renderer; progressive frames of the software renderer.
    case progressive
    /// Every set-back frame it covers, the software renderer's exact frames included (tests).
    case always
  }

  /// Everything the cached pixels depend on. Positions are relative to the texture's top (the
  /// root's top rounded down), so a key holds while the root stays put in its own terms.
  struct Key: Equatable {
    var top: Double
    var listTop: Double
    var bottom: Double
    var footerTop: Double
    var windowHeight: Double
    var height: Double
    var listOffset: Double
    var headerOffset: Double
    var footerHeight: Double
    var rowHeights: RowPattern
    var width: Double
    var scale: Int
    var places: PlaceDirectory
    var rows: Int
    var header: Double
    var query: String
    var focused: Bool
    var chip: Int
    var chipScroll: Double
    var pressed: PressTarget?
  }

  /// The cached root for this frame.
  struct Placement {
    /// The texture: the root without its set-back, its row 0 at `origin` (whole points).
    let texture: OpaquePointer
    let origin: Double
    /// The texture's height, points.
    let height: Int
    /// The root's top without the set-back (as its snapshot gives it).
    let top: Double
  }

  /// Which frames use the cache.
  var use = Use.progressive
  /// Rows below the rounded top that come from the texture: the cap above them is drawn.
  static let cap = 12
  private let view = ViewTexture(access: SDL_TEXTUREACCESS_TARGET)
  private var cachedKey: Key?
  private var lastKey: Key?
  /// Times the root was drawn into the texture since start.
  private(set) var builds = 0
  /// Set-back frames drawn from the texture since start.
  private(set) var copies = 0

  /// The cached root for a frame that draws `model`'s root set back as `drawn` (progress
  /// `progress`) in a column `width` wide: drawn into the texture first when its key changed;
  /// nil when this frame draws the root as without the cache. Called every frame (the key is
  /// remembered), before the column is set.
  func prepare(
    _ model: DemoModel, drawn: SheetSnapshot, progress: Double, width: Double, progressive: Bool,
    canvas: Canvas, sheets: SheetRenderer
  ) -> Placement? {
    let source = SheetRenderer.content(model.stack.root.snapshot)
    guard source.edge == .bottom, source.floatingInset <= 0.5, source.cornerRadius == Double(Self.cap),
      source.grabber >= source.cornerRadius, source.top >= 0, source.height > 0.5, model.rowCount > 0,
      source.windowHeight == source.windowHeight.rounded(), width == width.rounded()
    else {
      lastKey = nil
      return nil
    }
    let origin = source.top.rounded(.down)
    let key = Key(
      top: source.top - origin, listTop: source.listTop - origin, bottom: source.bottom - origin,
      footerTop: source.footerTop - origin, windowHeight: source.windowHeight - origin, height: source.height,
      listOffset: source.listOffset, headerOffset: source.headerOffset, footerHeight: source.footerHeight,
      rowHeights: source.rowHeights, width: width, scale: canvas.scale, places: model.places,
      rows: model.rowCount, header: model.rootTuning.header.height, query: model.search.query,
      focused: model.search.focused, chip: model.search.chip, chipScroll: model.search.chipScroll,
      pressed: model.highlighted)
    let seen = lastKey == key
    lastKey = key
    let allowed =
      switch use {
      case .never: false
      case .progressive: progressive || !canvas.isSoftware
      case .always: true
      }
    let height = Int(key.windowHeight)
    guard allowed, progress > 0, drawn.height > 0.5, drawn.edge == .bottom, height > Self.cap,
      seen || cachedKey == key,
      let (texture, fresh) = view.texture(for: canvas, width: Int(width), height: height)
    else { return nil }
    if fresh || cachedKey != key {
      var local = source
      local.top -= origin
      local.listTop -= origin
      local.bottom -= origin
      local.footerTop -= origin
      local.windowHeight -= origin
      canvas.target(texture)
      canvas.clear(SheetRenderer.background)
      sheets.drawRoot(local, model: model, width: width)
      canvas.target(nil)
      cachedKey = key
      builds += 1
    }
    return Placement(texture: texture, origin: origin, height: height, top: source.top)
  }

  /// Draws the root set back as `drawn` from `placement` in the current column `width` wide,
  /// nothing below `bottom` (the first opaque detail sheet's top, or the window's bottom), with
  /// the set-back's veil of black at `veil`, and the scroll indicator at opacity `indicator`.
  func draw(
    _ placement: Placement, drawn: SheetSnapshot, model: DemoModel, width: Double, bottom: Double,
    veil: UInt8, indicator: Double, canvas: Canvas, sheets: SheetRenderer
  ) {
    copies += 1
    // The whole pixels the root moves by; its top as drawn from the texture.
    let shift = (drawn.top - placement.top).rounded()
    let top = placement.top.rounded() + shift
    sheets.drawCap(top: top, width: width, radius: Self.cap)
    // The veil's top rows between the corners, then the rows below them as the copy's colour
    // modulation where that is fast (a GPU renderer), or darkened in place after the copy.
    let veiled = veil > 0 && bottom > drawn.top
    let modulated = veiled && !canvas.isSoftware
    if modulated {
      SetBack.veil(on: canvas, alpha: veil, top: top, bottom: bottom, width: width, below: false)
    }
    let from = top + Double(Self.cap)
    let rows = min(bottom.rounded(.up), placement.origin + shift + Double(placement.height)) - from
    if rows > 0 {
      canvas.copy(
        placement.texture, sourceY: Int(from - placement.origin - shift), y: Int(from), width: Int(width),
        height: Int(rows), shade: modulated ? 255 - veil : 255)
    }
    sheets.drawRootIndicator(drawn, model: model, width: width, coveredFrom: bottom, indicator: indicator)
    if veiled, !modulated { SetBack.veil(on: canvas, alpha: veil, top: top, bottom: bottom, width: width) }
  }
}
