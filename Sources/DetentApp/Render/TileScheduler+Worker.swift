/// The progressive side of `TileScheduler`: tiles painted by the `TileWorker`, uploaded and
/// placed by the main thread, which paints none after the first frame (`paintsFirstView`).
extension TileScheduler {
  /// Textures uploaded per frame for a view `width`×`height`: `uploadBudget`, or one per
  /// fifteen tiles' worth of the view's area when that is more (8 at 3840×2160, whose frames
  /// copy 8 M pixels anyway: its 144 tiles then arrive in 18 frames, not 72). Not while a
  /// scaled level stands in: those frames cost ~11 ms there already (labels drawn live), and
  /// 8 uploads more took some past 16.7 ms.
  static func uploads(width: Int, height: Int) -> Int {
    max(uploadBudget, width * height / (TileCache.size * TileCache.size * 15))
  }

  /// Uploads up to `limit` textures: tiles the worker finished (the ground with labels; the
  /// cache holds them from now on, or the hold while it is active) then, with what is left, the
  /// ground alone of tiles uploaded before (which a zoom needs when the tile stands in scaled);
  /// returns the tiles added to the cache. A tile the cache has already (rendered meanwhile), or
  /// the hold, is dropped.
  func deliver(limit: Int) -> Int {
    guard let worker, let target = uploadTarget else { return 0 }
    var uploaded = 0
    var added = 0
    let deferred = Self.defersTextures(target)
    for pixels in worker.collect(limit: limit) where !cache.contains(pixels.key) && !hold.holds(pixels.key) {
      guard
        let tile = TileUpload.tile(
          pixels, for: target, frame: frame, ground: false, deferTexture: deferred && pixels.kept != nil,
          keepsLabelled: keepsLabelled(target))
      else { continue }
      if hold.active {
        hold.hold(tile, at: pixels.key)
      } else {
        cache.insert(tile, at: pixels.key, frame: frame)
        added += 1
      }
      if tile.groundPending { groundsPending.append(pixels.key) }
      uploaded += 1
    }
    noteUploads(uploaded)
    var left = deferred ? Self.deferredGrounds : limit - uploaded
    while left > 0, !groundsPending.isEmpty {
      let key = groundsPending.removeFirst()
      guard let tile = cache.peek(key) ?? hold.tile(key), tile.groundPending else { continue }
      tile.prepareGround()
      left -= 1
    }
    return added
  }

  /// Whether tiles for `target` wait as pixels until a texture of theirs is drawn: on the
  /// software display at 1× the compositor reads their kept pixels
  /// (`SurfaceComposer`), and their textures are drawn only while a zoom scales them. An upload
  /// there costs ~0.11 ms (a new 256 KiB surface, page-faulted and zeroed, then the copy): 8 a
  /// frame at 3840×2160 was 0.9–1.1 ms of a frame whose floor is 1.9.
  static func defersTextures(_ target: Canvas) -> Bool {
    target.composesOnCPU
  }

  /// Grounds alone uploaded a frame ahead of a zoom when textures wait (`defersTextures`): one,
  /// 0.11 ms, so that still frames stay near the floor and a zoom later finds them uploaded.
  static let deferredGrounds = 1

  /// Shows the tiles held back when every visible tile of the view at (`x`, `y`) at zoom `z` is
  /// held, in the cache or held back (the view refines in this frame); returns how many.
  func releaseIfComplete(zoom z: Double, x: Double, y: Double, width: Int, height: Int) -> Int {
    guard hold.active else { return 0 }
    let size = Double(tileSize)
    for j in Self.span(y, height, size: size) {
      for i in Self.span(x, width, size: size) {
        let key = TileKey(zoom: z, x: i, y: j)
        if !cache.contains(key), !hold.holds(key) { return 0 }
      }
    }
    return show(hold.release())
  }

  /// Puts tiles held back into the cache (shown from this frame on); returns how many.
  @discardableResult
  func show(_ held: [(key: TileKey, tile: MapTile)]) -> Int {
    for (key, tile) in held { cache.insert(tile, at: key, frame: frame) }
    return held.count
  }

  /// Waits for the worker to paint what it was asked (tests, the bench's end, and the first
  /// view's half in the first frame; never a later frame).
  func waitForWorker() { worker?.waitUntilIdle() }

  /// Waits for the worker and uploads everything it painted (the bench's end, before its
  /// figures are read).
  func finishWorker() {
    guard let worker else { return }
    show(hold.release())
    while worker.pending || !groundsPending.isEmpty {
      worker.waitUntilIdle()
      _ = deliver(limit: .max)
    }
  }

  /// Fills the layer from the tiles held, and asks the worker for the visible tiles missing
  /// (centre first) then for tiles ahead of need (along a flight's path, then the ring around
  /// the view), in place of what it was asked before; nothing while a zoom moves (the nearest
  /// level stands in, scaled). True when the layer is the grid at the camera's zoom (with holes
  /// in the land's colour where tiles have not arrived yet).
  func placeFromWorker(
    camera: MapCamera, zoom z: Double, x: Double, y: Double, scaledX: Double, scaledY: Double, width: Int,
    height: Int
  ) -> Bool {
    let fallback = findMissing(
      zoom: z, x: x, y: y, scaledX: scaledX, scaledY: scaledY, width: width, height: height)
    asks.removeAll(keepingCapacity: true)
    asked.removeAll(keepingCapacity: true)
    if fallback == nil || settled {
      sortWantedCentreFirst(x: x, y: y, width: width, height: height)
      for key in wanted where !hold.holds(key) {
        asks.append(key)
        asked.insert(key)
      }
      askAhead(camera: camera, x: x, y: y, width: width, height: height)
    }
    if asks != requested {
      requested = asks
      worker?.submit(asks)
    }
    holes = wanted.count
    if !wanted.isEmpty, let fallback {
      placeScaled(
        level: fallback, under: z, x: x, y: y, scaledX: scaledX, scaledY: scaledY, width: width,
        height: height)
      return false
    }
    placeGrid(zoom: z, x: x, y: y, width: width, height: height) { _ in nil }
    return true
  }

  /// Adds to `asks` the tiles ahead of need (`forEachAhead`'s order), never past the cache's cap
  /// (counting the tiles asked already: one painted ahead would evict another, to be painted
  /// again).
  private func askAhead(camera: MapCamera, x: Double, y: Double, width: Int, height: Int) {
    guard let target = uploadTarget else { return }
    let tileBytes = tileBytes(for: target)
    // Tiles held back (`ArrivalHold`) go into the cache when shown: counted as in it.
    var room = (cache.capBytes - cache.bytes) / tileBytes - asks.count - hold.tiles.count
    forEachAhead(camera: camera, x: x, y: y, width: width, height: height) { key in
      guard room > 0 else { return false }
      if !cache.contains(key), !asked.contains(key), !hold.holds(key) {
        asks.append(key)
        asked.insert(key)
        room -= 1
      }
      return true
    }
  }
}
