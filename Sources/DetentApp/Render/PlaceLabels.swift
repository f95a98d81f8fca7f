/// The strings a place shows (its row's name, subtitle and distance, and its detail rows),
/// built once per place and kept for the places on screen, so that drawing a visible row
/// allocates nothing.
final class PlaceLabels {
  /// A place's strings: its list row's, and its detail sheet's caption.
  struct Row {
    let place: Place
    let subtitle: String
    let distance: String
    /// "Coffee · 0.4 km", under the detail sheet's title.
    let caption: String
  }

  private let capacity: Int
  private var rows: [Int: Row] = [:]
  private var details: [Int: [(label: String, value: String)]] = [:]
  /// The directory the kept strings come from (a place is a function of its seed and index).
  private var seed: UInt64?

  /// Keeps up to `capacity` places of each kind; when full, starts over (the places on
  /// screen are a few dozen at most).
  init(capacity: Int = 256) {
    self.capacity = capacity
    rows.reserveCapacity(capacity)
  }

  /// Row strings of place `index` of `directory`.
  func row(_ index: Int, in directory: PlaceDirectory) -> Row {
    use(directory)
    if let row = rows[index] { return row }
    if rows.count >= capacity { rows.removeAll(keepingCapacity: true) }
    let place = directory.place(index)
    let row = Row(
      place: place, subtitle: place.subtitle, distance: place.distanceText,
      caption: "\(place.category.title) · \(place.distanceText)")
    rows[index] = row
    return row
  }

  /// Detail rows of place `index` of `directory`.
  func detailRows(_ index: Int, in directory: PlaceDirectory) -> [(label: String, value: String)] {
    use(directory)
    if let rows = details[index] { return rows }
    if details.count >= 8 { details.removeAll(keepingCapacity: true) }
    let rows = directory.place(index).detailRows
    details[index] = rows
    return rows
  }

  private func use(_ directory: PlaceDirectory) {
    guard seed != directory.seed else { return }
    seed = directory.seed
    rows.removeAll(keepingCapacity: true)
    details.removeAll(keepingCapacity: true)
  }
}
