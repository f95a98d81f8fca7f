@preconcurrency import CSDL2

/// An SDL renderer and what it draws into (a window or a surface), destroyed together when the
/// last holder lets go. Every object that owns textures of the renderer holds it, through the
/// `Canvas` it drew them with, and destroys its textures in its own `deinit`: so no texture is
/// destroyed after its renderer, whatever order objects are released in at exit.
final class RendererOwner {
  /// The renderer.
  let renderer: OpaquePointer
  private let surface: UnsafeMutablePointer<SDL_Surface>?
  private let window: OpaquePointer?

  /// Takes ownership of `renderer` and of the `surface` or `window` it draws into. The owner of
  /// a window also ends SDL (`SDL_Quit`) when it goes: the window was the last thing using it.
  init(
    renderer: OpaquePointer, surface: UnsafeMutablePointer<SDL_Surface>? = nil, window: OpaquePointer? = nil
  ) {
    self.renderer = renderer
    self.surface = surface
    self.window = window
  }

  deinit {
    SDL_DestroyRenderer(renderer)
    if let surface { SDL_FreeSurface(surface) }
    if let window {
      SDL_DestroyWindow(window)
      SDL_Quit()
    }
  }
}
