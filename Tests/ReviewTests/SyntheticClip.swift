import Foundation
import Geometry
import Raster
import Stage
@testable import Review

/// A stand-in for a rendered scene: the picture at time t has a white block at
/// x = round(t * 100) px; progress rises linearly while the finger is down (0.3...0.6 s),
/// then follows an underdamped approach to 1 that overshoots by `overshoot` at 0.75 s.
struct SyntheticClip: Reviewable {
  var pixelWidth = 80, pixelHeight = 60
  var scale = 1.0
  var fps = 60.0
  var frameCount = 61
  var hue = 0
  var overshoot = 0.05

  var events: [ClipEvent] {
    [
      ClipEvent(.touchDown(Point(40, 20)), time: 0.3, frame: 18),
      ClipEvent(.release(ClipEvent.Release(
        cause: .touchUp, location: Point(40, 50), velocity: Point(0, 420), translation: Point(0, 30), progress: 0.3)),
        time: 0.6, frame: 36),
      ClipEvent(.decision(ClipEvent.Decision(
        outcome: .complete, progress: 0.3, velocity: 420, initialVelocity: 0,
        settle: ClipEvent.SettleMotion(shape: nil, duration: 0.3))),
        time: 0.6, frame: 36),
      ClipEvent(.settle(ClipEvent.Settle(outcome: .complete)), time: 0.9, frame: 54),
    ]
  }

  func bitmap(at t: Double) throws -> Bitmap {
    var b = Bitmap.solid(width: pixelWidth, height: pixelHeight, color: Color(red: 0.2, green: 0.3, blue: Double(hue) * 0.3))
    let x = Int((t * 100).rounded()) % max(1, pixelWidth - 4)
    b.fill(PixelRect(x: x, y: 10, width: 4, height: 4), with: .white)
    return b
  }

  func progress(at t: Double) -> Double {
    if t < 0.3 { return 0 }
    if t < 0.6 { return (t - 0.3) }
    // 0.3 at 0.6 s, peak 1 + overshoot at 0.75 s, 1 from 0.9 s.
    if t < 0.75 { return 0.3 + (0.7 + overshoot) * sin((t - 0.6) / 0.15 * .pi / 2) }
    if t < 0.9 { return 1 + overshoot * cos((t - 0.75) / 0.15 * .pi / 2) }
    return 1
  }

  func finger(at t: Double) -> Point? { (0.3..<0.6).contains(t) ? Point(40, 20 + (t - 0.3) * 100) : nil }
}
