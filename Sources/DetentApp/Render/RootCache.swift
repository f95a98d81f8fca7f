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
/// (255 − a)/255: one pass instead of a copy and a blended fill), except on a software
/// display, which writes the rows from the texture's pixels read back, multiplied by
/// the veil in the same pass (or, until they are read back and while the scroll indicator
/// shows, copies them plain and darkens them in place as without the cache).
///
/// On the software display a root standing alone (nothing set back) whose texture and
/// pixels hold its key is written from those pixels too, in one pass (0.08–0.09 ms → about 0.04
/// for a tall 1280×800 card drawn row by row); until they are read back it is drawn as without
/// the cache, never drawn into the texture in its own frame. A texture drawn for the root at a
/// notch holds it at every lower one too, its list unchanged (`Key.covers`): lowered by a tap
/// on the map, the root of the bench's 1280×800 pans was drawn row by row in each of their 60
/// frames (0.08–0.10 ms), as nothing had held still long enough to draw it ahead there; now in
/// the first 15 only, while it settles (a fractional top).
///
/// The texture is drawn ahead (`warm`) in quiet frames whose root held still, as `DetailWarmer`
/// makes a detail sheet's, or by the demo's loop at rest (`SceneRenderer.drawAhead`): a tap that
/// opens a place then copies the root from its first frame on. On the software renderer a quiet
/// frame draws one band of at most an eighth of the window's pixels (`bandShare`: the whole
/// texture took 0.4–0.7 ms at 1280×800 on a machine whose SDL fills go to memory at 6 GB/s,
/// against a bench line of 0.57), and reads one band back; a set-back frame that needs the
/// texture before it is done draws the rest.
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
  /// Which frames use the cache.
  var use = Use.progressive
  /// Rows below the rounded top that come from the texture: the cap above them is drawn.
  static let cap = 12
  private let view = ViewTexture(access: SDL_TEXTUREACCESS_TARGET)
  /// The key of the root the texture holds, once drawn whole (the cache's own; `draw` reads it).
  var cachedKey: Key?
  /// Where the root stood when the texture was drawn for `cachedKey`: its top rounded down (the
  /// texture's row 0), its top, and the window's height (points).
  private var cachedAt = (origin: 0.0, top: 0.0, windowHeight: 0.0)
  private var lastKey: Key?
  /// Whether this frame's key is the previous frame's.
  private var stable = false
  /// Times the root was drawn into the texture since start.
  private(set) var builds = 0
  /// Frames that drew the root from the texture since start (the cache's own count, kept by
  /// `draw`; tests read it).
  var copies = 0
  /// Textures drawn ahead in quiet frames since start (counted in `builds` too).
  private(set) var warmed = 0
  /// The texture's pixels read back (the software display at 1×) for `pixelsKey`, in a
  /// quiet frame of their own after the texture was drawn: a set-back frame then copies the
  /// root multiplied by the veil in one pass (`Canvas.copyRows`), where a copy and then the
  /// veil in place took 0.035–0.057 and 0.05–0.064 ms at 1280×800.
  var pixels: PixelBuffer?
  /// The key of the root whose pixels `pixels` holds, once read back whole.
  var pixelsKey: Key?
  /// Their storage, made ready off the main thread from the first frame (`reserve`): made in
  /// the quiet frame that first read them back, its page faults put that frame past the bench's
  /// line in every run.
  private let preparedPixels = PreparedPixels()
  /// The width of the texture's pixels (its rows' pitch) and their height.
  var pixelsSize = (width: 0, height: 0)
  /// Times the texture's pixels were read back since start (tests).
  private(set) var readBacks = 0
  /// Frames that wrote the root from those pixels in one pass, multiplied by the veil where one
  /// shows (kept by `draw`; tests read it).
  var veiledCopies = 0
  /// Bands of the texture drawn and read back ahead that did not finish it (a quiet frame on the
  /// software renderer does one).
  private(set) var bands = 0
  /// The key whose root is being drawn ahead band by band, and the texture's rows (points) drawn.
  private var drawing: (key: Key, rows: Int)?
  /// The key whose pixels are being read back band by band, and the rows (pixels) read.
  private var reading: (key: Key, rows: Int)?
  /// A band drawn or read back by a quiet frame on the software renderer is at most the window's
  /// pixels over this (what a quiet frame adds grows with the window, as the frame's own cost).
  static let bandShare = 8
  /// Work done ahead so far (textures drawn, pixels read back, bands of them): a quiet frame does
  /// one.
  var stepsAhead: Int { builds + readBacks + bands }

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
    let holds = holds(key, origin: origin)
    // Set back, or under a detail sheet just pushed (its first frame sets nothing back yet).
    let under = progress > 0 || model.stack.count > 1 || !model.stack.leaving.isEmpty
    // Or standing alone as drawn ahead: on the software display, its pixels read back, one pass
    // of them, where drawing its rows took 0.09 ms at 1280×800 (a tall card); on a GPU renderer
    // one copy of the texture, where drawing them took 40-odd draws (each row's icon, name,
    // detail and distance: a map drag's frame under Xvfb drew 55, 15 of them the map's and
    // the shadow's).
    let ahead =
      !under && holds
      && (!canvas.isSoftware || (pixelsKey == cachedKey && canvas.multipliesInPlace && canvas.scale == 1))
    guard allowed(canvas, progressive: progressive), under || ahead, drawn.height > 0.5,
      drawn.edge == .bottom, stable || holds
    else { return nil }
    // Drawn for the root standing higher: copied from there, moved down (`Key.covers`).
    if holds, cachedKey != key, let texture = view.texture {
      return Placement(
        texture: texture, origin: cachedAt.origin, height: Int(cachedAt.windowHeight - cachedAt.origin),
        top: cachedAt.top)
    }
    guard
      let texture = texture(key, source: source, origin: origin, model: model, canvas: canvas, sheets: sheets)
    else { return nil }
    return Placement(
      texture: texture, origin: origin, height: Int(key.windowHeight), top: source.top)
  }

  /// Whether the texture holds the root of `key` (whose texture row 0 would be at `origin`):
  /// drawn for it, or for the same root standing higher in the same window
  /// (`Key.covers`: its rows are this root's, down to the window's bottom).
  private func holds(_ key: Key, origin: Double) -> Bool {
    guard let cachedKey else { return false }
    return cachedKey == key
      || (cachedKey.covers(key) && cachedAt.windowHeight == key.windowHeight + origin)
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
    // In bands where the CPU draws and a frame shows the cost (not between frames at rest).
    let banded = canvas.isSoftware && !resting
    guard holds(key, origin: origin), let cachedKey else {
      _ = texture(
        key, source: source, origin: origin, model: model, canvas: canvas, sheets: sheets,
        band: banded ? Self.bandRows(width: key.width, model: model) : nil)
      if cachedKey == key { warmed += 1 }
      return
    }
    // Then, in a step of its own, its pixels (where the CPU writes the display).
    guard canvas.multipliesInPlace, canvas.scale == 1, pixelsKey != cachedKey, let texture = view.texture
    else {
      return
    }
    readBack(texture, key: cachedKey, banded: banded, model: model, canvas: canvas)
  }

  /// Reads the texture's pixels (it holds `key`) back into `pixels`: the rows not read yet, or
  /// (`banded`) a band of them; `pixelsKey` is `key` once every row is read.
  private func readBack(_ texture: OpaquePointer, key: Key, banded: Bool, model: DemoModel, canvas: Canvas) {
    let (w, h) = view.size
    let count = w * h
    guard count > 0 else { return }
    if (pixels?.count ?? 0) < count {
      preparedPixels.prepare(count: count)
      pixels = preparedPixels.takeIfReady(count: count)
      // Rows read into the storage before (a texture made taller for the same key) are gone.
      reading = nil
    }
    guard let pixels, pixels.count >= count else { return }
    let from = reading?.key == key ? reading?.rows ?? 0 : 0
    let to = banded ? min(h, from + Self.bandRows(width: Double(w), model: model)) : h
    var rect = SDL_Rect(x: 0, y: Int32(from), w: Int32(w), h: Int32(to - from))
    pixelsKey = nil
    canvas.target(texture)
    let read = SDL_RenderReadPixels(
      canvas.renderer, &rect, detent_pixelformat_argb8888(), pixels.base + from * w, Int32(w * 4))
    canvas.target(nil)
    pixelsSize = (w, h)
    reading = read == 0 && to < h ? (key, to) : nil
    if to < h, read == 0 {
      bands += 1
      return
    }
    pixelsKey = read == 0 ? key : nil
    readBacks += 1
  }

  /// The rows of a band `width` wide in `model`'s window (points, or device pixels at 1×).
  private static func bandRows(width: Double, model: DemoModel) -> Int {
    max(Self.cap, Int(model.windowWidth * model.windowHeight) / (bandShare * max(1, Int(width))))
  }

  /// Waits until the storage the texture's pixels are read back into is ready (tests: the quiet
  /// frame that can read them back does).
  func waitForPixelStorage() {
    let (w, h) = view.size
    if w > 0, h > 0, (pixels?.count ?? 0) == 0 { pixels = preparedPixels.take(count: w * h) }
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
    // A texture made again after SDL could not (the view's was dropped) holds nothing drawn before.
    (cachedKey, drawing, reading) = (nil, nil, nil)
    if let top = tall.notches.indices.max(by: { tall.notches[$0].height < tall.notches[$1].height }) {
      tall.move(to: top, animated: false)
    }
    Self.draw(
      SheetRenderer.content(tall.snapshot), into: texture, model: model, width: width, canvas: canvas,
      sheets: sheets)
    // And the storage its pixels are read back into, where the CPU writes the display.
    if canvas.multipliesInPlace, canvas.scale == 1 {
      preparedPixels.prepare(count: view.size.w * view.size.h)
    }
  }

  /// Draws the root of snapshot `s` (positions in the texture's own terms) into `texture`, or
  /// its `rows` alone (points). Nothing is cleared first: the body's fill and the search field's
  /// band cover every row below the rounded top, and the rows above it are never copied (a fill
  /// of the whole texture first took a third of the time). A clear must not come back: SDL's
  /// ignores the clip rectangle, and would wipe the bands drawn before.
  private static func draw(
    _ s: SheetSnapshot, into texture: OpaquePointer, model: DemoModel, width: Double, canvas: Canvas,
    sheets: SheetRenderer, rows: Range<Int>? = nil
  ) {
    canvas.hold(
      texture, to: rows.map { SDL_Rect(x: 0, y: Int32($0.lowerBound), w: Int32(width), h: Int32($0.count)) })
    canvas.target(texture)
    sheets.drawRoot(s, model: model, width: width)
    canvas.target(nil)
    canvas.hold(texture, to: nil)
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
  /// key's `top`): drawn now unless it holds that key already (the rows not drawn ahead yet;
  /// `band` rows of them at most, then it is not done). Nil when SDL cannot make it.
  private func texture(
    _ key: Key, source: SheetSnapshot, origin: Double, model: DemoModel, canvas: Canvas,
    sheets: SheetRenderer,
    band: Int? = nil
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
      let height = Int(key.windowHeight + origin)
      let from = !fresh && drawing?.key == key ? drawing?.rows ?? 0 : 0
      let to = band.map { min(height, from + $0) } ?? height
      // The texture no longer holds the key it held, from its first row drawn.
      cachedKey = nil
      Self.draw(
        local, into: texture, model: model, width: key.width, canvas: canvas, sheets: sheets,
        rows: from == 0 && to == height ? nil : from..<to)
      if to < height {
        drawing = (key, to)
        bands += 1
      } else {
        drawing = nil
        cachedKey = key
        cachedAt = (origin, source.top, key.windowHeight + origin)
        builds += 1
      }
    }
    return texture
  }
}
