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

  /// The tuning of a place's detail sheet: its own notches, header and list; the root's layout,
  /// dismissal, reduced motion and keyboard. The action buttons are its sticky footer; `peek` is
  /// sized to the content: grabber, title bar and footer, as a place card's smallest height shows
  /// (on a drawer: 30 % of the window's width).
  static func tuning(root: Tuning) -> Tuning {
    var t = Tuning(
      notches: [NotchSpec(name: "peek", content: .header), NotchSpec(name: "full", fraction: 1, inset: 100)],
      initialNotch: "peek")
    t.header = HeaderConfig(height: titleHeight, mode: .pinned)
    t.footer = FooterConfig(height: actionsHeight)
    t.list = ListConfig(rows: Place.infoRowCount, rowHeight: rowHeight)
    t.dimming = Dimming(maxAlpha: 0)
    t.backdropTap = .none
    t.spring = root.spring
    t.layout = root.layout
    // A drawer's detail sheet is a drawer on the same edge: its peek is 30 % of the window's
    // width (the header's height would make a sliver).
    if !root.layout.edge.isVertical { t.notches[0] = NotchSpec(name: "peek", fraction: 0.3) }
    t.dismiss = root.dismiss
    t.reduceMotion = root.reduceMotion
    t.keyboard = root.keyboard
    return t
  }

  /// The place a detail sheet shows.
  static func place(of sheet: OverlaySheet) -> Int { sheet.tag }
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
