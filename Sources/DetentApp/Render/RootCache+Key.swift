@preconcurrency import CSDL2
import Detent

/// What the cached root is: when frames use it, everything its pixels depend on, and where a
/// frame places it.
extension RootCache {
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

  /// The key of `model`'s root drawn `width` wide at `scale`, the root's snapshot and the
  /// texture's top (its top rounded down); nil for a root the cache does not cover.
  static func key(_ model: DemoModel, width: Double, scale: Int) -> (Key, SheetSnapshot, Double)? {
    let source = SheetRenderer.content(model.stack.root.snapshot)
    guard source.edge == .bottom, source.floatingInset <= 0.5, source.cornerRadius == Double(cap),
      source.grabber >= source.cornerRadius, source.top >= 0, source.height > 0.5, model.rowCount > 0,
      source.windowHeight == source.windowHeight.rounded(), source.top < source.windowHeight - Double(cap),
      width == width.rounded(), width > 0
    else { return nil }
    let origin = source.top.rounded(.down)
    let key = Key(
      top: source.top - origin, listTop: source.listTop - origin, bottom: source.bottom - origin,
      footerTop: source.footerTop - origin, windowHeight: source.windowHeight - origin, height: source.height,
      listOffset: source.listOffset, headerOffset: source.headerOffset, footerHeight: source.footerHeight,
      rowHeights: source.rowHeights, width: width, scale: scale, places: model.places,
      rows: model.rowCount, header: model.rootTuning.header.height, query: model.search.query,
      focused: model.search.focused, chip: model.search.chip, chipScroll: model.search.chipScroll,
      pressed: model.highlighted)
    return (key, source, origin)
  }
}

extension RootCache.Key {
  /// Whether a texture drawn for this key holds `other`'s root too: the same root standing
  /// higher in its window, nothing else changed (list, header, search, rows, width, the top's
  /// fraction of a pixel). Its rows are laid out from its top and cut at the window's bottom,
  /// so every row `other` shows down to that bottom is the same row of this one, drawn further
  /// down; not with a footer, which sits at the root's bottom.
  func covers(_ other: Self) -> Bool {
    var lowered = self
    lowered.bottom = other.bottom
    lowered.windowHeight = other.windowHeight
    lowered.footerTop = other.footerTop
    lowered.height = other.height
    return lowered == other && footerHeight == 0 && windowHeight >= other.windowHeight
      && windowHeight - bottom == other.windowHeight - other.bottom
  }
}
