import Dispatch
import Foundation
import Geometry
import Raster
import Stage

/// A tracked view's opacity, measured in each recorded frame during the motion and held
/// against the spec's. The spec's frame at the aligned moment is rendered twice more, with the
/// view fully transparent (S0) and fully opaque (S1); compositing is linear in the view's
/// opacity, so over the view's rectangle the recorded frame R is S0 + α (S1 − S0), and α is the
/// least-squares solution Σ (R − S0)(S1 − S0) / Σ (S1 − S0)² (all three smoothed). What lies under the view (the
/// recording's own photos) cancels only where it is the spec's, so this needs the view placed
/// where the spec places it at a moment within half a frame of the aligned one (found there by
/// the tracker within 1 pt, or, not found, moving less than 1 pt over that span) and the view
/// and its ground to differ by at least two grey levels on average.
public struct OpacityMeasurement: Sendable {
  /// Per recorded frame: the measured opacity (0...1, unclamped), nil where not measured.
  public var measured: [Double?]
  /// Per recorded frame: the spec's opacity of the view at the aligned moment (its own layer's).
  public var spec: [Double?]
  /// The largest |measured − spec| (nil when nothing was measured) and the recording time of it.
  public var maxError: Double?
  public var maxErrorTime: Double?
  public var measuredFrames: Int { measured.compactMap { $0 }.count }

  /// - Parameters:
  ///   - frames: the recorded frames to measure (indices), e.g. those during the motion.
  ///   - specTimes: each recorded frame's moment on the spec's clock.
  ///   - measuredCenters: where the tracker found the view (points), per recorded frame.
  ///   - halfFrame: half the recording's frame interval (seconds).
  init(
    view: TrackedView, clip: Clip, recording: Recording, frames: [Int], specTimes: [Double], halfFrame: Double, measuredCenters: [Point?],
    rows: Range<Int>
  ) {
    let count = recording.frames.count
    let scale = clip.canvas.scale
    let out = SpecFrames.Slots2(count: count)
    DispatchQueue.concurrentPerform(iterations: frames.count) { i in
      let k = frames[i]
      func center(_ t: Double) -> Point? {
        view.setting(opacity: 1, in: clip.layerTree(at: max(0, t))).flatMap(view.quad(in:)).map { ViewPlacement(quad: $0).center }
      }
      func distance(_ a: Point, _ b: Point) -> Double { hypot(a.x - b.x, a.y - b.y) }
      // The moment the frame shows: where the tracker found the view, the moment within half a
      // frame of the aligned one at which the spec places it nearest (within 1 pt); where it
      // did not, the aligned moment, if the spec moves the view less than 1 pt within half a
      // frame of it.
      guard let specOpacity = view.opacity(in: clip.layerTree(at: max(0, specTimes[k]))) else { return }
      out.set(k, (nil, specOpacity))
      var moment = specTimes[k]
      if let c = measuredCenters[k] {
        var best: (d: Double, t: Double)? = nil
        for step in -10...10 {
          let t = specTimes[k] + Double(step) / 10 * halfFrame
          if let p = center(t), distance(p, c) < (best?.d ?? .infinity) { best = (distance(p, c), t) }
        }
        guard let best, best.d <= 1 else { return }
        moment = best.t
      } else if let p = center(moment) {
        let near = [moment - halfFrame, moment + halfFrame].compactMap(center)
        guard !near.contains(where: { distance($0, p) > 1 }) else { return }
      }
      let tree = clip.layerTree(at: max(0, moment))
      guard let opaque = view.setting(opacity: 1, in: tree),
        let clear = view.setting(opacity: 0, in: tree), let quad = view.quad(in: opaque)
      else { return }
      let place = ViewPlacement(quad: quad)
      let r = place.rect
      let w = clip.canvas.pixelWidth, h = clip.canvas.pixelHeight
      let x0 = max(0, Int((r.minX * scale).rounded(.down))), x1 = min(w, Int((r.maxX * scale).rounded(.up)))
      let y0 = max(rows.lowerBound, Int((r.minY * scale).rounded(.down))), y1 = min(rows.upperBound, Int((r.maxY * scale).rounded(.up)))
      guard x1 - x0 >= 2, y1 - y0 >= 2 else { return }
      // All three smoothed as the tracker's are (a view a fraction of a pixel off, and
      // compression's softened edges, then weigh little).
      let s1 = GrayImage(Bitmap(width: w, height: h, rendering: opaque, scale: scale)).smoothed()
      let s0 = GrayImage(Bitmap(width: w, height: h, rendering: clear, scale: scale)).smoothed()
      let rec = recording.frames[k].smoothed()
      var num = 0.0, den = 0.0, spread = 0.0
      for y in y0..<y1 {
        for x in x0..<x1 {
          let a = Double(s0[x, y]), d = Double(s1[x, y]) - a
          num += (Double(rec[x, y]) - a) * d
          den += d * d
          spread += abs(d)
        }
      }
      let n = Double((x1 - x0) * (y1 - y0))
      out.set(k, (spread / n >= 2 ? num / den : nil, specOpacity))
    }
    measured = out.values.map { $0?.0 ?? nil }
    spec = out.values.map { $0?.1 }
    var worst: (Double, Double)? = nil
    for k in 0..<count {
      guard let m = measured[k], let s = spec[k] else { continue }
      if abs(m - s) > (worst?.0 ?? -1) { worst = (abs(m - s), recording.times[k]) }
    }
    maxError = worst?.0
    maxErrorTime = worst?.1
  }
}

extension SpecFrames {
  /// Pairs per frame, filled from many threads.
  final class Slots2: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [(Double?, Double)?]
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ v: (Double?, Double)) { lock.withLock { values[i] = v } }
  }
}

extension TrackedView {
  /// The path's layers, from the screen's down to the view's, as index paths into `root`.
  private func layerPath(in root: Layer) -> [Int]? {
    guard let top = root.sublayers.firstIndex(where: { $0.name == path.screen }) else { return nil }
    var layer = root.sublayers[top]
    for i in path.indices {
      guard layer.sublayers.indices.contains(i) else { return nil }
      layer = layer.sublayers[i]
    }
    return [top] + path.indices
  }

  /// The view's own layer opacity in `root`, nil when it is not in the tree.
  func opacity(in root: Layer) -> Double? {
    guard let p = layerPath(in: root) else { return nil }
    var layer = root
    for i in p { layer = layer.sublayers[i] }
    return layer.opacity
  }

  /// `root` with the view's own layer at `opacity`.
  func setting(opacity: Double, in root: Layer) -> Layer? {
    guard let p = layerPath(in: root) else { return nil }
    func set(_ layer: inout Layer, _ rest: ArraySlice<Int>) {
      guard let i = rest.first else { layer.opacity = opacity; return }
      set(&layer.sublayers[i], rest.dropFirst())
    }
    var copy = root
    set(&copy, p[...])
    return copy
  }
}
