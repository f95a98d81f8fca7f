@testable import Detent
import Testing

/// The spring in other tools' terms (SpringConversions.swift), each checked with a value from that
/// platform's own documentation or source.
@Suite struct SpringConversionsTests {
  @Test(
    "SwiftUI's documented presets and defaults",
    arguments: [
      // (preset, response, damping ratio): Spring.smooth/.snappy/.bouncy are duration 0.5 with
      // bounce 0, 0.15 and 0.3; Animation.spring's defaults are response 0.5, dampingFraction
      // 0.825; interactiveSpring's 0.15 and 0.86.
      (SpringPreset.swiftUISmooth, 0.5, 1.0), (.swiftUISnappy, 0.5, 0.85), (.swiftUIBouncy, 0.5, 0.7),
      (.swiftUISpring, 0.5, 0.825), (.swiftUIInteractive, 0.15, 0.86),
    ])
  func swiftUIPresets(preset: SpringPreset, response: Double, ratio: Double) {
    expectClose(preset.spring.response, response, 1e-12)
    expectClose(preset.spring.dampingRatio, ratio, 1e-12)
  }

  @Test(
    "other platforms' documented defaults",
    arguments: [
      // (preset, stiffness, damping, damping ratio): Compose spring() = DampingRatioNoBouncy 1,
      // StiffnessMedium 1500; Android SpringForce = STIFFNESS_MEDIUM 1500, DAMPING_RATIO_MEDIUM_BOUNCY
      // 0.5; Motion = stiffness 100, damping 10, mass 1; React Native Animated.spring = tension 40,
      // friction 7 (k 230.2, c 22).
      (SpringPreset.composeDefault, 1500.0, 77.459_666_924_148, 1.0),
      (.androidSpringForce, 1500, 38.729_833_462_074, 0.5), (.motionDefault, 100, 10, 0.5),
      (.reactNativeDefault, 230.2, 22, 0.725_003_370_374_7),
    ])
  func platformDefaults(preset: SpringPreset, stiffness: Double, damping: Double, ratio: Double) {
    expectClose(preset.spring.stiffness, stiffness, 1e-9)
    expectClose(preset.spring.damping, damping, 1e-9)
    expectClose(preset.spring.dampingRatio, ratio, 1e-9)
  }

  @Test("mass scales stiffness and damping, never the motion: Motion's default at mass 1, 2 and 0.5")
  func mass() {
    let s = Spring(stiffness: 100, damping: 10, mass: 1)
    for (m, k, c) in [(1.0, 100.0, 10.0), (2, 200, 20), (0.5, 50, 5)] {
      expectClose(s.stiffness(mass: m), k, 1e-9)
      expectClose(s.damping(mass: m), c, 1e-9)
      let back = Spring(stiffness: k, damping: c, mass: m)
      expectClose(back.response, s.response, 1e-12)
      expectClose(back.dampingRatio, s.dampingRatio, 1e-12)
    }
    expectClose(s.response, 0.628_318_530_718, 1e-9)
  }

  @Test(
    "Origami tension/friction (Rebound's OrigamiValueConverter), both ways",
    arguments: [
      // (tension, friction, stiffness, damping): Rebound's default config is tension 40,
      // friction 7; Origami's converter maps 30 → 194 and 8 → 25.
      (40.0, 7.0, 230.2, 22.0), (30, 8, 194, 25), (100, 20, 447.4, 61),
    ])
  func origami(tension: Double, friction: Double, stiffness: Double, damping: Double) {
    let s = Spring(origamiTension: tension, friction: friction)
    expectClose(s.stiffness, stiffness, 1e-9)
    expectClose(s.damping, damping, 1e-9)
    expectClose(s.origamiTension, tension, 1e-9)
    expectClose(s.origamiFriction, friction, 1e-9)
  }

  @Test(
    "Origami bounciness/speed (Rebound's BouncyConversion), both ways",
    arguments: [
      // (bounciness, speed, Origami tension, Origami friction): React Native's Animated.spring
      // defaults are bounciness 8, speed 12; Facebook POP's are bounciness 4, speed 12.
      (8.0, 12.0, 70.911_764_705_882, 7.894_673_081_761), (4, 12, 70.911_764_705_882, 9.828_993_216_081),
      (0, 20, 117.852_941_176_471, 14.669_897_751_943),
    ])
  func bouncinessSpeed(bounciness: Double, speed: Double, tension: Double, friction: Double) throws {
    let s = Spring(bounciness: bounciness, speed: speed)
    expectClose(s.origamiTension, tension, 1e-9)
    expectClose(s.origamiFriction, friction, 1e-9)
    let back = try #require(s.bouncinessAndSpeed)
    expectClose(back.bounciness, bounciness, 1e-9)
    expectClose(back.speed, speed, 1e-9)
  }

  @Test("a spring damped beyond bounciness 0 has no bounciness/speed")
  func bouncinessOutOfReach() {
    #expect(Spring(response: 0.4, dampingRatio: 2).bouncinessAndSpeed == nil)
  }

  @Test(
    "Motion visualDuration/bounce: response = 1.2 × visualDuration, ratio = clamp(1 − bounce, 0.05, 1)",
    arguments: [
      // (visualDuration, bounce, response, ratio): Motion's documented default bounce is 0.25;
      // bounce 0 is critical, and Motion clamps the ratio to 0.05 at bounce 1.
      (0.5, 0.25, 0.6, 0.75), (0.3, 0, 0.36, 1), (1, 1, 1.2, 0.05),
    ])
  func motion(visualDuration: Double, bounce: Double, response: Double, ratio: Double) {
    let s = Spring(visualDuration: visualDuration, bounce: bounce)
    expectClose(s.response, response, 1e-12)
    expectClose(s.dampingRatio, ratio, 1e-12)
    expectClose(s.visualDuration, visualDuration, 1e-12)
    expectClose(s.motionBounce ?? .nan, 1 - ratio, 1e-12)
    // Motion's own formula: stiffness (2π/(1.2·vd))², damping 2·ratio·√stiffness.
    let k = (2 * Double.pi / (1.2 * visualDuration)) * (2 * Double.pi / (1.2 * visualDuration))
    expectClose(s.stiffness, k, 1e-9)
    expectClose(s.damping, 2 * ratio * k.squareRoot(), 1e-9)
  }

  @Test("Motion cannot express an overdamped spring")
  func motionOverdamped() {
    #expect(Spring(response: 0.5, dampingRatio: 1.5).motionBounce == nil)
  }
}
