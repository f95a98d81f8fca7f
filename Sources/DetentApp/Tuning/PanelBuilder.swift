import Detent

/// Places the tuning panel's items row by row, top down: `y` is the top of the next row. The
/// layout (`PanelLayout`) says what goes where; this keeps the rows' shapes in one place.
struct PanelBuilder {
  /// The narrowest button of a wrapped row (presets, A/B): room for a short name at 11 pt.
  static let presetWidth = 72.0
  /// Width of a row's caption column.
  static let captionWidth = 90.0

  /// The rows' left edge.
  let left: Double
  /// The rows' width.
  let width: Double
  /// The top of the next row.
  var y: Double
  /// The items so far.
  var out: [PanelItem] = []

  /// Adds one item at (x, y), w×h.
  mutating func add(_ kind: PanelItem.Kind, _ x: Double, _ y: Double, _ w: Double, _ h: Double) {
    out.append(PanelItem(kind: kind, rect: PanelRect(x: x, y: y, w: w, h: h)))
  }

  /// A full-width slider showing its value in `tuning`.
  mutating func slider(_ slider: PanelSlider, _ tuning: Tuning) {
    add(.slider(slider, value: slider.get(tuning)), left, y, width, 28)
    y += 30
  }

  /// A caption and a segmented choice: each option's label, whether it is the one in force, and
  /// the change a press makes.
  mutating func segmented(_ caption: String, _ options: [(String, Bool, (inout Tuning) -> Void)]) {
    add(.caption(caption), left, y + 4, Self.captionWidth, 16)
    let bw = (width - Self.captionWidth) / Double(options.count)
    for (i, option) in options.enumerated() {
      add(
        .segment(label: option.0, selected: option.1, apply: option.2),
        left + Self.captionWidth + Double(i) * bw, y, bw, 22)
    }
    y += 28
  }

  /// A caption and a segmented choice of lengths in px (0 shown as `zero` when given). A value
  /// set elsewhere (a preset, the file) that is none of them gets a segment of its own, shown
  /// selected, so the row always says what is in force.
  mutating func lengths(
    _ caption: String, _ values: [Double], current: Double, zero: String? = nil,
    set: @escaping (inout Tuning, Double) -> Void
  ) {
    func label(_ v: Double) -> String {
      v == 0 && zero != nil ? zero! : "\(EventLog.number(v)) px"
    }
    var options = values.map { v in (label(v), current == v, { (t: inout Tuning) in set(&t, v) }) }
    if !values.contains(current) {
      options.append((label(current), true, { (t: inout Tuning) in set(&t, current) }))
    }
    segmented(caption, options)
  }

  /// A caption and one button that steps through `names` (after the last, the first): a press
  /// sets the next one. `current` nil shows `none`.
  mutating func cycle(
    _ caption: String, current: String?, none: String, names: [String],
    set: @escaping (inout Tuning, String) -> Void
  ) {
    add(.caption(caption), left, y + 4, Self.captionWidth, 16)
    let next = Self.after(current ?? names.last ?? "", in: names)
    add(
      .segment(label: current ?? none, selected: current != nil, apply: { set(&$0, next) }),
      left + Self.captionWidth, y, width - Self.captionWidth, 22)
    y += 28
  }

  /// `kinds` as buttons in rows from x, `width` wide: as many to a row as are at least
  /// `minimumWidth` wide, the rows as even as they can be (seven in rows of 4 and 3), each
  /// button `gap` px narrower than its share.
  mutating func wrapped(
    _ kinds: [PanelItem.Kind], x: Double, width: Double, minimumWidth: Double, height: Double, gap: Double
  ) {
    guard !kinds.isEmpty else { return }
    let most = max(1, min(kinds.count, Int(width / minimumWidth)))
    let rows = (kinds.count + most - 1) / most
    let perRow = (kinds.count + rows - 1) / rows
    let bw = width / Double(perRow)
    for (i, kind) in kinds.enumerated() {
      let (row, column) = (Double(i / perRow), Double(i % perRow))
      add(kind, x + column * bw + gap / 2, y + row * (height + 4), bw - gap, height)
    }
    y += Double(rows) * (height + 4)
  }

  /// The name after `name` in `names`, the first after the last (or an unknown name).
  static func after(_ name: String, in names: [String]) -> String {
    guard !names.isEmpty else { return name }
    return names[((names.firstIndex(of: name) ?? names.count - 1) + 1) % names.count]
  }
}
