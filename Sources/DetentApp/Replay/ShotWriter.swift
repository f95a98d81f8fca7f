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
  /// The script drawn (named in errors).
  var script = ""

  init(assets: AssetLocator) { self.assets = assets }

  /// Draws the model's current frame and returns the display holding it.
  private func draw(_ model: DemoModel) throws -> Display {
    let w = Int(model.windowWidth)
    let h = Int(model.windowHeight)
    if display == nil || display!.width != w || display!.height != h || display!.scale != scale {
      scene = nil
      display = nil
      // A resize step can reach a size that is within the limits in points but not at the scale.
      if scale > 1, let problem = Limits.windowProblem(width: w * scale, height: h * scale) {
        throw CLIError.input(
          "\(script): a \(w)x\(h) window at scale \(scale) would be \(w * scale)x\(h * scale) device pixels: \(problem)"
        )
      }
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
