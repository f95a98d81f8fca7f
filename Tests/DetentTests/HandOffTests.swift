import Foundation
import Testing

@testable import Detent

/// Default notches in an 800-px window: minimum 120, medium 400, maximum 740 (top edge y = 60).
/// The list starts at y = 60 + 20 (grabber) + 96 (header) = 176 at the top notch.
/// OverlaySheet+Pointer.swift: the list hand-off within one drag, both ways.
@Suite struct HandOffTests {
  static func atTop(mode: HeaderMode = .scrollDirection) throws -> OverlaySheet {
    var tuning = Tuning(initialNotch: "maximum")
    tuning.header.mode = mode
    return try OverlaySheet(tuning: tuning, windowWidth: 400, windowHeight: 800)
  }

  @Test("one gesture: list → sheet → list, checked frame by frame")
  func listSheetList() throws {
    var sheet = try Self.atTop()
    sheet.pointerDown(x: 200, y: 500)
    var y = 500.0
    // (pointer delta per frame, frames, expected height, list offset, header offset) after each frame.
    typealias Row = (dy: Double, height: Double, list: Double, header: Double, phase: PhaseName)
    var rows: [Row] = []
    var h = 740.0
    var o = 0.0
    var hd = 0.0
    // Up 10 px × 6: the list scrolls 60, header hides by 60.
    for _ in 0..<6 {
      o += 10
      hd = max(hd - 10, -96)
      rows.append((-10, h, o, hd, .scrolling))
    }
    // Down 25 px × 4 = 100: 60 back to the list's top (header shown), then the sheet drops 40.
    // Frame 3 crosses the hand-over: list 10 → 0 and the sheet takes the other 15 in the same frame.
    for _ in 0..<4 {
      let take = min(25, o)
      o -= take
      hd = min(hd + take, 0)
      h -= 25 - take
      rows.append((25, h, o, hd, h < 740 ? .dragging : .scrolling))
    }
    // Up 15 px × 5 = 75: the sheet rises 40 back to the top, then the list takes 35.
    for _ in 0..<5 {
      let toTop = min(15, 740 - h)
      h += toTop
      o += 15 - toTop
      hd = max(hd - (15 - toTop), -96)
      rows.append((-15, h, o, hd, 15 - toTop > 0 ? .scrolling : .dragging))
    }
    for (i, row) in rows.enumerated() {
      sheet.step(dt: 1.0 / 60)
      y += row.dy
      sheet.pointerMove(x: 200, y: y)
      let s = sheet.snapshot
      expectClose(s.height, row.height, 1e-9, "frame \(i) height")
      expectClose(s.listOffset, row.list, 1e-9, "frame \(i) list")
      expectClose(s.headerOffset, row.header, 1e-9, "frame \(i) header")
      #expect(s.phase == row.phase, "frame \(i) phase")
    }
    #expect(o == 35 && h == 740)
    let events = names(sheet.takeEvents())
    #expect(events == ["listScrollBegan", "listScrollEnded", "willStartDragging", "listScrollBegan"])
    // Released while the list moves: only the list keeps momentum; the sheet stays at the top.
    sheet.pointerUp(x: 200, y: y)
    #expect(sheet.snapshot.phase == .scrolling)
    for _ in 0..<30 { sheet.step(dt: 1.0 / 60) }
    #expect(sheet.height == 740)
    #expect(sheet.snapshot.listOffset > 35, "the list coasts on")
    // The gesture moved the sheet, so it ends like any sheet drag: with the notch it rests at.
    #expect(names(sheet.takeEvents()).prefix(3) == ["willEndDragging", "willMoveToNotch", "didMoveToNotch"])
    for _ in 0..<600 { sheet.step(dt: 1.0 / 60) }
    #expect(names(sheet.takeEvents()) == ["listScrollEnded"])
    #expect(sheet.snapshot.notch == "maximum")
  }

  @Test("below the top notch a drag on the list moves the sheet and the list stays put")
  func belowTopMovesSheet() throws {
    var sheet = try OverlaySheet(tuning: Tuning(initialNotch: "medium"), windowWidth: 400, windowHeight: 800)
    // medium: top edge 400, list starts at 516.
    sheet.pointerDown(x: 200, y: 600)
    sheet.pointerMove(x: 200, y: 550)
    #expect(sheet.height == 450)
    #expect(sheet.snapshot.listOffset == 0)
    sheet.pointerMove(x: 200, y: 650)
    #expect(sheet.height == 350)
    #expect(sheet.snapshot.listOffset == 0)
  }

  @Test(
    "dragging up from below the top: the sheet reaches the top notch, then the list scrolls, without a jump")
  func upFromBelow() throws {
    var sheet = try OverlaySheet(tuning: Tuning(initialNotch: "medium"), windowWidth: 400, windowHeight: 800)
    sheet.pointerDown(x: 200, y: 700)
    sheet.pointerMove(x: 200, y: 400)  // sheet 400 → 700
    #expect(sheet.height == 700)
    sheet.pointerMove(x: 200, y: 300)  // 40 more to the top, 60 to the list in the same move
    #expect(sheet.height == 740)
    #expect(sheet.snapshot.listOffset == 60)
    // Released moving the list: the list coasts, the sheet rests at the top.
    sheet.pointerUp(x: 200, y: 300, velocityOverride: -1000)
    settle(&sheet)
    #expect(sheet.snapshot.notch == "maximum")
    // Coasting from 1000 px/s until 5 px/s at 0.998/ms covers 1000·(0.005 − 1)/(1000·ln 0.998) px.
    let coast: Double = 1000 * (Momentum.restSpeed / 1000 - 1) / (1000 * log(0.998))
    expectClose(sheet.snapshot.listOffset, 60 + coast, 0.5)
  }

  @Test("released while the sheet moves: the sheet settles by policy, the list stays")
  func sheetKeepsMomentum() throws {
    var sheet = try Self.atTop()
    drag(&sheet, from: 300, to: 420, frames: 6, releaseVelocity: 1500)
    #expect(sheet.snapshot.targetNotch == "medium")
    settle(&sheet)
    #expect(sheet.height == 400)
    #expect(sheet.snapshot.listOffset == 0)
  }
}
