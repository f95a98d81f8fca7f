@preconcurrency import CSDL2
import Testing

@testable import DetentApp

/// `ViewTexture`: made once per canvas and size, made again when either changes, and keeping
/// its renderer alive while it holds a texture.
@Suite(.serialized) struct ViewTextureTests {
  @Test("asked again: the same texture unless the size or the canvas changed")
  func remadeOnChange() throws {
    let one = try Display(offscreenWidth: 64, height: 32)
    let two = try Display(offscreenWidth: 64, height: 32)
    let view = ViewTexture(access: SDL_TEXTUREACCESS_TARGET)
    // (canvas, width, height) → made now?
    let cases: [(Display, Int, Int, Bool)] = [
      (one, 64, 32, true), (one, 64, 32, false), (one, 32, 32, true), (one, 32, 32, false),
      (two, 32, 32, true), (two, 32, 32, false), (one, 32, 32, true),
    ]
    for (i, (display, w, h, fresh)) in cases.enumerated() {
      let made = try #require(view.texture(for: display.canvas, pixelWidth: w, pixelHeight: h))
      #expect(made.fresh == fresh, "case \(i)")
      var (tw, th): (Int32, Int32) = (0, 0)
      SDL_QueryTexture(made.texture, nil, nil, &tw, &th)
      #expect((Int(tw), Int(th)) == (w, h), "case \(i)")
    }
    #expect(view.texture(for: one.canvas, pixelWidth: 0, pixelHeight: 32) == nil)
    #expect(view.texture == nil)
  }

  @Test("a view texture keeps its renderer alive after the display is released")
  func keepsRenderer() throws {
    weak var owner: RendererOwner?
    var view: ViewTexture? = ViewTexture(access: SDL_TEXTUREACCESS_STREAMING)
    do {
      let display = try Display(offscreenWidth: 16, height: 16)
      owner = display.canvas.owner
      #expect(view?.texture(for: display.canvas, pixelWidth: 16, pixelHeight: 16)?.fresh == true)
    }
    #expect(owner != nil)
    view = nil
    #expect(owner == nil)
  }
}
