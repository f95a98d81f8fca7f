/// The places a `MapPins` shows, made once for it: each place is generated from a hash, a sine
/// and a cosine (turned out of the river with more sines) and its name from strings, and the
/// pins were placed again for every pan offset, every place within reach made again each time
/// (5 % of the bench's cycles in retains, `sin`). Nearest first, as `PlaceDirectory.indices`
/// orders them; only those within `MapGeometry.placeRadius` that the search leaves.
final class PinPlaces {
  /// A place with a pin: its index in the directory, the place, and its label's width in
  /// `PinRenderer.labelStyle` (nil until measured).
  struct Candidate {
    let index: Int
    let place: Place
    var labelWidth: Double?
  }

  private var key: MapPins?
  private(set) var candidates: [Candidate] = []

  /// The candidates of `pins` (made now if they were made for other pins).
  func candidates(for pins: MapPins) -> [Candidate] {
    if key != pins {
      key = pins
      candidates = pins.places.indices(within: MapGeometry.placeRadius).compactMap { i in
        let p = pins.places.place(i)
        guard p.distance <= MapGeometry.placeRadius, pins.shows(i, p) else { return nil }
        return Candidate(index: i, place: p)
      }
    }
    return candidates
  }

  /// The width of candidate `k`'s label, measured once.
  func labelWidth(_ k: Int, text: TextCache) -> Double {
    if let width = candidates[k].labelWidth { return width }
    let width = text.measure(candidates[k].place.name, PinRenderer.labelStyle)
    candidates[k].labelWidth = width
    return width
  }
}
