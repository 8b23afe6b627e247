/// Levenberg–Marquardt over a few bounded parameters with a numerical Jacobian, and the
/// parameters' standard errors from the residual and the Jacobian at the optimum
/// (σ² (JᵀJ)⁻¹, σ² = RSS / (n − k)).
public struct LeastSquares: Sendable {
  public struct Result: Sendable {
    public var parameters: [Double]
    /// One standard error per parameter (nil where JᵀJ is singular or the bound holds it).
    public var standardErrors: [Double?]
    /// Root mean square residual, in the residuals' unit.
    public var rms: Double
    public var count: Int
  }

  var lower: [Double]
  var upper: [Double]
  /// Finite-difference step per parameter.
  var steps: [Double]
  var iterations = 60

  /// Minimises the sum of squares of `residuals(parameters)` from `start`; `residuals` returns
  /// nil where the model cannot be evaluated (counted as a worse fit).
  func fit(start: [Double], residuals: ([Double]) -> [Double]?) -> Result? {
    let k = start.count
    func clamped(_ p: [Double]) -> [Double] { (0..<k).map { min(upper[$0], max(lower[$0], p[$0])) } }
    func cost(_ r: [Double]) -> Double { r.reduce(0) { $0 + $1 * $1 } }
    var p = clamped(start)
    guard var r = residuals(p) else { return nil }
    var c = cost(r)
    var lambda = 1e-3
    var jacobian: [[Double]] = []
    func jacobianAt(_ p: [Double], _ r: [Double]) -> [[Double]]? {
      var columns: [[Double]] = []
      for j in 0..<k {
        var q = p
        var h = steps[j]
        if q[j] + h > upper[j] { h = -h }
        q[j] += h
        guard let rq = residuals(q), rq.count == r.count else { return nil }
        columns.append(zip(rq, r).map { ($0 - $1) / h })
      }
      return columns
    }
    for _ in 0..<iterations {
      guard let J = jacobianAt(p, r) else { break }
      jacobian = J
      var A = [[Double]](repeating: [Double](repeating: 0, count: k), count: k)
      var g = [Double](repeating: 0, count: k)
      for a in 0..<k {
        for b in 0..<k { A[a][b] = zip(J[a], J[b]).reduce(0) { $0 + $1.0 * $1.1 } }
        g[a] = -zip(J[a], r).reduce(0) { $0 + $1.0 * $1.1 }
      }
      var improved = false
      for _ in 0..<12 {
        var M = A
        for a in 0..<k { M[a][a] += lambda * max(A[a][a], 1e-12) }
        guard let delta = Self.solve(M, g) else { lambda *= 10; continue }
        let q = clamped(zip(p, delta).map { $0 + $1 })
        if let rq = residuals(q), cost(rq) < c {
          let gain = c - cost(rq)
          p = q; r = rq; c = cost(rq)
          lambda = max(lambda / 3, 1e-9)
          improved = gain > 1e-12 * max(c, 1e-30)
          break
        }
        lambda *= 8
      }
      if !improved { break }
    }
    if let J = jacobianAt(p, r) { jacobian = J }
    let n = r.count
    let variance = n > k ? c / Double(n - k) : 0
    var errors = [Double?](repeating: nil, count: k)
    if !jacobian.isEmpty {
      var A = [[Double]](repeating: [Double](repeating: 0, count: k), count: k)
      for a in 0..<k { for b in 0..<k { A[a][b] = zip(jacobian[a], jacobian[b]).reduce(0) { $0 + $1.0 * $1.1 } } }
      // Inverted with its columns scaled to a unit diagonal (parameters in seconds and in
      // ratios differ in scale by orders of magnitude), then scaled back.
      let d = (0..<k).map { A[$0][$0] > 0 ? A[$0][$0].squareRoot() : 1 }
      let scaled = (0..<k).map { a in (0..<k).map { b in A[a][b] / (d[a] * d[b]) } }
      if let inverse = Self.inverse(scaled) {
        for j in 0..<k where inverse[j][j] > 0 { errors[j] = (variance * inverse[j][j]).squareRoot() / d[j] }
      }
    }
    return Result(parameters: p, standardErrors: errors, rms: n > 0 ? (c / Double(n)).squareRoot() : 0, count: n)
  }

  /// Solves M x = b by Gaussian elimination with partial pivoting; nil when singular.
  static func solve(_ M: [[Double]], _ b: [Double]) -> [Double]? {
    let n = b.count
    var a = M, x = b
    for col in 0..<n {
      let pivot = (col..<n).max { abs(a[$0][col]) < abs(a[$1][col]) }!
      guard abs(a[pivot][col]) > 1e-300 else { return nil }
      a.swapAt(col, pivot); x.swapAt(col, pivot)
      for row in (col + 1)..<n {
        let f = a[row][col] / a[col][col]
        for c in col..<n { a[row][c] -= f * a[col][c] }
        x[row] -= f * x[col]
      }
    }
    for row in stride(from: n - 1, through: 0, by: -1) {
      var s = x[row]
      for c in (row + 1)..<n { s -= a[row][c] * x[c] }
      x[row] = s / a[row][row]
    }
    return x.allSatisfy(\.isFinite) ? x : nil
  }

  static func inverse(_ M: [[Double]]) -> [[Double]]? {
    let n = M.count
    var columns: [[Double]] = []
    for j in 0..<n {
      var e = [Double](repeating: 0, count: n)
      e[j] = 1
      guard let c = solve(M, e) else { return nil }
      columns.append(c)
    }
    return (0..<n).map { i in (0..<n).map { j in columns[j][i] } }
  }
}
