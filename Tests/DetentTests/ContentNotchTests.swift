import Detent
import Testing

/// Notches sized to content (`"content": "header"` / `"list"`): resolved from the header and the
/// current rows, capped at the window, and followed with the spring when the rows change.
@Suite struct ContentNotchTests {
  static func sheet(rows: Int, height: Double = 800, initial: String = "list") throws -> OverlaySheet {
    try makeSheet(
      notches: [
        NotchSpec(name: "header", content: .header), NotchSpec(name: "list", content: .list),
        NotchSpec(name: "top", fraction: 1, inset: 40),
      ],
      initial: initial,
      configure: { t in
        t.list = ListConfig(rows: rows, rowHeight: 64)
        t.header = HeaderConfig(height: 96, mode: .scrollDirection)
      }, height: height)
  }

  @Test(
    "resolved heights: grabber 20 + header 96, plus 64 per row, capped at the window",
    arguments: [(1, 116.0, 180.0), (3, 116, 308), (9, 116, 692)])
  func heights(rows: Int, header: Double, list: Double) throws {
    let s = try Self.sheet(rows: rows, initial: "header")
    #expect(s.notches.map(\.height) == [header, list, 760])
  }

  @Test("a list notch taller than the window is capped at it (and must still be below the next notch)")
  func capped() throws {
    #expect(throws: ConfigError.self, "0 rows: the list notch equals the header notch") {
      try Self.sheet(rows: 0)
    }
    #expect(throws: ConfigError.self) { try Self.sheet(rows: 100) }
    var t = Tuning(notches: [NotchSpec(name: "h", content: .header), NotchSpec(name: "l", content: .list)])
    t.list.rows = 100
    let s = try OverlaySheet(tuning: t, windowWidth: 400, windowHeight: 800)
    #expect(s.notches.map(\.height) == [116, 800])
  }

  @Test("fewer rows: a sheet resting at the list notch follows with its spring, with events")
  func follows() throws {
    var s = try Self.sheet(rows: 3)
    #expect(s.height == 308)
    s.setListRows(1)
    #expect(s.height == 308, "no jump in the frame of the change")
    #expect(s.snapshot.phase == .settling)
    settle(&s)
    #expect(s.height == 180)
    #expect(s.snapshot.notch == "list")
    #expect(names(s.takeEvents()) == ["willMoveToNotch", "didMoveToNotch"])
  }

  @Test("a sheet at another notch keeps its height when the rows change")
  func otherNotch() throws {
    var s = try Self.sheet(rows: 3, initial: "top")
    s.setListRows(1)
    #expect(s.height == 760)
    #expect(s.snapshot.phase == .idle)
    #expect(s.notches[1].height == 180)
  }
}
