import Detent

/// A place's detail sheet, pushed on the stack when a row is chosen. The engine sheet carries the
/// place it shows as its `tag`, so each sheet, live or sliding out, knows its own place.
enum DetailSheet {
  /// The title bar: the place's name, its caption and the close button, px.
  static let titleHeight = 76.0
  /// The action buttons' band: the sheet's sticky footer, px.
  static let actionsHeight = 60.0
  /// The info rows' height, px.
  static let rowHeight = 60.0

  /// The notch a detail sheet opens at, anchored to its address row.
  static let peek = "peek"
  /// The tall notch, when the window has the room.
  static let full = "full"
  /// The names of a detail sheet's notches, in every window (a short one has the peek alone).
  static let notchNames = [peek, full]

  /// The info row the peek is anchored to: the address, so that a place's smallest card shows
  /// its name, where it is and the actions (`"content": "row:0"`).
  static let anchorRow = 0
  /// Room left above the full notch in a tall window (the map stays in sight), px.
  static let fullInset = 100.0
  /// How far above the peek the full notch stands at least, when the window has the room: two
  /// info rows, px.
  static let fullRise = 2 * rowHeight
  /// The least rise worth a second notch: one info row, px. A window with less room above the
  /// peek gets a detail sheet with the peek alone.
  static let minimumRise = rowHeight

  /// The tuning of a place's detail sheet in a window whose axis (its height; a drawer's width)
  /// is `axis` px: its own notches, header and list; the root's layout, dismissal, reduced motion
  /// and keyboard. The action buttons are its sticky footer. `peek` is anchored to an element:
  /// the grabber, the title bar, the address row and the footer (`"content": "row:0"`), capped at
  /// the window like every content notch (on a drawer: 30 % of the window's width). The notches
  /// fit any window (`fullHeight(peek:axis:)`).
  static func tuning(root: Tuning, axis: Double) -> Tuning {
    var t = Tuning(notches: [NotchSpec(name: Self.peek, content: .row(anchorRow))], initialNotch: Self.peek)
    t.header = HeaderConfig(height: titleHeight, mode: .pinned)
    t.footer = FooterConfig(height: actionsHeight)
    t.list = ListConfig(rows: Place.infoRowCount, rowHeight: rowHeight)
    t.dimming = Dimming(maxAlpha: 0)
    t.backdropTap = .none
    t.spring = root.spring
    t.layout = root.layout
    // A drawer's detail sheet is a drawer on the same edge: its peek is 30 % of the window's
    // width (a title bar's height would make a sliver).
    if !root.layout.edge.isVertical { t.notches[0] = NotchSpec(name: Self.peek, fraction: 0.3) }
    let peek = t.notches[0].resolvedHeight(available: max(axis, 0), content: ContentHeights(t))
    if let full = fullHeight(peek: peek, axis: axis) {
      t.notches.append(
        full == axis - fullInset
          ? NotchSpec(name: Self.full, fraction: 1, inset: fullInset)
          : NotchSpec(name: Self.full, height: full))
    }
    t.dismiss = root.dismiss
    t.reduceMotion = root.reduceMotion
    t.keyboard = root.keyboard
    return t
  }

  /// The full notch's height above a `peek` px high in a window whose axis is `axis` px, or nil
  /// when the window has no room for it: `fullInset` below the window's far edge, but at least
  /// `fullRise` above the peek (capped at the window), and only when that leaves at least
  /// `minimumRise` above the peek. So the notches stay strictly ascending and inside the window
  /// at every size, and the full notch never jumps as the window shrinks.
  static func fullHeight(peek: Double, axis: Double) -> Double? {
    let full = min(axis, max(axis - fullInset, peek + fullRise))
    return full - peek >= minimumRise ? full : nil
  }

  /// The length of the axis a detail sheet over `root` resolves its notches along: the
  /// window's height, a drawer's width (the keyboard does not count: see `refitDetailSheet`).
  static func axis(over root: OverlaySheet) -> Double {
    root.edge.isVertical ? root.windowHeight : root.windowWidth
  }

  /// The place a detail sheet shows.
  static func place(of sheet: OverlaySheet) -> Int { sheet.tag }
}

extension DemoModel {
  /// Fits the detail sheet on top to the window after a resize: its notches are the ones
  /// `DetailSheet.tuning(root:axis:)` gives for the new size (a notch that no longer fits goes,
  /// and the sheet resting there settles at the peek; it comes back when the window grows). The
  /// keyboard does not refit it: like the root's, its notches are clamped above the keyboard.
  func refitDetailSheet() {
    guard stack.count > 1 else { return }
    var t = stack.top.tuning
    t.notches = DetailSheet.tuning(root: t, axis: DetailSheet.axis(over: stack.root)).notches
    guard t.notches != stack.top.tuning.notches else { return }
    // The new notches fit the window by construction; a refusal would keep the clamped ones.
    stack.withTop { sheet in try? sheet.setTuning(t) }
  }
}

extension DetailSheet {
  /// Info rows that act when tapped (address, phone, website), and what they do.
  static let actingRows: [Int: PlaceAction] = [0: .directions, 2: .call, 4: .website]

  /// The action buttons' frames in the footer's coordinates, for a sheet `width` wide.
  static func actionButtons(width: Double) -> [HeaderLayout.Frame] {
    let bw = (width - 32 - 16) / 3
    return PlaceAction.allCases.map {
      (16 + Double($0.rawValue) * (bw + 8), 8, bw, actionsHeight - 16)
    }
  }
}

/// What the detail sheet's buttons (and its address, phone and website rows) do. The demo has no
/// routing, phone or browser: each answers with a toast that says what would happen.
enum PlaceAction: Int, CaseIterable, Sendable {
  case directions, call, website

  /// The button's title.
  var title: String {
    switch self {
    case .directions: "Directions"
    case .call: "Call"
    case .website: "Website"
    }
  }

  /// The toast for this action on `place`.
  func message(for place: Place) -> String {
    switch self {
    case .directions:
      // Walking at 80 m a minute (4.8 km/h).
      "Walking to \(place.name): \(place.distanceText), about \(max(1, Int((place.distance / 80).rounded()))) min"
    case .call: "Call \(place.phone): no phone in the demo"
    case .website: "\(place.website): no browser in the demo"
    }
  }
}
