import Detent

/// Renders the model offscreen (software renderer, no display): the one renderer behind `shot`
/// steps, `expect image` and `--video`, so a golden, a shot and a video frame of one moment agree.
final class ShotWriter {
  let assets: AssetLocator
  private var display: Display?
  private var scene: SceneRenderer?

  /// Device pixels per point of the frames drawn from here on (shots and goldens are in
  /// device pixels: a 640×800 window at 2 is a 1280×1600 image).
  var scale = 1

  init(assets: AssetLocator) { self.assets = assets }

  /// Draws the model's current frame and returns the display holding it.
  private func draw(_ model: DemoModel) throws -> Display {
    let w = Int(model.windowWidth)
    let h = Int(model.windowHeight)
    if display == nil || display!.width != w || display!.height != h || display!.scale != scale {
      scene = nil
      display = nil
      let d = try Display(offscreenWidth: w, height: h, scale: scale)
      display = d
      scene = try SceneRenderer(display: d, assets: assets)
    }
    scene!.render(model)
    return display!
  }

  /// Writes the model's current frame to `path` as a PNG.
  func write(_ model: DemoModel, to path: String) throws {
    try draw(model).savePNG(to: path, what: "--shots ")
  }

  /// The model's current frame as pixels.
  func image(_ model: DemoModel) throws -> RGBImage {
    try draw(model).readImage()
  }
}
