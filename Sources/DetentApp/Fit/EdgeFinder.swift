/// Finds a sheet's moving edge in the frames of a video.
///
/// The region of interest is cut into strips across the edge (32 columns for a bottom or top
/// sheet, 32 rows for a left or right one); each frame keeps, per strip, the brightness averaged
/// along the edge at every distance along its normal (a profile). Then:
/// 1. **Which strips hold the sheet**: those whose profiles change most over the video (at
///    least 35 % of the busiest strip's change): the sheet and its content move there, while a
///    map or backdrop beside a card stays still (dimming changes it slowly and little).
/// 2. **Where the edge may be, per frame**: in the mean profile of those strips, the places
///    with the largest step |mean of the 3 lines on the sheet's side − mean of the 3 lines
///    outside|, weighted by the square of how plain the 8 lines inside are (the fraction of
///    strips within 12 brightness levels of their median there): a sheet's edge has its plain
///    grabber area inside, while text, chips and rows inside the sheet do not. A parabola
///    through a peak and its neighbours gives a fraction of a pixel. Either sign counts.
/// 3. **The edge over time**: one candidate per frame chosen together, the largest total score
///    less a cost for jumps between frames (`track`).
struct EdgeFinder {
  /// The window edge the sheet is attached to.
  enum Edge: String, CaseIterable {
    case bottom, top, left, right

    /// The sheet lies at higher profile indices (bottom, right) or lower (top, left).
    var sheetAfter: Bool { self == .bottom || self == .right }
    /// Profiles run down rows (bottom, top) or across columns (left, right).
    var vertical: Bool { self == .bottom || self == .top }
  }

  /// A rectangle in frame pixels.
  struct Region: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
  }

  /// One frame's profiles: `strips` × `count` brightness means, strip-major.
  struct Profiles {
    var strips: Int
    var count: Int
    var values: [Float]
    /// Where index 0 of a profile lies in the frame along the normal, px.
    var origin: Int
    /// The frame's size along the normal, px.
    var extent: Int
  }

  var edge: Edge
  /// The region searched (nil: the whole frame).
  var region: Region?
  /// Lines averaged on each side of a candidate edge.
  static let band = 3
  /// Strips across the edge.
  static let stripCount = 32
  /// Strips within this many brightness levels of their median count as uniform.
  static let uniformLevels: Float = 12

  /// The profiles of one gray frame (nil when the region is empty).
  func profiles(gray: [UInt8], width: Int, height: Int) -> Profiles? {
    let r = clipped(width: width, height: height)
    guard r.width > 0, r.height > 0 else { return nil }
    let length = edge.vertical ? r.height : r.width
    let across = edge.vertical ? r.width : r.height
    let strips = max(1, min(Self.stripCount, across))
    var values = [Float](repeating: 0, count: strips * length)
    var counts = [Int](repeating: 0, count: strips)
    for a in 0..<across { counts[a * strips / across] += edge.vertical ? r.height : r.width }
    for row in 0..<r.height {
      let base = (r.y + row) * width + r.x
      for col in 0..<r.width {
        let v = Float(gray[base + col])
        if edge.vertical {
          values[(col * strips / across) * length + row] += v
        } else {
          values[(row * strips / across) * length + col] += v
        }
      }
    }
    for s in 0..<strips where counts[s] > 0 {
      let n = Float(counts[s] / length)
      for i in 0..<length { values[s * length + i] /= n }
    }
    return Profiles(
      strips: strips, count: length, values: values, origin: edge.vertical ? r.y : r.x,
      extent: edge.vertical ? height : width)
  }

  /// The strips that hold the sheet: those whose profiles change shape at least 30 % as much
  /// over the frames as the strip at two thirds of the ranking (a card covering a third of the
  /// width or more keeps all its strips; a still backdrop beside it drops out). All strips
  /// when nothing changes.
  static func activeStrips(_ frames: [Profiles]) -> [Bool] {
    guard let first = frames.first else { return [] }
    var activity = [Double](repeating: 0, count: first.strips)
    // Each profile is divided by its own mean brightness first: the dimming darkens a still map
    // beside a card by up to `maxAlpha` (a change of scale, gone after the division), while a
    // moving sheet changes the profile's shape.
    func mean(_ p: Profiles, _ s: Int) -> Float {
      var sum: Float = 0
      for i in 0..<p.count { sum += p.values[s * p.count + i] }
      return max(sum / Float(max(p.count, 1)), 1)
    }
    for (a, b) in zip(frames, frames.dropFirst()) where a.strips == b.strips && a.count == b.count {
      for s in 0..<a.strips {
        let ma = mean(a, s)
        let mb = mean(b, s)
        let scale = (ma + mb) / 2
        var sum: Float = 0
        for i in 0..<a.count {
          sum += abs(b.values[s * a.count + i] / mb - a.values[s * a.count + i] / ma) * scale
        }
        activity[s] += Double(sum)
      }
    }
    let reference = activity.sorted()[activity.count * 2 / 3]
    guard reference > 0 else { return [Bool](repeating: true, count: first.strips) }
    return activity.map { $0 >= 0.3 * reference }
  }

  /// A place the edge may be: its extent from the window edge (px) and its score.
  struct Candidate: Equatable {
    var extent: Double
    var score: Double
  }

  /// Lines inside a candidate edge that should be plain (a sheet's grabber area).
  static let plainDepth = 8
  /// Candidates kept per frame.
  static let candidateCount = 6

  /// The best places for the edge in one frame, strongest first (local maxima of the score,
  /// at least 4 px apart): |step| × (fraction of strips plain inside)².
  func candidates(_ p: Profiles, strips active: [Bool]) -> [Candidate] {
    let k = Self.band
    let depth = Self.plainDepth
    let n = p.count
    guard n >= 2 * k + 1 else { return [] }
    let used = (0..<p.strips).filter { $0 < active.count ? active[$0] : true }
    guard !used.isEmpty else { return [] }
    var prefix = [[Float]](repeating: [Float](repeating: 0, count: n + 1), count: used.count)
    for (u, s) in used.enumerated() {
      for i in 0..<n { prefix[u][i + 1] = prefix[u][i] + p.values[s * n + i] }
    }
    var score = [Double](repeating: 0, count: n + 1)
    var inside = [Float](repeating: 0, count: used.count)
    for i in k...(n - k) {
      var step: Float = 0
      let lo = edge.sheetAfter ? i : max(0, i - depth)
      let hi = edge.sheetAfter ? min(n, i + depth) : i
      for u in used.indices {
        step += (prefix[u][i + k] - prefix[u][i]) / Float(k) - (prefix[u][i] - prefix[u][i - k]) / Float(k)
        inside[u] = (prefix[u][hi] - prefix[u][lo]) / Float(max(hi - lo, 1))
      }
      step /= Float(used.count)
      let median = inside.sorted()[inside.count / 2]
      let plain = Double(inside.filter { abs($0 - median) <= Self.uniformLevels }.count) / Double(used.count)
      score[i] = Double(abs(step)) * plain * plain
    }
    var peaks: [(index: Int, score: Double)] = []
    for i in k...(n - k) where score[i] > 0 {
      let left = i > k ? score[i - 1] : 0
      let right = i < n - k ? score[i + 1] : 0
      if score[i] >= left && score[i] > right { peaks.append((i, score[i])) }
    }
    peaks.sort { $0.score > $1.score }
    var kept: [(index: Int, score: Double)] = []
    for peak in peaks where kept.count < Self.candidateCount {
      if kept.allSatisfy({ abs($0.index - peak.index) >= 4 }) { kept.append(peak) }
    }
    return kept.map { peak in
      let i = peak.index
      var offset = 0.0
      if i > k && i < n - k {
        let a = score[i - 1]
        let b = score[i]
        let c = score[i + 1]
        let d = a - 2 * b + c
        if d < 0 { offset = max(-0.5, min(0.5, 0.5 * (a - c) / d)) }
      }
      let position = Double(p.origin + i) + offset
      return Candidate(extent: edge.sheetAfter ? Double(p.extent) - position : position, score: peak.score)
    }
  }

  /// Penalty per pixel the edge jumps between frames beyond `freeJump`, in score units.
  static let jumpCost = 0.25
  static let freeJump = 2.0

  /// One candidate per frame, chosen together (dynamic programming): the largest total score
  /// minus `jumpCost` per pixel of jump beyond `freeJump` px between neighbouring frames, so a
  /// structure inside the sheet that is briefly stronger does not steal the edge. Nil entries
  /// for frames without candidates.
  static func track(_ frames: [[Candidate]]) -> [Candidate?] {
    var total: [[Double]] = []
    var from: [[Int]] = []
    var previous: [Candidate] = []
    var previousTotal: [Double] = []
    for options in frames {
      var t: [Double] = []
      var f: [Int] = []
      for c in options {
        var best = 0.0
        var arg = -1
        for (j, p) in previous.enumerated() {
          let v = previousTotal[j] - jumpCost * max(0, abs(c.extent - p.extent) - freeJump)
          if arg < 0 || v > best {
            best = v
            arg = j
          }
        }
        t.append(c.score + (arg >= 0 ? best : 0))
        f.append(arg)
      }
      total.append(t)
      from.append(f)
      if !options.isEmpty {
        previous = options
        previousTotal = t
      }
    }
    // Back from the best end; frames without candidates are skipped over.
    var result = [Candidate?](repeating: nil, count: frames.count)
    var index = total.last.flatMap { t in t.indices.max { t[$0] < t[$1] } }
    for frame in stride(from: frames.count - 1, through: 0, by: -1) {
      guard !frames[frame].isEmpty else { continue }
      guard let i = index else { break }
      result[frame] = frames[frame][i]
      index = from[frame][i] >= 0 ? from[frame][i] : nil
    }
    return result
  }

  /// The edge in a single frame, every strip used: the strongest candidate.
  func find(gray: [UInt8], width: Int, height: Int) -> Candidate? {
    guard let p = profiles(gray: gray, width: width, height: height) else { return nil }
    return candidates(p, strips: [Bool](repeating: true, count: p.strips)).first
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
