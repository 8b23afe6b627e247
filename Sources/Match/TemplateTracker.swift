import Geometry

/// Finds a patch of the spec's picture in a recorded frame: normalised cross-correlation
/// (insensitive to brightness and contrast, so to compression and a dimming that differs),
/// searched coarse to fine on a pyramid, the peak refined to sub-pixel by a parabola through
/// its neighbours. A patch partly off the frame (a card sliding in from an edge) is matched on
/// the part that is on it, when that part is large enough to say anything.
struct TemplateTracker {
  /// The patch at each pyramid level (0 = working size, each next level half the size).
  let levels: [GrayImage]
  let integrals: [IntegralImage]
  /// The smallest share of the patch that must overlap the usable frame.
  var minimumOverlap = 0.2
  /// A peak below this correlation is no match.
  var minimumScore = 0.8

  /// - Parameter patch: cut from a picture smoothed with `GrayImage.smoothed()`.
  init(patch: GrayImage, levels count: Int = 3) {
    var images = [patch]
    while images.count < count, images.last!.width >= 16, images.last!.height >= 16 { images.append(images.last!.halved()) }
    levels = images
    integrals = images.map(IntegralImage.init)
  }

  /// A frame prepared for searching: smoothed (as the patch must be, before it is cut), its
  /// pyramid and their tables.
  struct Frame {
    let levels: [GrayImage]
    let integrals: [IntegralImage]

    init(_ image: GrayImage, levels count: Int) {
      var images = [image.smoothed()]
      while images.count < count { images.append(images.last!.halved()) }
      levels = images
      integrals = images.map(IntegralImage.init)
    }
  }

  struct Match {
    /// The patch's top-left corner in the frame, working pixels (sub-pixel).
    var x: Double, y: Double
    /// The correlation at the peak, -1...1.
    var score: Double
  }

  /// The best place for the patch's top-left corner within `xs` x `ys` (working pixels),
  /// looking only at the frame's `rows` (not the status bar, not the home indicator), or nil
  /// when nothing matches.
  func find(in frame: Frame, xs: ClosedRange<Int>, ys: ClosedRange<Int>, rows: Range<Int>) -> Match? {
    func at(_ level: Int) -> Range<Int> {
      let g = 1 << level
      return ((rows.lowerBound + g - 1) / g)..<max((rows.lowerBound + g - 1) / g, rows.upperBound / g)
    }
    let top = levels.count - 1
    let f = 1 << top
    var best: (x: Int, y: Int, s: Double)? = nil
    // Coarse: every position of the region at the smallest level.
    for y in (ys.lowerBound / f - 1)...(ys.upperBound / f + 1) {
      for x in (xs.lowerBound / f - 1)...(xs.upperBound / f + 1) {
        if let s = score(level: top, frame: frame, x: x, y: y, rows: at(top)), s > (best?.s ?? -2) { best = (x, y, s) }
      }
    }
    guard var b = best else { return nil }
    // Fine: a small neighbourhood at each larger level.
    for level in stride(from: top - 1, through: 0, by: -1) {
      let cx = b.x * 2, cy = b.y * 2
      b = (cx, cy, -2)
      for y in (cy - 2)...(cy + 2) {
        for x in (cx - 2)...(cx + 2) {
          if let s = score(level: level, frame: frame, x: x, y: y, rows: at(level)), s > b.s { b = (x, y, s) }
        }
      }
      guard b.s > -2 else { return nil }
    }
    guard b.s >= minimumScore else { return nil }
    func offset(_ minus: Double?, _ plus: Double?) -> Double {
      guard let m = minus, let p = plus else { return 0 }
      let d = m - 2 * b.s + p
      guard d < 0 else { return 0 }
      return max(-0.5, min(0.5, 0.5 * (m - p) / d))
    }
    let dx = offset(score(level: 0, frame: frame, x: b.x - 1, y: b.y, rows: rows), score(level: 0, frame: frame, x: b.x + 1, y: b.y, rows: rows))
    let dy = offset(score(level: 0, frame: frame, x: b.x, y: b.y - 1, rows: rows), score(level: 0, frame: frame, x: b.x, y: b.y + 1, rows: rows))
    return Match(x: Double(b.x) + dx, y: Double(b.y) + dy, score: b.s)
  }

  /// The correlation of the patch at (x, y) of `level`, over the part of it inside the frame's
  /// `rows` (of that level); nil when that part is too small or flat.
  func score(level: Int, frame: Frame, x: Int, y: Int, rows: Range<Int>) -> Double? {
    let t = levels[level], image = frame.levels[level]
    let x0 = max(0, -x), y0 = max(0, rows.lowerBound - y)
    let x1 = min(t.width, image.width - x), y1 = min(t.height, min(image.height, rows.upperBound) - y)
    guard x1 > x0, y1 > y0 else { return nil }
    let n = Double((x1 - x0) * (y1 - y0))
    guard n >= minimumOverlap * Double(t.width * t.height), n >= 16 else { return nil }
    let (st, stt) = integrals[level].sums(x0, y0, x1, y1)
    let (si, sii) = frame.integrals[level].sums(x0 + x, y0 + y, x1 + x, y1 + y)
    let vt = stt - st * st / n, vi = sii - si * si / n
    guard vt > n * 1, vi > n * 1 else { return nil }  // flat: under one grey level of spread
    var sti = 0
    t.pixels.withUnsafeBufferPointer { tp in
      image.pixels.withUnsafeBufferPointer { ip in
        for row in y0..<y1 {
          let tr = row * t.width, ir = (row + y) * image.width + x
          var acc = 0
          for col in x0..<x1 { acc &+= Int(tp[tr + col]) &* Int(ip[ir + col]) }
          sti &+= acc
        }
      }
    }
    return (Double(sti) - st * si / n) / (vt * vi).squareRoot()
  }
}
