import Detent
import Testing

@testable import DetentApp

@Suite struct FadeTests {
  @Test(
    "a toast fades in over 0.15 s, stays, and fades out over its last 0.35 s",
    arguments: [
      (-0.1, 0.0), (0.0, 0.0), (0.075, 0.5), (0.15, 1.0), (1.0, 1.0), (2.15, 1.0), (2.325, 0.5), (2.5, 0.0),
      (3.0, 0.0),
    ])
  func toastAlpha(age: Double, alpha: Double) {
    let toast = Toast(message: "m", shownAt: 10)
    #expect(abs(toast.alpha(at: 10 + age) - alpha) < 1e-9)
  }

  @Test(
    "a scroll indicator stays 0.5 s after the list stops, then fades over 0.3 s",
    arguments: [(0.0, 1.0), (0.5, 1.0), (0.65, 0.5), (0.8, 0.0), (2.0, 0.0)])
  func indicatorAlpha(sinceStop: Double, alpha: Double) {
    var indicator = ScrollIndicator()
    #expect(indicator.alpha(at: 0) == 0, "nothing before the list moves")
    indicator.observe(offset: 40, active: false, at: 3)
    indicator.observe(offset: 40, active: false, at: 3.5)
    #expect(abs(indicator.alpha(at: 3 + sinceStop) - alpha) < 1e-9)
    // Held (active) without moving keeps it up.
    indicator.observe(offset: 40, active: true, at: 10)
    #expect(indicator.alpha(at: 10.5) == 1)
  }

  @Test(
    "the list's indicator shows while it scrolls, fades when it stops, and the program draws until it is gone"
  )
  func indicatorFadesInTheModel() throws {
    let model = try DemoModel(tuning: Tuning(initialNotch: "maximum"), width: 1280, height: 800)
    #expect(!model.needsFrames && model.indicators[0].alpha(at: model.time) == 0)
    model.apply(.wheel(x: 200, y: 500, dy: 3))
    #expect(model.indicators[0].alpha(at: model.time) == 1 && model.needsFrames)
    // The wheel's scroll ends a few frames later (listScrollEnded); the fade counts from then.
    var frames = 0
    while model.stack.root.phaseName == .scrolling {
      model.step(dt: 1.0 / 60)
      frames += 1
    }
    #expect(frames < 30)
    wait(model, 0.45)
    #expect(model.indicators[0].alpha(at: model.time) == 1 && model.needsFrames)
    wait(model, 0.2)
    let fading = model.indicators[0].alpha(at: model.time)
    #expect(fading > 0 && fading < 1 && model.needsFrames)
    wait(model, 0.17)
    #expect(model.indicators[0].alpha(at: model.time) == 0 && !model.needsFrames)
  }

  @Test("a quick click on a panel slider's track sets the value there and focuses that slider")
  func panelTrackClick() throws {
    let model = try DemoModel(tuning: Tuning(), width: 1280, height: 800)
    model.apply(.key("T"))
    #expect(model.panel.focused == "spring.response")
    let item = model.panelItems.first {
      if case .slider(let s, _) = $0.kind { s.id == "rubberBand.factor" } else { false }
    }!
    guard case .slider(let slider, _) = item.kind else { return }
    let x = item.rect.x + item.rect.w * 0.25
    let y = item.rect.y + 21  // on the track
    // Press and release within one frame, as a quick click arrives.
    model.apply(.press(x: x, y: y))
    model.apply(.release(x: x, y: y, velocity: nil))
    #expect(model.rootTuning.rubberBand.factor == slider.value(atFraction: 0.25))
    #expect(model.rootTuning.rubberBand.factor == 0.5)
    #expect(model.panel.focused == "rubberBand.factor" && model.panel.active == nil)
    model.apply(.key("Right"))
    #expect(model.rootTuning.rubberBand.factor == 0.51)
  }
}
