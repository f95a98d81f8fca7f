import Foundation

/// The settle spring in the terms other spring tools speak, as small pure conversions: mass,
/// Origami/Rebound tension–friction and bounciness–speed, and Motion's visualDuration–bounce.
/// (Stiffness/damping and SwiftUI's duration/bounce are in `SpringParameters.swift`.)
///
/// A spring's motion depends on stiffness/mass and damping/mass only, so every conversion goes
/// through the unit-mass stiffness k and damping c.
extension Spring {
  // MARK: Mass

  /// The stiffness that gives this motion with mass `m`: m·k.
  public func stiffness(mass m: Double) -> Double { m * stiffness }

  /// The damping coefficient that gives this motion with mass `m`: m·c.
  public func damping(mass m: Double) -> Double { m * damping }

  // MARK: Origami (Quartz Composer, Rebound, Facebook POP, React Native `Animated.spring`)

  /// A spring from Origami's tension and friction: k = (tension − 30)·3.62 + 194 and
  /// c = (friction − 8)·3 + 25 at unit mass (Rebound's `OrigamiValueConverter`).
  public init(origamiTension tension: Double, friction: Double) {
    self.init(stiffness: (tension - 30) * 3.62 + 194, damping: (friction - 8) * 3 + 25)
  }

  /// Origami's tension for this spring: (k − 194)/3.62 + 30.
  var origamiTension: Double { (stiffness - 194) / 3.62 + 30 }

  /// Origami's friction for this spring: (c − 25)/3 + 8.
  var origamiFriction: Double { (damping - 25) / 3 + 8 }

  /// A spring from Origami's bounciness and speed (both 0…20 in Origami's UI), through Rebound's
  /// `BouncyConversion` to Origami tension and friction.
  public init(bounciness: Double, speed: Double) {
    let b = OrigamiBouncy.project(OrigamiBouncy.normalize(bounciness / 1.7), 0, 0.8)
    let tension = OrigamiBouncy.project(OrigamiBouncy.normalize(speed / 1.7), 0.5, 200)
    let t = 2 * b - b * b
    let friction = t * 0.01 + (1 - t) * OrigamiBouncy.frictionWithoutBounce(tension)
    self.init(origamiTension: tension, friction: friction)
  }

  /// Origami's bounciness and speed for this spring (the inverse of `init(bounciness:speed:)`),
  /// or nil when no bounciness reaches it (damped more than bounciness 0 gives at this speed, or
  /// less than the largest bounciness does).
  var bouncinessAndSpeed: (bounciness: Double, speed: Double)? {
    let tension = origamiTension
    let speed = (tension - 0.5) / 199.5 * 20 * 1.7
    let none = OrigamiBouncy.frictionWithoutBounce(tension)
    let t = (none - origamiFriction) / (none - 0.01)
    guard t >= -1e-12, t <= 1 + 1e-12 else { return nil }
    let b = 1 - (1 - min(max(t, 0), 1)).squareRoot()
    return (b / 0.8 * 20 * 1.7, speed)
  }

  // MARK: Motion (Framer Motion) `visualDuration` and `bounce`

  /// A spring from Motion's visualDuration (s) and bounce: k = (2π/(1.2·visualDuration))² and
  /// c = 2·clamp(1 − bounce, 0.05, 1)·√k at unit mass, so response = 1.2·visualDuration and
  /// ζ = clamp(1 − bounce, 0.05, 1).
  public init(visualDuration: Double, bounce: Double) {
    self.init(response: 1.2 * visualDuration, dampingRatio: min(max(1 - bounce, 0.05), 1))
  }

  /// Motion's visualDuration for this spring: response / 1.2.
  public var visualDuration: Double { response / 1.2 }

  /// Motion's bounce for this spring (1 − ζ), or nil when Motion cannot express the ratio
  /// (ζ > 1, overdamped, or ζ < 0.05).
  public var motionBounce: Double? {
    dampingRatio > 1 + 1e-12 || dampingRatio < 0.05 - 1e-12 ? nil : 1 - dampingRatio
  }
}

/// Rebound's bounciness/speed curves (Quartz Composer's Bouncy patch).
enum OrigamiBouncy {
  /// `value` mapped from 0…20 to 0…1.
  static func normalize(_ value: Double) -> Double { value / 20 }

  /// `n` in 0…1 mapped to `start`…`end`.
  static func project(_ n: Double, _ start: Double, _ end: Double) -> Double { start + n * (end - start) }

  /// The Origami friction that gives no bounce at Origami `tension`.
  static func frictionWithoutBounce(_ tension: Double) -> Double {
    let x = tension
    if x <= 18 { return 0.0007 * x * x * x - 0.031 * x * x + 0.64 * x + 1.28 }
    if x <= 44 { return 0.000044 * x * x * x - 0.006 * x * x + 0.36 * x + 2 }
    return 0.000_000_45 * x * x * x - 0.000332 * x * x + 0.1078 * x + 5.84
  }
}

/// Named springs from the platforms' own documentation, as points to start tuning from.
public enum SpringPreset: String, Sendable, CaseIterable {
  /// SwiftUI `Spring.smooth`: duration 0.5, bounce 0.
  case swiftUISmooth
  /// SwiftUI `Spring.snappy`: duration 0.5, bounce 0.15.
  case swiftUISnappy
  /// SwiftUI `Spring.bouncy`: duration 0.5, bounce 0.3.
  case swiftUIBouncy
  /// SwiftUI `Animation.spring(response:dampingFraction:)` defaults: 0.5, 0.825.
  case swiftUISpring
  /// SwiftUI `Animation.interactiveSpring(response:dampingFraction:)` defaults: 0.15, 0.86.
  case swiftUIInteractive
  /// Compose `spring()` defaults: `DampingRatioNoBouncy` (1) and `StiffnessMedium` (1500).
  case composeDefault
  /// Android `SpringForce` defaults: `DAMPING_RATIO_MEDIUM_BOUNCY` (0.5), `STIFFNESS_MEDIUM` (1500).
  case androidSpringForce
  /// Motion (Framer Motion) defaults: stiffness 100, damping 10, mass 1.
  case motionDefault
  /// React Native `Animated.spring` defaults: Origami tension 40, friction 7.
  case reactNativeDefault

  /// The name the panel shows.
  public var label: String {
    switch self {
    case .swiftUISmooth: "SwiftUI .smooth"
    case .swiftUISnappy: "SwiftUI .snappy"
    case .swiftUIBouncy: "SwiftUI .bouncy"
    case .swiftUISpring: "SwiftUI .spring"
    case .swiftUIInteractive: "SwiftUI .interactiveSpring"
    case .composeDefault: "Compose spring()"
    case .androidSpringForce: "Android SpringForce"
    case .motionDefault: "Motion default"
    case .reactNativeDefault: "React Native Animated"
    }
  }

  /// The spring.
  public var spring: Spring {
    switch self {
    case .swiftUISmooth: Spring(duration: 0.5, bounce: 0)
    case .swiftUISnappy: Spring(duration: 0.5, bounce: 0.15)
    case .swiftUIBouncy: Spring(duration: 0.5, bounce: 0.3)
    case .swiftUISpring: Spring(response: 0.5, dampingRatio: 0.825)
    case .swiftUIInteractive: Spring(response: 0.15, dampingRatio: 0.86)
    case .composeDefault: Spring(response: 2 * Double.pi / 1500.squareRoot(), dampingRatio: 1)
    case .androidSpringForce: Spring(response: 2 * Double.pi / 1500.squareRoot(), dampingRatio: 0.5)
    case .motionDefault: Spring(stiffness: 100, damping: 10, mass: 1)
    case .reactNativeDefault: Spring(origamiTension: 40, friction: 7)
    }
  }
}
