import Geometry
import Raster

/// A property of a view that a track animates, named as an iOS engineer knows it
/// (`opacity`, `position.y`, `transform.translation.x`, ...). Units: points, fractions in
/// [0, 1], radians.
public enum LayerProperty: String, Hashable, Sendable, CaseIterable {
  case opacity
  case positionX = "position.x", positionY = "position.y"
  case width, height
  case translationX = "translation.x", translationY = "translation.y"
  case scale, scaleX = "scale.x", scaleY = "scale.y"
  case rotation
  case cornerRadius
  case backgroundColor
  /// Multiplies the alpha of the background colour only (a screen's background fading while
  /// its content stays).
  case backgroundOpacity
  case shadowOpacity, shadowRadius
  case borderWidth
  /// `bounds.origin.y`: a scroll view's content offset.
  case contentOffsetY = "contentOffset.y"
  /// Radius (points) of a circular reveal mask centred at the view's `revealCenter`.
  case revealRadius

  /// Names accepted for each property, so `alpha` and `transform.scale` work too.
  public static func named(_ name: String) -> LayerProperty? {
    if let p = LayerProperty(rawValue: name) { return p }
    switch name {
    case "alpha": return .opacity
    case "transform.translation.x", "tx": return .translationX
    case "transform.translation.y", "ty": return .translationY
    case "transform.scale": return .scale
    case "transform.scale.x": return .scaleX
    case "transform.scale.y": return .scaleY
    case "transform.rotation", "transform.rotation.z": return .rotation
    case "bounds.size.width", "size.width": return .width
    case "bounds.size.height", "size.height": return .height
    case "center.x": return .positionX
    case "center.y": return .positionY
    case "bounds.origin.y": return .contentOffsetY
    default: return nil
    }
  }

  /// Whether the property composes into the layer's transform.
  var isTransformComponent: Bool {
    switch self {
    case .translationX, .translationY, .scale, .scaleX, .scaleY, .rotation: return true
    default: return false
    }
  }
}

/// The animated values of one layer for one frame, applied on top of its resting state.
/// Transform components compose as `translate · rotate · scale` (scale applied first) after the
/// resting transform, as `CALayer`'s `transform.*` key paths do for a simple transform.
struct LayerPatch {
  var values: [LayerProperty: TrackValue] = [:]

  func apply(to layer: inout Layer, revealCenter: Point?) {
    var tx = 0.0, ty = 0.0, sx = 1.0, sy = 1.0, rotation = 0.0
    var hasTransform = false
    for (property, value) in values {
      switch (property, value) {
      case (.opacity, .number(let x)): layer.opacity = clamp(x, 0, 1)
      case (.positionX, .number(let x)): layer.position.x = x
      case (.positionY, .number(let x)): layer.position.y = x
      case (.width, .number(let x)): layer.bounds.size.width = max(0, x)
      case (.height, .number(let x)): layer.bounds.size.height = max(0, x)
      case (.translationX, .number(let x)): tx = x; hasTransform = true
      case (.translationY, .number(let x)): ty = x; hasTransform = true
      case (.scale, .number(let x)): sx *= x; sy *= x; hasTransform = true
      case (.scaleX, .number(let x)): sx *= x; hasTransform = true
      case (.scaleY, .number(let x)): sy *= x; hasTransform = true
      case (.rotation, .number(let x)): rotation = x; hasTransform = true
      case (.cornerRadius, .number(let x)): layer.cornerRadii = Self.scaled(layer.cornerRadii, to: max(0, x))
      case (.backgroundColor, .color(let c)): layer.backgroundColor = c
      case (.backgroundOpacity, .number(let x)):
        if let c = layer.backgroundColor { layer.backgroundColor = c.withAlpha(c.alpha * clamp(x, 0, 1)) }
      case (.shadowOpacity, .number(let x)): layer.shadow?.opacity = clamp(x, 0, 1)
      case (.shadowRadius, .number(let x)): layer.shadow?.radius = max(0, x)
      case (.borderWidth, .number(let x)): layer.border?.width = max(0, x)
      case (.contentOffsetY, .number(let x)): layer.bounds.origin.y = x
      case (.revealRadius, .number(let r)):
        let c = revealCenter ?? Point(layer.bounds.midX, layer.bounds.midY)
        let radius = max(0, r)
        layer.mask = Path(ellipseIn: Rect(x: c.x - radius, y: c.y - radius, width: 2 * radius, height: 2 * radius))
      default: break
      }
    }
    if hasTransform {
      let component = AffineTransform.identity.translatedBy(x: tx, y: ty).rotated(by: rotation).scaledBy(x: sx, y: sy)
      layer.transform = layer.transform.concatenating(component)
    }
  }

  /// Corner radii with the corners that were rounded (or all, if none were) set to `r`:
  /// animating `cornerRadius` keeps `maskedCorners`.
  static func scaled(_ radii: CornerRadii, to r: Double) -> CornerRadii {
    if radii.isZero { return CornerRadii(all: r) }
    return CornerRadii(
      topLeft: radii.topLeft > 0 ? r : 0, topRight: radii.topRight > 0 ? r : 0,
      bottomRight: radii.bottomRight > 0 ? r : 0, bottomLeft: radii.bottomLeft > 0 ? r : 0)
  }
}
