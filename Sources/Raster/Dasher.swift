import Geometry

/// Splits flattened subpaths into dashes, as CoreGraphics and SVG do: the pattern's lengths
/// alternate dash, gap, dash ... (an odd-length list is repeated once to make it even),
/// starting `phase` into the pattern and restarting at every subpath.
enum Dasher {
  /// `dash` as the pattern to walk, or nil when it draws solid: empty, a negative or
  /// non-finite entry, or a zero period.
  static func usablePattern(_ dash: [Double]) -> [Double]? {
    guard !dash.isEmpty, dash.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
    let pattern = dash.count % 2 == 1 ? dash + dash : dash
    let period = pattern.reduce(0, +)
    guard period > 0, period.isFinite else { return nil }
    return pattern
  }

  /// The dashes of every line, or the lines unchanged when the pattern would give more than
  /// `Path.maxDashCount` dashes by `path.dashCountBound(pattern:)` (huge coordinates or a
  /// tiny pattern cannot loop without bound).
  static func dashes(_ lines: [PathFlattener.Polyline], of path: Path, pattern: [Double], phase: Double) -> [PathFlattener.Polyline] {
    guard path.dashCountBound(pattern: pattern) <= Double(Path.maxDashCount) else { return lines }
    return lines.flatMap { dashes($0, pattern: pattern, phase: phase.isFinite ? phase : 0) }
  }

  /// One polyline's dashes (open polylines); a dash of zero length is a single point, which
  /// shows only its round or square cap.
  static func dashes(_ line: PathFlattener.Polyline, pattern: [Double], phase: Double) -> [PathFlattener.Polyline] {
    var pts = line.points, corners = line.corners
    if line.closed, let f = pts.first { pts.append(f); corners.append(corners[0]) }
    let total = pattern.reduce(0, +)
    var idx = 0
    var left = phase.truncatingRemainder(dividingBy: total)
    if left < 0 { left += total }
    // Skip into the pattern by the phase (left < total, so within one pass).
    while idx < pattern.count - 1, left >= pattern[idx] { left -= pattern[idx]; idx += 1 }
    var remaining = max(0, pattern[idx] - left)
    var on = idx % 2 == 0
    var out: [PathFlattener.Polyline] = []
    var current: [Point] = [], currentCorners: [Bool] = []
    func emit() {
      // A zero-length dash collapses to one point.
      if current.count == 2, (current[0] - current[1]).length <= 1e-9 { current.removeLast(); currentCorners.removeLast() }
      out.append(PathFlattener.Polyline(points: current, closed: false, corners: currentCorners))
      current = []; currentCorners = []
    }
    if on { current = [pts[0]]; currentCorners = [false] }
    guard pts.count > 1 else { return on ? [line] : [] }
    for i in 0..<(pts.count - 1) {
      var a = pts[i]
      let b = pts[i + 1]
      var segLeft = (b - a).length
      while segLeft > remaining {
        let p = segLeft > 0 ? Point.lerp(a, b, remaining / segLeft) : a
        if on { current.append(p); currentCorners.append(false); emit() } else { current = [p]; currentCorners = [false] }
        segLeft -= remaining
        a = p
        idx = (idx + 1) % pattern.count
        remaining = pattern[idx]
        on.toggle()
      }
      remaining -= segLeft
      if on { current.append(b); currentCorners.append(corners[i + 1]) }
    }
    if on && current.count > 1 { emit() }
    return out
  }
}
