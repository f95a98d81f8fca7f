@preconcurrency import CSDL2
import Detent
import Foundation
import Testing

@testable import DetentApp

/// `RendererOwner`: every object that holds textures keeps their renderer alive, so a texture
/// is never destroyed after its renderer, in whatever order objects are released (the demo once
/// crashed at exit, destroying its sprites after SDL had ended).
@Suite(.serialized) struct RendererOwnerTests {
  /// Holds textures of a display that is already released, then lets them go.
  enum Holder: String, CaseIterable {
    case textCache, spriteCache, mapTile, tileCache, mapRenderer, sceneRenderer
  }

  /// A holder of `kind` with textures of a display that it alone keeps; `owner` is the display's.
  static func make(_ kind: Holder) throws -> (holder: AnyObject, owner: RendererOwner) {
    let assets = AssetLocator(root: repoRoot.appendingPathComponent("Assets"))
    let display = try Display(offscreenWidth: 320, height: 240)
    let canvas = display.canvas
    let text = try TextCache(canvas: canvas, fonts: try assets.fonts())
    switch kind {
    case .textCache:
      text.draw(
        canvas, "Copper Science Center", x: 4, y: 4, TextStyle(size: 15, bold: false), Color(hex: 0x000000))
      #expect(text.count > 0)
      return (text, canvas.owner)
    case .spriteCache:
      let sprites = SpriteCache(canvas: canvas)
      let sprite = sprites.sprite(
        .closeButton(radius: 12, pressed: false), width: 24, height: 24, opaque: false
      ) {
        $0.fillRect(0, 0, 24, 24, Color(hex: 0x000000))
      }
      #expect(sprite != nil)
      return (sprites, canvas.owner)
    case .mapTile, .tileCache:
      let texture = try #require(
        SDL_CreateTexture(
          canvas.renderer, detent_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue), 16, 16))
      let tile = MapTile(texture: texture, pixels: nil, size: 16, frame: 1, owner: canvas)
      if kind == .mapTile { return (tile, canvas.owner) }
      let cache = TileCache()
      cache.insert(tile, at: TileKey(zoom: 1, x: 0, y: 0), frame: 1)
      return (cache, canvas.owner)
    case .mapRenderer:
      let map = MapRenderer(seed: 7)
      map.draw(
        camera: MapTileTests.camera(x: 0, y: 190, zoom: 1),
        pins: MapPins(places: PlaceDirectory(seed: 1, count: 20)),
        width: 320, height: 240, canvas: canvas, text: text, dim: 0.3, sheetTop: 200)
      #expect(map.tileRenders > 0)
      return (map, canvas.owner)
    case .sceneRenderer:
      let scene = try SceneRenderer(display: display, assets: assets)
      let model = try DemoModel(tuning: Tuning(), width: 320, height: 240)
      scene.render(model)
      return (scene, canvas.owner)
    }
  }

  @Test("a texture holder keeps its renderer alive after the display is released", arguments: Holder.allCases)
  func holderKeepsRenderer(kind: Holder) throws {
    weak var owner: RendererOwner?
    var holder: AnyObject?
    do {
      let made = try Self.make(kind)
      holder = made.holder
      owner = made.owner
    }
    // The display is gone; the holder's textures still belong to a live renderer.
    #expect(owner != nil, "\(kind.rawValue) let its renderer go while holding its textures")
    holder = nil
    #expect(holder == nil)
    #expect(owner == nil, "\(kind.rawValue) kept its renderer after it was released")
  }
}
