import Geometry
import Raster
import Stage

/// A Stage clip (a scene loaded, simulated and ready to rasterize) is what Review compares.
extension Clip: Reviewable {
  public var pixelWidth: Int { canvas.pixelWidth }
  public var pixelHeight: Int { canvas.pixelHeight }
  public var scale: Double { canvas.scale }
  public var fps: Double { canvas.fps }
  public var events: [ClipEvent] { timeline.events }
  public func progress(at time: Double) -> Double { timeline.state(at: time).progress }
  public func finger(at time: Double) -> Point? { timeline.state(at: time).gesture?.location }
}
