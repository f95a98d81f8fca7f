import Foundation

/// Paints map tiles on a thread of its own, so that a progressive frame (the demo, the bench)
/// never paints after the first (`TileScheduler.paintsFirstView`, which paints half its view
/// and waits for the worker's half): the main thread asks for tiles (`submit`, which replaces what it asked
/// before: a request the view moved away from is dropped unpainted), takes the finished pixels
/// (`collect`) and uploads them into textures of the display's renderer itself (`TileUpload`).
///
/// Threads: the painter (`TilePainting`, for the map a `TilePainter` with its own surface,
/// software renderer and font faces) is made by `makePainter` on the worker's thread, used only
/// there, and released there before the thread ends: SDL's render API is used only from the
/// thread that created the renderer, and the worker never touches the video subsystem, the
/// window or the display's renderer. `stop()` (called by the owner's `deinit`) empties the
/// queue, lets the tile in progress finish and waits for the thread to release its painter:
/// no texture outlives its renderer and nothing of the worker runs after its owner is gone.
///
/// The class is `@unchecked Sendable` because the main thread and the worker share it: every
/// mutable property is read and written only with `condition` locked; the rest is immutable.
final class TileWorker: @unchecked Sendable {
  /// The most requests kept (visible tiles first, then tiles ahead of need).
  static let maxQueued = 256
  /// The most finished tiles held for the main thread (each 0.5–0.75 MiB): the worker waits
  /// when the main thread has not taken them yet (work in flight is capped).
  static let maxResults = 48

  private let condition = NSCondition()
  private let maxResults: Int
  // Guarded by `condition`:
  private var queue: [TileKey] = []
  private var painting: TileKey?
  private var results: [TilePixels] = []
  private var stopping = false
  private var finished = false
  private var failedToStart = false
  private var paintedCount = 0
  private var droppedCount = 0
  private var cpu = 0.0

  /// Starts the worker's thread, which makes its painter with `makePainter` (on that thread).
  init(
    maxResults: Int = TileWorker.maxResults, makePainter: @escaping @Sendable () -> (any TilePainting)?
  ) {
    self.maxResults = maxResults
    let thread = Thread { [self] in run(makePainter) }
    thread.name = "detent-tiles"
    thread.stackSize = 1 << 20
    thread.start()
  }

  /// Asks for `keys`, most wanted first, in place of what was asked before (the tile being
  /// painted and those finished but not collected are not asked again).
  func submit(_ keys: [TileKey]) {
    condition.lock()
    defer { condition.unlock() }
    guard !stopping else { return }
    let finished = Set(results.map(\.key))
    let asked = keys.filter { key in key != painting && !finished.contains(key) }.prefix(Self.maxQueued)
    let kept = Set(asked)
    droppedCount += queue.count(where: { !kept.contains($0) })
    queue = Array(asked)
    condition.broadcast()
  }

  /// Takes up to `limit` finished tiles, in the order they were painted.
  func collect(limit: Int) -> [TilePixels] {
    condition.lock()
    defer { condition.unlock() }
    guard !results.isEmpty, limit > 0 else { return [] }
    let taken = Array(results.prefix(limit))
    results.removeFirst(taken.count)
    condition.broadcast()
    return taken
  }

  /// Whether tiles are asked for, being painted or waiting to be collected.
  var pending: Bool {
    condition.withLock { !finished && (!queue.isEmpty || painting != nil) || !results.isEmpty }
  }

  /// Whether `stop()` was called.
  var stopRequested: Bool { condition.withLock { stopping } }

  /// Whether the worker's thread has released its painter and ended its loop.
  var isFinished: Bool { condition.withLock { finished } }

  /// Whether the worker could not make its painter (its owner then renders tiles itself).
  var failed: Bool { condition.withLock { failedToStart } }

  /// Tiles painted so far.
  var painted: Int { condition.withLock { paintedCount } }

  /// Requests replaced before they were painted.
  var dropped: Int { condition.withLock { droppedCount } }

  /// CPU seconds the worker's thread spent painting.
  var cpuSeconds: Double { condition.withLock { cpu } }

  /// Waits until nothing is asked for or being painted (or the finished tiles fill the
  /// results, which the caller then collects): tests, the bench's end and the first frame's
  /// view, never a later frame.
  func waitUntilIdle() {
    condition.lock()
    defer { condition.unlock() }
    while !finished, !queue.isEmpty || painting != nil, results.count < maxResults { condition.wait() }
  }

  /// Drops every request, waits for the tile in progress and for the thread to release its
  /// painter and end. Idempotent.
  func stop() {
    condition.lock()
    defer { condition.unlock() }
    stopping = true
    queue.removeAll()
    condition.broadcast()
    while !finished { condition.wait() }
  }

  private func run(_ makePainter: () -> (any TilePainting)?) {
    // The painter lives in this scope only: made, used and released on this thread.
    do {
      guard let painter = makePainter() else {
        condition.lock()
        failedToStart = true
        finished = true
        condition.broadcast()
        condition.unlock()
        return
      }
      while let key = next() {
        let start = Self.threadCPU()
        let tile = painter.paint(key)
        let spent = Self.threadCPU() - start
        condition.lock()
        painting = nil
        paintedCount += 1
        cpu += spent
        if let tile { results.append(tile) }
        condition.broadcast()
        condition.unlock()
      }
    }
    condition.lock()
    finished = true
    condition.broadcast()
    condition.unlock()
  }

  /// The next key to paint, waiting for one (and for room in the results); nil once stopping.
  private func next() -> TileKey? {
    condition.lock()
    defer { condition.unlock() }
    while !stopping, queue.isEmpty || results.count >= maxResults { condition.wait() }
    if stopping { return nil }
    let key = queue.removeFirst()
    painting = key
    return key
  }

  /// CPU seconds of the calling thread.
  static func threadCPU() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }
}
