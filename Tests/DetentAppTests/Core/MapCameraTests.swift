import Detent
import Testing

@testable import DetentApp

/// A camera flight's timing: its ease, the ease's inverse, and the frames until it has gone a
/// fraction of the rest of its way (what the pan buffer spreads its work over).
@Suite struct MapCameraTests {
  @Test(
    "the ease and its inverse",
    arguments: [
      (0.0, 0.0), (0.1, 0.004), (0.25, 0.0625), (0.5, 0.5), (0.75, 0.9375), (0.9, 0.996), (1.0, 1.0),
    ])
  func ease(t: Double, e: Double) {
    #expect(abs(MapCamera.ease(t) - e) < 1e-12)
    #expect(abs(MapCamera.uneased(e) - t) < 1e-9)
  }

  @Test("the inverse clamps what lies outside 0…1")
  func unEasedClamps() {
    #expect(MapCamera.uneased(-0.5) == 0)
    #expect(MapCamera.uneased(1.5) == 1)
  }

  @Test(
    "frames until a flight has gone a fraction of the rest of its way, at 60 fps",
    arguments: [(0.0, 0.0, 0.0), (0.0, 1.0, 30.0), (0.0, 0.5, 15.0), (0.25, 1.0, 15.0), (0.25, 0.0, 0.0)])
  func framesUntil(at now: Double, fraction: Double, frames: Double) throws {
    var camera = MapCamera()
    camera.fly(world: 400, 190, toScreen: 320, 400, width: 640, height: 800, at: 0, animated: true)
    camera.advance(to: now, wall: now)
    let left = try #require(camera.framesUntil(restFraction: fraction, fps: 60))
    #expect(abs(left - frames) < 1e-6)
  }

  @Test(
    "the zoom's hold counts the clock's seconds since the zoom last changed, by zoom(by:) or assigned; a pan or a paused model time leaves it running"
  )
  func zoomHeld() {
    var camera = MapCamera()
    camera.advance(to: 0, wall: 2)
    #expect(camera.zoomHeld == 2)
    camera.zoom(by: 1.1, atX: 100, y: 100, width: 640, height: 800)
    #expect(camera.zoomHeld == 0)
    // Model time paused (playback), the clock runs on.
    camera.advance(to: 0, wall: 2.5)
    #expect(camera.zoomHeld == 0.5)
    camera.pan(dx: 10, dy: 0)
    #expect(camera.zoomHeld == 0.5)
    camera.zoom = 3
    #expect(camera.zoomHeld == 0)
    camera.advance(to: 1, wall: 3)
    camera.zoom = 3
    #expect(camera.zoomHeld == 0.5, "the same zoom assigned again is no change")
    // At the zoom's limits a wheel notch changes nothing.
    camera.zoom(by: 10, atX: 0, y: 0, width: 640, height: 800)
    camera.advance(to: 1, wall: 4)
    camera.zoom(by: 10, atX: 0, y: 0, width: 640, height: 800)
    #expect(camera.zoom == 4 && camera.zoomHeld == 1)
  }

  @Test("not flying: no frames")
  func notFlying() {
    #expect(MapCamera().framesUntil(restFraction: 1, fps: 60) == nil)
  }
}

/// The wheel over the map beside a sheet: it zooms the map only while the backdrop is not
/// dimmed (a press there goes to the backdrop then, and so does the wheel).
struct WheelOverDimmedMapTests {
  @Test(
    "key 3 (maximum, dimmed): the wheel leaves the map; key 1 (minimum): it zooms 1.1³",
    arguments: [("3", 1.0), ("1", 1.331)])
  func wheel(key: String, zoom: Double) throws {
    let model = try DemoModel(tuning: Tuning(layout: LayoutConfig(mode: .bottom)), width: 1280, height: 800)
    _ = model.apply(.key(key))
    for _ in 0..<120 { model.step(dt: 1.0 / 60) }
    #expect((model.stack.top.dimAlpha > 0) == (key == "3"))
    let before = model.camera.zoom
    // Above the sheet at either notch (maximum leaves the top 60 px of an 800-px window).
    _ = model.apply(.wheel(x: 640, y: 20, dy: -3))
    #expect(abs(model.camera.zoom / before - zoom) < 1e-9)
  }
}
