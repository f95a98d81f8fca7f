import Detent
import Foundation

/// The terms the panel shows the settle spring in. Each pair is a view of the same two stored
/// keys (`spring.response`, `spring.dampingRatio`): editing one pair updates every other, and
/// the panel's summary line shows the spring in all of them at once. The conversions themselves
/// are the engine's (`Spring` in Physics/SpringParameters.swift and SpringConversions.swift).
enum SpringTerms: String, CaseIterable {
  /// Response (s) and damping ratio: what the tuning file stores.
  case response
  /// Stiffness and damping coefficient for a unit mass (Android, Compose, Framer Motion).
  case physical
  /// SwiftUI's `Spring(duration:bounce:)`.
  case swiftUI
  /// Settling time (to within 0.1 %) and damping ratio.
  case settling
  /// Named springs from the platforms' documentation (`SpringPreset`): pick one to tune to it.
  case named

  /// The segment's label.
  var label: String {
    switch self {
    case .response: "response"
    case .physical: "k · c"
    case .swiftUI: "SwiftUI"
    case .settling: "settling"
    case .named: "named"
    }
  }

  /// The two sliders for the spring in these terms: the stored keys' from the schema, the
  /// other terms' (`derivedSliderIDs`) declared here.
  var sliders: [PanelSlider] {
    switch self {
    case .response:
      return [
        PanelSlider.schema("spring.response"),
        PanelSlider.schema("spring.dampingRatio"),
      ]
    case .physical:
      return [
        PanelSlider(
          id: "spring.stiffness", label: "stiffness (mass 1)", range: 20...2000, step: 1, unit: "",
          get: { $0.spring.stiffness },
          set: { t, k in t.spring = Self.stored(Spring(stiffness: k, damping: t.spring.damping)) }),
        PanelSlider(
          id: "spring.damping", label: "damping", range: 1...100, step: 0.1, unit: "",
          get: { $0.spring.damping },
          set: { t, c in t.spring = Self.stored(Spring(stiffness: t.spring.stiffness, damping: c)) }),
      ]
    case .swiftUI:
      return [
        PanelSlider(
          id: "spring.duration", label: "duration", range: 0.1...1.5, step: 0.01, unit: "s",
          get: { $0.spring.duration },
          set: { t, d in t.spring = Self.stored(Spring(duration: d, bounce: t.spring.bounce)) }),
        PanelSlider(
          id: "spring.bounce", label: "bounce", range: -0.5...0.9, step: 0.01, unit: "",
          get: { $0.spring.bounce },
          set: { t, b in t.spring = Self.stored(Spring(duration: t.spring.duration, bounce: b)) }),
      ]
    case .named:
      return []
    case .settling:
      return [
        PanelSlider(
          id: "spring.settlingTime", label: "settling time", range: 0.1...5, step: 0.01, unit: "s",
          get: { $0.spring.settlingTime() },
          set: { t, s in
            // For a fixed damping ratio the settling time is proportional to the response.
            let perResponse = Spring(response: 1, dampingRatio: t.spring.dampingRatio).settlingTime()
            t.spring.response =
              Self.stored(Spring(response: min(max(s / perResponse, 0.01), 10), dampingRatio: 1))
              .response
          }),
        PanelSlider.schema("spring.dampingRatio"),
      ]
    }
  }

  /// The sliders that are views of the spring rather than keys of the schema: each sets
  /// `spring.response` and `spring.dampingRatio` through the engine's conversions, and declares
  /// its own span here (no file stores it).
  static let derivedSliderIDs: Set<String> = [
    "spring.stiffness", "spring.damping", "spring.duration", "spring.bounce", "spring.settlingTime",
  ]

  /// A spring set through other terms as the tuning file keeps it: response and damping ratio
  /// to 0.001 (a bounce of −0.26 stores damping ratio 1.351, not 1.3513513513513513).
  static func stored(_ s: Spring) -> Spring {
    Spring(
      response: PanelSlider.decimal(s.response, places: 3),
      dampingRatio: PanelSlider.decimal(s.dampingRatio, places: 3))
  }

  /// The spring in every term, one line.
  static func summary(_ s: Spring) -> String {
    "k \(EventLog.number(s.stiffness, decimals: 1)), c \(EventLog.number(s.damping, decimals: 1))  ·  "
      + "bounce \(EventLog.number(s.bounce, decimals: 2))  ·  settles \(EventLog.number(s.settlingTime(), decimals: 2)) s"
  }
}

extension SpringPreset {
  /// The short name a panel button shows (the status line shows `label`).
  var buttonLabel: String {
    switch self {
    case .swiftUISmooth: ".smooth"
    case .swiftUISnappy: ".snappy"
    case .swiftUIBouncy: ".bouncy"
    case .swiftUISpring: ".spring"
    case .swiftUIInteractive: ".interactive"
    case .composeDefault: "Compose"
    case .androidSpringForce: "SpringForce"
    case .motionDefault: "Motion"
    case .reactNativeDefault: "RN Animated"
    }
  }

  /// Whether `spring` is this preset's spring (to 1e-6).
  func matches(_ spring: Spring) -> Bool {
    abs(self.spring.response - spring.response) < 1e-6
      && abs(self.spring.dampingRatio - spring.dampingRatio) < 1e-6
  }
}
