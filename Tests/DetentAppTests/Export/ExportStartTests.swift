import Detent
import Testing

@testable import DetentApp

/// `detent export` starts where the engine starts (`Tuning.startingNotch`), or says "not exact"
/// and why where the platform cannot.
@Suite struct ExportStartTests {
  /// Notches a (100), b (200, disabled) and c (400), starting at `initial`.
  static func tuning(initial: String) -> Tuning {
    var t = Tuning()
    t.notches = [
      NotchSpec(name: "a", height: 100), NotchSpec(name: "b", height: 200, enabled: false),
      NotchSpec(name: "c", height: 400),
    ]
    t.initialNotch = initial
    return t
  }

  static let disabledNote =
    "Not exact: Detent starts at b (200 px), a disabled notch, which is not among the %@; this starts at a (100 px) instead."

  @Test(
    "a disabled initial notch: Flutter starts there (any size between the ends); the others say not exact",
    arguments: [
      (
        ExportFormat.compose,
        ["initialValue = Notch.A,", "// " + disabledNote.replacingOccurrences(of: "%@", with: "anchors")]
      ),
      (.flutter, ["initialChildSize: 200 / h,"]),
      (
        .reactnative, ["index={0}", "// " + disabledNote.replacingOccurrences(of: "%@", with: "snap points")]
      ),
      (
        .vaul,
        [
          "const [snap, setSnap] = useState<number | string | null>(detentSnapPoints[0])",
          "// " + disabledNote.replacingOccurrences(of: "%@", with: "snap points"),
        ]
      ),
      (
        .uikit,
        [
          "sheet.selectedDetentIdentifier = .init(\"a\")",
          "// " + disabledNote.replacingOccurrences(of: "%@", with: "detents"),
        ]
      ),
      (.swiftui, ["static var detentStart: PresentationDetent { .height(100) }"]),
      (.floatingpanel, ["// " + disabledNote.replacingOccurrences(of: "%@", with: "anchors")]),
      (
        .android,
        [
          "state = BottomSheetBehavior.STATE_COLLAPSED",
          "// " + disabledNote.replacingOccurrences(of: "%@", with: "three states"),
        ]
      ),
    ])
  func disabledStart(format: ExportFormat, expected: [String]) {
    let lines = ExportTests.lines(format.render(Self.tuning(initial: "b")))
    for line in expected { #expect(lines.contains(line), "\(format.rawValue) lacks \(line)") }
  }

  @Test(
    "an enabled initial notch above the lowest: every platform starts there, exactly",
    arguments: [
      (ExportFormat.compose, "initialValue = Notch.C,"), (.flutter, "initialChildSize: sizes[1],"),
      (.reactnative, "index={1}"),
      (.vaul, "const [snap, setSnap] = useState<number | string | null>(detentSnapPoints[1])"),
      (.uikit, "sheet.selectedDetentIdentifier = .init(\"c\")"),
      (.swiftui, "static var detentStart: PresentationDetent { .height(400) }"),
      (.floatingpanel, "let initialState: FloatingPanelState = .full"),
      (.android, "state = BottomSheetBehavior.STATE_EXPANDED"),
    ])
  func enabledStart(format: ExportFormat, expected: String) {
    let text = format.render(Self.tuning(initial: "c"))
    #expect(ExportTests.lines(text).contains(expected), "\(format.rawValue) lacks \(expected)")
    #expect(!text.contains("Detent starts at"))
  }

  @Test("an initial 0-height notch starts closed: gorhom index -1, vaul closed, Compose at its anchor")
  func closedStart() {
    var t = Tuning()
    t.notches = [
      NotchSpec(name: "closed", height: 0), NotchSpec(name: "peek", height: 100),
      NotchSpec(name: "full", fraction: 0.9),
    ]
    t.initialNotch = "closed"
    let rn = ExportTests.lines(ExportFormat.reactnative.render(t))
    #expect(rn.contains("index={-1}"))
    #expect(rn.contains("// Detent starts at the 0-height notch, closed: gorhom's index -1."))
    let vaul = ExportTests.lines(ExportFormat.vaul.render(t))
    #expect(vaul.contains("defaultOpen={false}"))
    #expect(ExportTests.lines(ExportFormat.vaul.render(Tuning())).contains("defaultOpen={true}"))
    #expect(ExportTests.lines(ExportFormat.compose.render(t)).contains("initialValue = Notch.CLOSED,"))
    #expect(ExportTests.lines(ExportFormat.flutter.render(t)).contains("initialChildSize: sizes[0],"))
  }
}
