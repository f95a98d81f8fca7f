/// The places a search leaves, as an index: built per keystroke from the directory's structure,
/// not by scanning its rows, so typing costs the same at 200 rows and at 10⁷.
///
/// Place `i` lies in block `b = i / 6`, which holds one place of each category, and its name is
/// a function of its category and `b mod n_c` (`n_c` = that category's prefix × suffix count).
/// So whether a place matches depends only on (category, b mod n_c): the filter tests each of
/// those few hundred names once, keeps per category the prefix counts of matching residues,
/// and answers "how many matches before block B" in O(6) and "the index of match k" by a binary
/// search over blocks (O(6·log(rows))), without ever listing the matches.
struct PlaceFilter: Sendable, Equatable {
  let places: PlaceDirectory
  /// Per category: `prefix[c][r]` = matching residues below `r` (length n_c + 1); empty when
  /// the category is excluded.
  private let prefix: [[Int]]
  /// Number of places shown.
  let count: Int

  /// The places of `places` whose name or category title contains `text` (case-insensitive)
  /// and, when `category` is given, of that category.
  init(places: PlaceDirectory, text: String, category: PlaceCategory?) {
    self.places = places
    let needle = text.lowercased()
    prefix = PlaceCategory.allCases.map { c in
      if let category, c != category { return [] }
      let n = places.nameCount(c)
      let all = needle.isEmpty || c.title.lowercased().contains(needle)
      var out = [0]
      out.reserveCapacity(n + 1)
      for r in 0..<n {
        let hit = all || places.name(category: c, residue: r).lowercased().contains(needle)
        out.append(out[r] + (hit ? 1 : 0))
      }
      return out
    }
    count = Self.matches(before: places.count, places: places, prefix: prefix)
  }

  /// Whether place `index` is shown.
  func contains(_ index: Int) -> Bool {
    let c = places.category(index)
    let table = prefix[c.rawValue]
    guard !table.isEmpty else { return false }
    let r = (index / 6) % (table.count - 1)
    return table[r + 1] > table[r]
  }

  /// The place index of row `row` (0 ≤ row < count).
  subscript(row: Int) -> Int {
    precondition(row >= 0 && row < count, "row \(row) outside 0..<\(count)")
    // The last block start b·6 with fewer than row + 1 matches before it.
    var lo = 0
    var hi = (places.count + 5) / 6
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if Self.matches(before: mid * 6, places: places, prefix: prefix) <= row { lo = mid } else { hi = mid }
    }
    var k = row - Self.matches(before: lo * 6, places: places, prefix: prefix)
    for i in (lo * 6)..<min(lo * 6 + 6, places.count) where contains(i) {
      if k == 0 { return i }
      k -= 1
    }
    preconditionFailure("row \(row) not found in block \(lo)")
  }

  /// The matches among places 0..<end.
  private static func matches(before end: Int, places: PlaceDirectory, prefix: [[Int]]) -> Int {
    let blocks = end / 6
    var total = 0
    for table in prefix where !table.isEmpty {
      let n = table.count - 1
      total += blocks / n * table[n] + table[blocks % n]
    }
    // The places of the last, partial block.
    for i in (blocks * 6)..<end {
      let table = prefix[places.category(i).rawValue]
      guard !table.isEmpty else { continue }
      let r = blocks % (table.count - 1)
      if table[r + 1] > table[r] { total += 1 }
    }
    return total
  }
}
