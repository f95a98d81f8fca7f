/// Where the simulated on-screen keyboard's keys are; shared by drawing and hit-testing.
struct KeyboardLayout {
  /// A key: what it produces and its frame in screen coordinates.
  struct Key {
    /// A letter or " " to type, or "Backspace".
    var value: String
    /// The label drawn on it.
    var label: String
    var x, y, w, h: Double
  }

  static let rows = ["QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM"]

  /// Every key for a keyboard `height` px tall (`keyboard.height`; the rows scale with it)
  /// across `width` at the bottom of a `windowHeight` window.
  static func keys(width: Double, windowHeight: Double, height: Double = 260) -> [Key] {
    let top = windowHeight - height
    let scale = max(height, 1) / 260
    let keyW = min((width - 20) / 10, 64)
    let keyH = 46 * scale
    var keys: [Key] = []
    for (r, letters) in rows.enumerated() {
      var x = (width - Double(letters.count) * keyW) / 2
      let y = top + (10 + Double(r) * 54) * scale
      for letter in letters {
        keys.append(
          Key(value: String(letter).lowercased(), label: String(letter), x: x + 3, y: y, w: keyW - 6, h: keyH)
        )
        x += keyW
      }
      if r == 2 {
        // ⌫ ends where the top row ends, 1.5 keys wide, right after the row's letters: half a
        // key past them (as before) put its right edge 5.5 keys right of the centre, past the
        // window's edge at any width under about 650 px.
        let end = (width + 10 * keyW) / 2
        keys.append(
          Key(value: "Backspace", label: "⌫", x: end - keyW * 1.5 + 3, y: y, w: keyW * 1.5 - 6, h: keyH))
      }
    }
    let spaceW = min(width * 0.5, 420)
    keys.append(
      Key(value: " ", label: "space", x: (width - spaceW) / 2, y: top + 172 * scale, w: spaceW, h: keyH))
    return keys
  }

  /// The key under (x, y), if any.
  static func key(atX x: Double, y: Double, width: Double, windowHeight: Double, height: Double = 260) -> Key?
  {
    keys(width: width, windowHeight: windowHeight, height: height).first {
      x >= $0.x && x < $0.x + $0.w && y >= $0.y && y < $0.y + $0.h
    }
  }
}
