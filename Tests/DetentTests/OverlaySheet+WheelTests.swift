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

/// `Sheet/OverlaySheet+Wheel.swift`: who takes one wheel call and what it changes at once, and
/// `moveOneNotch`. Default notches in an 800-px window (minimum 120, medium 400, maximum 740);
/// expected values worked out by hand from the sheet's geometry (at medium the top edge is at
/// y = 400 and the list starts at 400 + 20 + 96 = 516; at maximum it starts at 176).
struct WheelRoutingTests {
  /// (what, start notch, drag region, pressed first, y, notches, taken, target, list offset)
  static let calls: [(String, String, DragRegion, Bool, Double, Double, Bool, String?, Double)] = [
    ("above the sheet: left to what is behind", "medium", .sheet, false, 10, 1, false, nil, 0),
    ("zero", "medium", .sheet, false, 600, 0, true, nil, 0),
    ("not a number", "medium", .sheet, false, 600, .nan, true, nil, 0),
    ("infinite", "medium", .sheet, false, 600, .infinity, true, nil, 0),
    ("while pressed: taken, nothing moves", "medium", .sheet, true, 600, 1, true, nil, 0),
    ("down below the top raises the sheet", "medium", .sheet, false, 600, 1, true, "maximum", 0),
    ("up lowers it", "medium", .sheet, false, 600, -1, true, "minimum", 0),
    ("on the header too", "medium", .sheet, false, 450, 1, true, "maximum", 0),
    ("up at the lowest notch: nowhere to go", "minimum", .sheet, false, 750, -1, true, nil, 0),
    ("down at the top scrolls the list", "maximum", .sheet, false, 400, 2, true, nil, 80),
    (
      "up at the top with the list at its top lowers the sheet", "maximum", .sheet, false, 400, -1, true,
      "medium", 0
    ),
    ("drag region header: on the list, the list scrolls", "medium", .header, false, 600, 1, true, nil, 40),
    (
      "drag region header: on the header, the sheet moves", "medium", .header, false, 450, 1, true, "maximum",
      0
    ),
  ]

  @Test("one wheel call: taken or not, and what it changes at once", arguments: calls)
  func call(
    what: String, notch: String, region: DragRegion, pressed: Bool, y: Double, amount: Double, taken: Bool,
    target: String?, offset: Double
  ) throws {
    var tuning = Tuning(initialNotch: notch)
    tuning.dragRegion = region
    var sheet = try OverlaySheet(tuning: tuning, windowWidth: 400, windowHeight: 800)
    if pressed { sheet.pointerDown(x: 200, y: y) }
    #expect(sheet.wheel(x: 200, y: y, notches: amount) == taken, "\(what)")
    #expect(sheet.snapshot.targetNotch == target, "\(what)")
    #expect(sheet.snapshot.listOffset == offset, "\(what)")
    if target == nil && !pressed { #expect(sheet.snapshot.notch == notch, "\(what)") }
  }

  /// (start notch, medium enabled, up, notch it rests at after)
  static let oneNotch: [(String, Bool, Bool, String)] = [
    ("minimum", true, true, "medium"), ("medium", true, true, "maximum"), ("maximum", true, true, "maximum"),
    ("maximum", true, false, "medium"), ("medium", true, false, "minimum"),
    ("minimum", true, false, "minimum"),
    // A disabled notch is passed over.
    ("minimum", false, true, "maximum"), ("maximum", false, false, "minimum"),
  ]

  @Test("moveOneNotch settles to the next enabled notch that way, or stays", arguments: oneNotch)
  func moveOneNotch(start: String, mediumEnabled: Bool, up: Bool, rests: String) throws {
    var tuning = Tuning(initialNotch: start)
    tuning.notches[1].enabled = mediumEnabled
    var sheet = try OverlaySheet(tuning: tuning, windowWidth: 400, windowHeight: 800)
    sheet.moveOneNotch(up: up)
    settle(&sheet)
    #expect(sheet.snapshot.notch == rests)
  }
}

extension WheelTests {
  /// (wheelStep set by the host, the step kept, list offset after one notch at the top notch)
  static let steps: [(Double, Double, Double)] = [
    (25, 25, 25), (0, 0, 0), (-1, 40, 40), (.nan, 40, 40), (.infinity, 40, 40), (-.infinity, 40, 40),
  ]

  @Test("the host's wheel step: a finite number ≥ 0 is kept, anything else refused", arguments: steps)
  func hostWheelStep(set: Double, kept: Double, offset: Double) throws {
    var sheet = try HandOffTests.atTop()
    sheet.wheelStep = set
    #expect(sheet.wheelStep == kept)
    sheet.wheel(x: 200, y: 400, notches: 1)
    for _ in 0..<60 { sheet.step(dt: 1.0 / 60) }
    #expect(sheet.snapshot.listOffset == offset)
  }
}
