import Detent

/// A place's detail sheet, pushed on the stack when a row is chosen. The engine sheet carries the
/// place it shows as its `tag`, so each sheet, live or sliding out, knows its own place.
enum DetailSheet {
  /// The tuning of a place's detail sheet: its own notches, header and list; the root's layout,
  /// dismissal and reduced motion.
  static func tuning(root: Tuning) -> Tuning {
    var t = Tuning(
      notches: [NotchSpec(name: "peek", height: 300), NotchSpec(name: "full", fraction: 1, inset: 100)],
      initialNotch: "peek")
    t.header = HeaderConfig(height: 76, mode: .pinned)
    t.list = ListConfig(rows: 8, rowHeight: 60)
    t.dimming = Dimming(maxAlpha: 0)
    t.backdropTap = .none
    t.layout = root.layout
    t.dismiss = root.dismiss
    t.reduceMotion = root.reduceMotion
    return t
  }

  /// The place a detail sheet shows.
  static func place(of sheet: OverlaySheet) -> Int { sheet.tag }
}
