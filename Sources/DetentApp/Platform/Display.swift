@preconcurrency import CSDL2
import Foundation

/// Where frames are drawn: a real window, or an offscreen surface with the software renderer
/// (headless replays, screenshots and the bench; no display needed).
final class Display {
  /// The window, when there is one.
  private(set) var window: OpaquePointer?
  /// The renderer.
  let renderer: OpaquePointer
  /// Drawing helpers on the renderer.
  let canvas: Canvas
  /// The renderer's name ("software", "opengl", …).
  var rendererName: String {
    var info = SDL_RendererInfo()
    guard SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name else { return "?" }
    return String(cString: name)
  }

  /// The refresh rate SDL reports for the window's display (Hz), if it reports one.
  var refreshRate: Double? {
    guard let window else { return nil }
    var mode = SDL_DisplayMode()
    guard SDL_GetWindowDisplayMode(window, &mode) == 0, mode.refresh_rate > 0 else { return nil }
    return Double(mode.refresh_rate)
  }

  /// SDL video drivers that show a window on a real display.
  static let windowDrivers: Set<String> = ["x11", "wayland", "kmsdrm", "cocoa", "windows"]

  /// Size of the drawable area in points (window coordinates: what layout and input use).
  private(set) var width: Int
  private(set) var height: Int
  /// Device pixels per point: the renderer's output size over the window's size (2 on a HiDPI
  /// display), or the `--scale` asked for offscreen. Screenshots and goldens are in device pixels.
  var scale: Int { canvas.scale }
  /// Size of the drawable area in device pixels.
  var pixelWidth: Int { width * scale }
  var pixelHeight: Int { height * scale }

  /// Window units per point: 1, or the forced scale of a window opened at `--scale` (whose
  /// window units are then device pixels; `EventPump` divides positions by it).
  let windowUnitsPerPoint: Int

  /// Opens a resizable window titled `title` of `width`×`height` points. Throws an environment
  /// error when there is no display. `scale` nil: high-DPI drawables where the platform has
  /// them, at the scale it reports; given: a window of width·scale × height·scale pixels drawn
  /// at that scale (a HiDPI frame on any display, and headless under the dummy driver).
  init(windowTitle title: String, width: Int, height: Int, scale forced: Int? = nil) throws {
    let env = ProcessInfo.processInfo.environment
    let driver = env["SDL_VIDEODRIVER"] ?? ""
    if driver.isEmpty, (env["DISPLAY"] ?? "").isEmpty, (env["WAYLAND_DISPLAY"] ?? "").isEmpty {
      throw EnvironmentError(
        description:
          "no display: DISPLAY is not set. Run the demo under a virtual display with xvfb-run -a detent demo, "
          + "or check sheets headless with detent replay SCRIPT.json")
    }
    let headlessDriver = driver == "dummy" || driver == "offscreen"
    if headlessDriver || env["SDL_RENDER_DRIVER"] == "software" {
      SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
    }
    if SDL_WasInit(UInt32(SDL_INIT_VIDEO)) == 0, SDL_Init(UInt32(SDL_INIT_VIDEO)) != 0 {
      throw EnvironmentError.sdl(
        "cannot open a display (SDL_Init)",
        hint: "Set DISPLAY to a running X server, or run under a virtual one: xvfb-run -a detent demo. "
          + "For headless checks use: detent replay SCRIPT.json")
    }
    // With no driver asked for, SDL falls back to its `offscreen` (EGL) driver when DISPLAY names
    // no server that answers, and that driver crashes or hangs at the first window. A window
    // needs a real display: anything else is the environment's failure, said at once.
    let current = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
    if driver.isEmpty, !Self.windowDrivers.contains(current.lowercased()) {
      SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO))
      let display = Message.oneLine(env["DISPLAY"] ?? "")
      let named =
        display.isEmpty
        ? "WAYLAND_DISPLAY=\(Message.oneLine(env["WAYLAND_DISPLAY"] ?? "")) names no compositor that answers"
        : "DISPLAY=\(display) names no X server that answers"
      throw EnvironmentError(
        description:
          "no display: \(named) (SDL found only its '\(current)' driver). "
          + (display.hasPrefix(":")
            ? "Start one (Xvfb \(display) &)" : "Check that its X server runs and accepts you")
          + ", run under xvfb-run -a detent demo, or check sheets headless with detent replay SCRIPT.json")
    }
    // High-DPI drawables: on a HiDPI display the renderer's output is larger than the window
    // and everything is drawn at that scale (`Canvas.scale`), in window points.
    let units = forced ?? 1
    let flags =
      SDL_WINDOW_SHOWN.rawValue | SDL_WINDOW_RESIZABLE.rawValue
      | (forced == nil ? SDL_WINDOW_ALLOW_HIGHDPI.rawValue : 0)
    guard
      let window = SDL_CreateWindow(
        title, detent_windowpos_undefined(), detent_windowpos_undefined(), Int32(width * units),
        Int32(height * units), flags)
    else {
      throw EnvironmentError.sdl("cannot create a window", hint: "Try: xvfb-run -a detent demo")
    }
    var renderer = SDL_CreateRenderer(
      window, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_TARGETTEXTURE.rawValue)
    if renderer == nil { renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) }
    guard let renderer else {
      SDL_DestroyWindow(window)
      throw EnvironmentError.sdl("cannot create a renderer", hint: "Try SDL_RENDER_DRIVER=software")
    }
    self.window = window
    self.renderer = renderer
    var w: Int32 = 0
    var h: Int32 = 0
    SDL_GetRendererOutputSize(renderer, &w, &h)
    var pointsW: Int32 = 0
    var pointsH: Int32 = 0
    SDL_GetWindowSize(window, &pointsW, &pointsH)
    let scale = forced ?? Self.scale(output: Int(w), window: Int(pointsW))
    self.windowUnitsPerPoint = units
    self.canvas = Canvas(owner: RendererOwner(renderer: renderer, window: window), scale: scale)
    self.width = Int(w) / scale
    self.height = Int(h) / scale
  }

  /// Device pixels per point from the renderer's output width over the window's width: a
  /// whole number (SDL's HiDPI drawables are 1× or 2×, 3× on some phones), at least 1.
  static func scale(output: Int, window: Int) -> Int {
    guard window > 0, output > window else { return 1 }
    return max(1, Int((Double(output) / Double(window)).rounded()))
  }

  /// An offscreen software-rendered surface of `width`×`height` points at `scale` device
  /// pixels per point (a surface of width·scale × height·scale pixels).
  init(offscreenWidth width: Int, height: Int, scale: Int = 1) throws {
    guard
      let surface = SDL_CreateRGBSurfaceWithFormat(
        0, Int32(width * scale), Int32(height * scale), 32, detent_pixelformat_argb8888())
    else {
      throw EnvironmentError.sdl("cannot create an offscreen surface of \(width * scale)x\(height * scale)")
    }
    guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
      SDL_FreeSurface(surface)
      throw EnvironmentError.sdl("cannot create the software renderer")
    }
    self.renderer = renderer
    self.windowUnitsPerPoint = 1
    self.canvas = Canvas(owner: RendererOwner(renderer: renderer, surface: surface), scale: scale)
    canvas.screen = surface
    self.width = width
    self.height = height
  }

  /// Re-reads the drawable size after the window was resized (offscreen surfaces keep theirs).
  func refreshSize() {
    guard window != nil else { return }
    var w: Int32 = 0
    var h: Int32 = 0
    SDL_GetRendererOutputSize(renderer, &w, &h)
    width = Int(w) / scale
    height = Int(h) / scale
  }

  /// Runs `draw` (a frame's drawing, or work drawn ahead between frames) with the window's
  /// surface known to the canvas. A window drawn by SDL's software renderer draws into the
  /// window's own surface in memory: the canvas is given it for `draw` (as an offscreen
  /// display's), so the CPU compositors, fills and shadows write straight into the window's
  /// pixels rather than through the renderer. Read again each time and let go after: SDL makes a
  /// new surface when the window is resized and frees the old one at the next
  /// `SDL_GetWindowSurface`. A surface of another pixel layout than 32-bit RGB, or none (a
  /// minimised window): the renderer's own drawing. An offscreen display keeps its surface.
  func drawing<T>(_ draw: () throws -> T) rethrows -> T {
    guard let window, canvas.isSoftware else { return try draw() }
    let surface = SDL_GetWindowSurface(window)
    canvas.screen = surface.flatMap { Canvas.writable(format: $0.pointee.format.pointee.format) ? $0 : nil }
    defer { canvas.screen = nil }
    return try draw()
  }

  /// Shows the frame.
  func present() {
    canvas.flush()
    SDL_RenderPresent(renderer)
  }

  /// The current frame's pixels (RGB, opaque), in device pixels.
  func readImage() throws -> RGBImage {
    canvas.flush()
    let (width, height) = (pixelWidth, pixelHeight)
    var bytes = [UInt8](repeating: 0, count: width * height * 3)
    let status = bytes.withUnsafeMutableBytes { raw in
      SDL_RenderReadPixels(renderer, nil, detent_pixelformat_rgb24(), raw.baseAddress, Int32(width * 3))
    }
    guard status == 0 else { throw EnvironmentError.sdl("cannot read pixels") }
    return RGBImage(width: width, height: height, pixels: bytes)
  }

  /// Writes the current frame as a PNG through SDL2_image, by `OutputFile`'s rules.
  func savePNG(to path: String, what: String = "") throws {
    canvas.flush()
    // Read back without alpha: the frame is opaque, and blended text can leave alpha below 255
    // in the target, which would make the PNG see-through in places.
    guard
      let shot = SDL_CreateRGBSurfaceWithFormat(
        0, Int32(pixelWidth), Int32(pixelHeight), 32, detent_pixelformat_xrgb8888())
    else { throw EnvironmentError.sdl("cannot allocate a screenshot") }
    defer { SDL_FreeSurface(shot) }
    guard
      SDL_RenderReadPixels(
        renderer, nil, detent_pixelformat_xrgb8888(), shot.pointee.pixels, shot.pointee.pitch) == 0
    else { throw EnvironmentError.sdl("cannot read pixels") }
    try OutputFile.write(try PNGEncoder.encode(shot, path: path, what: what), to: path, what: what)
  }

}
