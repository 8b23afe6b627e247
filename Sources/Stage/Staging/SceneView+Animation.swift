import Geometry
import Scene

extension SceneView {
  /// Sets an animated property, the way a Core Animation key path does: transform
  /// components replace that component, `backgroundOpacity` scales the background's alpha,
  /// `dimming` sets the overlay's alpha.
  mutating func apply(_ property: AnimatedProperty, _ value: PropertyValue) {
    switch (property, value) {
    case (.opacity, .number(let x)): opacity = clamp(x, 0, 1)
    case (.backgroundColor, .color(let c)): backgroundColor = c.clamped
    case (.backgroundOpacity, .number(let x)):
      if let c = backgroundColor { backgroundColor = c.withAlpha(c.alpha * clamp(x, 0, 1)) }
    case (.translation, .point(let p)): transform.translation = p
    case (.translationX, .number(let x)): transform.translation.x = x
    case (.translationY, .number(let y)): transform.translation.y = y
    case (.scale, .number(let s)): transform.scale = Point(s, s)
    case (.scaleX, .number(let s)): transform.scale.x = s
    case (.scaleY, .number(let s)): transform.scale.y = s
    case (.rotation, .number(let degrees)): transform.rotation = degrees
    case (.position, .point(let p)): position = p
    case (.positionX, .number(let x)): position.x = x
    case (.positionY, .number(let y)): position.y = y
    case (.frame, .rect(let r)): frame = Rect(x: r.minX, y: r.minY, width: max(0, r.width), height: max(0, r.height))
    case (.size, .size(let s)): bounds.size = Size(max(0, s.width), max(0, s.height))
    case (.cornerRadius, .number(let r)): cornerRadius = max(0, r)
    case (.borderWidth, .number(let w)): border?.width = max(0, w)
    case (.shadowOpacity, .number(let x)): shadow?.opacity = clamp(x, 0, 1)
    case (.shadowRadius, .number(let r)): shadow?.radius = max(0, r)
    case (.shadowOffset, .point(let p)): shadow?.offset = p
    case (.shadowOffsetX, .number(let x)): shadow?.offset.x = x
    case (.shadowOffsetY, .number(let y)): shadow?.offset.y = y
    case (.blurRadius, .number(let r)): blurRadius = max(0, r)
    case (.maskRadius, .number(let r)):
      if case .circle(let c, _)? = mask { mask = .circle(center: c, radius: max(0, r)) }
    case (.contentOffset, .point(let p)): bounds.origin = p
    case (.contentOffsetY, .number(let y)): bounds.origin.y = y
    case (.dimming, .number(let x)): dimming = clamp(x, 0, 1)
    default: break  // kinds are checked when the scene loads
    }
  }
}

extension Color {
  /// Components limited to [0, 1] (an extrapolating spring can push a colour past them).
  var clamped: Color {
    Color(red: clamp(red, 0, 1), green: clamp(green, 0, 1), blue: clamp(blue, 0, 1), alpha: clamp(alpha, 0, 1))
  }
}
