import Foundation

/// A small Levenberg–Marquardt least-squares solver for a handful of parameters.
///
/// It minimises Σ rᵢ(p)² for a residual function r with a forward-difference Jacobian, solving
/// (JᵀJ + λ·diag(JᵀJ)) δ = −Jᵀr at each step: λ shrinks after a step that lowers the cost and
/// grows after one that does not. Pure: the same inputs give the same answer.
enum LevenbergMarquardt {
  /// The parameters that minimise the sum of squared residuals, starting from `start`, with the
  /// final cost (sum of squares). Stops after `iterations` steps or when a step changes the cost
  /// by less than a relative 1e-12.
  static func minimize(
    _ start: [Double], iterations: Int = 200, residuals: ([Double]) -> [Double]
  ) -> (parameters: [Double], cost: Double) {
    var p = start
    var r = residuals(p)
    var cost = sumOfSquares(r)
    var lambda = 1e-3
    let n = p.count
    for _ in 0..<iterations {
      let jacobian = self.jacobian(p, residuals: r, function: residuals)
      // Normal equations.
      let a = normal(jacobian)
      var g = [Double](repeating: 0, count: n)
      for i in 0..<r.count {
        for j in 0..<n { g[j] -= jacobian[j][i] * r[i] }
      }
      var improved = false
      while lambda < 1e12 {
        var damped = a
        for j in 0..<n { damped[j][j] += lambda * max(a[j][j], 1e-12) }
        guard let step = solve(damped, g) else {
          lambda *= 10
          continue
        }
        let candidate = zip(p, step).map { $0 + $1 }
        let rc = residuals(candidate)
        let c = sumOfSquares(rc)
        if c.isFinite && c < cost {
          let change = (cost - c) / max(cost, 1e-300)
          p = candidate
          r = rc
          cost = c
          lambda = max(lambda / 10, 1e-12)
          improved = change > 1e-12
          break
        }
        lambda *= 10
      }
      if !improved { break }
    }
    return (p, cost)
  }

  /// The standard error of each parameter at the minimum `p` whose sum of squares is `cost`:
  /// the square roots of the diagonal of s²·(JᵀJ)⁻¹, s² = cost / (samples − parameters). Nil
  /// when there are no more samples than parameters or JᵀJ is singular (a parameter the samples
  /// do not determine).
  static func standardErrors(at p: [Double], cost: Double, residuals: ([Double]) -> [Double]) -> [Double]? {
    let r = residuals(p)
    let n = p.count
    guard r.count > n else { return nil }
    let a = normal(self.jacobian(p, residuals: r, function: residuals))
    let variance = cost / Double(r.count - n)
    var errors: [Double] = []
    for j in 0..<n {
      var unit = [Double](repeating: 0, count: n)
      unit[j] = 1
      guard let column = solve(a, unit), column[j] >= 0 else { return nil }
      errors.append((variance * column[j]).squareRoot())
    }
    return errors.allSatisfy(\.isFinite) ? errors : nil
  }

  /// JᵀJ for a Jacobian given one row per parameter.
  static func normal(_ jacobian: [[Double]]) -> [[Double]] {
    let n = jacobian.count
    var a = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
    for j in 0..<n {
      for k in j..<n {
        a[j][k] = zip(jacobian[j], jacobian[k]).reduce(0) { $0 + $1.0 * $1.1 }
        a[k][j] = a[j][k]
      }
    }
    return a
  }

  /// Σ xᵢ².
  static func sumOfSquares(_ values: [Double]) -> Double {
    values.reduce(0) { $0 + $1 * $1 }
  }

  /// ∂r/∂pⱼ by forward differences, one row per parameter.
  static func jacobian(_ p: [Double], residuals r: [Double], function: ([Double]) -> [Double]) -> [[Double]] {
    (0..<p.count).map { j in
      var q = p
      let h = 1e-5 * max(abs(p[j]), 1)
      q[j] += h
      return zip(function(q), r).map { ($0 - $1) / h }
    }
  }

  /// Solves the square system `a`·x = `b` by Gaussian elimination with partial pivoting; nil
  /// when it is singular.
  static func solve(_ a: [[Double]], _ b: [Double]) -> [Double]? {
    let n = b.count
    var m = a
    var v = b
    for col in 0..<n {
      guard let pivot = (col..<n).max(by: { abs(m[$0][col]) < abs(m[$1][col]) }),
        abs(m[pivot][col]) > 1e-300
      else { return nil }
      if pivot != col {
        m.swapAt(pivot, col)
        v.swapAt(pivot, col)
      }
      for row in (col + 1)..<n {
        let f = m[row][col] / m[col][col]
        if f == 0 { continue }
        for k in col..<n { m[row][k] -= f * m[col][k] }
        v[row] -= f * v[col]
      }
    }
    var x = [Double](repeating: 0, count: n)
    for row in stride(from: n - 1, through: 0, by: -1) {
      var s = v[row]
      for k in (row + 1)..<n { s -= m[row][k] * x[k] }
      x[row] = s / m[row][row]
    }
    return x.allSatisfy(\.isFinite) ? x : nil
  }
}
