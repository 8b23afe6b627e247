import Geometry
import Text

/// One node of a layer tree, with CALayer's model: the contract between Stage (which builds
/// a tree per frame) and Raster (which draws it). All geometry is in points; the renderer
/// multiplies by the canvas scale.
///
/// Geometry follows CALayer: `bounds` is the layer's own coordinate space; `position` is
/// where its `anchorPoint` (unit coordinates of bounds) sits in the parent's space;
/// `transform` is applied about the anchor point. Sublayers are positioned in `bounds`
/// space (their parent's `bounds.origin` is subtracted, as a scroll view's offset).
public struct Layer: Hashable, Sendable {
  public var bounds: Rect
  public var position: Point
  public var anchorPoint: Point
  public var transform: AffineTransform
  /// 0...1; a layer with sublayers at opacity < 1 composites as one group, as CALayer does.
  public var opacity: Double
  public var isHidden: Bool
  public var backgroundColor: Color?
  public var cornerRadii: CornerRadii
  public var cornerCurve: CornerCurve
  /// Clip contents and sublayers to the (rounded) bounds.
  public var masksToBounds: Bool
  public var border: Border?
  public var shadow: Shadow?
  /// A blur material of what is already drawn behind the layer (UIVisualEffectView's
  /// UIBlurEffect), drawn first, under everything else of the layer.
  public var backdrop: Backdrop?
  public var contents: LayerContents?
  /// An extra clip in this layer's bounds space (e.g. a circular reveal), anti-aliased.
  public var mask: Path?
  public var sublayers: [Layer]
  /// Free-form name for debugging and tests (a view id).
  public var name: String?

  public init(
    frame: Rect = .zero, transform: AffineTransform = .identity, opacity: Double = 1,
    backgroundColor: Color? = nil, name: String? = nil
  ) {
    self.bounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
    self.position = frame.center
    self.anchorPoint = Point(0.5, 0.5)
    self.transform = transform
    self.opacity = opacity
    self.isHidden = false
    self.backgroundColor = backgroundColor
    self.cornerRadii = .zero
    self.cornerCurve = .circular
    self.masksToBounds = false
    self.border = nil
    self.shadow = nil
    self.backdrop = nil
    self.contents = nil
    self.mask = nil
    self.sublayers = []
    self.name = name
  }

  /// The layer's frame in its parent's space, ignoring `transform` (as UIView.frame is
  /// only meaningful for an identity transform). Setting it moves `position` and resizes
  /// `bounds`, keeping `bounds.origin`.
  public var frame: Rect {
    get {
      Rect(
        x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
        width: bounds.width, height: bounds.height)
    }
    set {
      bounds.size = Size(newValue.width, newValue.height)
      position = Point(
        newValue.minX + anchorPoint.x * newValue.width, newValue.minY + anchorPoint.y * newValue.height)
    }
  }
}

/// Corner radii in points, per corner, as CALayer.cornerRadius with maskedCorners.
public struct CornerRadii: Hashable, Sendable {
  public var topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double

  public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
    self.topLeft = topLeft; self.topRight = topRight
    self.bottomRight = bottomRight; self.bottomLeft = bottomLeft
  }

  public init(all r: Double) { self.init(topLeft: r, topRight: r, bottomRight: r, bottomLeft: r) }

  public static let zero = CornerRadii(all: 0)

  public var isZero: Bool { topLeft == 0 && topRight == 0 && bottomRight == 0 && bottomLeft == 0 }
}

/// CALayer.cornerCurve: a circular arc, or Apple's continuous (squircle-like) corner.
public enum CornerCurve: String, Hashable, Sendable {
  case circular, continuous
}

/// An inner stroke along the (rounded) bounds, as CALayer.borderWidth and borderColor.
public struct Border: Hashable, Sendable {
  /// Width in points, drawn inside the bounds.
  public var width: Double
  public var color: Color
  public init(width: Double, color: Color) { self.width = width; self.color = color }
}

/// CALayer's shadow: `radius` is the Gaussian's standard deviation in points
/// (shadowRadius ≈ σ), `offset` in points, `opacity` multiplies the colour's alpha.
/// `path`, when set, is the shadow's shape in the layer's bounds space (shadowPath);
/// otherwise the shape is the layer's rounded bounds (for a layer with a background) or
/// its content's alpha.
public struct Shadow: Hashable, Sendable {
  public var color: Color
  public var opacity: Double
  public var radius: Double
  public var offset: Point
  public var path: Path?

  public init(color: Color = .black, opacity: Double, radius: Double, offset: Point, path: Path? = nil) {
    self.color = color; self.opacity = opacity; self.radius = radius; self.offset = offset; self.path = path
  }
}

/// What a layer draws inside its bounds, above its background. Equal contents draw the same
/// pixels: images compare by identity (an `Image` never changes its pixels).
public enum LayerContents: Hashable, Sendable {
  case image(Image, ContentMode)
  case linearGradient(LinearGradient)
  case text(Label)
  /// A filled path in bounds space.
  case path(Path, Color, Path.FillRule)
  /// A CAShapeLayer's contents: a path in bounds space, filled then stroked.
  case shape(ShapeContents)

  public static func == (a: LayerContents, b: LayerContents) -> Bool {
    switch (a, b) {
    case let (.image(i, m), .image(j, n)): return i === j && m == n
    case let (.linearGradient(x), .linearGradient(y)): return x == y
    case let (.text(x), .text(y)): return x == y
    case let (.path(p, c, r), .path(q, d, s)): return p == q && c == d && r == s
    case let (.shape(x), .shape(y)): return x == y
    default: return false
    }
  }

  public func hash(into h: inout Hasher) {
    switch self {
    case let .image(i, m): h.combine(0); h.combine(ObjectIdentifier(i)); h.combine(m)
    case let .linearGradient(g): h.combine(1); h.combine(g)
    case let .text(l): h.combine(2); h.combine(l)
    case let .path(p, c, r): h.combine(3); h.combine(p); h.combine(c); h.combine(r)
    case let .shape(s): h.combine(4); h.combine(s)
    }
  }
}

/// A path filled (when `fill` is set) and then stroked (when `stroke` is set), as
/// CAShapeLayer draws it; the stroke's width is in bounds-space units (points).
public struct ShapeContents: Hashable, Sendable {
  public var path: Path
  public var fill: Color?
  public var fillRule: Path.FillRule
  public var stroke: Color?
  public var strokeStyle: StrokeStyle

  public init(path: Path, fill: Color? = .black, fillRule: Path.FillRule = .nonZero, stroke: Color? = nil,
              strokeStyle: StrokeStyle = StrokeStyle(width: 1)) {
    self.path = path; self.fill = fill; self.fillRule = fillRule; self.stroke = stroke; self.strokeStyle = strokeStyle
  }

  /// Whether both a fill and a stroke draw (two overlapping parts for group opacity).
  var paintsTwice: Bool { (fill.map { $0.alpha > 0 } ?? false) && (stroke.map { $0.alpha > 0 } ?? false) && strokeStyle.width > 0 }

  /// The bounds of everything the shape can paint, in bounds space (stroke joins and caps
  /// included, conservatively), or nil when it paints nothing.
  var paintedBounds: Rect? {
    guard let b = path.bounds else { return nil }
    guard stroke != nil, strokeStyle.width > 0 else { return fill == nil ? nil : b }
    let hw = strokeStyle.width / 2
    let reach = hw * (strokeStyle.join == .miter ? max(strokeStyle.miterLimit, 2.0.squareRoot()) : 2.0.squareRoot())
    return b.outsetBy(dx: reach, dy: reach)
  }
}

/// UIView.ContentMode for images.
public enum ContentMode: String, Hashable, Sendable, CaseIterable {
  case scaleToFill, aspectFit, aspectFill, center
}

/// CAGradientLayer (axial): colours at locations in [0, 1] between `start` and `end`,
/// given in unit coordinates of the bounds.
public struct LinearGradient: Hashable, Sendable {
  public var colors: [Color]
  public var locations: [Double]
  public var start: Point
  public var end: Point

  public init(colors: [Color], locations: [Double]? = nil, start: Point = Point(0.5, 0), end: Point = Point(0.5, 1)) {
    self.colors = colors
    self.locations = locations ?? colors.indices.map { colors.count > 1 ? Double($0) / Double(colors.count - 1) : 0 }
    self.start = start
    self.end = end
  }
}
