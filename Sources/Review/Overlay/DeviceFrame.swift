import Geometry
import Raster

/// A phone outline around a frame: a dark bezel with rounded outer corners and the screen's
/// own rounded corners (47.33 pt on a 390 x 844 pt iPhone), on the review background.
/// Pixels of the screen inside its rounded corners are copied unchanged; outside them the
/// bezel (and, at the very corner, the background) shows, as on the phone. A phone with a
/// Dynamic Island gets it here, over the screen: it is hardware, in no screen recording.
public struct DeviceFrame: Hashable, Sendable {
  /// Pixels per point of the frame.
  public var scale: Double
  /// The screen's corner radius in points.
  public var screenCornerRadius = 47.33
  /// Bezel thickness in points.
  public var bezel = 12.0
  /// Space around the device in points.
  public var margin = 16.0
  public var bezelColor = Color(red: 0.11, green: 0.11, blue: 0.12)
  public var edgeColor = Color(white: 0.36)
  public var background = Color(red: 0.07, green: 0.07, blue: 0.08)
  /// The Dynamic Island's capsule in screen points (the device's), or nil.
  public var dynamicIsland: Rect?

  public init(scale: Double, dynamicIsland: Rect? = nil) { self.scale = scale; self.dynamicIsland = dynamicIsland }

  func px(_ v: Double) -> Int { Int((v * scale).rounded()) }

  /// Where the screen lands in the framed image.
  public func screenOrigin() -> (x: Int, y: Int) { (px(margin + bezel), px(margin + bezel)) }

  /// The framed size for a screen of `width` x `height` pixels (even, for H.264).
  public func framedSize(width: Int, height: Int) -> (width: Int, height: Int) {
    let w = width + 2 * px(margin + bezel), h = height + 2 * px(margin + bezel)
    return (w + w % 2, h + h % 2)
  }

  /// `screen` inside the device outline.
  public func wrap(_ screen: Bitmap) -> Bitmap {
    let size = framedSize(width: screen.width, height: screen.height)
    var out = Bitmap.solid(width: size.width, height: size.height, color: background)
    let o = screenOrigin()
    let m = Double(px(margin)), b = Double(px(bezel))
    let outer = Rect(x: m, y: m, width: Double(screen.width) + 2 * b, height: Double(screen.height) + 2 * b)
    let outerRadius = screenCornerRadius * scale + b
    out.draw(edgeColor) { $0.addRoundedRect(outer, radius: outerRadius) }
    out.draw(bezelColor) { $0.addRoundedRect(outer.insetBy(dx: max(1, scale), dy: max(1, scale)), radius: outerRadius - max(1, scale)) }
    // Round the screen's corners: in each corner square, what the bezel drawing left there
    // is laid back over the screen outside the screen's rounded corner (anti-aliased).
    let screenRect = Rect(x: Double(o.x), y: Double(o.y), width: Double(screen.width), height: Double(screen.height))
    let r = screenCornerRadius * scale
    let cornerSize = min(Int(r.rounded(.up)) + 2, screen.width / 2, screen.height / 2)
    let corners = [(o.x, o.y), (o.x + screen.width - cornerSize, o.y), (o.x, o.y + screen.height - cornerSize),
                   (o.x + screen.width - cornerSize, o.y + screen.height - cornerSize)]
      .map { PixelRect(x: $0.0, y: $0.1, width: cornerSize, height: cornerSize) }
    let behind = cornerSize > 0 ? corners.map { Image(out.cropped(to: $0)) } : []
    out.copy(screen, toX: o.x, y: o.y)
    if let island = dynamicIsland {
      // A black capsule (radius half its height) in the screen's points.
      let r = Rect(x: Double(o.x) + island.minX * scale, y: Double(o.y) + island.minY * scale,
                   width: island.width * scale, height: island.height * scale)
      out.draw(.black) { $0.addRoundedRect(r, radius: r.height / 2) }
    }
    for (corner, bezel) in zip(corners, behind) {
      var outside = ShapeMask(bounds: corner)
      outside.addRoundedRect(screenRect, radius: r)
      outside.invert()
      out.draw(bezel, transform: AffineTransform(translationX: Double(corner.x), y: Double(corner.y)), clip: outside.mask)
    }
    return out
  }
}
