@preconcurrency import CSDL2

/// The map's exact tiles and overlay composed once into a texture larger than the view by
/// `margin` points on every side (a `PanPage`), so that on a GPU renderer a pan, a drag or a
/// flight copies one rectangle of it at the view's offset (one draw, as a bare program dragging
/// one texture does) instead of a copy per tile and per pin. Each draw call costs a GPU renderer
/// a setup (under Mesa's llvmpipe about a tenth of a millisecond, as much as filling 30,000
/// pixels), so a view of 24 tiles and a dozen pins cost several copies' worth per frame.
///
/// The page is composed again, centred on the view, when the view leaves it, once every tile it
/// covers is held (the scheduler renders the ring around the view ahead of need, and the
/// margin is one tile, so the ring is exactly what it needs); until then the map is drawn tile
/// by tile. When only the pins change (a place opened or closed) the page is patched where
/// they differ. During a camera flight a second page holding the whole path, from the view to
/// the flight's last view, is composed ahead a few tiles a frame (a flight eases in: its first
/// frames move a few pixels, and the page on screen still holds them) and takes over once
/// complete; a path too large for one texture is drawn tile by tile once it leaves the page,
/// which is composed again only when the new page would hold the flight's last view. Not used
/// on the software renderer, whose copies cost their pixels, not a setup (and whose dimming is
/// done on the CPU, `BackdropStrip`): `MapRenderer` decides.
final class PanBuffer {
  /// Points of map kept on each side of the view.
  static let margin = TileCache.size
  /// The largest page composed ahead, as a multiple of a view's page with its margin.
  static let aheadArea = 2.5

  /// A camera flight: the top-left world pixel of its last view, and the frames until the
  /// camera has gone a fraction of the rest of its way (`MapCamera.framesUntil`).
  struct Flight {
    var end: (x: Int, y: Int)
    var framesUntil: (Double) -> Double
  }

  /// The page the view is copied from.
  private var page = PanPage()
  /// The page composed ahead for a flight (its key nil: none).
  private var ahead = PanPage()
  /// Pages composed whole so far, in one frame or ahead (for the profile and tests).
  private(set) var builds = 0
  /// The zoom and the rectangle of the page views are copied from, and the view in it whose pins
  /// were placed first (nil: none complete).
  var shown: (zoom: Double, rect: PanPage.Rect, view: PanPage.Rect)? {
    page.complete ? page.key.map { ($0.zoom, $0.rect, $0.view) } : nil
  }
  /// The tiles the page composed ahead waits for.
  var waiting: [TileKey] { ahead.key == nil ? [] : ahead.waiting }
  /// Units composed so far into either page (tests: how much of a page a frame composed).
  var unitsComposed: Int { page.composed + ahead.composed }
  /// Pages patched for new pins so far.
  private(set) var patches = 0
  /// Where a view moved without a flight is going (the page composed ahead of a drag).
  private var drag = DragAhead()

  /// Copies the view whose top-left world pixel at zoom `z` is (x, y), `width`×`height` points,
  /// rows `0..<rows`, onto the canvas, multiplied by `shade` and darkened by the shadow of a
  /// sheet whose top edge is at `sheetTop`. Composes a page when the view has left the page,
  /// unless a tile it needs is not held (`tile` looks tiles up, marking them used) or, during a
  /// camera flight, a page holding the flight's path is being composed ahead, or the page would
  /// not hold the flight's last view, whose top-left world pixel is `flightEnd`.
  /// `hidden`: a rectangle opaque sheets cover, not copied.
  /// `fill` adds the pins and the location dot of a rectangle to an overlay, those of a view in
  /// it placed first; their marks are copied from `marks`. False: the caller draws the map
  /// itself this frame.
  func draw(
    zoom z: Double, x: Int, y: Int, width: Int, height: Int, pins: MapPins, rows: Int, shade: UInt8,
    sheetTop: Int?, hidden: MapOcclusion? = nil, flight: Flight?, canvas: Canvas,
    text: TextCache,
    marks: SpriteCache?,
    tile: (TileKey) -> MapTile?,
    fill: PanPage.Fill
  ) -> Bool {
    let view = PanPage.Rect(x: x, y: y, width: width, height: height)
    // A place opened or closed: the page patched where its pins change.
    if let key = page.key, page.complete, key.zoom == z, key.pins != pins, key.rect.contains(view),
      page.patch(pins: pins, canvas: canvas, text: text, tile: tile, fill: fill)
    {
      patches += 1
    }
    drag.note(zoom: z, view: view)
    if let flight {
      composeAhead(
        zoom: z, view: view, flight: flight, pins: pins, canvas: canvas, text: text, marks: marks, tile: tile,
        fill: fill)
    } else if !composeAlong(
      zoom: z, view: view, pins: pins, canvas: canvas, text: text, marks: marks, tile: tile, fill: fill)
    {
      ahead.drop()
    }
    // A view moved faster than the page ahead of it was composed: the rest of it now (else a
    // page around the view, below).
    if flight == nil, !shows(page, zoom: z, view: view, pins: pins) {
      // (Only when the rest of its tiles are held: else it would not complete, and the view is
      // drawn tile by tile this frame anyway.)
      if aheadMatches(zoom: z, view: view, pins: pins), ahead.key?.rect.contains(view) == true,
        ahead.restHeld(tile: tile)
      {
        ahead.compose(budget: .max, canvas: canvas, text: text, tile: tile)
        takeAhead()
      }
      if !shows(page, zoom: z, view: view, pins: pins) { ahead.drop() }
    }
    if !shows(page, zoom: z, view: view, pins: pins) {
      let m = Self.margin
      let holdsEnd = flight.map { abs($0.end.x - x) <= m && abs($0.end.y - y) <= m } ?? true
      let rect = view.inset(by: m)
      guard holdsEnd, ahead.key == nil, PanPage.tilesHeld(rect, zoom: z, tile: tile),
        page.start(
          PanPage.Key(zoom: z, rect: rect, pins: pins, view: view), canvas: canvas, marks: marks, fill: fill),
        page.compose(budget: .max, canvas: canvas, text: text, tile: tile)
      else { return false }
      builds += 1
      // A flight's page will need a texture as large (it holds a flight of up to twice the margin).
      ahead.reserve(rect, canvas: canvas)
    }
    guard let texture = page.texture, let key = page.key else { return false }
    Self.copy(
      texture, from: key.rect, view: view, rows: rows, shade: shade, sheetTop: sheetTop, hidden: hidden,
      sprites: marks, canvas: canvas)
    return true
  }

  /// Whether `page` is complete and holds the whole view, at its zoom and with its pins, its
  /// pins placed for a view of this size.
  private func shows(_ page: PanPage, zoom z: Double, view: PanPage.Rect, pins: MapPins) -> Bool {
    guard page.complete, let key = page.key else { return false }
    return key.zoom == z && key.pins == pins && key.rect.contains(view) && key.view.width == view.width
      && key.view.height == view.height
  }

  /// Frames a page for the view is composed over at least while the view is dragged.
  static let framesPerPage = 8

  /// Units of a page (`PanPage.unitsLeft`: a tile, or a band of the overlay's rows) composed
  /// ahead of a drag in a frame: a page around `view` in `framesPerPage` frames. Composed whole
  /// in the frame the view left the page on screen, a 1280×800 view's page (2.75 M pixels, 48
  /// units) took that frame 18–26 ms under Mesa's llvmpipe, a dropped frame every 256 points of
  /// a drag; drawn tile by tile while a page is composed, a frame took 15–19 ms.
  static func unitsPerFrame(_ view: PanPage.Rect) -> Int {
    (PanPage.units(of: view.inset(by: margin)) + framesPerPage - 1) / framesPerPage
  }

  /// Whether the page ahead is for views at zoom `z` of `view`'s size with `pins`.
  private func aheadMatches(zoom z: Double, view: PanPage.Rect, pins: MapPins) -> Bool {
    ahead.key.map {
      $0.zoom == z && $0.pins == pins && $0.view.width == view.width && $0.view.height == view.height
    }
      ?? false
  }

  /// Puts the page ahead on screen once complete.
  private func takeAhead() {
    guard ahead.complete else { return }
    swap(&page, &ahead)
    ahead.drop()
    builds += 1
  }

  /// While the view moves without a flight (a drag): once it would leave the page on screen
  /// within `framesPerPage` and a half frames more at its last step (`DragAhead`), composes the
  /// page around where it goes, `unitsPerFrame` a frame, and puts it on screen once complete.
  /// False when no page is composed ahead (the caller drops one planned before).
  private func composeAlong(
    zoom z: Double, view: PanPage.Rect, pins: MapPins, canvas: Canvas, text: TextCache, marks: SpriteCache?,
    tile: (TileKey) -> MapTile?, fill: PanPage.Fill
  ) -> Bool {
    let matches = aheadMatches(zoom: z, view: view, pins: pins)
    guard let step = drag.step, let shown = page.key?.rect, shows(page, zoom: z, view: view, pins: pins)
    else {
      // Held still (or stopped a moment): a page ahead for this zoom, size and pins is kept.
      return matches
    }
    // The page ahead goes on while it holds the view and takes it further than the one shown.
    let further =
      matches
      && ahead.key.map {
        $0.rect.contains(view)
          && DragAhead.framesUntilExit(of: view, from: $0.rect, step: step)
            > DragAhead.framesUntilExit(of: view, from: shown, step: step)
      } ?? false
    if !further {
      guard
        let next = drag.next(
          view: view, leaving: shown, within: Double(Self.framesPerPage) * 1.5 + 2, margin: Self.margin),
        Self.fits(next.rect, canvas),
        ahead.start(
          PanPage.Key(zoom: z, rect: next.rect, pins: pins, view: next.view), canvas: canvas, marks: marks,
          fill: fill)
      else { return false }
    }
    // An eighth of a page a frame, or more when the view would leave the page on screen before
    // that is done (a fast drag: the rest spread over the frames left, not all in the last).
    let left = DragAhead.framesUntilExit(of: view, from: shown, step: step)
    let budget = max(
      Self.unitsPerFrame(view), Int((Double(ahead.unitsLeft) / max(left.rounded(.down) - 1, 1)).rounded(.up)))
    ahead.compose(budget: budget, canvas: canvas, text: text, tile: tile)
    takeAhead()
    return true
  }

  /// During a flight: unless the page on screen holds the flight's path, composes more of a
  /// page that does (the rectangle from the view to the flight's last view, planned now if need
  /// be, that view's pins placed first), spread over the frames left before the view leaves the
  /// page on screen, and puts it on screen once complete.
  private func composeAhead(
    zoom z: Double, view: PanPage.Rect, flight: Flight, pins: MapPins, canvas: Canvas, text: TextCache,
    marks: SpriteCache?, tile: (TileKey) -> MapTile?, fill: PanPage.Fill
  ) {
    let end = PanPage.Rect(x: flight.end.x, y: flight.end.y, width: view.width, height: view.height)
    // A page holding both ends holds every view between them (the path is straight).
    let showing = shows(page, zoom: z, view: view, pins: pins)
    if showing, page.key?.rect.contains(end) == true { return }
    // (A page planned for this flight: its last view's pins placed first, not a drag's.)
    if !(ahead.key.map {
      $0.zoom == z && $0.pins == pins && $0.rect.contains(view) && $0.rect.contains(end) && $0.view == end
    }
      ?? false)
    {
      let rect = view.union(end)
      let normal = Double((view.width + 2 * Self.margin) * (view.height + 2 * Self.margin))
      guard Double(rect.width * rect.height) <= Self.aheadArea * normal, Self.fits(rect, canvas),
        ahead.start(
          PanPage.Key(zoom: z, rect: rect, pins: pins, view: end), canvas: canvas, marks: marks, fill: fill)
      else {
        ahead.drop()
        return
      }
      // Nothing composed in the frame that plans it (the frame a place opens in, which makes
      // its sheet and patches the pins) while the page on screen still shows the view.
      if showing { return }
    }
    // The frames left: until the view leaves the page on screen, less a third for frames that
    // come late; when it has left it (the map drawn tile by tile meanwhile), the first half of
    // the rest of the flight (not all at once: one frame composing a whole page is the slowest).
    let frames =
      showing
      ? flight.framesUntil(Self.exit(of: view, toward: end, from: page.key!.rect))
      : flight.framesUntil(1) / 2
    let budget = Int((Double(ahead.unitsLeft) / max(frames * 2 / 3 - 1, 1)).rounded(.up))
    guard ahead.compose(budget: max(budget, 1), canvas: canvas, text: text, tile: tile) else { return }
    swap(&page, &ahead)
    ahead.drop()
    builds += 1
  }

  /// The fraction of the way from `view` to `end` at which the view leaves `rect` (1: never):
  /// the whole way taken as one step (`DragAhead.framesUntilExit`).
  static func exit(of view: PanPage.Rect, toward end: PanPage.Rect, from rect: PanPage.Rect) -> Double {
    min(DragAhead.framesUntilExit(of: view, from: rect, step: (end.x - view.x, end.y - view.y)), 1)
  }
}
