import CPixels
import Testing

/// `detent_compose_rows`, the compositor's kernel: a grid of tiles written into a target's rows,
/// multiplied by a shade, through the cache or streamed past it.
@Suite struct ComposeRowsTests {
  /// A grid of `columns`×`rows` tiles of `size` px at (x, y) on the target; `holes` are cells
  /// without a tile. Tile pixels: r = tile index · 40 + 1, g = row in the tile, b = column.
  struct Grid {
    var size = 16
    var columns = 2
    var rows = 1
    var x = 0
    var y = 0
    var holes: Set<Int> = []
    static let hole: UInt32 = 0xFF40_8020

    var tiles: [[UInt32]?] {
      (0..<(columns * rows)).map { t in
        holes.contains(t)
          ? nil
          : (0..<(size * size)).map { i in
            0xFF00_0000 | UInt32(t * 40 + 1) << 16 | UInt32(i / size) << 8 | UInt32(i % size)
          }
      }
    }

    /// The pixel the grid puts at (px, py) multiplied by `shade`, nil where it has none.
    func expected(_ px: Int, _ py: Int, shade: UInt8, tiles: [[UInt32]?]) -> UInt32? {
      let (ox, oy) = (px - x, py - y)
      guard ox >= 0, oy >= 0, ox < columns * size, oy < rows * size else { return nil }
      let cell = oy / size * columns + ox / size
      let p = tiles[cell].map { $0[(oy % size) * size + ox % size] } ?? Self.hole
      func channel(_ shift: UInt32) -> UInt32 { (((p >> shift) & 0xFF) * UInt32(shade) / 255) << shift }
      return 0xFF00_0000 | channel(16) | channel(8) | channel(0)
    }

    /// Composes rows × columns into a `width`×`height` target whose rows are `pitch` pixels
    /// apart, starting `offset` pixels into its buffer (unaligned), filled with 0xDEADBEEF.
    /// Calls `body` with the tiles' pixels in storage of their own (nil: a hole), as the kernel
    /// reads them, freed after.
    func withTileBases<R>(_ body: (UnsafeBufferPointer<UnsafePointer<UInt32>?>) -> R) -> R {
      let pointers = tiles.map {
        $0.map { tile in UnsafeMutableBufferPointer<UInt32>.allocate(capacity: tile.count) }
      }
      defer { pointers.forEach { $0?.deallocate() } }
      for (tile, pointer) in zip(tiles, pointers) {
        if let tile, let pointer { _ = pointer.initialize(from: tile) }
      }
      let bases: [UnsafePointer<UInt32>?] = pointers.map { $0.map { UnsafePointer($0.baseAddress!) } }
      return bases.withUnsafeBufferPointer(body)
    }

    func compose(
      width: Int, height: Int, pitch: Int, offset: Int = 0, rows: Range<Int>, columns: Range<Int>,
      shade: UInt8, stream: Bool
    ) -> [UInt32] {
      var target = [UInt32](repeating: 0xDEAD_BEEF, count: offset + pitch * height)
      withTileBases { cells in
        var grid = detent_tile_grid(
          tiles: cells.baseAddress, x: Int32(x), y: Int32(y), columns: Int32(self.columns),
          rows: Int32(self.rows),
          size: Int32(size), hole: Self.hole)
        target.withUnsafeMutableBufferPointer { buffer in
          detent_compose_rows(
            &grid, buffer.baseAddress! + offset + rows.lowerBound * pitch, pitch * 4, Int32(rows.lowerBound),
            Int32(rows.upperBound), Int32(columns.lowerBound), Int32(columns.upperBound), shade,
            stream ? 1 : 0)
        }
      }
      return Array(target[offset...])
    }
  }

  @Test(
    "literal pixels at a tile edge, undimmed and dimmed, through the cache and streamed",
    arguments: [false, true])
  func literal(stream: Bool) {
    // Two 16-px tiles, the first at x = −3: target column 12 is tile 0's column 15, column 13
    // tile 1's column 0.
    let grid = Grid(x: -3)
    let plain = grid.compose(
      width: 29, height: 1, pitch: 29, rows: 0..<1, columns: 0..<29, shade: 255, stream: stream)
    #expect(plain[0] == 0xFF01_0003)
    #expect(plain[12] == 0xFF01_000F)
    #expect(plain[13] == 0xFF29_0000)
    #expect(plain[28] == 0xFF29_000F)
    let dimmed = grid.compose(
      width: 29, height: 1, pitch: 29, rows: 0..<1, columns: 0..<29, shade: 128, stream: stream)
    // 0x29 = 41 → 41·128/255 = 20 (0x14); 0x0F = 15 → 7.
    #expect(dimmed[12] == 0xFF00_0007)
    #expect(dimmed[13] == 0xFF14_0000)
    let black = grid.compose(
      width: 29, height: 1, pitch: 29, rows: 0..<1, columns: 0..<29, shade: 0, stream: stream)
    #expect(black.allSatisfy { $0 == 0xFF00_0000 })
  }

  @Test("a hole is the hole's colour times the shade", arguments: [false, true])
  func hole(stream: Bool) {
    let grid = Grid(holes: [1])
    let out = grid.compose(
      width: 32, height: 1, pitch: 32, rows: 0..<1, columns: 0..<32, shade: 254, stream: stream)
    // Tile 0's column 15: 0x01 → 0, 0x0F = 15 → 14.
    #expect(out[15] == 0xFF00_000E)
    // 0x40 = 64 → 63, 0x80 = 128 → 127, 0x20 = 32 → 31.
    #expect(out[16] == 0xFF3F_7F1F)
    #expect(out[31] == 0xFF3F_7F1F)
  }

  @Test("rows and columns past the grid are left alone", arguments: [false, true])
  func pastTheGrid(stream: Bool) {
    // The grid covers columns 2..<34 and rows 1..<17 of a 40×20 target.
    let grid = Grid(x: 2, y: 1)
    let out = grid.compose(
      width: 40, height: 20, pitch: 40, rows: 0..<20, columns: 0..<40, shade: 255, stream: stream)
    #expect(out[0 * 40 + 5] == 0xDEAD_BEEF)
    #expect(out[1 * 40 + 1] == 0xDEAD_BEEF)
    #expect(out[1 * 40 + 2] == 0xFF01_0000)
    #expect(out[16 * 40 + 33] == 0xFF29_0F0F)
    #expect(out[16 * 40 + 34] == 0xDEAD_BEEF)
    #expect(out[17 * 40 + 10] == 0xDEAD_BEEF)
  }

  @Test(
    "every pixel matches the grid times the shade, nothing outside the rectangle written",
    arguments: [
      // (x, y, columns, rows, holes, width, height, pitch, offset, rows, columns)
      (0, 0, 2, 1, [], 32, 1, 32, 0, 0..<1, 0..<32),  // aligned, two whole tiles
      (-1, 0, 3, 2, [], 40, 30, 41, 1, 0..<30, 0..<40),  // unaligned start and pitch
      (-15, -3, 4, 2, [2], 45, 28, 48, 3, 2..<28, 0..<45),  // a 1-pixel span at the left, a hole
      (5, 0, 3, 1, [], 60, 4, 64, 0, 1..<3, 7..<8),  // one pixel
      (-7, 0, 4, 1, [1], 64, 2, 64, 5, 0..<2, 9..<50),  // columns cut inside tiles
      (-9, -5, 5, 3, [0, 7], 70, 50, 75, 2, 0..<50, 0..<70),  // rows past the grid
    ] as [(Int, Int, Int, Int, Set<Int>, Int, Int, Int, Int, Range<Int>, Range<Int>)])
  func sweep(
    _ c: (Int, Int, Int, Int, Set<Int>, Int, Int, Int, Int, Range<Int>, Range<Int>)
  ) {
    let grid = Grid(size: 16, columns: c.2, rows: c.3, x: c.0, y: c.1, holes: c.4)
    let tiles = grid.tiles
    for shade: UInt8 in [0, 1, 127, 254, 255] {
      for stream in [false, true] {
        let out = grid.compose(
          width: c.5, height: c.6, pitch: c.7, offset: c.8, rows: c.9, columns: c.10, shade: shade,
          stream: stream)
        var wrong = 0
        for py in 0..<c.6 {
          for px in 0..<c.7 {
            let inside = c.9.contains(py) && c.10.contains(px) && px < c.5
            let want = inside ? grid.expected(px, py, shade: shade, tiles: tiles) ?? 0xDEAD_BEEF : 0xDEAD_BEEF
            if out[py * c.7 + px] != want { wrong += 1 }
          }
        }
        #expect(wrong == 0, "shade \(shade), stream \(stream): \(wrong) pixels wrong")
      }
    }
  }
}

/// `detent_compose_rows_into` (the view on screen and kept undimmed in one pass) and
/// `detent_shade_rows` (a kept view copied back, multiplied by a shade).
@Suite struct KeptRowsTests {
  @Test(
    "tiles smaller than the streamed path's 16 px are still composed exactly (through the cache)",
    arguments: [1, 3, 4, 7, 8, 15])
  func smallTiles(size: Int) {
    // Five tiles a row from x = −1: a 16-pixel line of the target spans three tiles or more.
    let grid = ComposeRowsTests.Grid(size: size, columns: 5, rows: 2, x: -1, y: 0, holes: [2])
    let (width, height) = (5 * size - 1, 2 * size)
    let tiles = grid.tiles
    for stream in [false, true] {
      let out = grid.compose(
        width: width, height: height, pitch: width + 3, offset: 1, rows: 0..<height, columns: 0..<width,
        shade: 254, stream: stream)
      var wrong = 0
      for py in 0..<height {
        for px in 0..<width
        where out[py * (width + 3) + px] != grid.expected(px, py, shade: 254, tiles: tiles) {
          wrong += 1
        }
      }
      #expect(wrong == 0, "size \(size), stream \(stream)")
    }
  }

  @Test("two targets at their own shades get what each would alone", arguments: [false, true])
  func twoTargets(stream: Bool) {
    var grid = ComposeRowsTests.Grid(columns: 3, rows: 2, x: -5, y: -2, holes: [4])
    grid.size = 16
    let tiles = grid.tiles
    let (width, height) = (40, 28)
    var screen = [UInt32](repeating: 0xDEAD_BEEF, count: width * height)
    // The kept copy with a wider pitch (3 pixels of padding a row, left alone).
    var kept = [UInt32](repeating: 0xDEAD_BEEF, count: (width + 3) * height)
    grid.withTileBases { cells in
      var layout = detent_tile_grid(
        tiles: cells.baseAddress, x: -5, y: -2, columns: 3, rows: 2, size: 16,
        hole: ComposeRowsTests.Grid.hole)
      screen.withUnsafeMutableBufferPointer { s in
        kept.withUnsafeMutableBufferPointer { k in
          let targets = [
            detent_compose_target(base: s.baseAddress! + 3 * width, pitch: width * 4, shade: 100),
            detent_compose_target(base: k.baseAddress! + 3 * (width + 3), pitch: (width + 3) * 4, shade: 255),
          ]
          detent_compose_rows_into(&layout, 3, 25, 1, 39, targets, 2, stream ? 1 : 0)
        }
      }
    }
    var wrong = 0
    for y in 0..<height {
      for x in 0..<width {
        let inside = (3..<25).contains(y) && (1..<39).contains(x)
        let onScreen = inside ? grid.expected(x, y, shade: 100, tiles: tiles) ?? 0xDEAD_BEEF : 0xDEAD_BEEF
        let inKept = inside ? grid.expected(x, y, shade: 255, tiles: tiles) ?? 0xDEAD_BEEF : 0xDEAD_BEEF
        if screen[y * width + x] != onScreen { wrong += 1 }
        if kept[y * (width + 3) + x] != inKept { wrong += 1 }
      }
      if kept[y * (width + 3) + width] != 0xDEAD_BEEF { wrong += 1 }
    }
    #expect(wrong == 0)
    // Literal: (1, 3) is tile 0's (6, 5): r = 1, g = 5, b = 6; times 100/255: 0, 1, 2.
    #expect(kept[3 * (width + 3) + 1] == 0xFF01_0506)
    #expect(screen[3 * width + 1] == 0xFF00_0102)
  }

  @Test(
    "rows copied back at a shade: 1-pixel rows, unaligned starts, every shade's edge cases",
    arguments: [(1, 1), (7, 3), (16, 2), (17, 4), (33, 5), (1_283, 2)])
  func shadeRows(width: Int, rows: Int) {
    let source: [UInt32] = (0..<((width + 1) * rows)).map { i in
      UInt32(truncatingIfNeeded: (i &* 2_654_435_761) ^ 0x5A5A_5A5A)
    }
    for shade: UInt8 in [0, 1, 127, 254, 255] {
      for stream in [false, true] {
        // Destination rows `width + 2` apart, one pixel in (unaligned), padding left alone.
        var out = [UInt32](repeating: 0xDEAD_BEEF, count: (width + 2) * rows + 1)
        source.withUnsafeBufferPointer { src in
          out.withUnsafeMutableBufferPointer { dst in
            detent_shade_rows(
              src.baseAddress! + 1, (width + 1) * 4, dst.baseAddress! + 1, (width + 2) * 4, Int32(width),
              Int32(rows), shade, stream ? 1 : 0)
          }
        }
        var wrong = 0
        for r in 0..<rows {
          for x in 0..<(width + 2) {
            let got = out[1 + r * (width + 2) + x]
            guard x < width else {
              if got != 0xDEAD_BEEF && 1 + r * (width + 2) + x < out.count { wrong += 1 }
              continue
            }
            let p = source[1 + r * (width + 1) + x]
            func channel(_ shift: UInt32) -> UInt32 { (((p >> shift) & 0xFF) * UInt32(shade) / 255) << shift }
            let want = shade == 255 ? p : 0xFF00_0000 | channel(16) | channel(8) | channel(0)
            if got != want { wrong += 1 }
          }
        }
        #expect(out[0] == 0xDEAD_BEEF)
        #expect(wrong == 0, "shade \(shade), stream \(stream)")
      }
    }
  }

  @Test(
    "rows copied back around a hole: the hole's pixels left as they were, the rest as without one; holes at either end, unaligned, empty, reversed or past the row",
    arguments: [(1, 2), (7, 3), (33, 5), (1_283, 2)])
  func shadeRowsAround(width: Int, rows: Int) {
    let source: [UInt32] = (0..<(width * rows)).map { i in
      UInt32(truncatingIfNeeded: (i &* 2_654_435_761) ^ 0x0F0F_5A5A)
    }
    let holes: [(Int, Int)] = [
      (0, 0), (0, 1), (0, width), (width - 1, width), (3, 17), (16, 48), (5, 3), (-4, 2),
      (width - 2, width + 9),
    ]
    for (from, to) in holes {
      for (shade, stream): (UInt8, Bool) in [(127, false), (127, true), (0, true), (255, true), (254, false)]
      {
        var around = [UInt32](repeating: 0xDEAD_BEEF, count: width * rows)
        source.withUnsafeBufferPointer { src in
          around.withUnsafeMutableBufferPointer { dst in
            detent_shade_rows_around(
              src.baseAddress!, width * 4, dst.baseAddress!, width * 4, Int32(width), Int32(rows),
              Int32(from), Int32(to), shade, stream ? 1 : 0)
          }
        }
        // An empty or reversed hole is no hole.
        let (low, high) = (max(from, 0), min(to, width))
        let hole = low < high ? low..<high : 0..<0
        var wrong = 0
        for r in 0..<rows {
          for x in 0..<width {
            let p = source[r * width + x]
            func channel(_ shift: UInt32) -> UInt32 { (((p >> shift) & 0xFF) * UInt32(shade) / 255) << shift }
            let shaded = shade == 255 ? p : 0xFF00_0000 | channel(16) | channel(8) | channel(0)
            if around[r * width + x] != (hole.contains(x) ? 0xDEAD_BEEF : shaded) { wrong += 1 }
          }
        }
        #expect(wrong == 0, "hole \(from)..<\(to), shade \(shade), stream \(stream)")
      }
    }
    // Literal: pixel 0 of row 0 (0x0F0F5A5A) at 127/255 outside a hole.
    var one: [UInt32] = [0]
    source.withUnsafeBufferPointer { src in
      one.withUnsafeMutableBufferPointer { dst in
        detent_shade_rows_around(src.baseAddress!, 4, dst.baseAddress!, 4, 1, 1, 1, 1, 127, 0)
      }
    }
    #expect(one[0] == 0xFF07_2C2C)
  }
}
