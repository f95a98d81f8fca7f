import CPixels
import Foundation
import Testing

@testable import DetentApp

/// The C pixel kernels (`detent_compose_rows`, `detent_scale_block`, the in-place shade and
/// dim) against plain scalar references on seeded random geometry: tile sizes and offsets on and
/// off the target, widths 1…300, unaligned pitches and starts, shades 0, 1, 254, 255 and
/// between, rows past the grid. Every pixel of the target is compared, the pitch's padding and
/// the rows outside the asked range included (they must keep their sentinel). Run under
/// `--sanitize=address` the reads and writes past the buffers show too.
@Suite struct PixelKernelPropertyTests {
  /// Cases a run (a long local run used 20,000 of each).
  static let iterations = 300

  /// SplitMix64 (the places' hash, `PlaceDirectory.mix`): the same sequence on every run.
  struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      defer { state &+= 0x9E37_79B9_7F4A_7C15 }
      return PlaceDirectory.mix(state)
    }
  }

  static let sentinel: UInt32 = 0xDEAD_BEEF

  /// `p`'s colour channels times shade/255 rounded down, alpha opaque.
  static func dimmed(_ p: UInt32, _ shade: UInt8) -> UInt32 {
    func channel(_ shift: UInt32) -> UInt32 { (((p >> shift) & 0xFF) * UInt32(shade) / 255) << shift }
    return 0xFF00_0000 | channel(16) | channel(8) | channel(0)
  }

  static func shade(_ random: inout Seeded) -> UInt8 {
    [0, 1, 254, 255, UInt8.random(in: 0...255, using: &random)].randomElement(using: &random)!
  }

  @Test("detent_compose_rows matches a scalar reference on random grids, targets and shades")
  func compose() {
    var random = Seeded(state: 0x5EED_C0DE)
    var failures = 0
    for iteration in 0..<Self.iterations where failures < 5 {
      let size = [1, 5, 8, 15, 16, 17, 24, 31, 32, 33, 64, 100].randomElement(using: &random)!
      let (columns, gridRows) = (Int.random(in: 1...5, using: &random), Int.random(in: 1...4, using: &random))
      let width = Int.random(in: 1...300, using: &random)
      let height = Int.random(in: 1...40, using: &random)
      let pitch = width + Int.random(in: 0...17, using: &random)
      let offset = Int.random(in: 0...15, using: &random)
      let x = Int.random(in: (-2 * size)...(width + 4), using: &random)
      let y = Int.random(in: (-2 * size)...(height + 4), using: &random)
      let holes = Set((0..<(columns * gridRows)).filter { _ in Int.random(in: 0..<6, using: &random) == 0 })
      // Rows may run past the grid and the target's rows asked for (a sub-range of them).
      let row0 = Int.random(in: 0..<height, using: &random)
      let row1 = Int.random(in: (row0 + 1)...height, using: &random)
      let col0 = Int.random(in: 0..<width, using: &random)
      let col1 = Int.random(in: (col0 + 1)...width, using: &random)
      let shade = Self.shade(&random)
      let stream = Bool.random(using: &random)
      let grid = ComposeRowsTests.Grid(
        size: size, columns: columns, rows: gridRows, x: x, y: y, holes: holes)
      let tiles = grid.tiles
      let got = grid.compose(
        width: width, height: height, pitch: pitch, offset: offset, rows: row0..<row1, columns: col0..<col1,
        shade: shade, stream: stream)
      var wrong: [String] = []
      for py in 0..<height {
        for px in 0..<pitch {
          let inside = px < width && (row0..<row1).contains(py) && (col0..<col1).contains(px)
          let expected =
            inside ? grid.expected(px, py, shade: shade, tiles: tiles) ?? Self.sentinel : Self.sentinel
          if got[py * pitch + px] != expected, wrong.count < 3 { wrong.append("(\(px), \(py))") }
        }
      }
      if !wrong.isEmpty {
        failures += 1
        Issue.record(
          """
          case \(iteration): size \(size), \(columns)×\(gridRows) tiles at (\(x), \(y)), holes \(holes.sorted()), \
          target \(width)×\(height) pitch \(pitch) offset \(offset), rows \(row0)..<\(row1), columns \
          \(col0)..<\(col1), shade \(shade), stream \(stream): wrong at \(wrong.joined(separator: " "))
          """)
      }
    }
  }

  @Test(
    "detent_scale_block reads nothing past a tile: a 256-pixel tile ending against an unreadable page, its last rows shrunk to 129–255 columns, from three alignments, streamed or not"
  )
  func noReadPastTheTile() throws {
    // A 256×256 tile whose last pixel ends a page, the page after it unreadable: a read past it
    // stops the test run (a shrink whose plan mixed 8- and 16-pixel steps read 32 bytes past the
    // last row's end, unseen by the arrays above, whose memory runs on).
    let side = 256
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let bytes = side * side * 4
    let mapped = try #require(
      mmap(nil, bytes + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0).flatMap {
        $0 == MAP_FAILED ? nil : $0
      })
    defer { munmap(mapped, bytes + page) }
    #expect(mprotect(mapped + bytes, page, PROT_NONE) == 0)
    let source = mapped.bindMemory(to: UInt32.self, capacity: side * side)
    var random = Seeded(state: 0x0ED6_E000)
    for i in 0..<(side * side) { source[i] = UInt32.random(in: 0...UInt32.max, using: &random) }
    var wrong = 0
    for dest in 129...255 {
      for stream in [false, true] {
        for offset in [0, 5, 11] {
          var columns = [UInt16](repeating: 0, count: dest)
          var rows = [UInt16](repeating: 0, count: 4)
          detent_scale_index(UInt32(side), UInt32(dest), 0, UInt32(dest), &columns)
          detent_scale_index(UInt32(side), UInt32(dest), UInt32(dest - 4), 4, &rows)
          #expect(rows.last == UInt16(side - 1))
          let shades: [UInt8] = [255, 255, 200, 200]
          let pitch = dest + 3
          var out = [UInt32](repeating: Self.sentinel, count: offset + pitch * 4)
          out.withUnsafeMutableBufferPointer {
            detent_scale_block(
              source, side, rows, shades, 4, columns, dest, $0.baseAddress! + offset, pitch, stream ? 1 : 0)
          }
          for r in 0..<4 {
            for c in 0..<dest
            where out[offset + r * pitch + c]
              != Self.dimmed(source[Int(rows[r]) * side + Int(columns[c])], shades[r])
            {
              wrong += 1
            }
          }
        }
      }
    }
    #expect(wrong == 0, "\(wrong) pixels differ")
  }

  @Test("detent_scale_block matches a scalar reference on random sources, scales, offsets and shades")
  func scale() {
    var random = Seeded(state: 0x5CA1_E000)
    var failures = 0
    for iteration in 0..<Self.iterations where failures < 5 {
      let side = [1, 7, 16, 33, 256, 300].randomElement(using: &random)!
      let source: [UInt32] = (0..<(side * side)).map { _ in UInt32.random(in: 0...UInt32.max, using: &random)
      }
      // Destination runs from a sixth of the source to four times it; a quarter at its own
      // width (a tile copied 1:1, read straight).
      let destWidth =
        Int.random(in: 0..<4, using: &random) == 0
        ? side : Int.random(in: max(1, side / 6)...(side * 4), using: &random)
      let destHeight = Int.random(in: max(1, side / 6)...(side * 4), using: &random)
      let firstColumn = Int.random(in: 0..<destWidth, using: &random)
      // Up to 700 columns: past the 64 steps of eight a block plans, the rest sampled step by step.
      let count = Int.random(in: 1...min(700, destWidth - firstColumn), using: &random)
      let firstRow = Int.random(in: 0..<destHeight, using: &random)
      let rowCount = Int.random(in: 1...min(24, destHeight - firstRow), using: &random)
      let pitch = count + Int.random(in: 0...17, using: &random)
      let offset = Int.random(in: 0...15, using: &random)
      let stream = Bool.random(using: &random)
      var columns = [UInt16](repeating: 0, count: count)
      var rows = [UInt16](repeating: 0, count: rowCount)
      detent_scale_index(UInt32(side), UInt32(destWidth), UInt32(firstColumn), UInt32(count), &columns)
      detent_scale_index(UInt32(side), UInt32(destHeight), UInt32(firstRow), UInt32(rowCount), &rows)
      // Runs of equal shades, so that repeated rows are copied as well as sampled again.
      var shades: [UInt8] = []
      while shades.count < rowCount {
        let s = Self.shade(&random)
        shades += Array(repeating: s, count: Int.random(in: 1...4, using: &random))
      }
      shades = Array(shades.prefix(rowCount))
      var out = [UInt32](repeating: Self.sentinel, count: offset + pitch * rowCount)
      out.withUnsafeMutableBufferPointer {
        detent_scale_block(
          source, side, rows, shades, rowCount, columns, count, $0.baseAddress! + offset, pitch,
          stream ? 1 : 0)
      }
      // The reference: SDL's nearest-neighbour index, (inc/2 + i·inc) >> 16.
      func index(_ i: Int, dest: Int) -> Int {
        let inc = (UInt64(side) << 16) / UInt64(dest)
        return Int((inc / 2 + UInt64(i) * inc) >> 16)
      }
      var wrong: [String] = []
      for r in 0..<rowCount {
        for c in 0..<pitch {
          let expected =
            c < count
            ? Self.dimmed(
              source[index(firstRow + r, dest: destHeight) * side + index(firstColumn + c, dest: destWidth)],
              shades[r])
            : Self.sentinel
          if out[offset + r * pitch + c] != expected, wrong.count < 3 { wrong.append("(\(c), \(r))") }
        }
      }
      if out[..<offset].contains(where: { $0 != Self.sentinel }) { wrong.append("before the start") }
      if !wrong.isEmpty {
        failures += 1
        Issue.record(
          """
          case \(iteration): source \(side)², dest \(destWidth)×\(destHeight) from (\(firstColumn), \(firstRow)), \
          \(count)×\(rowCount) pitch \(pitch) offset \(offset), stream \(stream): wrong at \
          \(wrong.joined(separator: " "))
          """)
      }
    }
  }

  @Test("detent_shade_rect and detent_dim_rect match a scalar reference on random rectangles and multipliers")
  func inPlace() {
    var random = Seeded(state: 0x1A_F1A7)
    var failures = 0
    for iteration in 0..<Self.iterations where failures < 5 {
      let width = Int.random(in: 1...300, using: &random)
      let height = Int.random(in: 1...20, using: &random)
      let pitch = width + Int.random(in: 0...17, using: &random)
      let offset = Int.random(in: 0...15, using: &random)
      let pixels: [UInt32] = (0..<(offset + pitch * height)).map { _ in
        UInt32.random(in: 0...UInt32.max, using: &random)
      }
      // One row of multipliers for every row (pitch 0), or a row each.
      let maskPitch = Bool.random(using: &random) ? 0 : width + Int.random(in: 0...9, using: &random)
      let mask: [UInt16] = (0..<(maskPitch == 0 ? width : maskPitch * height)).map { _ in
        [0, 1, 255, 256, UInt16.random(in: 0...256, using: &random)].randomElement(using: &random)!
      }
      let shade = Self.shade(&random)
      var shaded = pixels
      var dimmed = pixels
      shaded.withUnsafeMutableBufferPointer {
        detent_shade_rect($0.baseAddress! + offset, pitch, width, height, mask, maskPitch)
      }
      dimmed.withUnsafeMutableBufferPointer {
        detent_dim_rect($0.baseAddress! + offset, pitch, width, height, shade)
      }
      var wrong: [String] = []
      for i in pixels.indices {
        let (row, column) = ((i - offset) / pitch, (i - offset) % pitch)
        let inside = i >= offset && column < width
        let p = pixels[i]
        var expectShaded = p
        var expectDimmed = p
        if inside {
          let m = UInt32(mask[(maskPitch == 0 ? 0 : row * maskPitch) + column])
          func times(_ shift: UInt32) -> UInt32 { ((((p >> shift) & 0xFF) * m) >> 8) << shift }
          expectShaded = p & 0xFF00_0000 | times(16) | times(8) | times(0)
          if shade != 255 { expectDimmed = Self.dimmed(p, shade) }
        }
        if shaded[i] != expectShaded, wrong.count < 3 { wrong.append("shade at \(i)") }
        if dimmed[i] != expectDimmed, wrong.count < 3 { wrong.append("dim at \(i)") }
      }
      if !wrong.isEmpty {
        failures += 1
        Issue.record(
          """
          case \(iteration): \(width)×\(height) pitch \(pitch) offset \(offset), mask pitch \(maskPitch), \
          shade \(shade): wrong \(wrong.joined(separator: " "))
          """)
      }
    }
  }
}
