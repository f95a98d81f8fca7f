import Detent

/// A key of the sheet's declared content and modes (README's key table) that a tuning sets away from its
/// default, with its value in the tuning file's terms.
struct ContentKeySetting: Equatable {
  /// Which key.
  enum Key: String, CaseIterable {
    case rowHeights = "list.rowHeights"
    case footer = "footer.height"
    case interaction = "list.interaction"
    case keyboardHeight = "keyboard.height"
    case keyboardBehavior = "keyboard.behavior"
    case restoreOnBlur = "keyboard.restoreOnBlur"
    case blurOnDrag = "keyboard.blurOnDrag"
    case draggable = "sheet.draggable"
    case grabber = "sheet.grabber"
    case cornerRadius = "sheet.cornerRadius"
    case threshold = "dismiss.threshold"
    case confirm = "dismiss.confirm"
    case bottomInset = "layout.bottomInset"
    case attachAt = "layout.attachAt"
  }

  let key: Key
  /// The value as the tuning file spells it (`[64, 88]`, `"scrolls"`, `false`, `72`).
  let value: String

  /// The keys `tuning` sets to something other than the default, in `Key` order.
  static func settings(_ tuning: Tuning) -> [ContentKeySetting] {
    let n = { (x: Double) in ExportValues.n(x) }
    let d = Tuning()
    var out: [ContentKeySetting] = []
    func add(_ key: Key, _ value: String) { out.append(ContentKeySetting(key: key, value: value)) }
    let rows = tuning.list.rowHeights.heights
    if rows.count > 1 { add(.rowHeights, "[" + rows.map(n).joined(separator: ", ") + "]") }
    if tuning.footer.height != d.footer.height { add(.footer, n(tuning.footer.height)) }
    if tuning.list.interaction != d.list.interaction {
      add(.interaction, "\"\(tuning.list.interaction.rawValue)\"")
    }
    let k = tuning.keyboard
    if k.height != d.keyboard.height { add(.keyboardHeight, n(k.height)) }
    if k.behavior != d.keyboard.behavior { add(.keyboardBehavior, "\"\(k.behavior.rawValue)\"") }
    if k.restoreOnBlur != d.keyboard.restoreOnBlur { add(.restoreOnBlur, "\(k.restoreOnBlur)") }
    if k.blurOnDrag != d.keyboard.blurOnDrag { add(.blurOnDrag, "\(k.blurOnDrag)") }
    if tuning.sheet.draggable != d.sheet.draggable { add(.draggable, "\(tuning.sheet.draggable)") }
    if tuning.sheet.grabber != d.sheet.grabber { add(.grabber, n(tuning.sheet.grabber)) }
    if tuning.sheet.cornerRadius != d.sheet.cornerRadius { add(.cornerRadius, n(tuning.sheet.cornerRadius)) }
    if tuning.dismiss.threshold != d.dismiss.threshold { add(.threshold, n(tuning.dismiss.threshold)) }
    if tuning.dismiss.confirm != d.dismiss.confirm { add(.confirm, "\(tuning.dismiss.confirm)") }
    if tuning.layout.bottomInset != d.layout.bottomInset { add(.bottomInset, n(tuning.layout.bottomInset)) }
    if let a = tuning.layout.attachAt { add(.attachAt, "\"\(ExportValues.safe(a))\"") }
    return out
  }
}

extension ExportFormat {
  /// One comment line per content key `tuning` sets: how this platform expresses it, or that it
  /// cannot (none for JSON, which states every key itself).
  func contentNotes(_ tuning: Tuning) -> [String] {
    guard self != .json else { return [] }
    return ContentKeySetting.settings(tuning).map { s in
      let text = "\(s.key.rawValue) \(s.value): \(how(s, tuning))"
      return self == .css ? "/* \(ExportValues.safe(text)) */" : "// \(text)"
    }
  }

  /// This platform's way to express one setting (a real API name) or "cannot"/"no direct
  /// equivalent" with what comes closest.
  private func how(_ s: ContentKeySetting, _ t: Tuning) -> String {
    let v = s.value
    let off = v == "false"
    let grabberOff = t.sheet.grabber == 0
    let behavior = t.keyboard.behavior
    switch s.key {
    case .keyboardHeight:
      return "cannot: the platform's keyboard has its own height (Detent's is for testing)."
    case .rowHeights:
      return switch self {
      case .uikit, .floatingpanel:
        "UITableViewDelegate tableView(_:heightForRowAt:) returns the pattern's height for row i mod \(t.list.rowHeights.heights.count)."
      case .css: "give rows heights with :nth-child(\(t.list.rowHeights.heights.count)n + k)."
      case .reactnative:
        "getItemLayout on the BottomSheetFlatList (row i is the pattern's i mod \(t.list.rowHeights.heights.count))."
      default:
        "no direct equivalent: your rows size themselves; the content notches here measure this pattern."
      }
    case .footer:
      return switch self {
      case .swiftui: "pin the footer with .safeAreaInset(edge: .bottom) on the sheet's content."
      case .reactnative: "footerComponent (a BottomSheetFooter) of that height."
      case .css: "a footer with position: sticky; bottom: 0 of that height inside the sheet."
      default: "no direct equivalent: pin a bar of that height to the sheet's visible bottom."
      }
    case .interaction:
      return switch self {
      case .swiftui: ".presentationContentInteraction(.scrolls) on the sheet's content."
      case .uikit: "sheetPresentationController.prefersScrollingExpandsWhenScrolledToEdge = false."
      default: "no direct equivalent: the platform's sheet hands list drags to the sheet below its top notch."
      }
    case .keyboardBehavior:
      return switch self {
      case .reactnative: "keyboardBehavior=\"\(behavior.rawValue)\" on the BottomSheet."
      default:
        switch behavior {
        case .extend: "no direct equivalent: move the sheet to its highest notch when the field gains focus."
        case .interactive:
          "no direct equivalent: keep the notch and lift the sheet's bottom above the keyboard."
        case .fillParent: "no direct equivalent: fill the space above the keyboard while it shows."
        }
      }
    case .restoreOnBlur:
      return switch self {
      case .reactnative: "keyboardBlurBehavior=\"\(off ? "none" : "restore")\" on the BottomSheet."
      default:
        off
          ? "the sheet stays where the keyboard left it (no call needed)."
          : "no direct equivalent: remember the notch on focus and move back to it on blur."
      }
    case .blurOnDrag:
      return switch self {
      case .swiftui:
        off
          ? ".scrollDismissesKeyboard(.never) on the list."
          : ".scrollDismissesKeyboard(.immediately) on the list."
      case .uikit, .floatingpanel: "the list's keyboardDismissMode = \(off ? ".none" : ".onDrag")."
      case .reactnative: "keyboardDismissMode=\"\(off ? "none" : "on-drag")\" on the BottomSheetScrollView."
      default:
        off
          ? "no direct equivalent: leave the focus alone while dragging."
          : "no direct equivalent: end the focus when a drag starts."
      }
    case .draggable:
      return switch self {
      case .swiftui:
        "no direct equivalent: .interactiveDismissDisabled() and a single detent stop the drag from dismissing or resizing."
      case .uikit:
        "no direct equivalent: isModalInPresentation = true and a single detent stop the drag from dismissing or resizing."
      case .floatingpanel: "fpc.panGestureRecognizer.isEnabled = false."
      case .compose: "sheetGesturesEnabled = false on ModalBottomSheet."
      case .android: "behavior.isDraggable = false (setDraggable(false))."
      case .framer: "drag={false} on the sheet's motion.div."
      case .reactnative: "enableContentPanningGesture={false} and enableHandlePanningGesture={false}."
      case .flutter: "enableDrag: false on showModalBottomSheet."
      case .vaul: "no direct equivalent: handleOnly with no <Drawer.Handle /> leaves nothing to drag."
      default: "no direct equivalent: attach no pointer handlers to the sheet."
      }
    case .grabber:
      return switch self {
      case .swiftui:
        grabberOff
          ? ".presentationDragIndicator(.hidden)."
          : ".presentationDragIndicator(.visible) (the system's size)."
      case .uikit:
        grabberOff
          ? "sheetPresentationController.prefersGrabberVisible = false."
          : "sheetPresentationController.prefersGrabberVisible = true (the system's size)."
      case .floatingpanel:
        grabberOff
          ? "fpc.surfaceView.grabberHandle.isHidden = true."
          : "fpc.surfaceView.grabberHandlePadding makes room for it."
      case .compose:
        grabberOff
          ? "dragHandle = null on ModalBottomSheet."
          : "dragHandle = { BottomSheetDefaults.DragHandle() } (its own size)."
      case .android:
        grabberOff
          ? "leave BottomSheetDragHandleView out."
          : "a BottomSheetDragHandleView at the sheet's top (its own size)."
      case .reactnative: grabberOff ? "handleComponent={null}." : "a handleComponent of that height."
      case .flutter:
        grabberOff
          ? "showDragHandle: false on showModalBottomSheet."
          : "showDragHandle: true on showModalBottomSheet (its own size)."
      case .vaul: grabberOff ? "leave <Drawer.Handle /> out." : "<Drawer.Handle /> (vaul's own size)."
      default:
        grabberOff
          ? "no grabber strip at the sheet's top." : "a grabber strip of that height at the sheet's top."
      }
    case .cornerRadius:
      return switch self {
      case .swiftui: ".presentationCornerRadius(\(v))."
      case .uikit: "sheetPresentationController.preferredCornerRadius = \(v)."
      case .floatingpanel: "fpc.surfaceView.appearance.cornerRadius = \(v)."
      case .compose: "shape = RoundedCornerShape(topStart = \(v).dp, topEnd = \(v).dp) on ModalBottomSheet."
      case .android: "the sheet's shapeAppearance with cornerSize \(v)dp on the top corners."
      case .css, .framer, .vaul: "border-radius: \(v)px \(v)px 0 0 on the sheet."
      case .reactnative: "backgroundStyle={{ borderRadius: \(v) }}."
      case .flutter:
        "shape: RoundedRectangleBorder(borderRadius: BorderRadius.vertical(top: Radius.circular(\(v))))."
      case .json: ""
      }
    case .threshold:
      return switch self {
      case .vaul:
        "closeThreshold on Drawer.Root when a 0-height notch closes the drawer (not exact, see below)."
      default: "cannot: the platform decides where a release dismisses."
      }
    case .confirm:
      return switch self {
      case .swiftui: ".interactiveDismissDisabled() and ask before you dismiss (SwiftUI reports no attempt)."
      case .uikit: "isModalInPresentation = true, then ask in presentationControllerDidAttemptToDismiss(_:)."
      case .floatingpanel:
        "no direct equivalent: isRemovalInteractionEnabled = false and ask on your close action."
      case .compose:
        "rememberModalBottomSheetState(confirmValueChange = { it != SheetValue.Hidden || confirmed })."
      case .android: "no direct equivalent: isHideable = false and ask on your close action."
      case .reactnative: "no direct equivalent: enablePanDownToClose={false} and ask on your close action."
      case .flutter: "PopScope(canPop: false) and ask in onPopInvokedWithResult."
      case .vaul: "no direct equivalent: dismissible={false} and ask on your close action."
      default: "no direct equivalent: call the close only after asking."
      }
    case .bottomInset:
      return switch self {
      case .reactnative: "detached={true} bottomInset={\(v)} with a rounded backgroundStyle."
      case .swiftui, .uikit:
        "no direct equivalent: iOS 26 floats sheets below the large detent with the system's own inset."
      case .css, .framer, .vaul: "bottom: \(v)px and border-radius on all four corners."
      default: "no direct equivalent: float the sheet that far above the edge, all corners rounded."
      }
    case .attachAt:
      return switch self {
      case .swiftui, .uikit: "no direct equivalent: iOS 26 attaches the sheet at the large detent."
      default: "no direct equivalent: drop the inset and the bottom corners' radius at and above that notch."
      }
    }
  }
}
