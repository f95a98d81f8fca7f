/// The places a `MapPins` shows, made once for it: each place is generated from a hash, a sine
/// and a cosine (turned out of the river with more sines) and its name from strings, and the
/// pins were placed again for every pan offset, every place within reach made again each time
/// (5 % of the bench's cycles in retains, `sin`). Nearest first, as `PlaceDirectory.indices`
/// orders them; only those within `MapGeometry.placeRadius` that the search leaves (the place
/// open is not one: `PinRenderer` places it first, whatever the search).
final class PinPlaces {
  /// A place with a pin: its index in the directory and the place.
  struct Candidate {
    let index: Int
    let place: Place
  }

  /// The boxes placed while the pins are placed (reused from frame to frame).
  let placed = PlacedBoxes()
  private var key: MapPins?
  private(set) var candidates: [Candidate] = []
  /// The directory the places within reach were made for, and those places (every one, shown or
  /// not): a new search, or opening and closing a place, only filters them again.
  private var directory: PlaceDirectory?
  private var within: [Candidate] = []
  /// Label widths in `PinRenderer.labelStyle` by place index, measured once per directory.
  private var widths: [Int: Double] = [:]
  /// The selected place's name measured in its style: the name, the style and the width.
  private var selectedWidth: (String, TextStyle, Double)?

  /// The candidates of `pins` (filtered again if they were made for other pins; not for another
  /// place selected, which `PinRenderer` places itself: filtering every place within reach again
  /// took 0.1 ms of the frame a place opened or closed in).
  func candidates(for pins: MapPins) -> [Candidate] {
    var pins = pins
    pins.selected = nil
    if key != pins {
      key = pins
      if directory != pins.places {
        directory = pins.places
        widths = [:]
        within = pins.places.indices(within: MapGeometry.placeRadius).compactMap { i in
          let p = pins.places.place(i)
          return p.distance <= MapGeometry.placeRadius ? Candidate(index: i, place: p) : nil
        }
      }
      candidates = within.filter { pins.shows($0.index, $0.place) }
    }
    return candidates
  }

  /// The width of `name` in `style`, measured once while it stays the one asked for (the
  /// selected place's name, every frame of a flight).
  func width(of name: String, _ style: TextStyle, text: TextCache) -> Double {
    if let (n, s, w) = selectedWidth, n == name, s == style { return w }
    let width = text.measure(name, style)
    selectedWidth = (name, style, width)
    return width
  }

  /// The width of candidate `k`'s label, measured once.
  func labelWidth(_ k: Int, text: TextCache) -> Double {
    let index = candidates[k].index
    if let width = widths[index] { return width }
    let width = text.measure(candidates[k].place.name, PinRenderer.labelStyle)
    widths[index] = width
    return width
  }
}
