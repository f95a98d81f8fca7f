import Foundation

// The scenario harness links no SDL. Two SDL files stay out of its build, and these stand in for
// the SDL-free parts of them that the model and the runner name:
// - `ScenarioRunner+Image.swift` reads and writes PNGs through SDL2_image; its `expect image`
//   check does nothing when no renderer is attached (`imager` is nil), which is all a headless
//   run needs.
// - `Platform/SDLError.swift` declares `EnvironmentError` (thrown by `AssetLocator`) beside its
//   SDL-reading constructor.

import Foundation

extension ScenarioRunner {
  /// `expect image` without a renderer: not checked (as `ScenarioRunner+Image` with no `imager`).
  func check(_ e: Scenario.ImageExpectation, step: Int, line: Int) throws {}

  /// `dir/golden.png` → `dir/golden-diff.png` (as in `ScenarioRunner+Image`).
  static func diffPath(for golden: String) -> String {
    (golden as NSString).deletingPathExtension + "-diff.png"
  }
}

/// A failure of the environment (as in `Platform/SDLError.swift`, without SDL's error text).
struct EnvironmentError: Error, CustomStringConvertible {
  /// What went wrong and what to do about it.
  var description: String
}
