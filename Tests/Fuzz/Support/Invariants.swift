@testable import Detent

/// What must hold for any sheet after any input or step. A violation stops the process with
/// `fatalError`, which libFuzzer reports as a crash and keeps the input that caused it.
enum Invariants {
  /// Fails with `what` and the sheet's state.
  static func fail(_ what: String, _ sheet: OverlaySheet) -> Never {
    fatalError(
      "invariant: \(what) (phase \(sheet.phase), height \(sheet.height), window \(sheet.windowHeight))")
  }

  /// Checks one sheet: finite numbers, height inside the window, alpha, header and list ranges,
  /// an idle sheet exactly on its notch.
  static func check(_ sheet: OverlaySheet) {
    let s = sheet.snapshot
    let numbers = [
      ("height", s.height), ("velocity", s.velocity), ("listOffset", s.listOffset),
      ("headerOffset", s.headerOffset), ("dimAlpha", s.dimAlpha), ("contentHeight", s.contentHeight),
      ("top", s.top), ("bottom", s.bottom), ("listTop", s.listTop), ("listViewport", s.listViewport),
      ("sheetX", s.sheetX), ("sheetWidth", s.sheetWidth), ("now", sheet.now),
    ]
    for (name, value) in numbers where !value.isFinite { fail("\(name) is \(value)", sheet) }
    if s.height < 0 || s.height > s.windowHeight {
      fail("height \(s.height) outside 0...\(s.windowHeight)", sheet)
    }
    for notch in sheet.notches where notch.height < 0 || notch.height > sheet.availableHeight {
      fail("notch \(notch.name) at \(notch.height) outside 0...\(sheet.availableHeight)", sheet)
    }
    if s.dimAlpha < 0 || s.dimAlpha > sheet.tuning.dimming.maxAlpha + 1e-12 {
      fail("dimAlpha \(s.dimAlpha) outside 0...\(sheet.tuning.dimming.maxAlpha)", sheet)
    }
    if s.headerOffset > 0 || s.headerOffset < -sheet.tuning.header.height {
      fail("headerOffset \(s.headerOffset) outside -\(sheet.tuning.header.height)...0", sheet)
    }
    if s.listViewport < 0 { fail("list viewport \(s.listViewport) < 0", sheet) }
    let limit = sheet.list.overscrollLimit
    if s.listOffset < -limit - 1e-6 || s.listOffset > s.maxListOffset + limit + 1e-6 {
      fail("listOffset \(s.listOffset) beyond the overscroll limit \(limit) of 0...\(s.maxListOffset)", sheet)
    }
    if case .idle(let n) = sheet.phase, s.height != sheet.notches[n].height {
      fail("idle at notch \(n) but height \(s.height) ≠ \(sheet.notches[n].height)", sheet)
    }
  }

  /// Checks every live sheet of a stack and the ones sliding out.
  static func check(_ stack: SheetStack) {
    for sheet in stack.sheets { check(sheet) }
    for sheet in stack.leaving {
      let h = sheet.height
      if !h.isFinite || h < 0 || h > sheet.windowHeight {
        fail("a popped sheet sliding out at \(h)", sheet)
      }
    }
  }

  /// Checks a sheet that nothing moves any more: it rests at a notch (or between notches under
  /// the `free` policy) and its list rests exactly inside its bounds.
  static func checkAtRest(_ sheet: OverlaySheet) {
    check(sheet)
    switch sheet.phase {
    case .idle: break
    case .floating:
      if case .free = sheet.tuning.policy {
      } else {
        fail("floats between notches without the free policy", sheet)
      }
    case .gone: if sheet.height != 0 { fail("gone at \(sheet.height), not 0", sheet) }
    case .pressed, .dragging, .settling, .coasting, .leaving: fail("not at rest once input stopped", sheet)
    }
    let s = sheet.snapshot
    if s.listOffset < 0 || s.listOffset > s.maxListOffset {
      fail("list at rest at \(s.listOffset), outside 0...\(s.maxListOffset)", sheet)
    }
  }
}
