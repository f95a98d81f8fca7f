import ArgumentParser
import Detent
import Foundation

/// `detent export`: the tuning as code or configuration for another platform.
struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Print the tuning's spring, notches, dimming and policy in another platform's terms.",
    discussion: """
      Formats: swiftui (SwiftUI detents + Animation.spring), uikit (UISheetPresentationController + \
      UISpringTimingParameters), floatingpanel (FloatingPanel layout + behavior), compose \
      (AnchoredDraggable), android (BottomSheetBehavior + SpringForce), css (custom properties + \
      linear() easing), framer (Motion spring + the release rule in TypeScript), reactnative \
      (Reanimated withSpring + @gorhom/bottom-sheet), flutter (SpringDescription + \
      DraggableScrollableSheet), vaul (snapPoints, fadeFromIndex), json (the tuning file). \
      Every mapping that is not exact says so in a comment; fractions and flick thresholds are \
      worked out for --size.
      """)

  @Option(help: "Tuning file (JSON); the defaults when omitted.")
  var config: String?
  @Option(help: "One of: \(ExportFormat.allCases.map(\.rawValue).joined(separator: "|")).")
  var format: String
  @Option(parsing: .unconditional, help: "The window the tuning is checked against, WIDTHxHEIGHT.")
  var size: String = "1280x800"

  func run() throws {
    guard let chosen = ExportFormat(rawValue: format) else {
      throw CLIError.input(
        "--format \(format): unknown format (expected one of: \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")))"
      )
    }
    let size = try parseSize(self.size, allocates: false)
    let tuning: Tuning =
      try config.map { path in
        try TuningFile.load(
          path, windowWidth: Double(size.width), windowHeight: Double(size.height)
        ).tuning
      }
      ?? Tuning()
    print(
      chosen.render(tuning, windowWidth: Double(size.width), windowHeight: Double(size.height)),
      terminator: "")
  }
}
