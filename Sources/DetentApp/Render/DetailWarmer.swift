import Detent

/// Makes ahead the detail sheets of the places in the root list's rows on screen (their texts,
/// the close and action buttons) and their pins as an opened place's (balloon and bold name,
/// `MapRenderer.warmSelected`), one texture a frame in frames that made none of their own
/// while the map held still and no detail sheet is open: a tapped row's sheet then shows in its
/// first frame without rendering its texts (0.3 ms of that frame at 1280×800, whose map starts
/// a flight then too). Only caches change; the pixels drawn are the same.
final class DetailWarmer {
  /// The places whose sheets were made whole, of the directory `seed` names.
  private var warmed: Set<Int> = []
  private var seed: UInt64?
  /// The camera's version in the last frame (a map that moved is not a quiet frame, whichever
  /// path drew it).
  private var camera: Int?
  /// Textures made ahead so far (tests).
  private(set) var made = 0

  /// New textures a frame at most.
  static let budget = 1

  /// Makes ahead up to `budget` textures of the sheets of the places in the rows of `root` (the
  /// root's snapshot as drawn) on screen, `width` wide; nothing unless the frame allows it
  /// (`idle`: it made no texture of its own and its map was copied) and the camera held still
  /// since the last frame.
  func warm(
    _ model: DemoModel, root: SheetSnapshot, width: Double, idle: Bool, sheets: SheetRenderer,
    labels: PlaceLabels, map: MapRenderer
  ) {
    defer { camera = model.camera.version }
    guard idle, camera == model.camera.version, model.stack.count == 1, model.stack.leaving.isEmpty else {
      return
    }
    if seed != model.places.seed {
      seed = model.places.seed
      warmed.removeAll()
    }
    let s = SheetRenderer.content(root)
    let rows = model.rowCount
    let bottom = min(s.bottom, s.windowHeight, s.footerTop)
    guard rows > 0, bottom > s.listTop else { return }
    let pattern = s.rowHeights
    let first = pattern.row(at: max(s.listOffset, 0))
    let last = min(rows - 1, pattern.row(at: s.listOffset + bottom - s.listTop))
    guard first <= last else { return }
    for row in first...last {
      let index = model.placeIndex(row: row)
      guard !warmed.contains(index) else { continue }
      var count = sheets.warmDetail(
        place: labels.row(index, in: model.places), info: labels.detailRows(index, in: model.places),
        width: width, budget: Self.budget)
      // Then its pin as the opened place's (balloon and name).
      if count == 0 {
        count = map.warmSelected(
          model.places.place(index), canvas: sheets.canvas, text: sheets.text, budget: Self.budget)
      }
      made += count
      // Made whole when a call finds nothing left to make.
      if count == 0 { warmed.insert(index) } else { return }
    }
  }
}
