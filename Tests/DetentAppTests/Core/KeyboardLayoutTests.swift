import Testing

@testable import DetentApp

/// The simulated keyboard's keys: inside the window at every width, none over another, ⌫ at
/// the top row's right end.
@Suite struct KeyboardLayoutTests {
  @Test("every key lies inside the window and no two overlap", arguments: [320.0, 390, 430, 640, 1280])
  func inside(width: Double) {
    let keys = KeyboardLayout.keys(width: width, windowHeight: 800)
    #expect(keys.count == 26 + 2)
    for key in keys {
      #expect(key.x >= 0 && key.x + key.w <= width, "\(key.label) at \(key.x)…\(key.x + key.w) in \(width)")
      #expect(key.y >= 800 - 260 && key.y + key.h <= 800, "\(key.label)")
    }
    for (i, a) in keys.enumerated() {
      for b in keys[(i + 1)...] {
        let apart = a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y
        #expect(apart, "\(a.label) and \(b.label) overlap at \(width)")
      }
    }
    // ⌫ ends where P does; a tap on its middle finds it.
    let backspace = try! #require(keys.first { $0.value == "Backspace" })
    let p = try! #require(keys.first { $0.value == "p" })
    #expect(abs((backspace.x + backspace.w) - (p.x + p.w)) < 1e-9)
    let hit = KeyboardLayout.key(
      atX: backspace.x + backspace.w / 2, y: backspace.y + backspace.h / 2, width: width, windowHeight: 800)
    #expect(hit?.value == "Backspace")
  }
}
