import Detent

/// Draws one whole frame of the model: map and pins, dimming, sheets (the root set back under a
/// detail sheet), keyboard, toast, HUD, then the panel.
final class SceneRenderer {
  let display: Display
  let text: TextCache
  let map: MapRenderer
  let sprites: SpriteCache
  /// The strings of the places on screen, built once per place.
  let labels = PlaceLabels()
  /// The soft shadow's pieces as multipliers, for drawing it in place on a software display.
  let shadowMasks = SoftShadow.Masks()
  /// The detail sheets of the places on screen, made ahead in quiet frames.
  let details = DetailWarmer()
  /// The root sheet in a texture while a detail sheet sets it back.
  let rootCache = RootCache()
  /// The map's label texts and marks, made ahead in quiet frames.
  let mapWarmer = MapWarmer()
  private let noStats = FrameStats()
  /// Per-phase timing of frames (`DETENT_PROFILE=phases`; off by default).
  var profile: PhaseProfile?

  init(display: Display, assets: AssetLocator, mapSeed: UInt64 = 7) throws {
    self.display = display
    self.text = try TextCache(canvas: display.canvas, fonts: try assets.fonts())
    self.map = MapRenderer(seed: mapSeed)
    self.sprites = SpriteCache(canvas: display.canvas)
    // Every font the first frames draw in, its glyphs rendered once: a font's first text cost
    // 0.2–0.4 ms (a zoom's first labels, a place's first balloon made ahead in a quiet frame).
    text.warm(Self.styles)
    mapWarmer.listLabels(map.labels)
  }

  /// Draws the map's frames progressively (`MapRenderer.progressive`: the demo and the bench),
  /// the first one whole (`TileScheduler.paintsFirstView`), starting, where the CPU composes the
  /// map, the storage a held zoom and a still view are kept in for the display's size off the
  /// main thread (a thread and 4 MiB page-faulted at 1280×800: 0.17 ms of the quiet frame that
  /// started the zoom's).
  func drawProgressively() {
    map.progressive = true
    map.scheduler.paintsFirstView = true
    map.reserveStillStorage(width: display.width, height: display.height, canvas: display.canvas)
    map.reserveZoomStorage(width: display.width, height: display.height, canvas: display.canvas)
  }

  /// How far below its top edge a sheet's body is opaque across its whole width: past its
  /// rounded top corners (whole pixels up), 12 px at least (the default radius; the grabber's
  /// strip). Above that the map or the sheet beneath shows beside the arcs, so it is drawn
  /// down to there: a radius of 40 left rows 12–40 of the corners unwritten, showing what an
  /// earlier frame (or nothing) left there.
  static func opaqueBelow(_ s: SheetSnapshot) -> Double {
    max(12, s.cornerRadius.rounded(.up))
  }

  /// Renders the frame (without presenting it). `stats` feeds the HUD's frame-time graph
  /// (none: an empty graph, with nothing allocated per frame).
  func render(_ model: DemoModel, stats: FrameStats? = nil, fps: Double = 60, renderer: String = "") {
    let canvas = display.canvas
    let width = model.sceneWidth
    let height = model.windowHeight
    let time = model.time
    let madeBefore = texturesMade
    let composedBefore = map.surfaceRows
    let setBack = SetBack(model.stack)
    let root = setBack.apply(to: model.stack.root.snapshot)
    let column = Self.column(of: root, in: width)
    // A full-width root sheet's body is opaque from below its rounded corners (12 px, or its
    // corner radius when larger: the map shows beside the arcs down to there) to the window's
    // bottom, and its shadow is drawn into the map strip; a card leaves the map visible beside
    // it and draws its own shadow (so do a shade and a drawer).
    let card = root.sheetWidth < width || root.edge != .bottom
    let rootCorner = Self.opaqueBelow(root)
    let covered = root.height > rootCorner && !card ? Int(root.top.rounded() + rootCorner) : Int(height)
    // A detail sheet's body is opaque below its corners: nothing of the root shows there.
    var detailTop: Double?
    // The top of the first detail sheet as wide as the scene down to its bottom: a GPU renderer
    // draws no map below it (its copies cost their pixels).
    var opaqueFrom = Double(covered)
    // A detail sheet sliding out (popped) covers the root the same way.
    for sheet in model.stack.sheets.dropFirst() + model.stack.leaving
    where sheet.height > Self.opaqueBelow(sheet.snapshot) && sheet.edge == .bottom {
      let s = sheet.snapshot
      let corner = Self.opaqueBelow(s)
      detailTop = min(detailTop ?? .infinity, sheet.topY + corner)
      if s.sheetWidth >= width, s.floatingInset <= 0.5 {
        opaqueFrom = min(opaqueFrom, (sheet.topY + corner).rounded(.up))
      }
    }
    let mapRows = (map.occludes ?? !canvas.isSoftware) ? Int(opaqueFrom) : covered
    // What opaque cards hide of the map (a GPU renderer does not draw it).
    let hidden =
      card
      ? MapOcclusion.of(
        root: root, coveredFrom: detailTop,
        detail: model.stack.count > 1 ? model.stack.top.snapshot : nil, windowWidth: width,
        windowHeight: height) : nil
    map.draw(
      camera: model.camera, pins: model.pins, width: Int(width), height: Int(height), canvas: canvas,
      text: text,
      dim: root.dimAlpha,
      visibleRows: max(mapRows, 0), sheetTop: root.height > 0.5 && !card ? Int(root.top.rounded()) : nil,
      hidden: hidden)
    phase("map")
    let sheets = SheetRenderer(canvas: canvas, text: text, sprites: sprites, labels: labels)
    // Each sheet draws in its own column (the whole scene width unless it is a card or a
    // drawer's content).
    func inColumn(_ s: SheetSnapshot, _ draw: (Double) -> Void) {
      let columned = s.contentWidth < width
      if columned { canvas.viewport(x: s.contentX, width: s.contentWidth) }
      draw(Self.column(of: s, in: width))
      if columned { canvas.viewport(x: nil) }
    }
    func indicator(_ depth: Int) -> Double {
      depth < model.indicators.count ? model.indicators[depth].alpha(at: time) : 0
    }
    let shadow = SoftShadow(canvas: canvas, sprites: sprites, masks: shadowMasks)
    func drawShadow(_ s: SheetSnapshot) {
      guard s.height > 0.5, s.edge == .bottom else { return }
      shadow.draw(x: s.sheetX, y: s.top, w: s.sheetWidth, h: s.bottom - s.top, radius: s.cornerRadius)
    }
    // A shade or a drawer draws its body first, then its header and list without one.
    let bottomEdge = root.edge == .bottom
    if card && bottomEdge { drawShadow(root) }
    sheets.drawEdgeBody(root)
    // A root set back under a detail sheet is copied from its texture when the cache covers it.
    rootCache.reserve(model, width: column, progressive: map.progressive, canvas: canvas, sheets: sheets)
    let cached = rootCache.prepare(
      model, drawn: root, progress: setBack.progress,
      width: column, progressive: map.progressive, canvas: canvas, sheets: sheets)
    inColumn(root) { w in
      // The veil of the set-back, down to the first opaque detail sheet (a shade: its bottom).
      let bottom = min(detailTop ?? (root.edge == .top ? root.bottom : height), height)
      if let cached {
        return rootCache.draw(
          cached, drawn: root, model: model, width: w, bottom: bottom, veil: setBack.veilAlpha,
          indicator: indicator(0), canvas: canvas, sheets: sheets)
      }
      sheets.drawRoot(
        SheetRenderer.content(root), model: model, width: w,
        coveredFrom: bottomEdge ? detailTop : SheetRenderer.content(root).bottom, shadow: false,
        indicator: indicator(0), body: bottomEdge)
      if setBack.progress > 0, root.height > 0.5, bottom > root.top {
        SetBack.veil(on: canvas, alpha: setBack.veilAlpha, top: root.top.rounded(), bottom: bottom, width: w)
      }
    }
    phase("root sheet")
    for (depth, sheet) in model.stack.sheets.enumerated() where depth > 0 {
      let s = sheet.snapshot
      if s.dimAlpha > 0 { canvas.darken(0, 0, width, height, alpha: Color.black.opacity(s.dimAlpha).a) }
      let index = DetailSheet.place(of: sheet)
      let top = depth == model.stack.count - 1
      drawShadow(s)
      sheets.drawEdgeBody(s)
      inColumn(s) { w in
        sheets.drawDetail(
          SheetRenderer.content(s), place: labels.row(index, in: model.places),
          info: labels.detailRows(index, in: model.places), width: w,
          pressed: top ? model.highlighted : nil, indicator: indicator(depth), body: s.edge == .bottom)
      }
    }
    for leaving in model.stack.leaving {
      let s = leaving.snapshot
      let index = DetailSheet.place(of: leaving)
      drawShadow(s)
      sheets.drawEdgeBody(s)
      inColumn(s) { w in
        sheets.drawDetail(
          SheetRenderer.content(s), place: labels.row(index, in: model.places),
          info: labels.detailRows(index, in: model.places), width: w, body: s.edge == .bottom)
      }
    }
    phase("detail sheets")
    let chrome = OverlayChrome(canvas: canvas, text: text)
    if let comparison = model.playback.comparison, let ghost = comparison.ghost?.snapshot {
      chrome.drawGhost(
        x: ghost.sheetX, top: ghost.top, width: ghost.sheetWidth, bottom: ghost.bottom,
        aTop: model.stack.root.snapshot.top, label: "B · \(comparison.name)")
    }
    chrome.drawKeyboard(
      width: width, windowHeight: height, shown: model.stack.root.keyboardInset,
      height: model.stack.root.tuning.keyboard.height)
    chrome.drawTimeBadge(model.playback.label, sceneWidth: width, top: model.sceneTop)
    if let toast = model.messages.toast {
      chrome.drawToast(toast.message, alpha: toast.alpha(at: time), width: width, top: model.sceneTop)
    }
    if let dialog = model.messages.dismissDialog {
      chrome.drawDismissDialog(dialog, width: width, height: height, top: model.sceneTop)
    }
    if model.hudShown {
      chrome.drawHUD(
        model.stack.top.snapshot, stats: stats ?? noStats, fps: fps, renderer: renderer,
        time: model.playback.label, width: width)
    }
    if model.panel.shown {
      TuningPanel(canvas: canvas, text: text).draw(model)
    }
    if let ring = model.focusFrame { chrome.drawFocusRing(ring) }

    canvas.flush()
    profile?.mark("chrome")
    // A quiet frame (its map held still and copied from a kept view: at most the shadow's rows
    // composed, not a view being kept; no texture made) makes a texture ahead: a map's (a
    // label, a place's name, a mark: 0.01-0.03 ms) in any, the root's or a detail sheet's
    // (0.05-0.19 ms) only where nothing moves (no sheet, list or camera, whose frames draw them
    // anew: 0.3-0.47 ms with one, against a floor of 0.25-0.3 in the bench).
    let quiet =
      (map.lastKind == .still || map.lastKind == .dim) && map.surfaceRows - composedBefore < Int(height) / 8
    let mapIdle = quiet && texturesMade == madeBefore
    let idle = mapIdle && !model.isMoving
    // The root's texture first (any place opened copies it), then a detail sheet's.
    let built = rootCache.stepsAhead
    if idle, model.stack.count == 1, model.stack.leaving.isEmpty {
      rootCache.warm(model, width: column, progressive: map.progressive, canvas: canvas, sheets: sheets)
      if rootCache.stepsAhead > built { profile?.mark("root drawn ahead") }
    }
    let warmed = details.made
    details.warm(
      model, root: root, width: column, idle: idle && rootCache.stepsAhead == built, sheets: sheets,
      labels: labels, map: map)
    if details.made > warmed { profile?.mark("details made") }
    // Then what a zoom's first frames draw (labels, places' names, marks at each half pixel).
    if mapIdle, rootCache.stepsAhead == built, details.made == warmed,
      mapWarmer.warm(map, canvas: canvas, text: text) > 0
    {
      profile?.mark("map made")
    }
  }

  /// Textures made so far: texts, the sheets' sprites and the map's marks (a frame that made one
  /// is not idle; the bench prints them per frame).
  var texturesMade: Int { map.texturesMade(text: text) + sprites.renders }

  /// Draws ahead, between frames while nothing moves (the demo's loop at rest), what the next
  /// frames may need: the root sheet's texture for a place opened from it (`RootCache.warm`),
  /// then up to `aheadPerWake` textures of what quiet frames make ahead (the detail sheets of
  /// the rows on screen, then a zoom's texts and sprites: a view that settled draws no quiet
  /// frame). Nothing is drawn on the display or presented; once all is made, it is a comparison
  /// of keys.
  func drawAhead(_ model: DemoModel) {
    guard model.stack.count == 1, model.stack.leaving.isEmpty else { return }
    let root = model.stack.root.snapshot
    let width = Self.column(of: root, in: model.sceneWidth)
    let sheets = SheetRenderer(canvas: display.canvas, text: text, sprites: sprites, labels: labels)
    rootCache.warm(
      model, width: width, progressive: map.progressive, canvas: display.canvas, sheets: sheets, resting: true
    )
    for _ in 0..<Self.aheadPerWake {
      let made = details.made
      details.warm(model, root: root, width: width, idle: true, sheets: sheets, labels: labels, map: map)
      if details.made == made, mapWarmer.warm(map, canvas: display.canvas, text: text) == 0,
        !mapWarmer.pending(map)
      {
        break
      }
    }
  }

  /// Textures made ahead at most per wake of the loop at rest (about 4 wakes a second): an input
  /// arriving meanwhile waits for them (0.01–0.1 ms each on the software renderer).
  static let aheadPerWake = 4

  /// The styles the sheets and the map draw text in, each once.
  static var styles: [TextStyle] {
    var seen = Set<TextStyle>()
    return
      ([.body, .bodyBold, .caption, .title, .small, .label] + SheetRenderer.titleStyles + MapLabels.styles)
      .filter { seen.insert($0).inserted }
  }

  /// The width of the column the root's content is drawn in, in a scene `width` wide (a card's
  /// or a drawer's content is narrower).
  private static func column(of root: SheetSnapshot, in width: Double) -> Double {
    root.contentWidth < width ? root.contentWidth : width
  }

  /// Ends the profiled phase `name` (nothing when not profiling): the canvas's queued shapes are
  /// sent first, so that each phase is timed with its own drawing.
  private func phase(_ name: String) {
    guard let profile else { return }
    display.canvas.flush()
    profile.mark(name)
  }
}
