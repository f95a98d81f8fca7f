import Foundation
import Detent
import Testing

/// OverlaySheet+Wheel.swift: wheel notches and touchpad fractions by the hand-off rules; bursts stop at the top.
@Suite struct WheelTests {
  /// (fractions of a notch, list offset after them) at the top notch.
  static let fineWheel: [([Double], Double)] = [
    ([0.25], 10), ([0.25, 0.5], 30), ([1.5], 60), ([0.1, 0.1, 0.1], 12), ([2.25, -0.75], 60),
  ]

  @Test("a touchpad's fractions of a notch scroll the list by pixels (40 px a notch)", arguments: fineWheel)
  func fineWheelOnList(amounts: [Double], offset: Double) throws {
    var sheet = try HandOffTests.atTop()
    for a in amounts {
      sheet.wheel(x: 200, y: 400, notches: a)
      sheet.step(dt: 1.0 / 60)
    }
    for _ in 0..<60 { sheet.step(dt: 1.0 / 60) }
    expectClose(sheet.snapshot.listOffset, offset, 1e-9, "\(amounts)")
  }

  @Test("below the top, fractions add up: the sheet moves one notch when they make a whole one")
  func fineWheelOnSheet() throws {
    var sheet = try OverlaySheet(tuning: Tuning(), windowWidth: 400, windowHeight: 800)
    for (i, expected) in ["minimum", "minimum", "medium"].enumerated() {
      sheet.wheel(x: 200, y: 720 - (sheet.height - 120), notches: 0.4)
      for _ in 0..<60 { sheet.step(dt: 1.0 / 60) }
      #expect(sheet.snapshot.notch == expected, "after \(i + 1) × 0.4")
    }
    // A change of direction drops what had added up the other way.
    sheet.wheel(x: 200, y: 500, notches: 0.6)
    sheet.wheel(x: 200, y: 500, notches: -0.6)
    for _ in 0..<60 { sheet.step(dt: 1.0 / 60) }
    #expect(sheet.snapshot.notch == "medium")
  }

  @Test("a wheel burst from the lowest notch stops at the top; the list takes over only after")
  func wheelBurstStopsAtTop() throws {
    var sheet = try OverlaySheet(tuning: Tuning(), windowWidth: 400, windowHeight: 800)
    for _ in 0..<6 {
      sheet.wheel(x: 200, y: 720 - (sheet.height - 120), notches: 1)
      sheet.step(dt: 1.0 / 60)
    }
    for _ in 0..<90 { sheet.step(dt: 1.0 / 60) }
    #expect(sheet.snapshot.notch == "maximum")
    #expect(sheet.snapshot.listOffset == 0)
    #expect(sheet.snapshot.headerOffset == 0)
    #expect(!names(sheet.takeEvents()).contains("listScrollBegan"))
    // At rest at the top, the next burst scrolls the list: two notches, 80 px, one pair of events.
    sheet.wheel(x: 200, y: 400, notches: 1)
    sheet.step(dt: 1.0 / 60)
    sheet.wheel(x: 200, y: 400, notches: 1)
    for _ in 0..<60 { sheet.step(dt: 1.0 / 60) }
    #expect(sheet.snapshot.listOffset == 80)
    #expect(names(sheet.takeEvents()) == ["listScrollBegan", "listScrollEnded"])
  }

  @Test("the wheel follows the same rules: one notch is 40 px of list")
  func wheel() throws {
    var sheet = try OverlaySheet(tuning: Tuning(initialNotch: "medium"), windowWidth: 400, windowHeight: 800)
    let took = sheet.wheel(x: 200, y: 600, notches: 1)
    #expect(took)
    #expect(sheet.snapshot.targetNotch == "maximum", "below the top the wheel moves the sheet")
    #expect(sheet.snapshot.listOffset == 0)
    settle(&sheet)
    sheet.wheel(x: 200, y: 400, notches: 3)
    #expect(sheet.snapshot.listOffset == 120)
    sheet.wheel(x: 200, y: 400, notches: -3)
    #expect(sheet.snapshot.listOffset == 0)
    #expect(sheet.height == 740, "the list took those notches")
    sheet.wheel(x: 200, y: 400, notches: -1)
    #expect(sheet.snapshot.targetNotch == "medium", "with the list at its top the wheel lowers the sheet")
    let mapWheel = sheet.wheel(x: 200, y: 10, notches: 1)
    #expect(!mapWheel, "above the sheet the wheel belongs to the map")
  }
}
