import Geometry
import Raster

/// The scripted finger at one instant, as a screen recording shows touches.
public enum TouchState: Hashable, Sendable {
  /// No finger, and none lifted recently.
  case none
  /// A finger is down at `location` (points, canvas space).
  case down(Point)
  /// The finger lifted at `location` `elapsed` seconds ago; the dot fades out there.
  case lifted(Point, elapsed: Double)

  /// The state at time `t` given where the finger is (`location(t)`, nil while no finger is
  /// down) and the times it lifted. Call it with any sampling of the gesture.
  public static func at(
    _ t: Double, location: (Double) -> Point?, touchUps: [Double], fade: Double = TouchIndicator.fadeDuration
  ) -> TouchState {
    if let p = location(t) { return .down(p) }
    guard let up = touchUps.filter({ $0 <= t }).max(), t - up < fade else { return .none }
    // Where the finger was just before it lifted.
    guard let p = location(up) ?? location(up - 1e-6) else { return .none }
    return .lifted(p, elapsed: t - up)
  }
}

/// A translucent dot that follows the finger (iOS screen recordings' touch indicator):
/// 44 pt across, white at 50 % with a thin dark ring so it reads on light and dark content,
/// fading out linearly over `fadeDuration` after the finger lifts.
public struct TouchIndicator: Hashable, Sendable {
  public static let fadeDuration = 0.3
  /// Dot diameter in points.
  public var diameter = 44.0
  public var fill = Color(white: 1, alpha: 0.5)
  public var ring = Color(white: 0, alpha: 0.28)
  /// Pixels per point of the frame.
  public var scale: Double

  public init(scale: Double) { self.scale = scale }

  /// The dot's opacity for `state` (1 while down, fading to 0 after lifting).
  public func opacity(_ state: TouchState) -> Double {
    switch state {
    case .none: return 0
    case .down: return 1
    case .lifted(_, let e): return max(0, 1 - e / TouchIndicator.fadeDuration)
    }
  }

  /// Draws the dot for `state` on `frame`; returns the pixels it may have changed.
  @discardableResult
  public func draw(_ state: TouchState, on frame: inout Bitmap) -> PixelRect? {
    let location: Point
    switch state {
    case .none: return nil
    case .down(let p), .lifted(let p, _): location = p
    }
    let k = opacity(state)
    guard k > 0 else { return nil }
    let c = location * scale, r = diameter / 2 * scale, ringWidth = max(1, 1.5 * scale)
    let reach = Int((r + ringWidth + 2).rounded(.up))
    let region = PixelRect(x: Int(c.x.rounded(.down)) - reach, y: Int(c.y.rounded(.down)) - reach, width: 2 * reach + 1, height: 2 * reach + 1)
    let a = frame.draw(fill.withAlpha(fill.alpha * k), region: region) { $0.addDisc(center: c, radius: r - ringWidth / 2) }
    let b = frame.draw(ring.withAlpha(ring.alpha * k), region: region) { $0.addRing(center: c, radius: r, width: ringWidth) }
    switch (a, b) {
    case (nil, nil): return nil
    case (let x?, nil): return x
    case (nil, let y?): return y
    case (let x?, let y?): return x.union(y)
    }
  }
}
