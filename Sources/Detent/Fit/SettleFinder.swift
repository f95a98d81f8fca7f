import Foundation

/// One settle found in a motion: the samples to fit, the time it starts and where it rests.
public struct SettleWindow: Sendable, Equatable {
  /// Indices of the samples from the release (or the first sample a spring explains) through
  /// the start of the rest (at most `SettleFinder.restTail` seconds of it).
  public var samples: Range<Int>
  /// The release time, s: the fit's time origin.
  public var startTime: Double
  /// The final rest height, px (exact, or a first guess when `refinesTarget`).
  public var target: Double
  /// Whether the fit refines the rest height (it was read from noisy samples).
  var refinesTarget: Bool

  /// Creates a window.
  public init(samples: Range<Int>, startTime: Double, target: Double, refinesTarget: Bool = false) {
    self.samples = samples
    self.startTime = startTime
    self.target = target
    self.refinesTarget = refinesTarget
  }

  /// The spring fitted to this window of a motion (`near`: a fit of nearly the same samples to
  /// start from).
  public func fit(times: [Double], heights: [Double], near guess: Spring? = nil) -> SpringFit? {
    SpringFit.fit(
      times: Array(times[samples]), heights: Array(heights[samples]), target: target, startTime: startTime,
      fitsTarget: refinesTarget, near: guess)
  }
}

/// Finds the settles in a motion known only as heights over time (a `t,height` CSV or the
/// edges found in a video), where nobody says when the pointer let go.
///
/// 1. Noise: σ from the median absolute second difference (robust to smooth motion).
/// 2. Rest: runs of at least `minRest` seconds whose samples stay within a band of 2·tol,
///    tol = max(1 px, 3σ).
/// 3. A settle is a large motion (an excursion of at least max(8 px, 6·tol)) followed by rest;
///    small wobbles between rests belong to the settle before them; its rest height is first
///    guessed as the median of the second half of the last rest before the next large motion,
///    then refined by the fit. A motion that never comes to rest is skipped.
/// 4. Release: the earliest sample from which one spring explains the rest of the motion
///    within max(0.75 px, 2.5σ) RMS and no sample off by more than max(1.5 px, 4.5σ) (binary
///    search: a window that fits keeps fitting when it starts later), then moved by at most
///    a few samples to minimise the fit's squared error plus 3σ̂² per sample left out. When no
///    start fits, the fastest sample of the motion.
public enum SettleFinder {
  /// Shortest stillness that counts as rest, s.
  public static let minRest = 0.2
  /// Most rest included in a settle's window, s.
  static let restTail = 1.0
  /// Fewest samples away from the rest a settle shows (fewer is a jump, not a spring).
  static let minMovingSamples = 3

  /// The noise level σ of `heights`, px: 1.4826·MAD(second differences)/√6.
  static func noise(_ heights: [Double]) -> Double {
    guard heights.count >= 3 else { return 0 }
    var d2: [Double] = []
    for i in 1..<(heights.count - 1) {
      let a: Double = heights[i + 1] - heights[i]
      let b: Double = heights[i] - heights[i - 1]
      d2.append(a - b)
    }
    let med = median(d2)
    return 1.4826 * median(d2.map { abs($0 - med) }) / 6.0.squareRoot()
  }

  /// Runs of samples at rest: at least `minDuration` s long, every sample within a band of
  /// 2·`tolerance` px. Ascending, disjoint.
  static func restRuns(
    times: [Double], heights: [Double], tolerance: Double, minDuration: Double = minRest
  ) -> [Range<Int>] {
    var runs: [Range<Int>] = []
    var i = 0
    let n = min(times.count, heights.count)
    while i < n {
      var lo = heights[i]
      var hi = heights[i]
      var j = i + 1
      while j < n {
        let h = heights[j]
        if max(hi, h) - min(lo, h) > 2 * tolerance { break }
        lo = min(lo, h)
        hi = max(hi, h)
        j += 1
      }
      if times[j - 1] - times[i] >= minDuration && j - i >= 3 {
        runs.append(i..<j)
        i = j
      } else {
        i += 1
      }
    }
    return runs
  }

  /// The settles in a motion (times ascending, s; heights px).
  public static func settles(times: [Double], heights: [Double]) -> [SettleWindow] {
    let n = min(times.count, heights.count)
    guard n >= 4 else { return [] }
    let sigma = noise(Array(heights.prefix(n)))
    let tol = max(1, 3 * sigma)
    let minExcursion = max(8, 6 * tol)
    let rests = restRuns(times: times, heights: heights, tolerance: tol)
    // Gaps between rests (and before the first one): the motions.
    var result: [SettleWindow] = []
    var k = 0
    var previousEnd = 0
    while k < rests.count {
      let gap = previousEnd..<rests[k].lowerBound
      previousEnd = rests[k].upperBound
      guard isLarge(gap, heights, around: rests[k], excursion: minExcursion) else {
        k += 1
        continue
      }
      // Take in the small wobbles and rests after it, up to the next large motion.
      var last = k
      while last + 1 < rests.count {
        let next = rests[last].upperBound..<rests[last + 1].lowerBound
        if isLarge(next, heights, around: rests[last + 1], excursion: minExcursion) { break }
        last += 1
      }
      previousEnd = rests[last].upperBound
      let rest = rests[last]
      let target = median(Array(heights[(rest.lowerBound + rest.count / 2)..<rest.upperBound]))
      var end = rest.lowerBound
      while end < rest.upperBound && times[end] - times[rest.lowerBound] <= restTail { end += 1 }
      let motion = gap.lowerBound..<end
      let start = release(in: motion, gap: gap, times, heights, target: target, sigma: sigma)
      k = last + 1
      // A jump (a move without animation, a resize) is over between two samples: no spring
      // shows in it, and a fit of it would be a perfect 0.02-s "spring".
      let moving = heights[start..<end].filter { abs($0 - target) > 2 * tol }.count
      guard moving >= minMovingSamples else { continue }
      result.append(
        SettleWindow(samples: start..<end, startTime: times[start], target: target, refinesTarget: true))
    }
    return result
  }

  /// Whether the motion in `gap` (with its neighbouring rest) moves at least `excursion` px.
  static func isLarge(_ gap: Range<Int>, _ heights: [Double], around rest: Range<Int>, excursion: Double)
    -> Bool
  {
    guard !gap.isEmpty else { return false }
    let level = median(Array(heights[rest]))
    let lo = min(level, heights[gap].min()!)
    let hi = max(level, heights[gap].max()!)
    let before = gap.lowerBound > 0 ? heights[gap.lowerBound - 1] : heights[gap.lowerBound]
    return hi - lo >= excursion || abs(before - level) >= excursion
  }

  /// The release: the earliest sample of `gap` from which one spring fits the window's samples.
  static func release(
    in window: Range<Int>, gap: Range<Int>, _ times: [Double], _ heights: [Double], target: Double,
    sigma: Double
  ) -> Int {
    let threshold = max(0.6, 1.35 * sigma)
    let worst = max(1.5, 4.5 * sigma)
    let lead = max(1, 1.5 * sigma)
    let excursion = heights[gap].map { abs($0 - target) }.max() ?? 0
    // The latest start still leaves a third of the motion's excursion and 6 samples to fit.
    var latest = gap.lowerBound
    for i in gap where abs(heights[i] - target) >= excursion / 3 && window.upperBound - i >= 6 { latest = i }
    var guess: Spring?
    func fits(_ s: Int) -> Bool {
      let w = SettleWindow(
        samples: s..<window.upperBound, startTime: times[s], target: target, refinesTarget: true)
      guard let f = w.fit(times: times, heights: heights, near: guess) else { return false }
      guard plausible(f, from: s, to: window.upperBound, times, heights) else { return false }
      if guess == nil { guess = f.spring }
      guard f.rms <= threshold else { return false }
      let residuals = (s..<window.upperBound).map { f.height(at: times[$0]) - heights[$0] }
      guard residuals.allSatisfy({ abs($0) <= worst }) else { return false }
      // A kink at the start (drag samples in the window) shows as residuals of one sign there.
      let first = residuals.prefix(4)
      return abs(first.reduce(0, +)) / Double(first.count) <= lead
    }
    guard fits(latest) else {
      // The release came late in the motion (a drag that brought the sheet most of the way, then
      // let go): `latest` is still a drag sample. The first later start one spring explains.
      guess = nil
      if window.upperBound - 6 > latest,
        let later = (latest + 1...(window.upperBound - 6)).first(where: fits)
      {
        return refine(
          later, gap: gap, latest: later, window: window, times, heights, target: target, sigma: sigma)
      }
      // No spring explains even the end of it: start at the fastest sample.
      var fastest = gap.lowerBound
      var speed = -1.0
      for i in gap where i + 1 < window.upperBound {
        let v = abs(heights[i + 1] - heights[i]) / max(times[i + 1] - times[i], 1e-9)
        if v > speed {
          speed = v
          fastest = i
        }
      }
      return min(fastest, latest)
    }
    var lo = gap.lowerBound
    var hi = latest
    // A spring from the first moving sample: a move that started from rest (a key, a tap) or a
    // recording cut at the release.
    if fits(lo) { return lo }
    // Invariant: fits(hi), !fits(lo).
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if fits(mid) { hi = mid } else { lo = mid }
    }
    return refine(hi, gap: gap, latest: latest, window: window, times, heights, target: target, sigma: sigma)
  }

  /// Samples the release may lie after the first start that fits, and before it.
  static let refineAfter = 6
  static let refineBefore = 2

  /// Among starts near `start`, the one that minimises RSS(s) + 6·σ̂²·(s − first candidate):
  /// each sample left out of the fit costs six times the noise variance σ̂² (the larger of the
  /// motion's own noise σ and what the fit from `latest` leaves, at least (0.2 px)²), so a
  /// start moves later only past samples the spring explains badly (the end of a drag), not past
  /// noise. Candidates run up to `refineAfter` samples after `start` (while 6 samples are left),
  /// also past `latest`: a drag that let go close to the notch has its kink there.
  static func refine(
    _ start: Int, gap: Range<Int>, latest: Int, window: Range<Int>, _ times: [Double], _ heights: [Double],
    target: Double, sigma: Double
  ) -> Int {
    var guess: Spring?
    func fit(_ s: Int) -> SpringFit? {
      SettleWindow(samples: s..<window.upperBound, startTime: times[s], target: target, refinesTarget: true)
        .fit(times: times, heights: heights, near: guess)
    }
    guard let reference = fit(max(latest, start)) else { return start }
    guess = reference.spring
    let leftOver =
      reference.rms * reference.rms * Double(reference.samples) / Double(max(reference.samples - 5, 1))
    let variance = max(min(leftOver, 0.25), sigma * sigma, 0.04)
    let first = max(gap.lowerBound, start - refineBefore)
    let last = max(first, min(window.upperBound - 6, start + refineAfter))
    var best = start
    var bestCost = Double.infinity
    for s in first...last {
      guard let f = fit(s), plausible(f, from: s, to: window.upperBound, times, heights) else { continue }
      let cost = f.rms * f.rms * Double(f.samples) + 6 * variance * Double(s - first)
      if cost < bestCost {
        bestCost = cost
        best = s
      }
    }
    return best
  }

  /// Whether a fit's start speed is one the samples could show: at most 3× the fastest change
  /// between two samples of the window. A drag sample left at the start of a window can be
  /// "explained" by a strongly overdamped spring whose fast mode dies within one frame, at tens
  /// of thousands of px/s; no sheet the samples show moved like that.
  static func plausible(_ f: SpringFit, from s: Int, to end: Int, _ times: [Double], _ heights: [Double])
    -> Bool
  {
    var fastest = 0.0
    for i in s..<(end - 1) {
      fastest = max(fastest, abs(heights[i + 1] - heights[i]) / max(times[i + 1] - times[i], 1e-9))
    }
    return abs(f.startVelocity) <= 3 * fastest + 1
  }

  /// The median (the mean of the middle two for an even count); 0 when empty.
  static func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let s = values.sorted()
    let m = s.count / 2
    return s.count % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2
  }
}
