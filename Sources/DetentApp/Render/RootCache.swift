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
/// The veil: the copy's colour modulation (black at alpha a over a pixel is the pixel times
/// (255 − a)/255: one pass instead of a copy and a blended fill), except on the offscreen
/// software display, which writes the rows from the texture's pixels read back, multiplied by
/// the veil in the same pass (or, until they are read back and while the scroll indicator
/// shows, copies them plain and darkens them in place as without the cache).
///
/// The texture is drawn ahead (`warm`) in a quiet frame whose root held still, as `DetailWarmer`
/// makes a detail sheet's, or by the demo's loop at rest (`SceneRenderer.drawAhead`): a tap that
/// opens a place then copies the root from its first frame on.
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
  /// Whether this frame's key is the previous frame's.
  private var stable = false
  /// Times the root was drawn into the texture since start.
  private(set) var builds = 0
  /// Set-back frames drawn from the texture since start.
  private(set) var copies = 0
  /// Textures drawn ahead in quiet frames since start (counted in `builds` too).
  private(set) var warmed = 0
  /// The texture's pixels read back (the offscreen software display at 1×) for `pixelsKey`, in a
  /// quiet frame of their own after the texture was drawn: a set-back frame then copies the
  /// root multiplied by the veil in one pass (`Canvas.copyRows`), where a copy and then the
  /// veil in place took 0.035–0.057 and 0.05–0.064 ms at 1280×800.
  private var pixels: PixelBuffer?
  private var pixelsKey: Key?
  /// Their storage, made ready off the main thread from the first frame (`reserve`): made in
  /// the quiet frame that first read them back, its page faults put that frame past the bench's
  /// line in every run.
  private let preparedPixels = PreparedPixels()
  /// The width of the texture's pixels (its rows' pitch) and their height.
  private var pixelsSize = (width: 0, height: 0)
  /// Times the texture's pixels were read back since start, and set-back frames copied from
  /// them with the veil in one pass (tests).
  private(set) var readBacks = 0
  private(set) var veiledCopies = 0
  /// Work done ahead so far (textures drawn, pixels read back): a quiet frame does one.
  var stepsAhead: Int { builds + readBacks }

  /// The cached root for a frame that draws `model`'s root set back as `drawn` (progress
  /// `progress`; 0 in a detail sheet's first frame) in a column `width` wide: drawn into the
  /// texture first when its key changed; nil when this frame draws the root as without the
  /// cache. Called every frame (the key is remembered), before the column is set.
  func prepare(
    _ model: DemoModel, drawn: SheetSnapshot, progress: Double, width: Double, progressive: Bool,
    canvas: Canvas, sheets: SheetRenderer
  ) -> Placement? {
    guard let (key, source, origin) = Self.key(model, width: width, scale: canvas.scale) else {
      lastKey = nil
      stable = false
      return nil
    }
    stable = lastKey == key
    lastKey = key
    // Set back, or under a detail sheet just pushed (its first frame sets nothing back yet).
    let under = progress > 0 || model.stack.count > 1 || !model.stack.leaving.isEmpty
    guard allowed(canvas, progressive: progressive), under, drawn.height > 0.5, drawn.edge == .bottom,
      stable || cachedKey == key,
      let texture = texture(key, source: source, origin: origin, model: model, canvas: canvas, sheets: sheets)
    else { return nil }
    return Placement(
      texture: texture, origin: origin, height: Int(key.windowHeight), top: source.top)
  }

  /// Draws the root into the texture ahead, so that a place opened from it is copied from its
  /// first set-back frame: after a quiet frame (nothing else made in it) whose root held still
  /// since the frame before, or (`resting`) between frames while nothing moves, the root as the
  /// last frame drew it.
  func warm(
    _ model: DemoModel, width: Double, progressive: Bool, canvas: Canvas, sheets: SheetRenderer,
    resting: Bool = false
  ) {
    // Not while a press is held: the texture kept is the root before it, as a tap leaves it.
    guard stable || resting, model.highlighted == nil, !model.pointerDown,
      allowed(canvas, progressive: progressive),
      let (key, source, origin) = Self.key(model, width: width, scale: canvas.scale), key == lastKey
    else { return }
    guard cachedKey == key else {
      _ = texture(key, source: source, origin: origin, model: model, canvas: canvas, sheets: sheets)
      warmed += 1
      return
    }
    // Then, in a step of its own, its pixels (where the CPU writes the display).
    guard canvas.multipliesInPlace, canvas.scale == 1, pixelsKey != key, let texture = view.texture else {
      return
    }
    var w: Int32 = 0
    var h: Int32 = 0
    SDL_QueryTexture(texture, nil, nil, &w, &h)
    let count = Int(w) * Int(h)
    guard count > 0 else { return }
    if (pixels?.count ?? 0) < count {
      preparedPixels.prepare(count: count)
      pixels = preparedPixels.takeIfReady(count: count)
    }
    guard let pixels, pixels.count >= count else { return }
    canvas.target(texture)
    let read = SDL_RenderReadPixels(canvas.renderer, nil, detent_pixelformat_argb8888(), pixels.base, w * 4)
    canvas.target(nil)
    pixelsKey = read == 0 ? key : nil
    pixelsSize = (Int(w), Int(h))
    readBacks += 1
  }

  /// Waits until the storage the texture's pixels are read back into is ready (tests: the quiet
  /// frame that can read them back does).
  func waitForPixelStorage() {
    guard let texture = view.texture, (pixels?.count ?? 0) == 0 else { return }
    var w: Int32 = 0
    var h: Int32 = 0
    SDL_QueryTexture(texture, nil, nil, &w, &h)
    if w > 0, h > 0 { pixels = preparedPixels.take(count: Int(w) * Int(h)) }
  }

  /// Makes the texture for `model`'s root `width` wide unless there is one, and draws into it the
  /// root at its tallest notch: called with the first frame, so that the first root drawn ahead
  /// (in a quiet frame) does not also take the new texture's page faults (0.5–0.6 ms at
  /// 1280×800, on the software renderer), and the first drag up finds the rows' texts made (3 a
  /// frame, past the bench's line while tiles arrive). Nothing is kept as drawn (no key).
  func reserve(_ model: DemoModel, width: Double, progressive: Bool, canvas: Canvas, sheets: SheetRenderer) {
    // Called every frame: once the texture is made, a comparison.
    guard view.texture == nil, allowed(canvas, progressive: progressive), width > 0 else { return }
    var tall = model.stack.root
    let height = SheetRenderer.content(tall.snapshot).windowHeight
    guard height > 0, let (texture, _) = view.texture(for: canvas, width: Int(width), height: Int(height))
    else { return }
    if let top = tall.notches.indices.max(by: { tall.notches[$0].height < tall.notches[$1].height }) {
      tall.move(to: top, animated: false)
    }
    Self.draw(
      SheetRenderer.content(tall.snapshot), into: texture, model: model, width: width, canvas: canvas,
      sheets: sheets)
    // And the storage its pixels are read back into, where the CPU writes the display.
    if canvas.multipliesInPlace, canvas.scale == 1 {
      var w: Int32 = 0
      var h: Int32 = 0
      SDL_QueryTexture(texture, nil, nil, &w, &h)
      if w > 0, h > 0 { preparedPixels.prepare(count: Int(w) * Int(h)) }
    }
  }

  /// Draws the root of snapshot `s` (positions in the texture's own terms) into `texture`,
  /// cleared first.
  private static func draw(
    _ s: SheetSnapshot, into texture: OpaquePointer, model: DemoModel, width: Double, canvas: Canvas,
    sheets: SheetRenderer
  ) {
    canvas.target(texture)
    canvas.clear(SheetRenderer.background)
    sheets.drawRoot(s, model: model, width: width)
    canvas.target(nil)
  }

  /// Whether frames on `canvas` (`progressive` or not) use the cache.
  private func allowed(_ canvas: Canvas, progressive: Bool) -> Bool {
    switch use {
    case .never: false
    case .progressive: progressive || !canvas.isSoftware
    case .always: true
    }
  }

  /// The texture holding the root of `key` (drawn from `source`, whose top is `origin` + the
  /// key's `top`): drawn now unless it holds that key already. Nil when SDL cannot make it.
  private func texture(
    _ key: Key, source: SheetSnapshot, origin: Double, model: DemoModel, canvas: Canvas, sheets: SheetRenderer
  ) -> OpaquePointer? {
    // As tall as the window, whatever the root's top: made once per width and scale.
    guard
      let (texture, fresh) = view.texture(
        for: canvas, width: Int(key.width), height: Int(key.windowHeight + origin))
    else { return nil }
    if fresh || cachedKey != key {
      var local = source
      local.top -= origin
      local.listTop -= origin
      local.bottom -= origin
      local.footerTop -= origin
      local.windowHeight -= origin
      Self.draw(local, into: texture, model: model, width: key.width, canvas: canvas, sheets: sheets)
      cachedKey = key
      builds += 1
    }
    return texture
  }

  /// The key of `model`'s root drawn `width` wide at `scale`, the root's snapshot and the
  /// texture's top (its top rounded down); nil for a root the cache does not cover.
  private static func key(_ model: DemoModel, width: Double, scale: Int) -> (Key, SheetSnapshot, Double)? {
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
    // modulation (SDL's software blit of a modulated copy is ⌊x·(255 − a)/255⌋, what its
    // blended fill of black leaves), or darkened in place after the copy where the canvas
    // multiplies the offscreen display's pixels itself (one SIMD pass).
    let veiled = veil > 0 && bottom > drawn.top
    let modulated = veiled && !canvas.multipliesInPlace
    let from = top + Double(Self.cap)
    let rows = min(bottom.rounded(.up), placement.origin + shift + Double(placement.height)) - from
    // The rows from the pixels read back, multiplied by the veil in the same pass (those the
    // veil covers), the cap's veil drawn as before; not while a scroll indicator shows (it is
    // drawn between the copy and the veil).
    if veiled, !modulated, indicator <= 0, let pixels, pixelsKey == cachedKey {
      let (width, pitch) = (Int(width), pixelsSize.width)
      let sourceRow = Int(from - placement.origin - shift)
      let veilRows = bottom > top + 12 ? Int((bottom - top - 12).rounded()) : 0
      let shaded = max(0, min(Int(rows), veilRows))
      if rows <= 0
        || (width <= pitch && sourceRow >= 0 && sourceRow + Int(rows) <= pixelsSize.height
          && veilRows <= Int(rows)
          && canvas.copyRows(
            pixels.base + sourceRow * pitch, pitch: pitch, y: Int(from), width: width, height: shaded,
            shade: 255 - veil)
          && canvas.copyRows(
            pixels.base + (sourceRow + shaded) * pitch, pitch: pitch, y: Int(from) + shaded, width: width,
            height: Int(rows) - shaded, shade: 255))
      {
        SetBack.veil(on: canvas, alpha: veil, top: top, bottom: bottom, width: Double(width), below: false)
        veiledCopies += 1
        return
      }
    }
    if modulated {
      SetBack.veil(on: canvas, alpha: veil, top: top, bottom: bottom, width: width, below: false)
    }
    if rows > 0 {
      canvas.copy(
        placement.texture, sourceY: Int(from - placement.origin - shift), y: Int(from), width: Int(width),
        height: Int(rows), shade: modulated ? 255 - veil : 255)
    }
    sheets.drawRootIndicator(drawn, model: model, width: width, coveredFrom: bottom, indicator: indicator)
    if veiled, !modulated { SetBack.veil(on: canvas, alpha: veil, top: top, bottom: bottom, width: width) }
  }
}
