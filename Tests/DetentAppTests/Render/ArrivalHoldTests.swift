@preconcurrency import CSDL2
import Testing

@testable import DetentApp

/// ArrivalHold.swift: tiles arriving while the view holds still with tiles missing are held
/// back and shown together.
struct ArrivalHoldTests {
  static let view = ArrivalHold.View(zoom: 2, x: 10.5, y: -3, width: 1280, height: 800)

  static func tile(_ display: Display) throws -> MapTile {
    let texture = try #require(
      SDL_CreateTexture(
        display.renderer, detent_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue), 16, 16))
    return MapTile(texture: texture, pixels: nil, size: 16, frame: 0, owner: display.canvas)
  }

  static func key(_ x: Int) -> TileKey { TileKey(zoom: 2, x: x, y: 0) }

  @Test(
    "held only in a frame whose view is the last frame's, which had tiles missing",
    arguments: [
      // (the second frame's view, the first frame had tiles missing, held)
      (Self.view, true, true),
      (Self.view, false, false),
      (ArrivalHold.View(zoom: 2, x: 10.5, y: -2, width: 1280, height: 800), true, false),
      (ArrivalHold.View(zoom: 2.000001, x: 10.5, y: -3, width: 1280, height: 800), true, false),
      (ArrivalHold.View(zoom: 2, x: 10.5, y: -3, width: 1280, height: 799), true, false),
    ] as [(ArrivalHold.View, Bool, Bool)])
  func holdsOnlyAStillView(second: ArrivalHold.View, missing: Bool, held: Bool) {
    var hold = ArrivalHold()
    #expect(hold.begin(view: Self.view, missing: true).isEmpty)
    #expect(!hold.active, "the first frame has no frame before it")
    #expect(hold.begin(view: second, missing: missing).isEmpty)
    #expect(hold.active == held)
  }

  @Test("the tiles held come back in the order they arrived when the view moves, and not before")
  func releasedWhenTheViewMoves() throws {
    let display = try Display(offscreenWidth: 16, height: 16)
    var hold = ArrivalHold()
    _ = hold.begin(view: Self.view, missing: true)
    _ = hold.begin(view: Self.view, missing: true)
    let tiles = try (0..<3).map { _ in try Self.tile(display) }
    for (x, tile) in [3, 1, 2].enumerated().map({ ($0.element, tiles[$0.offset]) }) {
      hold.hold(tile, at: Self.key(x))
    }
    #expect(hold.holds(Self.key(1)) && !hold.holds(Self.key(4)))
    #expect(hold.tile(Self.key(2)) === tiles[2])
    #expect(hold.begin(view: Self.view, missing: true).isEmpty)
    var moved = Self.view
    moved.x += 1
    let out = hold.begin(view: moved, missing: true)
    #expect(out.map(\.key.x) == [3, 1, 2])
    #expect(zip(out, tiles).allSatisfy { $0.tile === $1 })
    #expect(!hold.active && hold.tiles.isEmpty && !hold.holds(Self.key(1)))
  }

  @Test("held at most 30 frames after the first tile held: then shown, and the next frame holds again")
  func releasedAfterMaxFrames() throws {
    let display = try Display(offscreenWidth: 16, height: 16)
    var hold = ArrivalHold()
    _ = hold.begin(view: Self.view, missing: true)
    // Frames still without a tile held do not count.
    for _ in 0..<50 { #expect(hold.begin(view: Self.view, missing: true).isEmpty) }
    hold.hold(try Self.tile(display), at: Self.key(0))
    var frames = 0
    while hold.begin(view: Self.view, missing: true).isEmpty {
      #expect(hold.active)
      frames += 1
      guard frames < 100 else { break }
    }
    #expect(frames == ArrivalHold.maxFrames - 1)
    #expect(ArrivalHold.maxFrames == 30)
    #expect(!hold.active)
    #expect(hold.begin(view: Self.view, missing: true).isEmpty)
    #expect(hold.active)
  }
}
