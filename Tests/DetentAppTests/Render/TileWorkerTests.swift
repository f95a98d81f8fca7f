@preconcurrency import CSDL2
import Foundation
import Testing

@testable import DetentApp

/// The tile worker: tiles painted on its thread have exactly the pixels of tiles painted on the
/// main thread; a request replaced before it was painted is dropped; stopping with work in
/// flight finishes the tile in progress, drops the rest and releases the painter on the
/// worker's own thread before `stop()` returns.
@Suite(.serialized) struct TileWorkerTests {
  static func assetFonts() throws -> AssetLocator.Fonts {
    try AssetLocator(root: repoRoot.appendingPathComponent("Assets")).fonts()
  }

  @Test(
    "a tile painted on the worker equals the tile painted on this thread, pixel for pixel",
    arguments: [
      (zoom: 1.0, x: 0, y: 0, labels: true), (zoom: 1.0, x: -2, y: 1, labels: true),
      (zoom: 2.0, x: 4, y: -2, labels: true), (zoom: 0.5, x: -2, y: 1, labels: true),
      (zoom: 2.0, x: 3, y: -2, labels: false),
      (zoom: 1.0, x: 40, y: 40, labels: false),
    ])
  func workerMatchesMainThread(zoom: Double, x: Int, y: Int, labels: Bool) throws {
    let fonts = try Self.assetFonts()
    let map = CityMap(seed: 7)
    let key = TileKey(zoom: zoom, x: x, y: y)
    let here = try #require(TilePainter(map: map, size: 256, scale: 1, fonts: fonts, keepPixels: true))
    let expected = try #require(here.paint(key))
    let worker = TileWorker {
      TilePainter(map: map, size: 256, scale: 1, fonts: fonts, keepPixels: true)
    }
    defer { worker.stop() }
    worker.submit([key])
    worker.waitUntilIdle()
    let results = worker.collect(limit: 10)
    try #require(results.count == 1)
    let tile = results[0]
    #expect(tile.key == key)
    #expect(tile.side == 256)
    #expect(tile.pixels.count == 65_536)
    #expect(tile.pixels == expected.pixels)
    #expect(tile.ground == expected.ground)
    #expect(tile.kept == expected.kept)
    #expect((tile.ground != nil) == labels, "a tile with labels also has its ground alone")
    #expect(worker.painted == 1)
    #expect(!worker.pending)
  }

  /// A painter that records what it paints and waits for `gate` in each tile (the test decides
  /// when a tile finishes), signalling `started` when it begins one.
  final class GatedPainter: TilePainting {
    let log: Log
    init(log: Log) { self.log = log }
    func paint(_ key: TileKey) -> TilePixels? {
      log.started.signal()
      log.gate.wait()
      log.append(key)
      return TilePixels(
        key: key, side: 1, pixels: [UInt32(truncatingIfNeeded: key.x)], ground: nil, kept: nil)
    }
    deinit { log.released(on: Thread.current) }
  }

  /// What a gated painter did, read by the test on its own thread.
  final class Log: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var keys: [TileKey] = []
    private var releasedOn: Thread?
    private var madeOn: Thread?
    let started = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)

    func made(on thread: Thread) { lock.withLock { madeOn = thread } }
    func append(_ key: TileKey) { lock.withLock { keys.append(key) } }
    func released(on thread: Thread) { lock.withLock { releasedOn = thread } }
    var painted: [TileKey] { lock.withLock { keys } }
    /// Whether the painter was released, on the thread that made it.
    var releasedWhereMade: Bool { lock.withLock { releasedOn != nil && releasedOn === madeOn } }
  }

  static func gatedWorker(_ log: Log) -> TileWorker {
    TileWorker {
      log.made(on: Thread.current)
      return GatedPainter(log: log)
    }
  }

  static func key(_ x: Int) -> TileKey { TileKey(zoom: 1, x: x, y: 0) }

  @Test("a new request list replaces the old: what the view moved away from is dropped unpainted")
  func staleRequestsDropped() throws {
    let log = Log()
    let worker = Self.gatedWorker(log)
    defer { worker.stop() }
    worker.submit([Self.key(1), Self.key(2), Self.key(3)])
    log.started.wait()
    // Tile 1 is being painted: asking for it again does not queue it twice; 2 and 3 go.
    worker.submit([Self.key(1), Self.key(4), Self.key(5)])
    for _ in 0..<3 { log.gate.signal() }
    worker.waitUntilIdle()
    #expect(log.painted == [Self.key(1), Self.key(4), Self.key(5)])
    #expect(worker.collect(limit: 10).map(\.key) == [Self.key(1), Self.key(4), Self.key(5)])
    #expect(worker.dropped == 2)
    #expect(worker.painted == 3)
    // A finished tile not collected yet is not asked again either.
    worker.submit([Self.key(6)])
    log.gate.signal()
    worker.waitUntilIdle()
    worker.submit([Self.key(6), Self.key(7)])
    log.gate.signal()
    worker.waitUntilIdle()
    #expect(worker.collect(limit: 1).map(\.key) == [Self.key(6)])
    #expect(worker.collect(limit: 10).map(\.key) == [Self.key(7)])
    #expect(log.painted.count == 5)
  }

  @Test(
    "stop with work in flight: the tile in progress finishes, the rest is dropped, the painter goes on its thread"
  )
  func stopWithWorkInFlight() throws {
    let log = Log()
    let worker = Self.gatedWorker(log)
    worker.submit((1...10).map(Self.key))
    log.started.wait()
    let stopped = DispatchSemaphore(value: 0)
    let stopper = Thread {
      worker.stop()
      stopped.signal()
    }
    stopper.start()
    // Tile 1 finishes only once stop() has asked the worker to end.
    while !worker.stopRequested { Thread.sleep(forTimeInterval: 0.001) }
    log.gate.signal()
    stopped.wait()
    #expect(log.painted == [Self.key(1)])
    #expect(log.releasedWhereMade)
    #expect(!worker.pending || worker.collect(limit: 10).map(\.key) == [Self.key(1)])
    // Idempotent, and asking a stopped worker does nothing.
    worker.stop()
    worker.submit([Self.key(11)])
    worker.waitUntilIdle()
    #expect(log.painted == [Self.key(1)])
  }

  @Test("a progressive map released with tiles in flight stops its worker, then the display's renderer goes")
  func progressiveMapReleasedInFlight() throws {
    weak var owner: RendererOwner?
    var worker: TileWorker?
    do {
      let (display, scene, model) = try RenderTests.setUp()
      owner = display.canvas.owner
      scene.map.progressive = true
      // 36 tiles asked: the worker is still painting them when the scene goes.
      scene.map.draw(
        camera: MapTileTests.camera(x: 0, y: 190, zoom: 1), pins: model.pins, width: display.width,
        height: display.height, canvas: display.canvas, text: scene.text)
      worker = scene.map.scheduler.worker
      #expect(worker?.isFinished == false)
      #expect(scene.map.scheduler.requested.count == 36)
    }
    #expect(worker?.isFinished == true, "the map stopped its worker (and waited for it) as it went")
    #expect(owner == nil, "the display's renderer went after the tiles")
  }
}
