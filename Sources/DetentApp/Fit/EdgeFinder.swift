/// Finds a sheet's moving edge in one gray video frame.
///
/// Inside the region of interest the brightness is averaged across the edge (row means for a
/// bottom or top sheet, column means for a left or right one); the edge is where that profile
/// steps most: the largest |mean of the 3 lines after − mean of the 3 lines before|, refined to
/// a fraction of a pixel by a parabola through the peak and its neighbours. Either sign counts
/// (a light sheet on a dark backdrop or the reverse).
struct EdgeFinder {
  /// The window edge the sheet is attached to.
  enum Edge: String, CaseIterable {
    case bottom, top, left, right
  }

  /// A rectangle in frame pixels.
  struct Region: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
  }

  var edge: Edge
  /// The region searched (nil: the whole frame).
  var region: Region?
  /// Lines averaged on each side of a candidate edge.
  static let band = 3

  /// The sheet's extent from its edge (px) and the step's strength (brightness levels), or nil
  /// when the region is too small to hold a step.
  func find(gray: [UInt8], width: Int, height: Int) -> (extent: Double, strength: Double)? {
    let r = clipped(width: width, height: height)
    guard r.width > 0, r.height > 0 else { return nil }
    let vertical = edge == .bottom || edge == .top
    // Profile along the edge's normal.
    let count = vertical ? r.height : r.width
    var profile = [Double](repeating: 0, count: count)
    if vertical {
      for row in 0..<r.height {
        var sum = 0
        let base = (r.y + row) * width + r.x
        for col in 0..<r.width { sum += Int(gray[base + col]) }
        profile[row] = Double(sum) / Double(r.width)
      }
    } else {
      for row in 0..<r.height {
        let base = (r.y + row) * width + r.x
        for col in 0..<r.width { profile[col] += Double(gray[base + col]) }
      }
      for col in 0..<r.width { profile[col] /= Double(r.height) }
    }
    let k = Self.band
    guard count >= 2 * k + 1 else { return nil }
    var prefix = [Double](repeating: 0, count: count + 1)
    for i in 0..<count { prefix[i + 1] = prefix[i] + profile[i] }
    // score[i]: the step between lines i−k..<i and i..<i+k (the edge lies between i−1 and i).
    var score = [Double](repeating: 0, count: count + 1)
    for i in k...(count - k) {
      score[i] = abs((prefix[i + k] - prefix[i]) - (prefix[i] - prefix[i - k])) / Double(k)
    }
    var best = k
    for i in k...(count - k) where score[i] > score[best] { best = i }
    var offset = 0.0
    if best > k && best < count - k {
      let a = score[best - 1]
      let b = score[best]
      let c = score[best + 1]
      let d = a - 2 * b + c
      if d < 0 { offset = max(-0.5, min(0.5, 0.5 * (a - c) / d)) }
    }
    let position = Double(vertical ? r.y : r.x) + Double(best) + offset
    let extent: Double =
      switch edge {
      case .bottom: Double(height) - position
      case .top: position
      case .left: position
      case .right: Double(width) - position
      }
    return (extent, score[best])
  }

  /// The region inside a `width`×`height` frame.
  func clipped(width: Int, height: Int) -> Region {
    guard let r = region else { return Region(x: 0, y: 0, width: width, height: height) }
    let x0 = max(0, min(width, r.x))
    let y0 = max(0, min(height, r.y))
    let x1 = max(x0, min(width, r.x + r.width))
    let y1 = max(y0, min(height, r.y + r.height))
    return Region(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// Parses `X,Y,W,H` (whole pixels, W and H ≥ 1).
  static func parseRegion(_ text: String) throws -> Region {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
      Int($0.trimmingCharacters(in: .whitespaces))
    }
    guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3],
      x >= 0, y >= 0, w >= 1, h >= 1
    else {
      throw CLIError.input(
        "--roi \(text): expected X,Y,W,H in pixels (X, Y ≥ 0; W, H ≥ 1), for example 0,100,640,700")
    }
    return Region(x: x, y: y, width: w, height: h)
  }
}
