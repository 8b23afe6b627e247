import Geometry
import Raster

extension Layer {
  /// The affine map from this layer's bounds space to its parent's bounds space, as Core
  /// Animation composes it: move the anchor point to the origin, apply `transform`, move to
  /// `position`.
  var toParent: AffineTransform {
    let anchor = Point(bounds.minX + anchorPoint.x * bounds.width, bounds.minY + anchorPoint.y * bounds.height)
    return AffineTransform(translationX: -anchor.x, y: -anchor.y)
      .concatenating(transform)
      .concatenating(AffineTransform(translationX: position.x, y: position.y))
  }

  /// The map from the bounds space of the layer at `path` to this layer's bounds space.
  func transform(toAncestorFrom path: [Int]) -> AffineTransform {
    var layer = self
    var chain: [AffineTransform] = []
    for i in path {
      let child = layer.sublayers[i]
      // A sublayer sits in its parent's bounds space, offset by the parent's bounds origin.
      chain.append(child.toParent)
      layer = child
    }
    var t = AffineTransform.identity
    for step in chain.reversed() { t = t.concatenating(step) }
    return t
  }
}

/// Where an image is drawn inside a box by a content mode (UIKit's rules; `center` keeps the
/// image's size in points, taking one image pixel per pixel at the canvas scale).
public func contentRect(imageSize: Size, in box: Rect, mode: ContentMode, scale: Double = 1) -> Rect {
  guard imageSize.width > 0, imageSize.height > 0 else { return box }
  switch mode {
  case .scaleToFill: return box
  case .aspectFit, .aspectFill:
    let sx = box.width / imageSize.width, sy = box.height / imageSize.height
    let k = mode == .aspectFit ? min(sx, sy) : max(sx, sy)
    let w = imageSize.width * k, h = imageSize.height * k
    return Rect(x: box.midX - w / 2, y: box.midY - h / 2, width: w, height: h)
  case .center:
    let w = imageSize.width / scale, h = imageSize.height / scale
    return Rect(x: box.midX - w / 2, y: box.midY - h / 2, width: w, height: h)
  }
}
