/// Compares a frame with a golden image: counts pixels whose difference in some channel exceeds
/// a threshold, and draws those pixels for people to look at.
struct ImageDiff {
  /// Pixels differing by more than the threshold in at least one channel.
  var count: Int
  /// All pixels compared.
  var total: Int
  /// The smallest rectangle holding every differing pixel (x, y, width, height); nil when none.
  var bounds: (x: Int, y: Int, width: Int, height: Int)?
  /// The frame washed out to light grey, with differing pixels in solid red (magenta where the
  /// golden is the brighter one) so they stand out at a glance.
  var picture: RGBImage

  /// The fraction of pixels that differ.
  var fraction: Double { total == 0 ? 0 : Double(count) / Double(total) }

  /// Compares `actual` with `golden` (same size) at a per-channel `threshold` (0–255).
  init(actual: RGBImage, golden: RGBImage, threshold: Int) {
    precondition(actual.width == golden.width && actual.height == golden.height, "ImageDiff: sizes differ")
    let w = actual.width
    var out = [UInt8](repeating: 0, count: actual.pixels.count)
    var count = 0
    var minX = Int.max
    var minY = Int.max
    var maxX = -1
    var maxY = -1
    actual.pixels.withUnsafeBufferPointer { a in
      golden.pixels.withUnsafeBufferPointer { g in
        for p in 0..<(w * actual.height) {
          let i = p * 3
          let dr = abs(Int(a[i]) - Int(g[i]))
          let dg = abs(Int(a[i + 1]) - Int(g[i + 1]))
          let db = abs(Int(a[i + 2]) - Int(g[i + 2]))
          if max(dr, dg, db) > threshold {
            count += 1
            let x = p % w
            let y = p / w
            minX = min(minX, x)
            maxX = max(maxX, x)
            minY = min(minY, y)
            maxY = max(maxY, y)
            let brighter =
              Int(g[i]) + Int(g[i + 1]) + Int(g[i + 2]) > Int(a[i]) + Int(a[i + 1]) + Int(a[i + 2])
            out[i] = 255
            out[i + 1] = 0
            out[i + 2] = brighter ? 255 : 0
          } else {
            // Luma of the frame, squeezed into 200…255 so context stays readable but faint.
            let luma = (Int(a[i]) * 77 + Int(a[i + 1]) * 150 + Int(a[i + 2]) * 29) >> 8
            let v = UInt8(200 + luma * 55 / 255)
            out[i] = v
            out[i + 1] = v
            out[i + 2] = v
          }
        }
      }
    }
    self.count = count
    total = w * actual.height
    bounds = maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
    picture = RGBImage(width: w, height: actual.height, pixels: out)
  }
}
