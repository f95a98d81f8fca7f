import Detent
import DetentJSON
import Testing

@testable import DetentApp

/// `detent export`: every content key a tuning sets gets one comment line per format saying how
/// the platform expresses it, or that it cannot; the default tuning gets none.
@Suite struct ExportContentKeysTests {
  /// A tuning that sets every content key away from its default.
  static let tuning: Tuning = {
    var t = Tuning()
    t.list.rowHeights = RowPattern([64, 88])
    t.list.interaction = .scrolls
    t.footer.height = 72
    t.keyboard = KeyboardConfig(height: 300, behavior: .interactive, restoreOnBlur: true, blurOnDrag: false)
    t.sheet = SheetConfig(grabber: 0, cornerRadius: 24, draggable: false)
    t.dismiss.threshold = 0.3
    t.dismiss.confirm = true
    t.layout.bottomInset = 12
    t.layout.attachAt = "maximum"
    return t
  }()

  /// The lines right under the opening comment that name a content key.
  static func notes(_ text: String) -> [String] {
    let keys = ContentKeySetting.Key.allCases.map(\.rawValue)
    return text.split(separator: "\n").map(String.init).filter { line in
      keys.contains { line.hasPrefix("// \($0) ") || line.hasPrefix("/* \($0) ") }
    }
  }

  @Test("the settings list names each changed key with its value, in key order")
  func settings() {
    #expect(ContentKeySetting.settings(Tuning()).isEmpty)
    var t = Tuning()
    t.sheet.cornerRadius = 0
    t.list.interaction = .scrolls
    #expect(
      ContentKeySetting.settings(t) == [
        ContentKeySetting(key: .interaction, value: "\"scrolls\""),
        ContentKeySetting(key: .cornerRadius, value: "0"),
      ])
    #expect(ContentKeySetting.settings(Self.tuning).map(\.key) == ContentKeySetting.Key.allCases)
  }

  @Test("the default tuning adds no content line to any format", arguments: ExportFormat.allCases)
  func defaultsSayNothing(format: ExportFormat) {
    #expect(Self.notes(format.render(Tuning())).isEmpty)
    #expect(format.contentNotes(Tuning()).isEmpty)
  }

  @Test(
    "every format has one line per set key (JSON states the keys itself)", arguments: ExportFormat.allCases)
  func oneLinePerKey(format: ExportFormat) {
    let count = format == .json ? 0 : ContentKeySetting.Key.allCases.count
    #expect(Self.notes(format.render(Self.tuning)).count == count)
  }

  @Test(
    "each platform's own API, or that it cannot (literal lines)",
    arguments: [
      (
        ExportFormat.swiftui,
        [
          "// list.interaction \"scrolls\": .presentationContentInteraction(.scrolls) on the sheet's content.",
          "// sheet.grabber 0: .presentationDragIndicator(.hidden).",
          "// sheet.cornerRadius 24: .presentationCornerRadius(24).",
          "// dismiss.threshold 0.3: cannot: the platform decides where a release dismisses.",
          "// keyboard.height 300: cannot: the platform's keyboard has its own height (Detent's is for testing).",
        ]
      ),
      (
        .uikit,
        [
          "// list.interaction \"scrolls\": sheetPresentationController.prefersScrollingExpandsWhenScrolledToEdge = false.",
          "// sheet.grabber 0: sheetPresentationController.prefersGrabberVisible = false.",
          "// sheet.cornerRadius 24: sheetPresentationController.preferredCornerRadius = 24.",
          "// dismiss.confirm true: isModalInPresentation = true, then ask in presentationControllerDidAttemptToDismiss(_:).",
        ]
      ),
      (
        .reactnative,
        [
          "// keyboard.behavior \"interactive\": keyboardBehavior=\"interactive\" on the BottomSheet.",
          "// keyboard.restoreOnBlur true: keyboardBlurBehavior=\"restore\" on the BottomSheet.",
          "// footer.height 72: footerComponent (a BottomSheetFooter) of that height.",
          "// layout.bottomInset 12: detached={true} bottomInset={12} with a rounded backgroundStyle.",
          "// sheet.draggable false: enableContentPanningGesture={false} and enableHandlePanningGesture={false}.",
        ]
      ),
      (
        .css,
        [
          "/* sheet.cornerRadius 24: border-radius: 24px 24px 0 0 on the sheet. */",
          "/* footer.height 72: a footer with position: sticky; bottom: 0 of that height inside the sheet. */",
        ]
      ),
      (.compose, ["// sheet.draggable false: sheetGesturesEnabled = false on ModalBottomSheet."]),
    ])
  func lines(format: ExportFormat, expected: [String]) {
    let notes = Self.notes(format.render(Self.tuning))
    for line in expected { #expect(notes.contains(line), "\(format): \(line)") }
  }

  @Test("the lines sit right under the opening comment, after an edge's line")
  func placement() {
    var t = Self.tuning
    t.layout.edge = .top
    let lines = ExportFormat.vaul.render(t).split(separator: "\n").map(String.init)
    #expect(lines[1].hasPrefix("// Edge top: "))
    #expect(lines[2].hasPrefix("// list.rowHeights [64, 88]: "))
    #expect(lines[15].hasPrefix("// layout.attachAt \"maximum\": "))
  }

  @Test("each content key the exports annotate is a key the schema declares")
  func keysAreSchemaKeys() {
    let unknown = ContentKeySetting.Key.allCases.filter { TuningSchema.key($0.rawValue) == nil }
    #expect(unknown.isEmpty)
    #expect(ContentKeySetting.Key.allCases.count == 14)
  }
}
